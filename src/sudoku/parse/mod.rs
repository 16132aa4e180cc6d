//! Reading puzzles in every common format, one at a time, from a stream.
//!
//! Each line is looked at once, in this order (with `Auto`; an explicit
//! [`InputFormat`] allows only its own shapes):
//!
//! 1. A UTF-8 byte-order mark, `\r` line ends, blank lines and lines
//!    starting with `#` (comments) are skipped. So is a CSV header, but only
//!    as the first line with content: words and commas, with a comma, such
//!    as `quizzes,solutions`.
//! 2. A line starting with `[` starts a LeetCode board
//!    (`[["5","3",".",...],...]`), which may span up to
//!    [`MAX_BOARD_LINES`] lines; each further line must start with `[`,
//!    `]`, `,` or a quote, so a board left open never swallows the puzzles
//!    after it.
//! 3. A line starting with 81 cell characters (16, 256 or 625 for the other
//!    sizes) is a puzzle. After it may come `:count[:solution]` (tdoku), a
//!    comma and the solution (Kaggle CSV), or a comment after whitespace,
//!    `,`, `;` or `#`. A line whose cells are split by spaces or `|` into
//!    groups ("8........ ..36..... ...") is a puzzle too.
//! 4. Otherwise the line is a row of a block: digits with or without
//!    spaces (`0 0 3 ...`), with `|` between boxes and lines of `-`, `+`
//!    or `=` between bands (qqwing, Simple Sudoku), or comma-separated
//!    fields with blanks for empty cells (the seed generator's CSV). A
//!    block has as many rows as its first row has cells.
//!
//! Lines of only `-`, `+`, `=`, `|`, `*` and spaces separate the bands of a
//! block and are skipped. Every other line is read as a puzzle or a part of
//! one, or reported as an error: nothing is dropped without a word.
//!
//! A block ends early, with an error naming its first line, when a line
//! can't be its next row but is something of its own: a whole puzzle, or
//! (after one row only) the first row of a block of another size. So a
//! stray short line blames itself and swallows nothing after it.
//!
//! Errors carry the line and column, and the reader goes on with the next
//! line, so one bad puzzle in a batch loses nothing else. A line longer
//! than [`MAX_LINE`] bytes is reported as soon as it passes the limit, and
//! its rest is skipped, so memory stays bounded and an endless line (say
//! `/dev/zero`) is reported at once.
//!
//! A plain 9×9 line (81 cell characters and its line end) is read
//! straight from the input's buffer, without the steps above (see
//! `plain`); it reads to the puzzle they would read.
//!
//! A reader given a cancel flag ([`PuzzleReader::with_cancel`]) looks at it
//! before each read from its input, and ends (as if the input ended there,
//! with no error) once it is raised: a reader skipping an endless line
//! stops within one buffer's read of the flag.

mod cells;
mod newline;
mod plain;

use super::error::{ParseErrorKind, SudokuError};
use super::grid::Grid;
use super::names::digit_value;
use cells::{block_cells, is_cell_char, is_header, parse_cells, parse_solution, wrong_length};
use newline::newline;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The longest line read; longer lines are reported and skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// The most lines a LeetCode board may span (a 25×25 board written one row
/// per line, with its brackets, takes 27).
pub const MAX_BOARD_LINES: usize = 32;

/// Which input shapes to accept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputFormat {
    /// Detect the shape of each puzzle.
    #[default]
    Auto,
    /// One puzzle per line (with optional tdoku or CSV extras).
    Line,
    /// Blocks of rows.
    Block,
    /// CSV: Kaggle's `quizzes,solutions` rows or comma grids.
    Csv,
    /// LeetCode boards.
    Leetcode,
}

/// A puzzle read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Puzzle {
    /// The puzzle.
    pub grid: Grid,
    /// The line where it starts, from 1.
    pub line: usize,
    /// The solution the input gives (Kaggle, tdoku), if any.
    pub solution: Option<Grid>,
    /// The number of solutions the input gives (tdoku), if any.
    pub count: Option<u64>,
    /// The columns where the input gives the count and the solution (0
    /// where it gives none), for messages that name them.
    pub given_at: (usize, usize),
}

