//! What a search found out about a puzzle: one answer type, [`Examined`],
//! from the searches out to every caller, and its reading as a
//! [`Verdict`] for those that want the solution as a grid.
//!
//! The bitboard search and the dance each make an [`Examined`]; so does
//! the adapter when the givens clash or the singles pass decides the
//! puzzle with no search, and the batch when a cancelled run leaves a
//! puzzle unsearched. Callers read its count and status (counting), or
//! its [`Examined::verdict`] (solving): the one mapping from a count and
//! a status to none, one, several or stopped.
//!
//! **Invariant.** `solutions` never exceeds the number asked for; a
//! conflict comes with no solution, a complete status and no search
//! (every figure 0).

#![forbid(unsafe_code)]

use super::grid::Grid;
use super::rules::Conflict;
use crate::cover::{Status, StopReason};

/// What a search found out about one puzzle (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Examined {
    /// Solutions found (at most the number asked for).
    pub solutions: u64,
    /// Whether the search ended, or which limit stopped it.
    pub status: Status,
    /// The two givens that contradict each other, when they do: then
    /// there is no solution and no search ran.
    pub conflict: Option<Conflict>,
    /// Search-tree nodes.
    pub nodes: u64,
    /// Nodes where the search chose among two or more candidates.
    pub guesses: u64,
    /// Link updates (0 for the bitboard search, which has no links).
    pub updates: u64,
}

impl Examined {
    /// What a search found, with what it cost.
    pub(crate) fn searched(solutions: u64, status: Status, nodes: u64, guesses: u64, updates: u64) -> Examined {
        Examined { solutions, status, conflict: None, nodes, guesses, updates }
    }

    /// No search: `solutions` known without one (the singles pass decided
    /// the puzzle), or none found because of `status` (a limit came
    /// first).
    pub(crate) fn unsearched(solutions: u64, status: Status) -> Examined {
        Examined::searched(solutions, status, 0, 0, 0)
    }

    /// Givens that contradict each other: no solution, no search.
    pub(crate) fn clash(conflict: Conflict) -> Examined {
        Examined { conflict: Some(conflict), ..Examined::unsearched(0, Status::Complete) }
    }

    /// What a search that looked for two solutions or more says of its
    /// puzzle; `first` makes the grid of the first solution found, and is
    /// called only when there is one. Two found means several, whatever
    /// stopped the search after them.
    pub fn verdict(&self, first: impl FnOnce() -> Grid) -> Verdict {
        match (self.solutions, self.status) {
            (0, Status::Complete) => Verdict::None(self.conflict.clone()),
            (1, Status::Complete) => Verdict::Unique(first()),
            (n, _) if n >= 2 => Verdict::Several(first()),
            (n, Status::Stopped(r)) => Verdict::Unknown(r, (n > 0).then(first)),
            // Unreachable for a finished search: it is complete or stopped.
            (n, _) => Verdict::Unknown(StopReason::Solutions, (n > 0).then(first)),
        }
    }
}

/// What a search found out about a puzzle, with the solution as a grid.
///
/// The variants are those of [`Uniqueness`](crate::cover::Uniqueness),
/// the same answer for any exact-cover problem, with the same names:
/// `None`, `Unique`, `Several`, and `Unknown` when a limit stopped the
/// search first. A Sudoku verdict carries grids where `Uniqueness` carries
/// option ids, and says more: the clash behind `None`, the solution found
/// before `Unknown`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No solution; with the conflicting cells when the givens contradict
    /// each other outright.
    None(Option<Conflict>),
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions; the first one found is given.
    Several(Grid),
    /// A limit stopped the search before the answer was known; the first
    /// solution is given if one was found.
    Unknown(StopReason, Option<Grid>),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mapping from a count and a status: a conflict is no solution,
    /// two found are several even when a limit stopped the search after
    /// them, and a stopped search gives the solution it found.
    #[test]
    fn a_count_and_a_status_make_one_verdict() {
        let grid = || Grid::from_line("1234341221434321").unwrap();
        let stopped = |r| Status::Stopped(r);
        let clash = Conflict { digit: 1, cells: (0, 1), house: "row 1".into(), side: 4 };
        let cases = [
            (Examined::unsearched(0, Status::Complete), Verdict::None(None)),
            (Examined::clash(clash.clone()), Verdict::None(Some(clash))),
            (Examined::unsearched(1, Status::Complete), Verdict::Unique(grid())),
            (Examined::unsearched(2, stopped(StopReason::Time)), Verdict::Several(grid())),
            (Examined::unsearched(1, stopped(StopReason::Nodes)), Verdict::Unknown(StopReason::Nodes, Some(grid()))),
            (Examined::unsearched(0, stopped(StopReason::Cancelled)), Verdict::Unknown(StopReason::Cancelled, None)),
        ];
        for (examined, verdict) in cases {
            assert_eq!(examined.verdict(grid), verdict, "{examined:?}");
        }
    }
}
