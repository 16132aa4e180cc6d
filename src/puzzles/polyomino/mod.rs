//! Polyomino packing: fill a board (a box, or any shape with holes) with a
//! set of pieces, each used exactly once.
//!
//! **Items.** One per board cell (named by row and column, as in Knuth's
//! `polyomino-dlx`: `00`, `01`, ...) and one per piece. All are primary:
//! every cell is covered once and every piece used once.
//!
//! **Options.** One per placement: a piece in one of its allowed
//! orientations, translated so that it lies on the board. The option is the
//! piece's name followed by the cells it covers.
//!
//! **Symmetry.** A board with symmetries has each solution several times,
//! once per symmetry. With `distinct`, one piece `P` is restricted: the
//! placements of `P` fall into orbits under the board's symmetry group `G`,
//! and only the least placement of each orbit is kept. `P` is chosen so
//! that no symmetry other than the identity fixes any of its placements;
//! then the `|G|` images of every solution are distinct and exactly one of
//! them keeps `P` in a chosen place, so the count is divided by `|G|`
//! exactly. (For the 6×10 box this is Knuth's classic restriction of the X
//! pentomino to one quarter of the box.)
//!
//! ```
//! use exactcover::puzzles::polyomino::{Packing, PackingOptions, rectangle, pentominoes};
//!
//! let p = Packing::new(pentominoes(), rectangle(3, 20), PackingOptions::distinct())?;
//! assert_eq!(p.problem().solver().count(), 2);
//! # Ok::<(), exactcover::puzzles::PuzzleError>(())
//! ```

mod shape;

pub use shape::{
    Cell, Piece, Shape, free_polyominoes, hexominoes, parse_board, parse_pieces, pentominoes, piece_set, tetrominoes,
};

use super::{PuzzleError, coordinate};
use crate::cover::{OptionId, Problem, ProblemBuilder};
use shape::{SYMMETRIES, transform};
use std::collections::HashMap;

/// How pieces may be turned, and whether to remove the board's symmetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackingOptions {
    /// Allow rotations.
    pub rotate: bool,
    /// Allow reflections (mirror images).
    pub reflect: bool,
    /// Count each solution once, not once per symmetry of the board.
    pub distinct: bool,
}

impl Default for PackingOptions {
    fn default() -> PackingOptions {
        PackingOptions { rotate: true, reflect: true, distinct: false }
    }
}

impl PackingOptions {
    /// Rotations and reflections allowed, symmetric solutions counted once.
    pub fn distinct() -> PackingOptions {
        PackingOptions { distinct: true, ..PackingOptions::default() }
    }
}

/// An `h`×`w` box.
pub fn rectangle(h: usize, w: usize) -> Vec<Cell> {
    (0..h as i32).flat_map(|r| (0..w as i32).map(move |c| (r, c))).collect()
}

/// Parses a box size written `6x10` (rows × columns).
pub fn parse_size(text: &str) -> Result<(usize, usize), PuzzleError> {
    let bad = || PuzzleError::BadParameter(format!("bad board size `{text}`: write it as ROWSxCOLUMNS, e.g. 6x10"));
    let (h, w) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (h, w): (usize, usize) = (h.trim().parse().map_err(|_| bad())?, w.trim().parse().map_err(|_| bad())?);
    if h == 0 || w == 0 || h * w > 1 << 20 {
        return Err(bad());
    }
    Ok((h, w))
}

/// A packing problem, with what is needed to draw its solutions.
#[derive(Clone, Debug)]
pub struct Packing {
    board: Vec<Cell>,
    pieces: Vec<Piece>,
    /// For each option: the piece and the cells it covers.
    placements: Vec<(usize, Vec<Cell>)>,
    symmetries: usize,
    restricted: Option<usize>,
    problem: Problem,
}

impl Packing {
    /// Sets up the packing of `pieces` into `board`.
    pub fn new(pieces: Vec<Piece>, board: Vec<Cell>, options: PackingOptions) -> Result<Packing, PuzzleError> {
        Packing::build(pieces, board, options, (1, 1))
    }

