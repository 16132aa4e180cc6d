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
//! cells are empty): on the hard sets this cuts the guesses by more than
//! half, and the time too (docs/PERFORMANCE.md, "Kept and dropped: the Sudoku search").
//! When nothing is forced the search branches: on a cell with two candidates, almost always (among those,
//! the one with the most empty and two-candidate peers), else on a cell
//! with the fewest, or on a house's digit with fewer places when that cell
//! has four or more (see [`Bits::branch`]). It tries the cell's digits, or
//! the digit's places, in increasing order.
//!
//! **Invariants.** Before each guess the board is saved whole in a
//! [`Frame`] (a board is a plain value, see [`super::board`]); the
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
//! alternative tried). The exact-cover search's [`Watch`] counts the nodes and the guesses
//! and reads the limits before each node: the node budget every time, the
//! clock and the cancel flag at the first node and at intervals.

#![forbid(unsafe_code)]

use super::bits::Bits;
use super::guess::Frame;
use crate::cover::watch::Watch;
use crate::cover::{Limits, StopReason};
use crate::sudoku::deduction::Outcome;
use crate::sudoku::verdict::Examined;
use std::ops::ControlFlow;

/// The fewest empty cells at which the search applies locked candidates.
/// With fewer, singles and a guess or two finish the board, and the pass
/// costs more than it saves; the threshold was measured on the shared
/// sets (docs/PERFORMANCE.md, "Kept and dropped: the Sudoku search").
const LOCK_FROM_EMPTY: usize = 45;

impl Bits {
    /// Searches the board, which [`Bits::propagate`] left `Stuck`, for up
    /// to `max` solutions, calling `visit` with each (the cells, row by
    /// row) until it returns `Break`. What it found: `Complete`, or the
    /// limit that stopped it (`Solutions` when `max` was reached or
    /// `visit` stopped it), with its nodes (boards propagated: the root
    /// and every alternative tried) and guesses (nodes with two
    /// alternatives or more).
    pub(crate) fn search(
        &mut self,
        max: u64,
        limits: &Limits,
        mut visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Examined {
        let mut watch = Watch::new(limits);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        let mut solutions = 0;
        // A refused root is a search stopped before its first node, as the
        // dance stops before its first.
        if watch.enter_one() {
            if max == 0 {
                watch.stop(StopReason::Solutions);
            } else {
                // The board came stuck from singles; locked candidates may
                // take it further (at the root whatever the empty cells:
                // it is one pass a puzzle, and 17-clue puzzles, which
                // singles often fill past the threshold, gain from it).
                let root = if self.locks && self.lock() { self.settle() } else { Outcome::Stuck };
                match root {
                    Outcome::Stuck => {
                        self.push(&mut stack);
                        watch.guess();
                        solutions = self.descend(&mut stack, max, &mut watch, &mut visit);
                    }
                    Outcome::Solved => {
                        // Deductions alone solved it: the only solution,
                        // and the search is complete whatever `visit`
                        // answers (as when singles decide a puzzle before
                        // any search).
                        solutions = 1;
                        let _ = visit(self.cells());
                    }
                    Outcome::Contradiction => {}
                }
            }
        }
        self.stack = stack;
        Examined::searched(solutions, watch.status(), watch.nodes, watch.guesses, 0)
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
        stack.push(Frame::new(self.b, self.branch()));
    }

    /// Tries the alternatives on the stack, depth first, until they run
    /// out or the search must stop (which `watch` then records). The
    /// solutions found.
    fn descend(
        &mut self,
        stack: &mut Vec<Frame>,
        max: u64,
        watch: &mut Watch<&Limits>,
        visit: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> u64 {
        let mut solutions = 0;
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
            if !watch.enter_one() {
                break;
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
                    watch.guess();
                }
                Outcome::Solved => {
                    solutions += 1;
                    if visit(self.cells()).is_break() || solutions >= max {
                        watch.stop(StopReason::Solutions);
                        break;
                    }
                }
            }
        }
        solutions
    }
}
