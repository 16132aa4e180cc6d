//! Ready-made builders for puzzles that are exact-cover problems in
//! disguise. Each file is a short modelling lesson: its module doc says
//! what the items and options are, which items are primary and which
//! secondary, and why.
//!
//! * [`queens`]: n queens, with the diagonals as secondary items;
//! * [`langford`]: Langford pairings, with the mirror symmetry removed;
//! * [`polyomino`]: packing polyominoes into a box or any board shape;
//! * Sudoku variants live with the Sudoku adapter, in
//!   [`crate::sudoku::variant`].
//!
//! Every builder returns a [`Problem`](crate::cover::Problem), so it can be
//! solved, counted, or written in Knuth's format with
//! [`write_dlx`](crate::cover::write_dlx).

pub mod langford;
pub mod polyomino;
pub mod queens;

use thiserror::Error;

/// Why a puzzle could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// A size parameter is out of range.
    #[error("{what} must be between {min} and {max}, not {got}")]
    OutOfRange {
        /// Which parameter.
        what: &'static str,
        /// The smallest value allowed.
        min: usize,
        /// The largest value allowed.
        max: usize,
        /// The value given.
        got: usize,
    },
    /// A board or piece description can't be read.
    #[error("line {line}, column {column}: {message}")]
    BadPicture {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A malformed parameter, such as a board size that isn't `WxH`.
    #[error("{0}")]
    BadParameter(String),
    /// An unknown piece or piece set.
    #[error(
        "unknown piece set `{0}` (known: pentominoes, tetrominoes, hexominoes, or a picture file)"
    )]
    UnknownPieceSet(String),
    /// The pieces can't fill the board exactly.
    #[error("the board has {board} cells but the pieces cover {pieces}")]
    AreaMismatch {
        /// Cells of the board.
        board: usize,
        /// Cells the pieces cover together.
        pieces: usize,
    },
    /// No piece can be restricted to remove the board's symmetry.
    #[error("can't remove the symmetry: {0}")]
    NoSymmetryBreaker(String),
    /// The exact-cover problem could not be built.
    #[error(transparent)]
    Build(#[from] crate::cover::BuildError),
}

/// Knuth's one-character coordinate names: `0`–`9`, then `a`–`z`; larger
/// values are written in decimal (always two or more digits, so the names
/// stay distinct).
pub(crate) fn coordinate(k: usize) -> String {
    match k {
        0..=9 => char::from(b'0' + k as u8).to_string(),
        10..=35 => char::from(b'a' + (k - 10) as u8).to_string(),
        _ => k.to_string(),
    }
}
