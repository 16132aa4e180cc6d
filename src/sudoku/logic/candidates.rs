//! The candidate grid: for each cell, its digit or the set of digits it
//! may still hold.
//!
//! **Invariant.** Candidates only ever shrink: a step places digits (which
//! removes them from the cell's peers) and removes candidates, and nothing
//! adds one back. A filled cell has no candidates, and no empty cell keeps
//! a candidate that a filled peer holds. A grid built from a puzzle starts
//! with every digit its filled peers allow.
//!
//! Besides the cells' candidates, the grid keeps each digit's places in
//! each house (a bitmask over the house's cells), updated with every
//! change, since most techniques look at houses digit by digit.

use super::digits::DigitSet;
use super::error::LogicError;
use super::geometry::Geometry;
use super::step::Step;
use crate::sudoku::grid::Grid;
use crate::sudoku::layout::Layout;
use std::sync::Arc;

/// A partly solved grid with the candidates of its empty cells.
#[derive(Clone)]
pub struct Candidates {
    pub(crate) geo: Arc<Geometry>,
    values: Vec<u8>,
    masks: Vec<u32>,
    /// `pos[h * side + d - 1]`: bit `i` set when digit `d` is a candidate
    /// of the `i`-th cell of house `h`.
    pos: Vec<u32>,
}

impl Candidates {
    /// The candidate grid of a puzzle or a partly filled grid, for the
    /// classic layout of its size.
    ///
    /// ```
    /// use exactcover::sudoku::Grid;
    /// use exactcover::sudoku::logic::Candidates;
    /// let g = Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..").unwrap();
    /// let c = Candidates::new(&g);
    /// assert_eq!(c.value(0), 8);
    /// assert_eq!(c.candidates(1).to_vec(), vec![1, 2, 4, 6]);
    /// ```
    pub fn new(grid: &Grid) -> Candidates {
        Candidates::with_geometry(Geometry::classic(grid.box_size()), grid)
    }

    /// The candidate grid of a grid in any layout (X, windoku, jigsaw).
    pub fn with_layout(layout: &Layout, grid: &Grid) -> Result<Candidates, LogicError> {
        if layout.side() != grid.side() {
            return Err(LogicError::SizeMismatch { grid: grid.side(), layout: layout.side() });
        }
        Ok(Candidates::with_geometry(Geometry::of(layout), grid))
    }

    pub(crate) fn with_geometry(geo: Arc<Geometry>, grid: &Grid) -> Candidates {
        let values = grid.cells().to_vec();
        let all = DigitSet::all(geo.side).bits();
        let masks = (0..values.len())
            .map(|c| {
                if values[c] != 0 {
                    return 0;
                }
                geo.peers[c].iter().filter(|&&p| values[p] != 0).fold(all, |m, &p| m & !(1 << (values[p] - 1)))
            })
            .collect();
        Candidates::from_parts(geo, values, masks)
    }

    /// A candidate grid from explicit values and candidate masks (bit
    /// `d - 1` for digit `d`), for positions written as pencil marks.
    pub(crate) fn from_parts(geo: Arc<Geometry>, values: Vec<u8>, masks: Vec<u32>) -> Candidates {
        let side = geo.side;
        let mut pos = vec![0u32; geo.houses.len() * side];
        for (h, house) in geo.houses.iter().enumerate() {
            for (i, &c) in house.cells.iter().enumerate() {
                for d in DigitSet::from_bits(masks[c]).iter() {
                    pos[h * side + usize::from(d) - 1] |= 1 << i;
                }
            }
        }
        Candidates { geo, values, masks, pos }
    }

    /// The side (9 for 9×9).
    pub fn side(&self) -> usize {
        self.geo.side
    }

    /// The box size (3 for 9×9).
    pub fn box_size(&self) -> usize {
        self.geo.n
    }

