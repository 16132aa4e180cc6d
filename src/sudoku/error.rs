//! The Sudoku front end's errors: typed, so that callers can tell one kind
//! of bad input from another without reading messages, and each with a
//! message that names the place (line and column, cell, region). Text
//! from the input (a character, a field) is shown with its control
//! characters escaped ([`Escaped`]), so an ESC in a puzzle can't drive the
//! terminal that shows the error.

use super::names::cell_name;
use crate::text::{Escaped, escaped_char};
use thiserror::Error;

/// Errors of the Sudoku front end.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SudokuError {
    /// Input that isn't a puzzle, with its position.
    #[error("line {line}, column {column}: {kind}")]
    Parse {
        /// Line, from 1.
        line: usize,
        /// Column (in characters), from 1.
        column: usize,
        /// What is wrong.
        kind: ParseErrorKind,
    },
    /// A grid of one size given to a solver of another.
    #[error("a {grid}×{grid} grid given to a {layout}×{layout} solver")]
    SizeMismatch {
        /// The grid's side.
        grid: usize,
        /// The layout's side.
        layout: usize,
    },
    /// A bad layout (region map).
    #[error("{0}")]
    Layout(LayoutError),
    /// A box size other than 2, 3, 4 or 5 (grids 4×4 to 25×25).
    #[error("box size {0} is not one of 2, 3, 4 and 5 (grids 4×4, 9×9, 16×16 and 25×25)")]
    BoxSize(usize),
    /// The exact-cover problem of a puzzle could not be built.
    #[error("can't build the reduced problem: {0}")]
    Problem(#[from] crate::cover::BuildError),
}

impl SudokuError {
    pub(crate) fn parse(line: usize, column: usize, kind: ParseErrorKind) -> SudokuError {
        SudokuError::Parse { line, column, kind }
    }
}

/// What is wrong with a puzzle's text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Bytes that are not UTF-8.
    #[error("invalid UTF-8")]
    InvalidUtf8,
    /// The input could not be read.
    #[error("read error: {0}")]
    Read(String),
    /// A line longer than the reader takes.
    #[error("line longer than {max} bytes")]
    LineTooLong {
        /// The longest line taken, in bytes.
        max: usize,
    },
    /// A line of cells whose count is no grid's.
    #[error(
        "wrong length: {cells} cells; a puzzle line has 81 (or 16, 256, 625){}",
        if *looks_like_row { "; it looks like a row of a block (read with --input-format block or auto)" } else { "" }
    )]
    WrongLength {
        /// The cells on the line.
        cells: usize,
        /// Whether the line looks like one row of a block.
        looks_like_row: bool,
    },
    /// A character that is no cell of a grid of this size.
    #[error("bad character `{}` in {} of a {side}×{side} grid", escaped_char(*character), cell_name(*cell, *side))]
    BadCell {
        /// The character.
        character: char,
        /// The cell, `row * side + column`.
        cell: usize,
        /// The grid's side.
        side: usize,
    },
    /// A character that is no cell at all.
    #[error("bad character `{}`{}", escaped_char(*.0), lone_cr(*.0))]
    BadCharacter(char),
    /// Text after a puzzle that is neither a count, a solution nor a comment.
    #[error("unexpected `{}` after the puzzle{}", escaped_char(*.0), lone_cr(*.0))]
    Trailing(char),
    /// A `:` not followed by a number.
    #[error("expected a solution count after `:`, found `{}`", Escaped(.0))]
    BadCount(String),
    /// A solution after the puzzle of another length.
    #[error("the given solution has the wrong length")]
    SolutionLength,
    /// A block that ended early.
    #[error("incomplete block: {rows} of {side} rows")]
    IncompleteBlock {
        /// Rows read.
        rows: usize,
        /// Rows expected.
        side: usize,
    },
    /// A block row of the wrong length.
    #[error("row has {cells} cells, expected {side}")]
    RowLength {
        /// Cells on the row.
        cells: usize,
        /// Cells expected.
        side: usize,
    },
    /// A block cell with a number larger than the side.
    #[error("cell {position} holds {value}, more than {side}")]
    ValueTooLarge {
        /// The cell's position on its row, from 1.
        position: usize,
        /// The number.
        value: u8,
        /// The grid's side.
        side: usize,
    },
    /// A comma-separated field that is no cell.
    #[error("field {field} (`{}`) is not a cell", Escaped(text))]
    BadField {
        /// The field's position, from 1.
        field: usize,
        /// Its text.
        text: String,
    },
    /// A LeetCode board without its closing `]`.
    #[error("unterminated board: `]` missing")]
    UnterminatedBoard,
    /// Something else where a LeetCode board was expected.
    #[error("expected a board starting with `[`")]
    ExpectedBoard,
    /// A board entry that is no cell.
    #[error("board entry `{}` is not a cell", Escaped(.0))]
    BoardEntry(String),
    /// A board with a number of cells that is no grid's.
    #[error("board has {0} cells, expected 81")]
    BoardLength(usize),
}

/// What is wrong with a region map.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// A map whose row count is no grid's side.
    #[error("a region map needs 4, 9, 16 or 25 rows, not {0}")]
    Rows(usize),
    /// A map row of the wrong length.
    #[error("region map row {row} has {cells} cells, expected {side}")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Its cells.
        cells: usize,
        /// Cells expected.
        side: usize,
    },
    /// A region that doesn't have `side` cells.
    #[error("region `{}` has {cells} cells, expected {side}", escaped_char(*letter))]
    RegionSize {
        /// The region's letter.
        letter: char,
        /// Its cells.
        cells: usize,
        /// Cells expected.
        side: usize,
    },
    /// A map with a wrong number of regions.
    #[error("the map has {regions} regions, expected {side}")]
    RegionCount {
        /// Regions found.
        regions: usize,
        /// Regions expected.
        side: usize,
    },
}

/// What to say of a carriage return inside a line: a file whose lines end
/// with a lone `\r` (old Mac text) reads as one line.
fn lone_cr(c: char) -> &'static str {
    if c == '\r' {
        "; lines end with \\n or \\r\\n, not a lone \\r (convert the file, e.g. with tr '\\r' '\\n')"
    } else {
        ""
    }
}
