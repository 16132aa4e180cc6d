//! The grid: `side × side` cells (side = n², box size n = 2..=5), each
//! empty or holding a digit `1..=side`.
//!
//! Digits are written `1`–`9`, then `A`, `B`, ... for 10 and up (so 16×16
//! uses `1`–`9` and `A`–`G`). Empty cells are written `.`, and read from
//! `.`, `0` or `_`. Cells are named `r1c1` … `r9c9` (1-based).

#![forbid(unsafe_code)]

use super::cells::Cells;
use super::error::{ParseErrorKind, SudokuError};
use super::names::{CELL_VALUE, digit_char, digit_value};
use std::fmt;

/// The box sizes supported: 2 (4×4) to 5 (25×25).
pub const BOX_SIZES: std::ops::RangeInclusive<usize> = 2..=5;

/// `n` if it is a box size this crate handles (2..=5), else
/// [`SudokuError::BoxSize`].
pub(crate) fn check_box_size(n: usize) -> Result<usize, SudokuError> {
    if BOX_SIZES.contains(&n) { Ok(n) } else { Err(SudokuError::BoxSize(n)) }
}

/// The largest of `cells` (0 for none): one pass without an early exit,
/// which vectorises.
fn max_value(cells: &[u8]) -> u8 {
    cells.iter().fold(0, |m, &v| m.max(v))
}

/// A Sudoku grid. Cell `k` is at row `k / side`, column `k % side`; 0 is
/// empty.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    n: usize,
    cells: Cells,
}

impl Grid {
    /// An empty grid with box size `n` (2..=5, for 4×4 to 25×25); another
    /// size is [`SudokuError::BoxSize`].
    pub fn empty(n: usize) -> Result<Grid, SudokuError> {
        Ok(Grid::blank(check_box_size(n)?))
    }

    /// An empty grid of a box size known to be valid (a layout's or a
    /// grid's).
    pub(crate) fn blank(n: usize) -> Grid {
        debug_assert!(BOX_SIZES.contains(&n));
        Grid { n, cells: Cells::from(vec![0; n * n * n * n]) }
    }

    /// A grid from cell values (0 for empty), row by row. `None` if the
    /// length isn't 16, 81, 256 or 625 or a value is out of range.
    pub fn from_cells(cells: Vec<u8>) -> Option<Grid> {
        let n = BOX_SIZES.into_iter().find(|n| n.pow(4) == cells.len())?;
        let side = (n * n) as u8;
        (max_value(&cells) <= side).then(|| Grid { n, cells: Cells::from(cells) })
    }

    /// A grid from cell values like [`Grid::from_cells`], copied from a
    /// slice: a 9×9 or 4×4 grid allocates nothing.
    pub fn from_slice(cells: &[u8]) -> Option<Grid> {
        let n = BOX_SIZES.into_iter().find(|n| n.pow(4) == cells.len())?;
        let side = (n * n) as u8;
        (max_value(cells) <= side).then(|| Grid { n, cells: Cells::from_slice(cells) })
    }

    /// Reads a grid from one line of cell characters (`.`, `0` or `_` for
    /// empty), with nothing else on it. See [`crate::sudoku::read_puzzles`]
    /// for every other format.
    ///
    /// ```
    /// use exactcover::sudoku::Grid;
    /// let g = Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..").unwrap();
    /// assert_eq!(g.givens(), 21);
    /// ```
    pub fn from_line(text: &str) -> Option<Grid> {
        // Every cell character is ASCII, so a valid line has one byte per
        // cell (a longer text may still be the right number of characters,
        // but then one of them is not a cell).
        let len = text.len();
        let n = BOX_SIZES.into_iter().find(|n| n.pow(4) == len)?;
        // A table look-up per byte, and one test at the end: a test per
        // cell of whether it is given would follow the puzzle's pattern,
        // which no branch predictor learns.
        let cells = Cells::map_bytes(text.as_bytes(), |b| CELL_VALUE[usize::from(b)]);
        (usize::from(max_value(&cells)) <= n * n).then_some(Grid { n, cells })
    }

    /// Makes this the 9×9 grid of the 81 cell characters `bytes`, in
    /// place, if each is one (`.`, `0` or `_` for empty, `1`–`9`), and says
    /// whether; if not, the grid is some 9×9 grid. It reads what
    /// [`Grid::from_line`] reads, without a table look-up per byte or a
    /// grid to move: one pass of compares and selects, which the compiler
    /// turns into vector instructions, 16 bytes at a time.
    pub(crate) fn read_nine(&mut self, bytes: &[u8; 81]) -> bool {
        self.n = 3;
        let cells = self.cells.nine_mut();
        let mut bad = false;
        for (cell, &b) in cells.iter_mut().zip(bytes) {
            let v = b.wrapping_sub(b'0');
            let digit = v <= 9;
            bad |= !(digit | (b == b'.') | (b == b'_'));
            // A value of at most 9 whatever the byte: the grid stays one.
            *cell = if digit { v } else { 0 };
        }
        !bad
    }

    /// The box size n (3 for 9×9).
    pub fn box_size(&self) -> usize {
        self.n
    }

    /// The side, n² (9 for 9×9).
    pub fn side(&self) -> usize {
        self.n * self.n
    }