    /// The number of cells (81 for 9×9).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the grid has no cells (never true; for symmetry with `len`).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The digit of cell `cell` (`row * side + column`), 0 if empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of an empty cell (empty for a filled cell).
    pub fn candidates(&self, cell: usize) -> DigitSet {
        DigitSet::from_bits(self.masks[cell])
    }

    /// Whether `digit` is a candidate of `cell`.
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        DigitSet::from_bits(self.masks[cell]).contains(digit)
    }

    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.geo.sees(a, b)
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The number of empty cells.
    pub fn empty_cells(&self) -> usize {
        self.values.iter().filter(|&&v| v == 0).count()
    }

    /// The total number of candidates left in empty cells.
    pub fn candidate_count(&self) -> usize {
        self.masks.iter().map(|m| m.count_ones() as usize).sum()
    }

    /// The first empty cell without candidates, which shows the grid
    /// can't be completed.
    pub fn dead_cell(&self) -> Option<usize> {
        (0..self.len()).find(|&c| self.values[c] == 0 && self.masks[c] == 0)
    }

    /// The filled cells as a grid.
    pub fn to_grid(&self) -> Grid {
        Grid::from_cells(self.values.clone()).expect("a valid size")
    }

    /// Applies a step: its placements, then its eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in step.placements() {
            self.place(cell, digit);
        }
        for &(cell, digit) in step.eliminations() {
            self.remove(cell, digit);
        }
    }

    /// Fills a cell (a player's entry, say) and removes the digit from its
    /// peers. The digit need not be a candidate: a wrong entry is the
    /// player's to make, and [`LogicSolver::hint_from`](super::LogicSolver::hint_from)
    /// reports it.
    pub fn place(&mut self, cell: usize, digit: u8) {
        assert!((1..=self.side()).contains(&usize::from(digit)), "digit {digit} out of range");
        for d in self.candidates(cell).iter() {
            self.remove(cell, d);
        }
        self.values[cell] = digit;
        for j in 0..self.geo.peers[cell].len() {
            let p = self.geo.peers[cell][j];
            self.remove(p, digit);
        }
    }

    /// Removes a candidate (a player's pencil mark, say); returns whether
    /// it was there.
    pub fn remove(&mut self, cell: usize, digit: u8) -> bool {
        if !self.has(cell, digit) {
            return false;
        }
        let bit = 1u32 << (digit - 1);
        self.masks[cell] &= !bit;
        let side = self.geo.side;
        for &(h, i) in &self.geo.slots[cell] {
            self.pos[h * side + usize::from(digit) - 1] &= !(1 << i);
        }
        true
    }

    /// The candidate mask of a cell (bit `d - 1` for digit `d`).
    #[inline]
    pub(crate) fn mask(&self, cell: usize) -> u32 {
        self.masks[cell]
    }

    /// The places of `digit` in house `h`, as a bitmask over the house's
    /// cells (bit `i` for `houses[h].cells[i]`).
    #[inline]
    pub(crate) fn places(&self, h: usize, digit: u8) -> u32 {
        self.pos[h * self.geo.side + usize::from(digit) - 1]
    }

    /// The name of a cell, `r1c1` style.
    pub fn cell_name(&self, cell: usize) -> String {
        crate::sudoku::names::cell_name(cell, self.side())
    }
}

impl PartialEq for Candidates {
    fn eq(&self, other: &Candidates) -> bool {
        let same_layout = Arc::ptr_eq(&self.geo, &other.geo)
            || (self.geo.variant == other.geo.variant
                && self.geo.houses.len() == other.geo.houses.len()
                && (self.geo.houses.iter()).zip(&other.geo.houses).all(|(a, b)| a.cells == b.cells));
        same_layout && self.values == other.values && self.masks == other.masks
    }
}

impl Eq for Candidates {}

impl std::fmt::Debug for Candidates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Candidates(\n{})", self.render())
    }
}

impl std::fmt::Display for Candidates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}
