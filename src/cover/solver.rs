//! [`Solver`], the engine's one public face: configuration (seed,
//! limits, the check), pins, the entry points named for what they return,
//! statistics and the estimate. Its state is a private
//! [`Search`](super::search): the loops, pins and prefixes live there, and
//! the rest of the crate reaches them through a few crate-private methods
//! (the parallel search's split and totals, the Sudoku adapter's
//! restriction).

use super::check::CheckError;
use super::ids::OptionId;
use super::limits::{Limits, Status, StopReason};
use super::problem::Problem;
use super::search::{Estimate, Event, PinError, Search};
use super::stats::Stats;
use std::ops::ControlFlow;
use std::time::Duration;

/// Searches one [`Problem`]. See [`crate::cover`] for a tour.
///
/// A solver owns a copy of the problem's arena, so it can be sent to
/// another thread, and cloning one gives an independent copy in its current
/// state. Entry points that return a result (`first`, `count`,
/// `count_up_to`, `uniqueness`, `for_each`, `solutions`) start a fresh
/// search; [`Solver::next_solution`] continues the current one.
#[derive(Clone, Debug)]
pub struct Solver {
    pub(crate) search: Search,
}

// Here rather than in `problem.rs`, so that the problem doesn't depend on
// the solver.
impl Problem {
    /// A solver for this problem, with its own copy of the arena.
    pub fn solver(&self) -> Solver {
        Solver::new(self)
    }
}

/// A solution: the chosen options, pinned ones first, then one per level of
/// the search.
pub type Solution = Vec<OptionId>;

/// How many solutions a problem has, as far as uniqueness goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one solution, given.
    Unique(Solution),
    /// Two or more solutions.
    Several,
    /// A limit stopped the search before the answer was known.
    Unknown(StopReason),
}

impl Solver {
    /// A solver with its own copy of the problem's arena and no limits.
    pub fn new(problem: &Problem) -> Solver {
        Solver { search: Search::new(problem) }
    }

    /// Randomises the search with a seed: the options in each item's list
    /// are shuffled, and ties in the choice of item are broken at random.
    /// The same seed always gives the same run.
    pub fn with_seed(mut self, seed: u64) -> Solver {
        self.set_seed(Some(seed));
        self
    }

    /// Sets the limits for the following runs.
    pub fn with_limits(mut self, limits: Limits) -> Solver {
        self.set_limits(limits);
        self
    }

