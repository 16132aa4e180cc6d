//! Candidate grids as text: a pencil-mark grid a player can read, and the
//! same text read back (for hand-written test positions).
//!
//! Each cell is one token: a filled cell is its digit (`7`); an empty cell
//! lists its candidates (`1679`), in parentheses when only one is left
//! (`(5)`), and `.` when none is. Tokens are padded to the widest of their
//! column, boxes are set off by `|` and by rule lines of `-` and `+`:
//!
//! ```text
//! +----------------+------------------+----------------+
//! | 4  1679  12679 | 139   2369  269  | 8  1239  5     |
//! ```

use super::candidates::Candidates;
use super::error::{LogicError, PencilMarkError};
use super::geometry::Geometry;
use crate::sudoku::grid::BOX_SIZES;
use crate::sudoku::layout::Layout;
use crate::sudoku::names::{digit_char, digit_value};
use std::sync::Arc;

impl Candidates {
    /// The pencil-mark grid as text, one line per row, with box
    /// separators (see the module doc for the format).
    pub fn render(&self) -> String {
        let (n, side) = (self.box_size(), self.side());
        let tokens: Vec<String> = (0..self.len()).map(|c| self.token(c)).collect();
        let widths: Vec<usize> =
            (0..side).map(|col| (0..side).map(|r| tokens[r * side + col].len()).max().unwrap_or(1)).collect();
        let rule = {
            let mut s = String::from("+");
            for b in 0..n {
                let w: usize = (0..n).map(|k| widths[b * n + k] + 1).sum::<usize>() + 1;
                s.push_str(&"-".repeat(w));
                s.push('+');
            }
            s
        };
        let mut out = String::new();
        for r in 0..side {
            if r % n == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for col in 0..side {
                if col % n == 0 {
                    out.push_str("| ");
                }
                let t = &tokens[r * side + col];
                out.push_str(t);
                out.push_str(&" ".repeat(widths[col] - t.len() + 1));
            }
            out.push_str("|\n");
        }
        out.push_str(&rule);
        out.push('\n');
        out
    }

    fn token(&self, cell: usize) -> String {
        match (self.value(cell), self.candidates(cell)) {
            (0, set) if set.is_empty() => ".".into(),
            (0, set) if set.len() == 1 => format!("({})", digit_char(set.to_vec()[0])),
            (0, set) => set.iter().map(digit_char).collect(),
            (v, _) => digit_char(v).to_string(),
        }
    }

    /// Reads a classic candidate grid written as [`Candidates::render`]
    /// writes it (separators and padding are optional: any 16, 81, 256 or
    /// 625 tokens do). Fails on a bad token, a wrong count, or an empty
    /// cell that keeps a candidate a filled peer holds.
    ///
    /// ```
    /// use exactcover::sudoku::Grid;
    /// use exactcover::sudoku::logic::Candidates;
    /// let g = Grid::from_line("1.3.........2.4.").unwrap();
    /// let c = Candidates::new(&g);
    /// assert_eq!(Candidates::from_pencilmarks(&c.render()).unwrap(), c);
    /// ```
    pub fn from_pencilmarks(text: &str) -> Result<Candidates, LogicError> {
        let count = tokens(text).count();
        let n =
            BOX_SIZES.into_iter().find(|n| n.pow(4) == count).ok_or(LogicError::Parse(PencilMarkError::Size(count)))?;
        parse(Geometry::classic(n), text)
    }

    /// Reads a candidate grid of any layout (see
    /// [`Candidates::from_pencilmarks`]).
    pub fn from_pencilmarks_with_layout(layout: &Layout, text: &str) -> Result<Candidates, LogicError> {
        parse(Geometry::of(layout), text)
    }
}

fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.chars().all(|ch| "-+=".contains(ch) || ch.is_whitespace()))
        .flat_map(|l| l.split(|ch: char| ch == '|' || ch.is_whitespace()))
        .filter(|t| !t.is_empty())
}

fn parse(geo: Arc<Geometry>, text: &str) -> Result<Candidates, LogicError> {
    let side = geo.side;
    let bad = |t: &str| LogicError::Parse(PencilMarkError::Token(t.to_string()));
    let mut values = Vec::new();
    let mut masks = Vec::new();
    for t in tokens(text) {
        let (value, mask) = if t == "." {
            (0, 0)
        } else if let Some(inner) = t.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            let mut chars = inner.chars();
            match (chars.next().and_then(|ch| digit_value(ch, side)), chars.next()) {
                (Some(d), None) if d > 0 => (0, 1u32 << (d - 1)),
                _ => return Err(bad(t)),
            }
        } else {
            let digits: Option<Vec<u8>> = t.chars().map(|ch| digit_value(ch, side)).collect();
            match digits {
                Some(ds) if ds.iter().all(|&d| d > 0) => {
                    if ds.len() == 1 {
                        (ds[0], 0)
                    } else {
                        (0, ds.iter().fold(0u32, |m, &d| m | 1 << (d - 1)))
                    }
                }
                _ => return Err(bad(t)),
            }
        };
        values.push(value);
        masks.push(mask);
    }
    if values.len() != geo.cells() {
        return Err(LogicError::Parse(PencilMarkError::Cells { found: values.len(), expected: geo.cells() }));
    }
    for (c, &mask) in masks.iter().enumerate() {
        for &p in &geo.peers[c] {
            let v = values[p];
            if v != 0 && mask >> (v - 1) & 1 == 1 {
                return Err(LogicError::Parse(PencilMarkError::Contradiction { cell: c, digit: v, peer: p, side }));
            }
        }
    }
    Ok(Candidates::from_parts(geo, values, masks))
}
