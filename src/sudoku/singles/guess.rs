//! The search on the bitboards: Algorithm X on the Sudoku matrix with
//! unit propagation, for layouts of at most 128 cells.
//!
//! The exact-cover problem is the adapter's (items: a cell holds one
//! digit, a house holds each digit once; options: a digit in a cell), held
//! as [`Bits`] holds it: the live options are the candidate bits, and an
//! item is covered when its cell or its house holds the digit. At each
//! node the singles pass ([`Bits::propagate`]) takes every *forced* option
//! (an item with one option left: a naked or hidden single) and fails the
//! node on an item with none, which is what Algorithm X does at the nodes
//! where its choice has one way or none. On layouts with the classic
//! houses, locked candidates ([`super::locked`]) then remove the options
//! that no way of covering a row, column or box can use, and singles run
//! again, until neither finds more (while at least [`LOCK_FROM_EMPTY`]
//! cells are empty): on top1465 this cuts the guesses per puzzle from
//! 28.0 to 10.9 (tdoku's own count there is 8.9), and the time by 43%.
//! When nothing is forced the search
//! branches: on a cell with two candidates, almost always (among those,
//! the one with the most empty and two-candidate peers), else on a cell
//! with the fewest, or on a house's digit with fewer places when that cell
//! has four or more (see [`Bits::branch`]). It tries the cell's digits, or
//! the digit's places, in increasing order.
//!
//! **Invariants.** Before each guess the board is saved whole in a
//! [`Frame`] (a [`Board`] is a plain value of 416 bytes for every layout); the
//! guess's alternatives start from a copy of it, and the last one takes it
//! over. Every board the search holds satisfies `Bits`'s invariant (its
//! candidates include every one that a solution of the board uses), so
//! every step is a sound deduction under the guesses above it: a solved
//! board is a solution (every cell filled, each placement checked against
//! the candidates), a contradiction means no solution below, and the
//! alternatives of a guess partition the solutions of its board. The
//! search therefore finds every solution exactly once, and the tests
//! compare it with the dance on `data/puzzles.txt`, the fixtures and
//! random partial grids. The stack is explicit: at most one frame per
//! empty cell.
//!
//! **Limits.** A node is one board propagated (the root and each
//! alternative tried). The node budget is checked at every node, the clock
//! and the cancel flag every [`CHECK_INTERVAL`] nodes and at the start (the
//! engine's search looks only at the cancel flag there).

#![forbid(unsafe_code)]

use super::Outcome;
use super::bits::{Bits, Board, Guess};
use crate::cover::CHECK_INTERVAL;
use crate::cover::{Limits, Status, StopReason};
use std::ops::ControlFlow;
use std::time::Instant;

/// The fewest empty cells at which the search applies locked candidates.
/// With fewer, singles and a guess or two finish the board, and the pass
/// costs more than it saves: from all boards to boards with 45 empty
/// cells or more, serg (several solutions a puzzle, 8.5 boards) takes 9%
/// less time, top1465 and 1106 take 9–10% more boards in the same time,
/// and 17-clue, 1905_11+ and Kaggle are unchanged (docs/PERFORMANCE.md).
const LOCK_FROM_EMPTY: usize = 45;

/// A guess: the board before it, and the placements still to try.
#[derive(Clone, Debug)]
pub(super) struct Frame {
    board: Board,
    /// A guess on a house's places for one digit (else on a cell's
    /// candidates).
    place: bool,
    /// The digit (index) of a place guess, or the cell of a cell guess.
    fixed: u8,
    /// The house of a place guess.
    house: u8,
    /// A cell guess's candidates on `board`.
    digits: u32,
    /// The digits (cell guess), or the places in the house (place guess,
    /// by their rank in [`Bits::house_cell`]), still to try.
    untried: u32,
}

/// What a search found (see [`Bits::search`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Searched {
    /// Solutions reported.
    pub(crate) solutions: u64,
    /// `Complete`, or the limit that stopped the search (`Solutions` when
    /// `max` was reached or the visitor stopped it).
    pub(crate) status: Status,
    /// Boards propagated: the root and every alternative tried.
    pub(crate) nodes: u64,
    /// Guesses: nodes with two alternatives or more.
    pub(crate) guesses: u64,
}

/// The limits as the loop reads them.
struct Watch<'a> {
    limits: &'a Limits,
    budget: u64,
    deadline: Option<Instant>,
    next_check: u64,
}

