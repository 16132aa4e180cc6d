//! One subproblem of a parallel search, solved by a worker: its prefix
//! replayed (uncounted: that work belongs to the levels above the split),
//! then the search below it, with each solution visited, kept, or counted
//! and checked in the engine's own loop.

use super::super::check::CheckError;
use super::super::ids::OptionId;
use super::super::limits::{Status, StopReason};
use super::super::search::{Event, Search};
use super::super::solver::Solution;
use super::super::stats::Stats;
use std::ops::ControlFlow;

/// Searches below `prefix`, calling `visit` with each solution.
pub(super) fn visiting(
    solver: &mut Search,
    prefix: &[u32],
    visit: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
) -> (Stats, Status) {
    solver.use_prefix(prefix);
    loop {
        match solver.visit_all(visit) {
            Event::Solution => {
                // The visitor stopped the search.
                let stats = solver.stats();
                solver.reset();
                return (stats, Status::Stopped(StopReason::Solutions));
            }
            Event::Frontier => {}
            Event::Done | Event::Stopped(_) => return (solver.stats(), solver.status()),
        }
    }
}

/// Searches below `prefix`, keeping its solutions.
pub(super) fn collecting(solver: &mut Search, prefix: &[u32], out: &mut Vec<Solution>) -> (Stats, Status) {
    solver.use_prefix(prefix);
    loop {
        match solver.step() {
            Event::Solution => out.push(solver.solution().to_vec()),
            Event::Frontier => {}
            Event::Done | Event::Stopped(_) => return (solver.stats(), solver.status()),
        }
    }
}

/// Counts the solutions below `prefix`, each checked by the independent
/// checker inside the engine's loop, as a single-threaded count does (the
/// checker told which options changed since the last solution, and no
/// call per solution). A solution the checker rejects stops the search
/// and comes back as `Err`, with the work done so far.
pub(super) fn counting_checked(solver: &mut Search, prefix: &[u32]) -> (Stats, Result<Status, CheckError>) {
    solver.use_prefix(prefix);
    let checked = solver.check_all();
    let stats = solver.stats();
    match checked {
        Ok(()) => (stats, Ok(solver.status())),
        Err(wrong) => {
            solver.reset();
            (stats, Err(wrong))
        }
    }
}
