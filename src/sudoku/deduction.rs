//! What a pass of deductions on a board ends in: the words that the
//! singles pass ([`super::singles`]), both of its engines and the
//! bitboard search ([`super::bitboard`]) share, kept below all of them.
//!
//! Every deduction holds in every solution of the board (under its
//! exclusions), so an [`Outcome`] is a proof: `Solved` that the grid held
//! is the only solution, `Contradiction` that there is none; `Stuck`
//! proves nothing.

#![forbid(unsafe_code)]

/// What a pass of deductions (or a step before it) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every cell is filled: the puzzle's only solution.
    Solved,
    /// The deductions ran out with cells left empty.
    Stuck,
    /// No solution.
    Contradiction,
}

/// Two givens hold the same digit in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clash;

/// A contradiction found in a round: a cell with no candidate, or a digit
/// with no place left in a house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dead;
