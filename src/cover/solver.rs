//! The solver's entry points, named for what they return.

use super::ids::OptionId;
use super::limits::{Status, StopReason};
use super::search::Event;
pub use super::search::Solver;
use std::ops::ControlFlow;

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
        self.run_to_end();
        self.stats().solutions
    }

    /// The number of solutions, counting no further than `n`.
    pub fn count_up_to(&mut self, n: u64) -> u64 {
        let saved = self.limits.clone();
        let max = saved.solution_limit().map_or(n, |m| m.min(n));
        self.limits = saved.clone().solutions(max);
        let count = if max == 0 {
            self.reset();
            0
        } else {
            self.count()
        };
        self.limits = saved;
        count
    }

    /// Whether the problem has no, one, or several solutions.
    pub fn uniqueness(&mut self) -> Uniqueness {
        let saved = self.limits.clone();
        self.limits = saved.without_solution_limit();
        self.reset();
        let answer = match self.step() {
            Event::Done | Event::Frontier => Uniqueness::None,
            Event::Stopped(r) => Uniqueness::Unknown(r),
            Event::Solution => {
                let first = self.solution().to_vec();
                match self.step() {
                    Event::Done | Event::Frontier => Uniqueness::Unique(first),
                    Event::Solution => Uniqueness::Several,
                    Event::Stopped(r) => Uniqueness::Unknown(r),
                }
            }
        };
        self.limits = saved;
        answer
    }

    /// The next solution of the current search, starting one if none is
    /// under way. Allocates nothing: the slice lives in the solver.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        match self.step() {
            Event::Solution => Some(self.solution()),
            _ => None,
        }
    }

    /// Calls `visit` with every solution until it returns
    /// `ControlFlow::Break` or the search ends. Returns the final status.
    pub fn for_each(&mut self, mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Status {
        self.reset();
        // The visitor is called from inside the search loop, which returns
        // only at the end, at a limit, or when the visitor stops it.
        while self.visit_all(&mut visit) == Event::Frontier {}
        self.status()
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
