//! A guess of the bitboard search, and the frame that keeps it on the
//! search's stack: plain values, below both the engine that chooses the
//! guess ([`super::bits`]'s `branch`) and the search that tries its
//! alternatives ([`super::search`]).
//!
//! **Invariant.** The alternatives of a guess are placements that
//! together hold every solution of the board it was made on, and a frame
//! keeps that board whole, so each alternative starts from it.

#![forbid(unsafe_code)]

use super::board::Board;

/// What a search guesses on; each alternative is a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Guess {
    /// Each of a cell's candidates (bit `d` for digit `d + 1`).
    Cell { cell: usize, digits: u32 },
    /// Each of the places left for digit `digit + 1` in a house that
    /// lacks it (bit `k` for the house's cell of rank `k`, see
    /// `Bits::house_cell`).
    Place { digit: usize, house: usize, ranks: u32 },
}

/// A guess on the stack: the board before it, and the placements still
/// to try.
#[derive(Clone, Debug)]
pub(super) struct Frame {
    pub(super) board: Board,
    /// A guess on a house's places for one digit (else on a cell's
    /// candidates).
    pub(super) place: bool,
    /// The digit (index) of a place guess, or the cell of a cell guess.
    pub(super) fixed: u8,
    /// The house of a place guess.
    pub(super) house: u8,
    /// A cell guess's candidates on `board`.
    pub(super) digits: u32,
    /// The digits (cell guess), or the places in the house (place guess,
    /// by their rank among the house's cells), still to try.
    pub(super) untried: u32,
}

impl Frame {
    /// The frame of `guess`, made on `board`.
    #[inline(always)]
    pub(super) fn new(board: Board, guess: Guess) -> Frame {
        match guess {
            Guess::Cell { cell, digits } => {
                Frame { board, place: false, fixed: cell as u8, house: 0, digits, untried: digits }
            }
            Guess::Place { digit, house, ranks } => {
                Frame { board, place: true, fixed: digit as u8, house: house as u8, digits: 0, untried: ranks }
            }
        }
    }
}
