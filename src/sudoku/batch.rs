//! Solving many puzzles on every core, in input order, without allocating
//! per puzzle in the hot loop.
//!
//! A [`Batch`] holds one prototype [`SudokuSolver`] per grid size (or the
//! one layout asked for); each rayon worker clones the prototypes it
//! needs, which copies an arena instead of rebuilding a matrix. Results go
//! into a [`BatchOutput`] whose buffers are reused from chunk to chunk, so
//! the caller can stream a file of any length through a fixed amount of
//! memory: read a chunk, [`Batch::run`] it, write the results, repeat.

use super::adapter::{Examined, SudokuSolver};
use super::grid::Grid;
use super::layout::Layout;
use super::rules::Conflict;
use crate::cover::Limits;
use rayon::prelude::*;
use std::borrow::Borrow;

/// What happened to one puzzle of a batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The search ran (see [`Examined::solutions`] and
    /// [`Examined::status`]).
    Examined(Examined),
    /// The givens contradict each other: no solution.
    Conflict(Conflict),
    /// The grid's size doesn't match the layout's.
    WrongSize {
        /// The grid's side.
        side: usize,
    },
}

/// Reusable result buffers for one chunk.
#[derive(Clone, Debug, Default)]
pub struct BatchOutput {
    outcomes: Vec<Outcome>,
    /// First solutions, one slot of `cells` values per puzzle.
    solutions: Vec<u8>,
    offsets: Vec<usize>,
}

impl BatchOutput {
    /// The outcome of puzzle `k` of the chunk.
    pub fn outcome(&self, k: usize) -> &Outcome {
        &self.outcomes[k]
    }

    /// The first solution of puzzle `k` (meaningful when one was found).
    pub fn solution(&self, k: usize) -> &[u8] {
        &self.solutions[self.offsets[k]..self.offsets[k + 1]]
    }

    /// The number of puzzles in the chunk.
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    /// Whether the chunk was empty.
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }
}

/// How to solve the puzzles of a batch.
#[derive(Clone, Debug)]
pub struct Batch {
    prototypes: Vec<Option<SudokuSolver>>,
    fixed_layout: bool,
    max_solutions: u64,
}

impl Batch {
    /// Classic puzzles of any size, looking for up to `max_solutions`
    /// solutions each (2 to prove uniqueness), within `limits` per puzzle.
    pub fn new(max_solutions: u64, limits: Limits) -> Batch {
        let prototypes = (0..=5)
            .map(|n| {
                (2..=5).contains(&n).then(|| {
                    let mut s = SudokuSolver::new(n);
                    s.set_limits(limits.clone());
                    s
                })
            })
            .collect();
        Batch { prototypes, fixed_layout: false, max_solutions }
    }

    /// Puzzles of one layout (a variant).
    pub fn with_layout(layout: Layout, max_solutions: u64, limits: Limits) -> Batch {
        let n = layout.box_size();
        let mut solver = SudokuSolver::with_layout(layout);
        solver.set_limits(limits);
        let mut prototypes = vec![None; 6];
        prototypes[n] = Some(solver);
        Batch { prototypes, fixed_layout: true, max_solutions }
    }

    /// Solves `puzzles` in parallel on the current rayon pool, writing the
    /// outcomes in the same order into `out`. Accepts grids or references
    /// to grids, so callers need not copy them.
    pub fn run<G: Borrow<Grid> + Sync>(&self, puzzles: &[G], out: &mut BatchOutput) {
        out.offsets.clear();
        out.offsets.push(0);
        for p in puzzles {
            out.offsets.push(out.offsets.last().copied().unwrap_or(0) + p.borrow().cells().len());
        }
        out.solutions.clear();
        out.solutions.resize(*out.offsets.last().unwrap_or(&0), 0);
        let mut slots: Vec<&mut [u8]> = Vec::with_capacity(puzzles.len());
        let mut rest = out.solutions.as_mut_slice();
        for p in puzzles {
            let (slot, tail) = rest.split_at_mut(p.borrow().cells().len());
            slots.push(slot);
            rest = tail;
        }
        puzzles
            .par_iter()
            .zip(slots.into_par_iter())
            .map_init(
                || vec![None; 6],
                |solvers: &mut Vec<Option<SudokuSolver>>, (puzzle, slot)| self.one(solvers, puzzle.borrow(), slot),
            )
            .collect_into_vec(&mut out.outcomes);
    }

    fn one(&self, solvers: &mut [Option<SudokuSolver>], puzzle: &Grid, slot: &mut [u8]) -> Outcome {
        let n = puzzle.box_size();
        let Some(prototype) = &self.prototypes[n] else {
            return Outcome::WrongSize { side: puzzle.side() };
        };
        let solver = solvers[n].get_or_insert_with(|| prototype.clone());
        debug_assert!(!self.fixed_layout || solver.layout().box_size() == n);
        match solver.examine(puzzle.cells(), self.max_solutions, slot) {
            Ok(e) => Outcome::Examined(e),
            Err(c) => Outcome::Conflict(c),
        }
    }
}