impl Puzzle {
    /// A puzzle with nothing given beside its cells.
    fn bare(grid: Grid, line: usize) -> Puzzle {
        Puzzle { grid, line, solution: None, count: None, given_at: (0, 0) }
    }
}

/// Reads every puzzle of a string. See [`PuzzleReader`] for streams.
///
/// ```
/// use exactcover::sudoku::{read_puzzles, InputFormat};
/// let text = "# two puzzles\n\
///             8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.. hardest\n\
///             1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 .\n";
/// let puzzles: Vec<_> = read_puzzles(text, InputFormat::Auto).collect::<Result<_, _>>()?;
/// assert_eq!(puzzles.len(), 2);
/// assert_eq!((puzzles[1].line, puzzles[1].grid.side()), (3, 4));
/// # Ok::<(), exactcover::sudoku::SudokuError>(())
/// ```
pub fn read_puzzles(text: &str, format: InputFormat) -> PuzzleReader<&[u8]> {
    PuzzleReader::new(text.as_bytes(), format)
}

/// Reads puzzles from a stream, one at a time.
#[derive(Debug)]
pub struct PuzzleReader<R> {
    input: R,
    format: InputFormat,
    line: usize,
    buf: Vec<u8>,
    /// Rows of the block being read: first line, cells so far, row length.
    block: Option<(usize, Vec<u8>, usize)>,
    /// A LeetCode board being read: first line and text so far.
    board: Option<(usize, String)>,
    /// Whether a line with content (not blank, not a comment) was seen: a
    /// CSV header may only come before.
    content: bool,
    /// An item to hand out before reading on.
    queued: Option<Item>,
    done: bool,
    bytes: u64,
    /// Inside an overlong line already reported: its rest is skipped.
    skipping: bool,
    /// Raised, the reader ends.
    cancel: Option<Arc<AtomicBool>>,
    /// Whether the input said it ended (to the fast path, which leaves
    /// the end to the general path without reading again).
    ended: bool,
    /// The puzzle last lent out ([`PuzzleReader::lend_next`]), written in
    /// place by the fast path.
    current: Puzzle,
}

