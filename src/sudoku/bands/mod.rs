//! The band search, for classic 9×9 puzzles: the engine the adapter
//! solves them with (with the singles pass on and no seed).
//!
//! The board is held by digit and by *band* (three rows, 27 cells, one
//! `u32`): 27 words, which a guess saves with the empty cells. The
//! representation is the one of zhouyundong's JCZSolve, and the branching
//! on cells with two candidates is the one most fast solvers share
//! (JCZSolve, tdoku); the code and its tables are our own, the tables
//! computed at compile time and checked against brute force.
//!
//! * [`tables`]: per band, which segments (row × box) a digit can still
//!   use (`keep`: locked candidates, both ways, and hidden singles in a
//!   band's rows, by one look-up), and which columns a band takes from
//!   the others, side by side in [`tables::TABLES`].
//! * [`board`]: one board and its deductions: band updates until a fixed
//!   point, then naked singles, until neither finds more.
//! * [`search`]: the search on an explicit stack of saved boards, with
//!   the limits and counts of the exact-cover search's `Watch`, and its
//!   choice of the boards that take the forced columns.
//! * `tests`: those choices against each other, each solution checked
//!   by code of its own.
//!
//! Other layouts (4×4, X, windoku, jigsaw) keep the bitboard search
//! ([`super::bitboard`]), larger ones the dance; the tests compare the
//! band search with both on the shipped puzzles, the shared sets and
//! random partial grids (`tests/sudoku_engines.rs`).

#![forbid(unsafe_code)]

mod board;
mod search;
mod tables;
#[cfg(test)]
mod tests;

pub(crate) use search::Bands;
