//! Naked and hidden singles: the pass that runs before every exact-cover
//! search, and the generator's uniqueness test.
//!
//! [`Singles`] holds a layout's tables and a board. [`Singles::load`]
//! reads the givens (a digit given twice in a house is a *clash*, which
//! the caller describes with
//! [`first_conflict`](super::rules::first_conflict)), and
//! [`Singles::propagate`] places *naked singles* (a cell with one
//! candidate left) and *hidden singles* (a digit with one cell left in a
//! house) until the grid is full, nothing more is forced, or a
//! contradiction shows (a cell with no candidate, or a digit with no cell
//! left in a house). [`Singles::exclude`] removes a candidate first, as an
//! assumption: the generator asks "is there a solution in which this cell
//! holds another digit?".
//!
//! Two engines do this, with the same results: one `u128` bitboard per
//! digit for layouts of at most 128 cells (every 9×9 and 4×4 layout:
//! [`Bits`], from [`super::bitboard`], whose search [`Singles::search`]
//! hands on), and one candidate mask per cell for larger grids
//! ([`masks`]). [`Singles::new`] picks one by the layout's size; the tests
//! run both on the puzzles of `data/puzzles.txt` (with and without an
//! exclusion) and on random partial grids of every layout that fits both,
//! and require the same outcome, cells and candidates.
//!
//! **Soundness.** Every step is a deduction that holds in every solution
//! of the puzzle (under its exclusions): a placement is made only where
//! the digit is still a candidate and is forced, and a contradiction
//! means there is no solution. Hence:
//!
//! * [`Outcome::Solved`] proves the puzzle has exactly one solution, the
//!   grid now held (every placement was forced);
//! * [`Outcome::Contradiction`] proves it has none;
//! * [`Outcome::Stuck`] proves nothing: the exact-cover search decides,
//!   on the placed digits and the candidates left, which are then exact
//!   (the digits none of a cell's peers holds, less the exclusions).
//!
//! These are the two human rules the seed articles fill forced cells with
//! ("唯一余数法", naked singles, and "摒除法", hidden singles) before they
//! guess; here they only shrink the problem the search gets.

#![forbid(unsafe_code)]

mod masks;

use super::bitboard::Bits;
use super::deduction::{Clash, Outcome};
use super::layout::Layout;
use super::verdict::Examined;
use crate::cover::Limits;
use std::ops::ControlFlow;

/// A layout's tables and one board, on the engine that suits its size.
// One per solver, made once and never moved in a loop: the bitboards'
// fixed tables (a few kilobytes) stay inline, where the search reads them.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub(crate) enum Singles {
    /// Bitboards (at most 128 cells).
    Bits(Bits),
    /// Masks per cell (any size).
    Masks(masks::Masks),
}

impl Singles {
    /// The tables of `layout`, with an empty board.
    pub(crate) fn new(layout: &Layout) -> Singles {
        if Bits::fits(layout) { Singles::Bits(Bits::new(layout)) } else { Singles::Masks(masks::Masks::new(layout)) }
    }

    /// Loads the givens `cells` (row by row, 0 for empty; the layout's
    /// size): every empty cell gets the digits its peers lack. Nothing is
    /// placed yet. A clash of givens is `Err`; a cell left without
    /// candidates is `Ok(Contradiction)`, else `Ok(Stuck)` (or
    /// `Ok(Solved)` for a full grid).
    pub(crate) fn load(&mut self, cells: &[u8]) -> Result<Outcome, Clash> {
        match self {
            Singles::Bits(b) => b.load(cells),
            Singles::Masks(m) => m.load(cells),
        }
    }

    /// Removes digit `d` from the candidates of the empty cell `c` (an
    /// assumption the caller makes: outcomes then hold under it).
    pub(crate) fn exclude(&mut self, c: usize, d: u8) -> Outcome {
        match self {
            Singles::Bits(b) => b.exclude(c, d),
            Singles::Masks(m) => m.exclude(c, d),
        }
    }

    /// Places naked and hidden singles until nothing is forced (see the
    /// module docs for what the outcome proves).
    pub(crate) fn propagate(&mut self) -> Outcome {
        match self {
            Singles::Bits(b) => b.propagate(),
            Singles::Masks(m) => m.propagate(),
        }
    }

    /// The board's cells: digits, 0 for empty.
    pub(crate) fn cells(&self) -> &[u8] {
        match self {
            Singles::Bits(b) => b.cells(),
            Singles::Masks(m) => m.cells(),
        }
    }

    /// The candidates of cell `c`, as [`Singles::board`] gives them.
    #[cfg(test)]
    fn candidates(&self, c: usize) -> u32 {
        match self {
            Singles::Bits(b) => b.candidates(c),
            Singles::Masks(m) => m.candidates(c),
        }
    }

    /// Searches the board, which [`Singles::propagate`] left `Stuck`, for
    /// up to `max` solutions on the bitboards ([`Bits::search`]), calling
    /// `visit` with each until it returns `Break`; `None` (and no search)
    /// on the masks of a larger grid.
    pub(crate) fn search(
        &mut self,
        max: u64,
        limits: &Limits,
        visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Option<Examined> {
        match self {
            Singles::Bits(b) => Some(b.search(max, limits, visit)),
            Singles::Masks(_) => None,
        }
    }

    /// The cells (digits, 0 for empty) and each cell's candidates (bit
    /// `d - 1` for digit `d`; 0 if filled), for building the search's
    /// problem. The candidates are exact after [`Singles::load`] and
    /// after [`Singles::propagate`] returns `Stuck`.
    pub(crate) fn board(&mut self) -> (&[u8], &[u32]) {
        match self {
            Singles::Bits(b) => b.board(),
            Singles::Masks(m) => m.board(),
        }
    }

    /// The number of empty cells.
    #[cfg(test)]
    fn empty(&self) -> usize {
        match self {
            Singles::Bits(b) => b.empty(),
            Singles::Masks(m) => m.empty(),
        }
    }
}

#[cfg(test)]
mod tests;