impl Watch<'_> {
    fn new(limits: &Limits) -> Watch<'_> {
        let deadline = limits.deadline_from(Instant::now());
        Watch { limits, budget: limits.node_budget().unwrap_or(u64::MAX), deadline, next_check: 0 }
    }

    /// Whether the search must stop before propagating its node number
    /// `nodes` (counted from 1).
    #[inline(always)]
    fn stop(&mut self, nodes: u64) -> Option<StopReason> {
        if nodes > self.budget {
            return Some(StopReason::Nodes);
        }
        if nodes >= self.next_check {
            self.next_check = nodes + CHECK_INTERVAL;
            return self.look();
        }
        None
    }

    #[cold]
    fn look(&self) -> Option<StopReason> {
        if self.limits.cancelled() {
            return Some(StopReason::Cancelled);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Some(StopReason::Time),
            _ => None,
        }
    }
}

impl Bits {
    /// Searches the board, which [`Bits::propagate`] left `Stuck`, for up
    /// to `max` solutions, calling `visit` with each (the cells, row by
    /// row) until it returns `Break`.
    pub(super) fn search(
        &mut self,
        max: u64,
        limits: &Limits,
        mut visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Searched {
        let mut watch = Watch::new(limits);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        let mut found = Searched { solutions: 0, status: Status::Complete, nodes: 1, guesses: 0 };
        if let Some(r) = watch.stop(1) {
            // Stopped before the root's guess, as the dance stops before
            // its first node.
            found.nodes = 0;
            found.status = Status::Stopped(r);
        } else if max == 0 {
            found.status = Status::Stopped(StopReason::Solutions);
        } else {
            // The board came stuck from singles; locked candidates may
            // take it further (at the root whatever the empty cells: it
            // is one pass a puzzle, and 17-clue puzzles, which singles
            // often fill past the threshold, take 6% less time).
            let root = if self.locks && self.lock() { self.settle() } else { Outcome::Stuck };
            match root {
                Outcome::Stuck => {
                    self.push(&mut stack);
                    found.guesses = 1;
                    found.status = self.descend(&mut stack, &mut found, max, &mut watch, &mut visit);
                }
                Outcome::Solved => {
                    // Deductions alone solved it: the only solution, and
                    // the search is complete whatever `visit` answers (as
                    // when singles decide a puzzle before any search).
                    found.solutions = 1;
                    let _ = visit(self.cells());
                }
                Outcome::Contradiction => {}
            }
        }
        self.stack = stack;
        found
    }

    /// Singles, then (on the classic houses, with at least
    /// [`LOCK_FROM_EMPTY`] cells empty) locked candidates whenever singles
    /// are stuck, until neither finds anything more. The root's board
    /// takes locked candidates whatever its empty cells.
    fn settle(&mut self) -> Outcome {
        loop {
            let outcome = self.propagate();
            if outcome != Outcome::Stuck || !self.locks || !self.lock_worth_it() || !self.lock() {
                return outcome;
            }
        }
    }

    fn lock_worth_it(&self) -> bool {
        self.empty() >= LOCK_FROM_EMPTY
    }

    /// Saves the board (stuck) and the guess on its item with the fewest
    /// options.
    fn push(&self, stack: &mut Vec<Frame>) {
        let board = self.b;
        stack.push(match self.branch() {
            Guess::Cell { cell, digits } => {
                Frame { board, place: false, fixed: cell as u8, house: 0, digits, untried: digits }
            }
            Guess::Place { digit, house, ranks } => {
                Frame { board, place: true, fixed: digit as u8, house: house as u8, digits: 0, untried: ranks }
            }
        });
    }

    /// Tries the alternatives on the stack, depth first, until they run
    /// out or the search must stop. The status it ends with.
    fn descend(
        &mut self,
        stack: &mut Vec<Frame>,
        found: &mut Searched,
        max: u64,
        watch: &mut Watch<'_>,
        visit: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Status {
        while let Some(top) = stack.last_mut() {
            let k = top.untried.trailing_zeros() as usize;
            top.untried &= top.untried - 1;
            let (place, fixed, house, digits) = (top.place, usize::from(top.fixed), top.house, top.digits);
            if top.untried == 0 {
                // The last alternative takes the saved board over.
                self.b = stack.pop().expect("the top frame").board;
            } else {
                self.b = top.board;
            }
            found.nodes += 1;
            if let Some(r) = watch.stop(found.nodes) {
                found.nodes -= 1;
                return Status::Stopped(r);
            }
            if place {
                let cell = self.house_cell(house, k);
                self.put_among(cell, fixed, self.candidates(cell));
            } else {
                self.put_among(fixed, k, digits);
            }
            match self.settle() {
                Outcome::Contradiction => {}
                Outcome::Stuck => {
                    self.push(stack);
                    found.guesses += 1;
                }
                Outcome::Solved => {
                    found.solutions += 1;
                    if visit(self.cells()).is_break() || found.solutions >= max {
                        return Status::Stopped(StopReason::Solutions);
                    }
                }
            }
        }
        Status::Complete
    }
}
