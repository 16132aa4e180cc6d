//! The state of one board on the bitboards: a plain value of 416 bytes
//! for every layout, which a search saves whole before each guess and
//! returns to by copying it back (see [`super::search`]).
//!
//! **Invariant** (kept by [`super::bits`], which places the digits):
//! `pos[d]` holds the empty cells that may still hold digit `d + 1`,
//! `done[d]` the houses that hold it, `filled` the filled cells, whose
//! digits `value` holds (0 for an empty cell), and `touched[d]` every
//! house whose cells lost `d + 1` since a hidden round last looked at it.

#![forbid(unsafe_code)]

/// The most digits (the side of a grid of at most 128 cells).
pub(super) const DIGITS: usize = 11;

/// One board (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(super) struct Board {
    /// Per digit `d` (for `d + 1`): the empty cells that may hold it.
    pub(super) pos: [u128; DIGITS],
    /// Per digit: the houses that hold it.
    pub(super) done: [u32; DIGITS],
    /// Per digit: the houses a hidden round must look at, those where a
    /// cell lost the digit since the round last looked.
    pub(super) touched: [u32; DIGITS],
    /// The filled cells.
    pub(super) filled: u128,
    /// Per cell: the digit, or 0 (the first `cells` entries).
    pub(super) value: [u8; 128],
}

impl Board {
    /// No cell filled, no candidate, nothing to look at.
    pub(super) const EMPTY: Board =
        Board { pos: [0; DIGITS], done: [0; DIGITS], touched: [0; DIGITS], filled: 0, value: [0; 128] };
}
