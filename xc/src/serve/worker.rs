//! A worker's solvers, reused from one call to the next so that a Sudoku
//! layout's matrix is built once.
//!
//! The cache is bounded: one exact and one logic solver per named variant
//! (classic, X, windoku) and box size (2 to 5), so at most 12 of each.
//! Jigsaw layouts are built for the call that names them and kept only
//! until the next jigsaw call replaces them.
//!
//! Reuse passes nothing from one call to the next: every call sets the
//! solver's limits before it searches, [`SudokuSolver::examine`] resets
//! the statistics and unpins the last puzzle's givens before anything else
//! (so givens that clash report no nodes), and the logic solver keeps only
//! its layout and its exact solver, reset the same way. No seed is ever
//! set. `xc/tests/serve_state.rs` checks replies against a fresh server's.

use crate::wire::Variant;
use exactcover::sudoku::logic::LogicSolver;
use exactcover::sudoku::{Layout, SudokuSolver};
use std::collections::HashMap;

/// The layout of a call's grid.
#[derive(Debug)]
pub enum Shape {
    /// A named variant (never [`Variant::Jigsaw`]) for this box size.
    Named(Variant, usize),
    /// A jigsaw's layout.
    Jigsaw(Layout),
}

/// A worker's cached solvers.
#[derive(Default)]
pub struct Worker {
    exact: HashMap<(Variant, usize), SudokuSolver>,
    logic: HashMap<(Variant, usize), LogicSolver>,
    jigsaw_exact: Option<SudokuSolver>,
    jigsaw_logic: Option<LogicSolver>,
}

/// The layout of a named variant, for the box size of a grid the request
/// held (so one of 2..=5: `Grid` has no other).
fn layout(variant: Variant, box_size: usize) -> Layout {
    let v = variant.named().unwrap_or(exactcover::sudoku::Variant::Classic);
    Layout::variant(v, box_size).expect("the box size of a parsed grid")
}

impl Worker {
    /// The exact solver for `shape`.
    pub fn exact(&mut self, shape: Shape) -> &mut SudokuSolver {
        match shape {
            Shape::Named(v, n) => self.exact.entry((v, n)).or_insert_with(|| SudokuSolver::with_layout(layout(v, n))),
            Shape::Jigsaw(l) => self.jigsaw_exact.insert(SudokuSolver::with_layout(l)),
        }
    }

    /// The logic solver for `shape`: the techniques of `xc sudoku
    /// explain` and `rate`, so the page describes the same path.
    pub fn logic(&mut self, shape: Shape) -> &mut LogicSolver {
        let solver = |l| LogicSolver::with_layout(l).with_se_techniques();
        match shape {
            Shape::Named(v, n) => self.logic.entry((v, n)).or_insert_with(|| solver(layout(v, n))),
            Shape::Jigsaw(l) => self.jigsaw_logic.insert(solver(l)),
        }
    }

    /// How many solvers are cached, jigsaws included.
    #[cfg(test)]
    fn cached(&self) -> usize {
        self.exact.len()
            + self.logic.len()
            + usize::from(self.jigsaw_exact.is_some())
            + usize::from(self.jigsaw_logic.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_is_bounded() {
        let mut worker = Worker::default();
        for _ in 0..3 {
            for v in [Variant::Classic, Variant::X, Variant::Windoku] {
                for n in 2..=4 {
                    worker.exact(Shape::Named(v, n));
                    worker.logic(Shape::Named(v, n));
                }
            }
            for map in ["aabb\naabb\nccdd\nccdd\n", "aaab\ncabb\nccdb\ncddd\n"] {
                worker.exact(Shape::Jigsaw(Layout::jigsaw(map).unwrap()));
                worker.logic(Shape::Jigsaw(Layout::jigsaw(map).unwrap()));
            }
        }
        assert_eq!(worker.cached(), 2 * 9 + 2);
    }
}