    /// Sets or clears the seed (see [`Solver::with_seed`]). Resets the
    /// search; pins are kept.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.search.set_seed(seed)
    }

    /// Sets the limits for the following runs.
    pub fn set_limits(&mut self, limits: Limits) {
        self.search.set_limits(limits)
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        self.search.limits()
    }

    /// Turns the independent check of every solution on or off. It is on in
    /// debug builds and off in release builds by default.
    pub fn set_verify(&mut self, on: bool) {
        self.search.set_verify(on)
    }

    /// The problem being solved.
    pub fn problem(&self) -> &Problem {
        self.search.problem()
    }

    /// Where the search stands.
    pub fn status(&self) -> Status {
        self.search.status()
    }

    /// Statistics of the current (or last) run.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }

    /// Abandons the current search, restoring the arena (pins stay), and
    /// clears the statistics. Nothing is reallocated.
    pub fn reset(&mut self) {
        self.search.reset()
    }

    /// Fixes an option before the search, as if it had been chosen: all its
    /// items are covered (or purified). Solutions then include it. Fails,
    /// changing nothing, if the option conflicts with the options pinned
    /// already or was ignored (it has no primary item).
    ///
    /// Pinning resets the search.
    pub fn pin(&mut self, option: OptionId) -> Result<(), PinError> {
        self.search.pin(option)
    }

    /// Pins several options (see [`Solver::pin`]), resetting the search
    /// once. Stops at the first option that fails, keeping the pins made
    /// before it.
    pub fn pin_all(&mut self, options: impl IntoIterator<Item = OptionId>) -> Result<(), PinError> {
        self.search.pin_all(options)
    }

    /// Removes every pin, restoring the arena to the problem's starting
    /// state. Resets the search.
    pub fn unpin_all(&mut self) {
        self.search.unpin_all()
    }

    /// The options pinned, in the order pinned.
    pub fn pinned(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.search.pinned()
    }

    /// Estimates the size of the whole search by `probes` random probes
    /// (seeded, so repeatable), and its running time from the speed of a
    /// short real search (at most `calibrate`). Pins are kept; the search
    /// is reset.
    ///
    /// ```
    /// use exactcover::puzzles::queens::Queens;
    /// use std::time::Duration;
    ///
    /// let q = Queens::new(10)?;
    /// let e = q.problem().solver().estimate(4000, 1, Duration::from_millis(20));
    /// assert!((e.solutions - 724.0).abs() < 250.0, "{e:?}");
    /// assert!((e.nodes - 11578.0).abs() < 3000.0, "{e:?}");
    /// # Ok::<(), exactcover::puzzles::PuzzleError>(())
    /// ```
    pub fn estimate(&mut self, probes: u64, seed: u64, calibrate: Duration) -> Estimate {
        self.search.estimate(probes, seed, calibrate)
    }

    /// Searches on bit sets whenever the problem's kind allows (`true`),
    /// however sparse it is, or never (`false`): for the tests, which
    /// compare the two searches (see `search::x_bits`).
    #[cfg(any(test, feature = "testing"))]
    #[doc(hidden)]
    pub fn use_bit_sets(&mut self, on: bool) {
        self.search.use_bit_sets(on);
    }

    /// Whether this solver searches on bit sets rather than by dancing
    /// links (chosen for small problems whose options each conflict with
    /// many others, such as pentominoes, with piece counts or without; see
    /// docs/ARCHITECTURE.md). The solutions, their order, and the
    /// statistics are the same either way.
    ///
    /// ```
    /// use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
    ///
    /// let packing = Packing::new(pentominoes(), rectangle(3, 20), PackingOptions::default())?;
    /// let mut solver = packing.problem().solver();
    /// assert!(solver.uses_bit_sets());
    /// assert_eq!(solver.count(), 8);
    /// // Knuth's DLX1 on the same problem: 32644 nodes, 10935596 updates.
    /// assert_eq!((solver.stats().nodes, solver.stats().updates), (32_644, 10_935_596));
    /// # Ok::<(), exactcover::puzzles::PuzzleError>(())
    /// ```
    pub fn uses_bit_sets(&self) -> bool {
        self.search.has_bit_sets()
    }

    /// Whether the links equal the problem's starting state once the
    /// search's levels are undone (for tests): at once after a search that
    /// ended, and at the solver's next use after a stop, which leaves its
    /// levels for that use to unwind (a copy is unwound and checked).
    #[cfg(any(test, feature = "testing"))]
    #[doc(hidden)]
    pub fn links_are_pristine(&self) -> bool {
        self.search.links_are_pristine()
    }

    /// Pins `pins` with the lists rebuilt to hold only the options
    /// `allowed` (see `Search::pin_within`): the Sudoku adapter's givens.
    pub(crate) fn pin_within(
        &mut self,
        pins: impl IntoIterator<Item = OptionId>,
        allowed: impl IntoIterator<Item = OptionId>,
    ) -> Result<(), PinError> {
        self.search.pin_within(pins, allowed)
    }

    /// The first solution, or `None` if there is none (or a limit stopped
    /// the search first: see [`Solver::status`]). The search stays paused at
    /// that solution, so [`Solver::next_solution`] goes on from it.
    pub fn first(&mut self) -> Option<Solution> {
        self.reset();
        self.next_solution().map(<[OptionId]>::to_vec)
    }

    /// The number of solutions. With limits, the number found before the
    /// search stopped; [`Solver::status`] tells which.
    pub fn count(&mut self) -> u64 {
        self.reset();
        self.search.run_to_end();
        self.stats().solutions
    }

    /// The number of solutions, each checked by the independent
    /// [`Checker`](crate::cover::Checker) whatever [`Solver::set_verify`]
    /// says. A solution it rejects would be a bug in the engine: instead
    /// of panicking, as a verifying search does, the search stops there
    /// and the error is returned. With limits, as [`Solver::count`].
    ///
    /// ```
    /// use exactcover::cover::Problem;
    ///
    /// let p = Problem::from_dlx("a b c\na b\nc\na\nb c\n")?;
    /// assert_eq!(p.solver().count_checked(), Ok(2));
    /// # Ok::<(), exactcover::cover::ParseError>(())
    /// ```
    pub fn count_checked(&mut self) -> Result<u64, CheckError> {
        self.search.check_all()?;
        Ok(self.stats().solutions)
    }

    /// The number of solutions, counting no further than `n`.
    pub fn count_up_to(&mut self, n: u64) -> u64 {
        let saved = self.limits().clone();
        let max = saved.solution_limit().map_or(n, |m| m.min(n));
        self.set_limits(saved.clone().solutions(max));
        let count = if max == 0 {
            self.reset();
            0
        } else {
            self.count()
        };
        self.set_limits(saved);
        count
    }

    /// Whether the problem has no, one, or several solutions.
    pub fn uniqueness(&mut self) -> Uniqueness {
        let saved = self.limits().clone();
        self.set_limits(saved.clone().without_solution_limit());
        self.reset();
        let answer = match self.search.step() {
            Event::Done | Event::Frontier => Uniqueness::None,
            Event::Stopped(r) => Uniqueness::Unknown(r),
            Event::Solution => {
                let first = self.search.solution().to_vec();
                match self.search.step() {
                    Event::Done | Event::Frontier => Uniqueness::Unique(first),
                    Event::Solution => Uniqueness::Several,
                    Event::Stopped(r) => Uniqueness::Unknown(r),
                }
            }
        };
        self.set_limits(saved);
        answer
    }

    /// The next solution of the current search, starting one if none is
    /// under way. Allocates nothing: the slice lives in the solver.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        match self.search.step() {
            Event::Solution => Some(self.search.solution()),
            _ => None,
        }
    }

    /// Calls `visit` with every solution, from a fresh search, until it
    /// returns `ControlFlow::Break(b)` or the search ends. As with
    /// [`Iterator::try_for_each`], the visitor's `Break(b)` comes back as
    /// the result, so a callback that fails (a write, say) stops the search
    /// and hands its error to the caller; otherwise `Continue` holds the
    /// final status: [`Status::Complete`], or the limit that stopped it.
    /// After a `Break` the search is paused at that solution
    /// ([`Status::Paused`]), and [`Solver::stats`] counts up to it.
    ///
    /// ```
    /// use exactcover::cover::{Problem, Status};
    /// use std::ops::ControlFlow;
    ///
    /// let p = Problem::from_dlx("a b c\na b\nc\na\nb c\n")?;
    /// let mut solver = p.solver();
    /// let mut sizes = Vec::new();
    /// let all = solver.for_each(|s| {
    ///     sizes.push(s.len());
    ///     ControlFlow::<String>::Continue(())
    /// });
    /// assert_eq!((all, sizes), (ControlFlow::Continue(Status::Complete), vec![2, 2]));
    /// // A failing callback: its error is the result.
    /// let failed = solver.for_each(|s| match s.len() {
    ///     2 => ControlFlow::Break(format!("{} options", s.len())),
    ///     _ => ControlFlow::Continue(()),
    /// });
    /// assert_eq!(failed, ControlFlow::Break("2 options".to_string()));
    /// # Ok::<(), exactcover::cover::ParseError>(())
    /// ```
    pub fn for_each<B>(&mut self, mut visit: impl FnMut(&[OptionId]) -> ControlFlow<B>) -> ControlFlow<B, Status> {
        self.reset();
        // The search loop takes a visitor without a value; the value waits
        // here until the loop has returned.
        let mut broke = None;
        let mut visit = |s: &[OptionId]| match visit(s) {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(b) => {
                broke = Some(b);
                ControlFlow::Break(())
            }
        };
        // The visitor is called from inside the search loop, which returns
        // only at the end, at a limit, or when the visitor stops it.
        while self.search.visit_all(&mut visit) == Event::Frontier {}
        match broke {
            Some(b) => ControlFlow::Break(b),
            None => ControlFlow::Continue(self.status()),
        }
    }

    /// A lazy iterator of owned solutions, from a fresh search.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.reset();
        Solutions { solver: self }
    }
}

/// An iterator over the solutions of a [`Solver`]; see
/// [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'s> {
    solver: &'s mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.solver.next_solution().map(<[OptionId]>::to_vec)
    }
}

impl Solutions<'_> {
    /// The solver's status so far.
    pub fn status(&self) -> Status {
        self.solver.status()
    }
}
