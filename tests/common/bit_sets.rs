//! The runs that the tests of the searches on bit sets (`tests/bit_sets.rs`,
//! `tests/bit_sets_m.rs`) compare with the dance's.

use exactcover::cover::{Limits, OptionId, Problem, Solver, Stats, Status, write_dlx};
use std::convert::Infallible;
use std::ops::ControlFlow;

/// Everything a search reports: its solutions in order, its status and
/// its statistics (the time aside).
pub type Run = (Vec<Vec<OptionId>>, Status, (u64, u64, u64, u64));

/// The nodes, updates, solutions and guesses of `s`.
pub fn figures(s: Stats) -> (u64, u64, u64, u64) {
    (s.nodes, s.updates, s.solutions, s.guesses)
}

/// A verifying solver on bit sets or on the dance, forced either way.
pub fn forced(problem: &Problem, bits: bool, limits: Limits) -> Solver {
    let mut solver = problem.solver().with_limits(limits);
    solver.use_bit_sets(bits);
    assert_eq!(solver.uses_bit_sets(), bits, "bit sets forced {bits}:\n{}", write_dlx(problem));
    solver.set_verify(true);
    solver
}

/// Runs `problem` with `pins` and `limits`, on bit sets or not, to the end
/// or a limit, and checks that the arena is back to its start.
pub fn run(problem: &Problem, bits: bool, pins: &[OptionId], limits: Limits) -> Run {
    let mut solver = forced(problem, bits, limits);
    let pinned = solver.pin_all(pins.iter().copied()).is_ok();
    let mut found = Vec::new();
    let status = if pinned {
        let ControlFlow::Continue(status) = solver.for_each(|s| {
            found.push(s.to_vec());
            ControlFlow::<Infallible>::Continue(())
        });
        status
    } else {
        Status::Ready
    };
    let stats = figures(solver.stats());
    solver.reset();
    solver.unpin_all();
    assert!(solver.links_are_pristine());
    (found, status, stats)
}