    /// Sets up the packing of `board` with each piece used between `lo`
    /// and `hi` times (`1 <= hi`, `lo <= hi`): the pieces become items with
    /// a multiplicity, so the search is Algorithm M. Symmetries can't be
    /// removed (`distinct`) unless each piece is used once.
    ///
    /// ```
    /// use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
    ///
    /// // The 5×6 box from pentominoes, each used at most twice.
    /// let p = Packing::with_piece_counts(pentominoes(), rectangle(5, 6), PackingOptions::default(), (0, 2))?;
    /// assert_eq!(p.problem().solver().count(), 18_316);
    /// # Ok::<(), exactcover::puzzles::PuzzleError>(())
    /// ```
    pub fn with_piece_counts(
        pieces: Vec<Piece>,
        board: Vec<Cell>,
        options: PackingOptions,
        (lo, hi): (u32, u32),
    ) -> Result<Packing, PuzzleError> {
        if hi == 0 || lo > hi {
            return Err(PuzzleError::BadParameter(format!("bad piece count {lo}..{hi}: need 1 <= max and min <= max")));
        }
        if options.distinct && (lo, hi) != (1, 1) {
            return Err(PuzzleError::BadParameter(
                "symmetries can be removed only when each piece is used once".to_string(),
            ));
        }
        Packing::build(pieces, board, options, (lo, hi))
    }

