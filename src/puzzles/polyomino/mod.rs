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
use crate::cover::budget::Budget;
use crate::cover::{Bounds, ItemId, Limits, OptionId, Problem, ProblemBuilder};
use shape::{SYMMETRIES, transform};
use smallvec::SmallVec;
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

/// The most cells a board of [`parse_size`] has.
pub const MAX_BOARD_CELLS: usize = 1 << 20;

/// Parses a box size written `6x10` (rows × columns).
pub fn parse_size(text: &str) -> Result<(usize, usize), PuzzleError> {
    let bad = || PuzzleError::BadParameter(format!("bad board size `{text}`: write it as ROWSxCOLUMNS, e.g. 6x10"));
    let (h, w) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (h, w): (usize, usize) = (h.trim().parse().map_err(|_| bad())?, w.trim().parse().map_err(|_| bad())?);
    if h == 0 || w == 0 {
        return Err(bad());
    }
    match h.checked_mul(w) {
        Some(cells) if cells <= MAX_BOARD_CELLS => Ok((h, w)),
        _ => Err(PuzzleError::BadParameter(format!(
            "board size `{text}` is too large: at most {MAX_BOARD_CELLS} cells (e.g. 1024x1024)"
        ))),
    }
}

/// A packing problem, with what is needed to draw its solutions.
#[derive(Clone, Debug)]
pub struct Packing {
    board: Vec<Cell>,
    pieces: Vec<Piece>,
    symmetries: usize,
    restricted: Option<usize>,
    problem: Problem,
}

impl Packing {
    /// Sets up the packing of `pieces` into `board`.
    pub fn new(pieces: Vec<Piece>, board: Vec<Cell>, options: PackingOptions) -> Result<Packing, PuzzleError> {
        Packing::with_limits(pieces, board, options, Bounds::ONCE, &Limits::new())
    }

    /// Sets up the packing of `board` with each piece used between
    /// `counts.min` and `counts.max` times (`1 <= max`, `min <= max`): the pieces become items with
    /// a multiplicity, so the search is Algorithm M. Symmetries can't be
    /// removed (`distinct`) unless each piece is used once.
    ///
    /// ```
    /// use exactcover::cover::Bounds;
    /// use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
    ///
    /// // The 5×6 box from pentominoes, each used at most twice.
    /// let twice = Bounds { min: 0, max: 2 };
    /// let p = Packing::with_piece_counts(pentominoes(), rectangle(5, 6), PackingOptions::default(), twice)?;
    /// assert_eq!(p.problem().solver().count(), 18_316);
    /// # Ok::<(), exactcover::puzzles::PuzzleError>(())
    /// ```
    pub fn with_piece_counts(
        pieces: Vec<Piece>,
        board: Vec<Cell>,
        options: PackingOptions,
        counts: Bounds,
    ) -> Result<Packing, PuzzleError> {
        Packing::with_limits(pieces, board, options, counts, &Limits::new())
    }