    /// The cells, row by row, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells, to be written: by the crate's searches only, which
    /// write digits of the grid's size.
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The value at row `r`, column `c` (0-based), 0 if empty.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.side() + c]
    }

    /// Sets the value at row `r`, column `c` (0 clears it).
    pub fn set(&mut self, r: usize, c: usize, value: u8) {
        let side = self.side();
        assert!(usize::from(value) <= side, "value {value} out of range");
        self.cells[r * side + c] = value;
    }

    /// The number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The grid on one line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        // Every digit character is ASCII: one byte per cell.
        let bytes = self.cells.iter().map(|&v| digit_char(v) as u8).collect();
        String::from_utf8(bytes).expect("ASCII")
    }

    /// The grid as a block of lines with box separators, as qqwing and
    /// Simple Sudoku write it.
    pub fn to_block(&self) -> String {
        let (n, side) = (self.n, self.side());
        let rule: String = (0..n).map(|_| "-".repeat(2 * n + 1)).collect::<Vec<_>>().join("+");
        let rule = rule[1..rule.len() - 1].to_string();
        let mut s = String::new();
        for r in 0..side {
            if r > 0 && r % n == 0 {
                s.push_str(&rule);
                s.push('\n');
            }
            for c in 0..side {
                if c > 0 {
                    s.push_str(if c % n == 0 { " | " } else { " " });
                }
                s.push(digit_char(self.get(r, c)));
            }
            s.push('\n');
        }
        s
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

/// A grid from one line of cells (`1`–`9`, then `A`, `B`, ... for bigger grids;
/// `.` or `0` for empty), 16, 81, 256 or 625 of them. The error names the
/// cell and the character:
///
/// ```
/// use exactcover::sudoku::Grid;
///
/// let grid: Grid = "1.3.........2.4.".parse().unwrap();
/// assert_eq!(grid.side(), 4);
/// let err = "1.3.....x...2.4.".parse::<Grid>().unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 9: bad character `x` in r3c1 of a 4×4 grid");
/// ```
impl std::str::FromStr for Grid {
    type Err = SudokuError;

    fn from_str(text: &str) -> Result<Grid, SudokuError> {
        let text = text.trim();
        let len = text.chars().count();
        let wrong_length = ParseErrorKind::WrongLength { cells: len, looks_like_row: false };
        let n = BOX_SIZES.into_iter().find(|n| n.pow(4) == len).ok_or(SudokuError::parse(1, 1, wrong_length))?;
        let side = n * n;
        let cells = text
            .chars()
            .enumerate()
            .map(|(cell, character)| {
                digit_value(character, side).ok_or(SudokuError::parse(
                    1,
                    cell + 1,
                    ParseErrorKind::BadCell { character, cell, side },
                ))
            })
            .collect::<Result<Vec<u8>, SudokuError>>()?;
        Ok(Grid { n, cells: Cells::from(cells) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::names::cell_name;

    #[test]
    fn digits_round_trip() {
        for side in [4, 9, 16, 25] {
            for v in 0..=side as u8 {
                assert_eq!(digit_value(digit_char(v), side), Some(v));
            }
        }
        assert_eq!(digit_value('G', 16), Some(16));
        assert_eq!(digit_value('H', 16), None);
        assert_eq!(digit_value('5', 4), None);
    }

    /// The table agrees with the rule, restated here character by
    /// character, for every byte and side, and a line is read exactly when
    /// each of its characters is a cell of its grid.
    #[test]
    fn cell_characters_by_table_follow_the_rule() {
        let rule = |c: char, side: usize| {
            let v = match c {
                '.' | '0' | '_' => 0,
                '1'..='9' => c as u8 - b'0',
                'A'..='Z' => c as u8 - b'A' + 10,
                'a'..='z' => c as u8 - b'a' + 10,
                _ => return None,
            };
            (usize::from(v) <= side).then_some(v)
        };
        let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        for c in (0..=0x2FFu32).filter_map(char::from_u32) {
            for side in [4, 9, 16, 25] {
                assert_eq!(digit_value(c, side), rule(c, side), "{c:?} in a {side}×{side} grid");
            }
            let mut text = String::from(line);
            text.replace_range(40..41, c.encode_utf8(&mut [0; 4]));
            let read = Grid::from_line(&text);
            assert_eq!(read.is_some(), rule(c, 9).is_some(), "{c:?}");
            if let (Some(g), Some(v)) = (read, rule(c, 9)) {
                assert_eq!((g.cells()[40], g.givens()), (v, 20 + usize::from(v != 0)), "{c:?}");
            }
        }
    }

    /// The in-place reader reads what `from_line` reads, on lines of cell
    /// characters with one or two bytes changed to anything, into grids
    /// of every size; a refused line leaves a valid 9×9 grid.
    #[test]
    fn reading_nine_in_place_agrees_with_from_line() {
        let line = *b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut grids = [Grid::blank(2), Grid::blank(3), Grid::blank(4), Grid::blank(5)];
        let (mut read, mut refused) = (0, 0);
        for k in 0..20_000 {
            let mut bytes = line;
            for _ in 0..1 + k % 2 {
                let at = (next() % 81) as usize;
                bytes[at] =
                    if next() % 2 == 0 { (next() % 256) as u8 } else { b"0123456789._aZ\r\n"[(next() % 16) as usize] };
            }
            let grid = &mut grids[k % 4];
            let ok = grid.read_nine(&bytes);
            let want = std::str::from_utf8(&bytes).ok().and_then(Grid::from_line);
            assert_eq!(ok, want.is_some(), "{bytes:?}");
            assert_eq!((grid.box_size(), grid.cells().len()), (3, 81));
            assert!(grid.cells().iter().all(|&v| v <= 9));
            match want {
                Some(want) => {
                    assert_eq!(*grid, want);
                    read += 1;
                }
                None => refused += 1,
            }
        }
        assert!(read > 5000 && refused > 5000, "{read} read, {refused} refused");
    }

    #[test]
    fn block_format() {
        let g = Grid::from_line("1234341221434321").unwrap();
        assert_eq!(g.to_block(), "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n");
        assert_eq!(cell_name(80, 9), "r9c9");
    }
}