    fn build(
        pieces: Vec<Piece>,
        board: Vec<Cell>,
        options: PackingOptions,
        (lo, hi): (u32, u32),
    ) -> Result<Packing, PuzzleError> {
        let board = Shape::new(board).cells().to_vec();
        let area: usize = pieces.iter().map(|p| p.shape.len()).sum();
        let fits = (area * lo as usize..=area.saturating_mul(hi as usize)).contains(&board.len());
        if (lo, hi) == (1, 1) && area != board.len() {
            return Err(PuzzleError::AreaMismatch { board: board.len(), pieces: area });
        }
        if !fits {
            return Err(PuzzleError::BadParameter(format!(
                "the board has {} cells, but the pieces used {lo} to {hi} times each cover {} to {}",
                board.len(),
                area * lo as usize,
                area.saturating_mul(hi as usize)
            )));
        }
        let index: HashMap<Cell, usize> = board.iter().enumerate().map(|(k, &c)| (c, k)).collect();
        let mut by_piece: Vec<Vec<Vec<Cell>>> = pieces
            .iter()
            .map(|p| {
                let mut places = Vec::new();
                for o in p.shape.orientations(options.rotate, options.reflect) {
                    let (fr, fc) = o.cells()[0];
                    for &(r0, c0) in &board {
                        let cells: Vec<Cell> = o.cells().iter().map(|&(r, c)| (r - fr + r0, c - fc + c0)).collect();
                        if cells.iter().all(|c| index.contains_key(c)) {
                            places.push(cells);
                        }
                    }
                }
                places
            })
            .collect();
        let group = if options.distinct { symmetry_group(&board, &options) } else { vec![0] };
        let restricted = if group.len() > 1 {
            let k = choose_restricted(&by_piece, &group, &board).ok_or_else(|| {
                PuzzleError::NoSymmetryBreaker(
                    "every piece has a placement that a symmetry of the board maps to itself".into(),
                )
            })?;
            by_piece[k].retain(|pl| *pl == orbit_min(pl, &group, &board));
            Some(k)
        } else {
            None
        };

        let mut b = ProblemBuilder::new();
        let name = |&(r, c): &Cell| match (r, c) {
            (0..36, 0..36) => format!("{}{}", coordinate(r as usize), coordinate(c as usize)),
            _ => format!("r{r}c{c}"),
        };
        b.primary_items(board.iter().map(name))?;
        for p in &pieces {
            if (lo, hi) == (1, 1) {
                b.primary(p.name.clone())?;
            } else {
                b.primary_with_bounds(p.name.clone(), lo, hi)?;
            }
        }
        let mut placements = Vec::new();
        for (k, places) in by_piece.into_iter().enumerate() {
            for cells in places {
                let option: Vec<String> =
                    std::iter::once(pieces[k].name.clone()).chain(cells.iter().map(name)).collect();
                b.option(&option)?;
                placements.push((k, cells));
            }
        }
        Ok(Packing { board, pieces, placements, symmetries: group.len(), restricted, problem: b.build()? })
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The number of board symmetries removed (1 when not `distinct`).
    pub fn symmetries(&self) -> usize {
        self.symmetries
    }

    /// The piece restricted to remove the symmetry, if any.
    pub fn restricted_piece(&self) -> Option<&str> {
        self.restricted.map(|k| self.pieces[k].name.as_str())
    }

    /// The solution as a lettered picture: each cell shows the first
    /// character of its piece's name, and holes are `.`.
    pub fn render(&self, solution: &[OptionId]) -> String {
        let h = self.board.iter().map(|c| c.0).max().unwrap_or(0) as usize + 1;
        let w = self.board.iter().map(|c| c.1).max().unwrap_or(0) as usize + 1;
        let mut grid = vec![vec!['.'; w]; h];
        for &o in solution {
            let (k, cells) = &self.placements[o.as_usize()];
            let letter = self.pieces[*k].name.chars().next().unwrap_or('?');
            for &(r, c) in cells {
                grid[r as usize][c as usize] = letter;
            }
        }
        grid.into_iter().map(|row| row.into_iter().chain(['\n']).collect::<String>()).collect()
    }
}

/// The symmetries that map the board (at the origin) onto itself and that
/// the allowed orientations respect.
fn symmetry_group(board: &[Cell], options: &PackingOptions) -> Vec<usize> {
    let shape = Shape::new(board.iter().copied());
    (0..SYMMETRIES)
        .filter(|&g| {
            g == 0 || (options.rotate && shape::is_rotation(g)) || (options.reflect && (options.rotate || g == 4))
        })
        .filter(|&g| shape.transformed(g) == shape)
        .collect()
}

/// The image of a placement under board symmetry `g`, sorted.
fn image(cells: &[Cell], g: usize, board: &[Cell]) -> Vec<Cell> {
    let moved: Vec<Cell> = board.iter().map(|&c| transform(g, c)).collect();
    let r0 = moved.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = moved.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<Cell> = cells
        .iter()
        .map(|&c| {
            let (r, c) = transform(g, c);
            (r - r0, c - c0)
        })
        .collect();
    out.sort_unstable();
    out
}

fn orbit_min(cells: &[Cell], group: &[usize], board: &[Cell]) -> Vec<Cell> {
    group.iter().map(|&g| image(cells, g, board)).min().unwrap_or_default()
}

/// The piece with the fewest placements none of which is fixed by a
/// symmetry other than the identity.
fn choose_restricted(by_piece: &[Vec<Vec<Cell>>], group: &[usize], board: &[Cell]) -> Option<usize> {
    (0..by_piece.len())
        .filter(|&k| {
            by_piece[k].iter().all(|pl| {
                let mut sorted = pl.clone();
                sorted.sort_unstable();
                group[1..].iter().all(|&g| image(pl, g, board) != sorted)
            })
        })
        .min_by_key(|&k| by_piece[k].len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(pieces: Vec<Piece>, board: Vec<Cell>, options: PackingOptions) -> u64 {
        Packing::new(pieces, board, options).unwrap().problem().solver().count()
    }

    #[test]
    fn three_by_twenty() {
        assert_eq!(count(pentominoes(), rectangle(3, 20), PackingOptions::default()), 8);
        let p = Packing::new(pentominoes(), rectangle(3, 20), PackingOptions::distinct()).unwrap();
        assert_eq!(p.symmetries(), 4);
        assert_eq!(p.problem().solver().count(), 2);
    }

    #[test]
    fn tetrominoes_cannot_fill_four_by_five() {
        assert_eq!(count(tetrominoes(), rectangle(4, 5), PackingOptions::default()), 0);
    }

    #[test]
    fn area_must_match() {
        let e = Packing::new(pentominoes(), rectangle(6, 11), PackingOptions::default()).unwrap_err();
        assert_eq!(e, PuzzleError::AreaMismatch { board: 66, pieces: 60 });
    }

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("6x10").unwrap(), (6, 10));
        assert!(parse_size("6by10").is_err());
        assert!(parse_size("0x5").is_err());
    }

    #[test]
    fn rendering_shows_every_piece() {
        let p = Packing::new(pentominoes(), rectangle(3, 20), PackingOptions::distinct()).unwrap();
        let s = p.problem().solver().first().unwrap();
        let picture = p.render(&s);
        assert_eq!(picture.lines().count(), 3);
        for letter in "FILNPTUVWXYZ".chars() {
            assert_eq!(picture.chars().filter(|&c| c == letter).count(), 5, "{picture}");
        }
    }
}