    /// [`Packing::with_piece_counts`], kept to `limits`: the build fails
    /// with [`BuildError::OverBudget`](crate::cover::BuildError::OverBudget)
    /// before the problem would pass the memory budget, and with
    /// [`BuildError::Stopped`](crate::cover::BuildError::Stopped) at the
    /// cancel flag or the deadline (see [`Limits::memory`]).
    ///
    /// ```
    /// use exactcover::cover::{Bounds, BuildError, Limits};
    /// use exactcover::puzzles::PuzzleError;
    /// use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
    ///
    /// let limits = Limits::new().memory(1 << 20);
    /// let big = Packing::with_limits(pentominoes(), rectangle(100, 100), PackingOptions::default(), Bounds { min: 0, max: 9999 }, &limits);
    /// assert!(matches!(big, Err(PuzzleError::Build(BuildError::OverBudget { .. }))));
    /// ```
    pub fn with_limits(
        pieces: Vec<Piece>,
        board: Vec<Cell>,
        options: PackingOptions,
        counts: Bounds,
        limits: &Limits,
    ) -> Result<Packing, PuzzleError> {
        let Bounds { min: lo, max: hi } = counts;
        if hi == 0 || lo > hi {
            return Err(PuzzleError::BadParameter(format!("bad piece count {lo}..{hi}: need 1 <= max and min <= max")));
        }
        if options.distinct && counts != Bounds::ONCE {
            return Err(PuzzleError::BadParameter(
                "symmetries can be removed only when each piece is used once".to_string(),
            ));
        }
        let board = Shape::new(board).cells().to_vec();
        let area: usize = pieces.iter().map(|p| p.shape.len()).sum();
        let fits = (area * lo as usize..=area.saturating_mul(hi as usize)).contains(&board.len());
        if counts == Bounds::ONCE && area != board.len() {
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
        let places = Placements::new(&pieces, &board, &options);
        let mut budget = Budget::new(limits);
        let group = if options.distinct { symmetry_group(&board, &options) } else { vec![0] };
        let restricted = if group.len() > 1 {
            let k = choose_restricted(&places, &group, &board, &mut budget)?.ok_or_else(|| {
                PuzzleError::NoSymmetryBreaker(
                    "every piece has a placement that a symmetry of the board maps to itself".into(),
                )
            })?;
            Some(k)
        } else {
            None
        };

        // Items: the cells in board order, then the pieces; an option is
        // the piece and its cells, given by id (cell `k` is item `k`).
        let mut b = ProblemBuilder::new().with_limits(limits);
        let name = |&(r, c): &Cell| match (r, c) {
            (0..36, 0..36) => format!("{}{}", coordinate(r as usize), coordinate(c as usize)),
            _ => format!("r{r}c{c}"),
        };
        for cell in &board {
            b.primary(name(cell))?;
        }
        let mut piece_items = Vec::with_capacity(pieces.len());
        for p in &pieces {
            piece_items.push(if (lo, hi) == (1, 1) {
                b.primary(&p.name)?
            } else {
                b.primary_with_bounds(&p.name, lo, hi)?
            });
        }
        let mut option: SmallVec<[ItemId; 16]> = SmallVec::new();
        for (k, &piece) in piece_items.iter().enumerate() {
            let mut error = None;
            places.each(k, &mut budget, |cells| {
                if restricted == Some(k) && cells != orbit_min(cells, &group, &board).as_slice() {
                    return true;
                }
                option.clear();
                option.push(piece);
                option.extend(cells.iter().map(|c| ItemId::from_u32(places.index[c] as u32)));
                error = b.option_ids(&option).err();
                error.is_none()
            })?;
            if let Some(e) = error {
                return Err(e.into());
            }
        }
        Ok(Packing { board, pieces, symmetries: group.len(), restricted, problem: b.build()? })
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
        // Option items: the piece (after the cells), then its cells.
        for &o in solution {
            let items = self.problem.option(o).items();
            let Some((&piece, cells)) = items.split_first() else { continue };
            let k = piece.as_usize() - self.board.len();
            let letter = self.pieces[k].name.chars().next().unwrap_or('?');
            for cell in cells {
                let (r, c) = self.board[cell.as_usize()];
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
fn choose_restricted(
    places: &Placements,
    group: &[usize],
    board: &[Cell],
    budget: &mut Budget,
) -> Result<Option<usize>, PuzzleError> {
    let mut best: Option<(usize, usize)> = None;
    for k in 0..places.orientations.len() {
        let (mut count, mut free) = (0, true);
        places.each(k, budget, |pl| {
            let mut sorted = pl.to_vec();
            sorted.sort_unstable();
            free = group[1..].iter().all(|&g| image(pl, g, board) != sorted);
            count += 1;
            free
        })?;
        if free && best.is_none_or(|(n, _)| count < n) {
            best = Some((count, k));
        }
    }
    Ok(best.map(|(_, k)| k))
}

/// The placements of each piece: each allowed orientation of it, moved so
/// that its first cell lies on each board cell, where it fits.
struct Placements {
    /// Per piece, its orientations.
    orientations: Vec<Vec<Shape>>,
    board: Vec<Cell>,
    /// Each board cell's place in `board`.
    index: HashMap<Cell, usize>,
}

impl Placements {
    fn new(pieces: &[Piece], board: &[Cell], options: &PackingOptions) -> Placements {
        let orientations = pieces.iter().map(|p| p.shape.orientations(options.rotate, options.reflect)).collect();
        let index = board.iter().enumerate().map(|(k, &c)| (c, k)).collect();
        Placements { orientations, board: board.to_vec(), index }
    }

    /// Calls `visit` with the cells of each placement of piece `k`, in
    /// order, until it returns `false`; steps `budget` at every board cell
    /// tried, so a big board stops at the cancel flag.
    fn each(&self, k: usize, budget: &mut Budget, mut visit: impl FnMut(&[Cell]) -> bool) -> Result<(), PuzzleError> {
        let mut cells = Vec::new();
        for o in &self.orientations[k] {
            let (fr, fc) = o.cells()[0];
            for &(r0, c0) in &self.board {
                budget.step()?;
                cells.clear();
                cells.extend(o.cells().iter().map(|&(r, c)| (r - fr + r0, c - fc + c0)));
                if cells.iter().all(|c| self.index.contains_key(c)) && !visit(&cells) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }
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
        assert_eq!(parse_size("1024x1024").unwrap(), (1024, 1024));
        // Too large, however large (no overflow): said so, not "write it as".
        for text in ["1025x1024", "100000x100000", "4294967296x4294967296", "18446744073709551615x2"] {
            let e = parse_size(text).unwrap_err().to_string();
            assert!(e.contains("too large: at most 1048576 cells"), "{text}: {e}");
        }
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
