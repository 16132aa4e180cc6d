//! The houses of the puzzles a run of `xc sudoku` reads: a named variant's
//! (classic, X, windoku), in the layout for each grid's own size, as
//! `/api/solve` does; or a jigsaw's, whose size is its map's.
//!
//! Invariant: a layout handed out has the side of the grid it was asked
//! for. A grid that can't have one (another size than the jigsaw map's) is
//! bad input, told by [`Shape::misfit`] before anything solves it.

use exactcover::cover::Limits;
use exactcover::sudoku::batch::Batch;
use exactcover::sudoku::{Grid, Layout, Variant};
use std::sync::OnceLock;

/// The houses of a run's puzzles.
#[derive(Debug)]
pub struct Shape {
    /// The variant, for a named one.
    variant: Variant,
    /// The map's layout, for a jigsaw.
    jigsaw: Option<Layout>,
    /// The named variant's layouts by box size, each built on first use.
    by_box: [OnceLock<Layout>; 6],
}

impl Shape {
    /// A named variant's houses, for grids of every size.
    pub fn named(variant: Variant) -> Shape {
        Shape { variant, jigsaw: None, by_box: Default::default() }
    }

    /// A jigsaw's houses, for grids of its map's size.
    pub fn jigsaw(layout: Layout) -> Shape {
        Shape { variant: Variant::Classic, jigsaw: Some(layout), by_box: Default::default() }
    }

    /// Whether these are the classic houses.
    pub fn is_classic(&self) -> bool {
        self.jigsaw.is_none() && self.variant == Variant::Classic
    }

    /// Why `grid` can't be read in these houses, if it can't: a jigsaw map
    /// of another size.
    pub fn misfit(&self, grid: &Grid) -> Option<String> {
        let map = self.jigsaw.as_ref().filter(|l| l.side() != grid.side())?;
        let (g, m) = (grid.side(), map.side());
        Some(format!("a {g}×{g} grid doesn't fit the region map, a {m}×{m} grid"))
    }

    /// The layout of `grid`, which fits (see [`Shape::misfit`]).
    pub fn layout(&self, grid: &Grid) -> &Layout {
        if let Some(map) = &self.jigsaw {
            return map;
        }
        let n = grid.box_size();
        self.by_box[n].get_or_init(|| Layout::variant(self.variant, n).expect("the box size of a grid"))
    }

    /// A batch solver for these houses.
    pub fn batch(&self, max_solutions: u64, limits: Limits) -> Batch {
        match &self.jigsaw {
            Some(map) => Batch::with_layout(map.clone(), max_solutions, limits),
            None => Batch::with_variant(self.variant, max_solutions, limits),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A named variant's layout follows each grid's size; a jigsaw's is its
    /// map's, and a grid of another size is named as a misfit.
    #[test]
    fn layouts_follow_the_grid_but_a_map_is_fixed() {
        let x = Shape::named(Variant::X);
        for n in [2usize, 3, 4, 5] {
            let grid = Grid::from_cells(vec![0; n.pow(4)]).unwrap();
            assert_eq!((x.layout(&grid).side(), x.layout(&grid).name()), (n * n, "x"));
            assert_eq!(x.misfit(&grid), None);
        }
        let jigsaw = Shape::jigsaw(Layout::jigsaw("AAAB\nABBB\nCCDD\nCCDD").unwrap());
        let four = Grid::from_cells(vec![0; 16]).unwrap();
        let nine = Grid::from_cells(vec![0; 81]).unwrap();
        assert_eq!((jigsaw.misfit(&four), jigsaw.layout(&four).name()), (None, "jigsaw"));
        assert_eq!(jigsaw.misfit(&nine).as_deref(), Some("a 9×9 grid doesn't fit the region map, a 4×4 grid"));
        assert!(Shape::named(Variant::Classic).is_classic() && !x.is_classic() && !jigsaw.is_classic());
    }
}