type Item = Result<Puzzle, SudokuError>;

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of `input` in the given format.
    pub fn new(input: R, format: InputFormat) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            format,
            line: 0,
            buf: Vec::new(),
            block: None,
            board: None,
            content: false,
            queued: None,
            done: false,
            bytes: 0,
            skipping: false,
            cancel: None,
            ended: false,
            current: Puzzle::bare(Grid::blank(3), 0),
        }
    }

    /// Ends the reader once `flag` is raised (for Ctrl-C): the flag is
    /// looked at before each read from the input, so a reader skipping an
    /// endless line notices it too. A cancelled reader yields nothing more,
    /// not even an error for a block left open.
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> PuzzleReader<R> {
        self.cancel = Some(flag);
        self
    }

    /// Whether the cancel flag is raised.
    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Bytes read so far (for progress bars).
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// Reads the next line into `buf`, at most `MAX_LINE` bytes (and its
    /// line end). Returns `None` at the end (or once cancelled), and
    /// `Some(false)` for an overlong line, as soon as it passes the limit:
    /// the next call skips the rest of it first.
    fn next_line(&mut self) -> std::io::Result<Option<bool>> {
        self.buf.clear();
        while self.skipping {
            match self.fill()? {
                None => return Ok(None),
                Some((used, found)) => {
                    self.consume(used);
                    self.skipping = !found;
                }
            }
        }
        loop {
            let Some((used, found)) = self.fill()? else {
                return Ok((!self.buf.is_empty()).then_some(true));
            };
            if self.buf.len() + used > MAX_LINE + 2 {
                self.consume(used);
                self.buf.clear();
                self.skipping = !found;
                return Ok(Some(false));
            }
            let available = self.input.fill_buf()?;
            self.buf.extend_from_slice(&available[..used]);
            self.consume(used);
            if found {
                return Ok(Some(true));
            }
        }
    }

    /// Fills the input's buffer: how many bytes of it belong to the
    /// current line, and whether they end it (with its `\n`); `None` at
    /// the end of the input or once cancelled.
    fn fill(&mut self) -> std::io::Result<Option<(usize, bool)>> {
        loop {
            if self.cancelled() || self.ended {
                return Ok(None);
            }
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(None);
            }
            return Ok(Some(match newline(available) {
                Some(p) => (p + 1, true),
                None => (available.len(), false),
            }));
        }
    }

    fn consume(&mut self, used: usize) {
        self.input.consume(used);
        self.bytes += used as u64;
    }

    /// The fast path for the commonest input: a line of exactly 81 cell
    /// characters and nothing else, outside a block or board, read by
    /// [`Grid::from_line`] without a `String` per line. Anything else goes the general way through [`Self::step`],
    /// which reads the same line to the same grid.
    fn plain_line(&self) -> Option<Grid> {
        if self.block.is_some() || self.board.is_some() || !matches!(self.format, InputFormat::Auto | InputFormat::Line)
        {
            return None;
        }
        let mut bytes: &[u8] = &self.buf;
        while let [rest @ .., b'\n' | b'\r'] = bytes {
            bytes = rest;
        }
        if bytes.len() != 81 {
            return None;
        }
        Grid::from_line(std::str::from_utf8(bytes).ok()?)
    }

    fn line_text(&mut self) -> Result<Option<String>, SudokuError> {
        let line = self.line;
        let mut bytes: &[u8] = &self.buf;
        if line == 1 {
            bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        }
        while let [rest @ .., b'\n' | b'\r'] = bytes {
            bytes = rest;
        }
        match std::str::from_utf8(bytes) {
            Ok(s) => Ok(Some(s.to_string())),
            Err(e) => {
                let column = 1 + String::from_utf8_lossy(&bytes[..e.valid_up_to()]).chars().count();
                Err(SudokuError::parse(line, column, ParseErrorKind::InvalidUtf8))
            }
        }
    }

    /// Ends an unfinished block or board with an error.
    fn unfinished(&mut self) -> Option<Item> {
        if let Some((start, cells, side)) = self.block.take() {
            let rows = cells.len() / side;
            return Some(Err(SudokuError::parse(start, 1, ParseErrorKind::IncompleteBlock { rows, side })));
        }
        if let Some((start, _)) = self.board.take() {
            return Some(Err(SudokuError::parse(start, 1, ParseErrorKind::UnterminatedBoard)));
        }
        None
    }

    fn step(&mut self, text: &str) -> Option<Item> {
        let line = self.line;
        let trimmed = text.trim();
        if let Some((start, mut board)) = self.board.take() {
            let lines = line - start + 1;
            if trimmed.starts_with(['[', ']', ',', '"', '\'']) && lines <= MAX_BOARD_LINES {
                board.push_str(text);
                return self.finish_board(start, board);
            }
            // Not a board's line: the board ends here, unfinished, and the
            // line is read on its own.
            let unfinished = SudokuError::parse(start, 1, ParseErrorKind::UnterminatedBoard);
            self.queued = self.step(text);
            return Some(Err(unfinished));
        }
        if trimmed.starts_with('#') {
            // Old Mac text (lines ending with a lone `\r`) reads as one
            // line, all comment if the first is: say so, not "no puzzles".
            if let Some(cr) = text.find('\r').filter(|&cr| !text[cr..].trim().is_empty()) {
                let column = text[..cr].chars().count() + 1;
                return Some(Err(SudokuError::parse(line, column, ParseErrorKind::BadCharacter('\r'))));
            }
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return self.unfinished();
        }
        let first_content = !std::mem::replace(&mut self.content, true);
        if first_content && is_header(trimmed) {
            return None;
        }
        if trimmed.starts_with('[') && matches!(self.format, InputFormat::Auto | InputFormat::Leetcode) {
            let unfinished = self.unfinished();
            let board = self.finish_board(line, trimmed.to_string());
            return match unfinished {
                Some(e) => {
                    self.queued = board;
                    Some(e)
                }
                None => board,
            };
        }
        if self.format == InputFormat::Leetcode {
            return Some(Err(SudokuError::parse(line, 1, ParseErrorKind::ExpectedBoard)));
        }
        if self.ends_block(text) {
            // The block ends here, unfinished, and the line is read on its
            // own.
            let unfinished = self.unfinished();
            self.queued = self.step(text);
            return unfinished;
        }
        if self.block.is_none() && matches!(self.format, InputFormat::Auto | InputFormat::Line | InputFormat::Csv) {
            if let Some(item) = self.line_puzzle(text) {
                return Some(item);
            }
        }
        if self.format == InputFormat::Line {
            return Some(Err(wrong_length(line, text)));
        }
        self.block_row(text)
    }

    /// Whether the open block (if any) ends before this line, which can't
    /// be its next row but is something of its own: a whole puzzle, or,
    /// when the block has a single row, the first row of a block of another
    /// size (the lone row was the stray line). A line that is neither is
    /// the block's bad row, and blamed as such.
    fn ends_block(&self, text: &str) -> bool {
        let Some((_, cells, side)) = &self.block else {
            return false;
        };
        let (rows, side) = (cells.len() / side, *side);
        let row = match block_cells(text, self.line) {
            Ok(None) => return false,
            Ok(Some(row)) => Some(row.len()),
            Err(_) => None,
        };
        if row == Some(side) {
            return false;
        }
        if matches!(self.format, InputFormat::Auto | InputFormat::Csv) && self.line_puzzle(text).is_some() {
            return true;
        }
        rows == 1 && row.is_some_and(|cells| [4, 9, 16, 25].contains(&cells))
    }

    /// A whole puzzle on this line, if it is one.
    fn line_puzzle(&self, text: &str) -> Option<Item> {
        let line = self.line;
        let offset = text.len() - text.trim_start().len();
        let body = &text[offset..];
        let run: usize = body.chars().take_while(|&c| is_cell_char(c)).count();
        let column0 = text[..offset].chars().count() + 1;
        if [81, 256, 625].contains(&run) || (run == 16 && body.chars().take(16).all(|c| digit_value(c, 4).is_some())) {
            let split = body.char_indices().nth(run).map_or(body.len(), |(i, _)| i);
            let (cells, rest) = body.split_at(split);
            return Some(self.with_extras(cells, rest, column0, column0 + run));
        }
        if body.contains(',') {
            return None;
        }
        // Groups split by spaces or `|`, all on this line.
        let squeezed: String = body.chars().filter(|&c| c != ' ' && c != '\t' && c != '|').collect();
        let len = squeezed.chars().count();
        if [81, 256, 625].contains(&len) && squeezed.chars().all(is_cell_char) {
            return Some(parse_cells(&squeezed, line, column0).map(|grid| Puzzle::bare(grid, line)));
        }
        None
    }

    /// A line puzzle's cells and what follows them.
    fn with_extras(&self, cells: &str, rest: &str, column: usize, rest_column: usize) -> Item {
        let line = self.line;
        let grid = parse_cells(cells, line, column)?;
        let mut puzzle = Puzzle::bare(grid, line);
        if let Some(extra) = rest.strip_prefix(':') {
            let (count, solution) = extra.split_once(':').unwrap_or((extra, ""));
            let count = count.trim();
            puzzle.count =
                Some(count.parse().map_err(|_| {
                    SudokuError::parse(line, rest_column + 1, ParseErrorKind::BadCount(count.to_string()))
                })?);
            puzzle.given_at.0 = rest_column + 1;
            let solution = solution.trim();
            if !solution.is_empty() {
                let at = rest_column + 2 + count.chars().count();
                puzzle.solution = Some(parse_solution(solution, &puzzle.grid, line, at)?);
                puzzle.given_at.1 = at;
            }
        } else if let Some(extra) = rest.strip_prefix(',') {
            let field = extra.split([',', ';']).next().unwrap_or("").trim();
            if field.chars().count() == cells.chars().count() && field.chars().all(is_cell_char) {
                puzzle.solution = Some(parse_solution(field, &puzzle.grid, line, rest_column + 1)?);
                puzzle.given_at.1 = rest_column + 1;
            }
        } else if !(rest.is_empty() || rest.starts_with([' ', '\t', ';', '#'])) {
            let bad = rest.chars().next().unwrap_or(' ');
            return Err(SudokuError::parse(line, rest_column, ParseErrorKind::Trailing(bad)));
        }
        Ok(puzzle)
    }

    /// One row of a block.
    fn block_row(&mut self, text: &str) -> Option<Item> {
        let line = self.line;
        let row = match block_cells(text, line) {
            Ok(None) => return None,
            Ok(Some(row)) => row,
            Err(e) => {
                self.block = None;
                return Some(Err(e));
            }
        };
        let (start, mut cells, side) = match self.block.take() {
            Some(b) => b,
            None => {
                if ![4, 9, 16, 25].contains(&row.len()) {
                    return Some(Err(wrong_length(line, text)));
                }
                (line, Vec::with_capacity(row.len() * row.len()), row.len())
            }
        };
        if row.len() != side {
            return Some(Err(SudokuError::parse(line, 1, ParseErrorKind::RowLength { cells: row.len(), side })));
        }
        if let Some(pos) = row.iter().position(|&(v, _)| usize::from(v) > side) {
            let (value, column) = row[pos];
            return Some(Err(SudokuError::parse(
                line,
                column,
                ParseErrorKind::ValueTooLarge { position: pos + 1, value, side },
            )));
        }
        cells.extend(row.iter().map(|&(v, _)| v));
        if cells.len() == side * side {
            let grid = Grid::from_cells(cells).expect("a full block");
            return Some(Ok(Puzzle::bare(grid, start)));
        }
        self.block = Some((start, cells, side));
        None
    }

    fn finish_board(&mut self, start: usize, board: String) -> Option<Item> {
        let depth: i64 = board.chars().map(|c| i64::from(c == '[') - i64::from(c == ']')).sum();
        if depth > 0 {
            self.board = Some((start, board));
            return None;
        }
        let mut cells = Vec::new();
        for token in board.split(|c: char| !(c.is_alphanumeric() || c == '.' || c == '_')).filter(|t| !t.is_empty()) {
            let mut chars = token.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if is_cell_char(c) => cells.push(c),
                _ => {
                    return Some(Err(SudokuError::parse(start, 1, ParseErrorKind::BoardEntry(token.to_string()))));
                }
            }
        }
        let text: String = cells.into_iter().collect();
        if ![16, 81, 256, 625].contains(&text.len()) {
            return Some(Err(SudokuError::parse(start, 1, ParseErrorKind::BoardLength(text.len()))));
        }
        Some(parse_cells(&text, start, 1).map(|grid| Puzzle::bare(grid, start)))
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        if self.plain_nine() {
            return Some(Ok(self.current.clone()));
        }
        self.general_next()
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// The next item the general way, whatever the line (the fast path
    /// declined it, or wasn't asked).
    fn general_next(&mut self) -> Option<Item> {
        if let Some(item) = self.queued.take() {
            return Some(item);
        }
        while !self.done {
            match self.next_line() {
                Err(e) => {
                    self.done = true;
                    return Some(Err(SudokuError::parse(self.line + 1, 1, ParseErrorKind::Read(e.to_string()))));
                }
                Ok(None) => {
                    self.done = true;
                    return if self.cancelled() { None } else { self.unfinished() };
                }
                Ok(Some(false)) => {
                    self.line += 1;
                    self.block = None;
                    return Some(Err(SudokuError::parse(self.line, 1, ParseErrorKind::LineTooLong { max: MAX_LINE })));
                }
                Ok(Some(true)) => {
                    self.line += 1;
                    if let Some(grid) = self.plain_line() {
                        self.content = true;
                        return Some(Ok(Puzzle::bare(grid, self.line)));
                    }
                    let text = match self.line_text() {
                        Ok(Some(t)) => t,
                        Ok(None) => continue,
                        Err(e) => {
                            self.block = None;
                            return Some(Err(e));
                        }
                    };
                    if let Some(item) = self.step(&text) {
                        return Some(item);
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
