//! Where a search's solutions go: the count, the independent check, the
//! caller's visitor, and the solution limit.
//!
//! The loops keep `path` up to date as they go (the pins' options, then
//! one per level), so a solution is a prefix of it; `changed` is the first
//! place that may differ from the solution the checker saw last, the
//! search's word to `Checker::check_from`, which verifies it. Invariant:
//! `solutions` counts every solution reported since the search began, and
//! `path[..len]` is the last one.

use super::{Event, Phase};
use crate::cover::check::{CheckError, Checker};
use crate::cover::ids::OptionId;
use crate::cover::limits::StopReason;
use crate::cover::problem::Problem;
use std::ops::ControlFlow;

/// What the loop does at a solution.
pub(crate) enum OnSolution<'v> {
    /// Return it (`Event::Solution`); the search resumes by backing up.
    Return,
    /// Count it and go on.
    Count,
    /// Call the visitor with it and go on, until the visitor answers
    /// `Break` (then return `Event::Solution`, as `Return` does).
    Visit(&'v mut dyn FnMut(&[OptionId]) -> ControlFlow<()>),
}

/// The solutions of a search, as they come.
#[derive(Clone, Debug)]
pub(super) struct Sink {
    pub(super) solutions: u64,
    /// The options of the current path, kept up to date by the loops.
    pub(super) path: Vec<OptionId>,
    /// The length of the last solution, in `path`.
    pub(super) len: usize,
    /// The first place in `path` that may differ from the last solution
    /// checked.
    pub(super) changed: usize,
    /// Check every solution with the independent checker.
    pub(super) verify: bool,
    /// A solution the checker rejected, which stops the search (a bug in
    /// the engine): `check_all` returns it, any other search panics.
    pub(super) wrong: Option<CheckError>,
    /// Whether the caller takes `wrong` instead of a panic.
    pub(super) returns_wrong: bool,
    /// The checker, made on first use.
    pub(super) checker: Option<Box<Checker>>,
}

impl Sink {
    /// Room for paths of `depth` options (pins included).
    pub(super) fn new(depth: usize) -> Sink {
        Sink {
            solutions: 0,
            path: vec![OptionId::default(); depth],
            len: 0,
            changed: 0,
            verify: cfg!(debug_assertions),
            wrong: None,
            returns_wrong: false,
            checker: None,
        }
    }

    /// At a solution made of the first `len` options of `path`: counts it,
    /// checks it if asked (from the search's word, which it resets), and
    /// does what `on` says. Returns the event and phase to stop with (the
    /// solution returned, a limit, or a wrong solution), or `None` to go on.
    #[inline(always)]
    pub(super) fn report(
        &mut self,
        problem: &Problem,
        len: usize,
        on: &mut OnSolution,
        max_solutions: u64,
    ) -> Option<(Event, Phase)> {
        self.solutions += 1;
        self.len = len;
        if self.verify && {
            let from = std::mem::replace(&mut self.changed, usize::MAX);
            self.wrong(problem, len, from)
        } {
            return Some((Event::Stopped(StopReason::Cancelled), Phase::AfterSolution));
        }
        let more = match on {
            OnSolution::Return => false,
            OnSolution::Count => true,
            OnSolution::Visit(visit) => visit(&self.path[..len]).is_continue(),
        };
        if !more {
            return Some((Event::Solution, Phase::AfterSolution));
        }
        (self.solutions >= max_solutions).then_some((Event::Stopped(StopReason::Solutions), Phase::AfterSolution))
    }

    /// Checks the solution `path[..len]` with the independent checker
    /// (made on first use), with the search's word that it agrees with the
    /// last one on its first `from` options (see `Checker::check_from`); a
    /// wrong one, a bug in the engine, goes to `wrong` and stops the search.
    pub(super) fn wrong(&mut self, problem: &Problem, len: usize, from: usize) -> bool {
        let checker = match &mut self.checker {
            Some(checker) => checker,
            none => none.insert(new_checker(problem)),
        };
        match checker.check_from(&self.path[..len], from) {
            Ok(()) => false,
            Err(e) => {
                self.wrong = Some(e);
                true
            }
        }
    }
}

/// The checker `wrong` makes on first use, kept out of its frame.
#[cold]
#[inline(never)]
fn new_checker(problem: &Problem) -> Box<Checker> {
    Box::new(Checker::new(problem))
}
