//! The fastest way in for the commonest input: a 9×9 puzzle alone on its
//! line, 81 cell characters and `\n` (or `\r\n`), read straight from the
//! input's buffer into the reader's own puzzle, which is lent out
//! ([`PuzzleReader::lend_next`]): no copy of the line, no search for its
//! end, no grid moved.
//!
//! **Invariant.** The fast path takes a line only when the general path
//! would read it to the same puzzle: outside a block or a board, with
//! nothing queued, in the formats that read lines, and when its 81 bytes
//! are all 9×9 cell characters (so none is a line end) followed by its
//! line end. Anything else, a byte-order mark, a line cut by the end of
//! the buffer, a last line without a line end, is left untouched for the
//! general path. An end of input seen here is kept for the general path
//! (`ended`): a terminal reports it once, and a second read would wait
//! for more.

#![forbid(unsafe_code)]

use super::{InputFormat, Puzzle, PuzzleReader};
use crate::sudoku::error::SudokuError;
use std::io::BufRead;

impl<R: BufRead> PuzzleReader<R> {
    /// Reads the next puzzle and lends it: the reader keeps it until the
    /// next call. The same puzzles and errors, in the same order, as the
    /// iterator gives; a plain 9×9 line is read in place (see the module
    /// docs).
    pub fn lend_next(&mut self) -> Option<Result<&Puzzle, SudokuError>> {
        if !self.plain_nine() {
            self.current = match self.general_next()? {
                Ok(p) => p,
                Err(e) => return Some(Err(e)),
            };
        }
        Some(Ok(&self.current))
    }

    /// Reads the next line into the reader's puzzle if it is a plain 9×9
    /// line (see the module docs), and says whether it was.
    pub(super) fn plain_nine(&mut self) -> bool {
        if self.done
            || self.ended
            || self.skipping
            || self.queued.is_some()
            || self.block.is_some()
            || self.board.is_some()
            || !matches!(self.format, InputFormat::Auto | InputFormat::Line)
            || self.cancelled()
        {
            return false;
        }
        let Ok(available) = self.input.fill_buf() else {
            // The general path reads again, and reports the error.
            return false;
        };
        if available.is_empty() {
            // The end of the input, which a terminal says once (Ctrl-D):
            // kept for the general path, which must not read again.
            self.ended = true;
            return false;
        }
        let end = match available.get(81..83) {
            Some([b'\n', _]) => 82,
            Some(b"\r\n") => 83,
            _ => return false,
        };
        let Ok(bytes) = available[..81].try_into() else {
            return false;
        };
        if !self.current.grid.read_nine(bytes) {
            return false;
        }
        self.line += 1;
        self.current.line = self.line;
        self.current.solution = None;
        self.current.count = None;
        self.current.given_at = (0, 0);
        self.content = true;
        self.consume(end);
        true
    }
}
