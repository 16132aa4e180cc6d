//! Solving many puzzles on every core, in input order, without allocating
//! per puzzle in the hot loop.
//!
//! A [`Batch`] holds one prototype [`SudokuSolver`] per grid size, in the
//! layout of the variant asked for (or of the one jigsaw map). Each thread of the pool has a workspace: the
//! solvers it cloned from the prototypes on first use (copying an arena
//! instead of rebuilding a matrix) and a solution buffer. Work is handed
//! out 16 puzzles at a time, so no thread is left with a long run
//! while the others wait. Results go into a [`BatchOutput`] whose buffers
//! are reused from chunk to chunk ([`Batch::run`]), or through a closure
//! called on the worker ([`Batch::map`]), so the caller can stream a file
//! of any length through a fixed amount of memory: read a chunk, solve it,
//! write the results, repeat. A [`Lane`] solves them one at a time on the
//! caller's thread instead, for a caller that streams puzzles on one.
//!
//! Invariant: a workspace is used by one thread at a time (its lock is
//! only tried, never waited on; a thread that finds it taken uses a fresh
//! one), and a solver unpins the last puzzle's givens as it loads the
//! next, so any puzzle may follow any other.

#![forbid(unsafe_code)]

use super::adapter::SudokuSolver;
use super::error::SudokuError;
use super::grid::Grid;
use super::layout::{Layout, Variant};
use super::verdict::Examined;
use crate::cover::{Limits, Status, StopReason};
use rayon::prelude::*;
use std::borrow::Borrow;
use std::sync::{Mutex, OnceLock, TryLockError};

/// Reusable result buffers for one chunk.
#[derive(Clone, Debug, Default)]
pub struct BatchOutput {
    outcomes: Vec<Result<Examined, SudokuError>>,
    /// First solutions, one slot of `cells` values per puzzle.
    solutions: Vec<u8>,
    offsets: Vec<usize>,
}

impl BatchOutput {
    /// What the search found for puzzle `k` of the chunk, or why there
    /// was none (a grid of another size than a fixed layout's).
    pub fn outcome(&self, k: usize) -> &Result<Examined, SudokuError> {
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
#[derive(Debug)]
pub struct Batch {
    /// A solver per box size, built when a puzzle of that size first comes
    /// (a 25×25 matrix takes milliseconds to build, so a batch of 9×9
    /// puzzles doesn't pay for it). Boxed: a solver holds its tables
    /// inline (kilobytes), which a batch moved by value would copy.
    prototypes: [OnceLock<Box<SudokuSolver>>; 6],
    houses: Houses,
    limits: Limits,
    max_solutions: u64,
}

/// The houses of a batch's puzzles.
#[derive(Debug)]
enum Houses {
    /// A named variant's, for each puzzle's own size.
    Variant(Variant),
    /// One layout's (a jigsaw map's), for puzzles of its size only.
    Fixed(Layout),
}

impl Batch {
    /// Classic puzzles of any size, looking for up to `max_solutions`
    /// solutions each (2 to prove uniqueness), within `limits` per puzzle.
    pub fn new(max_solutions: u64, limits: Limits) -> Batch {
        Batch::with_variant(Variant::Classic, max_solutions, limits)
    }

    /// Puzzles of a named variant, of any size: each is solved in the
    /// variant's layout for its own size.
    pub fn with_variant(variant: Variant, max_solutions: u64, limits: Limits) -> Batch {
        Batch { prototypes: Default::default(), houses: Houses::Variant(variant), limits, max_solutions }
    }

    /// Puzzles of one layout (a jigsaw's); a puzzle of another size is
    /// [`SudokuError::SizeMismatch`].
    pub fn with_layout(layout: Layout, max_solutions: u64, limits: Limits) -> Batch {
        Batch { prototypes: Default::default(), houses: Houses::Fixed(layout), limits, max_solutions }
    }

    /// The prototype solver for puzzles of box size `n`, if the batch
    /// takes them.
    fn prototype(&self, n: usize) -> Option<&SudokuSolver> {
        // A named variant's layout is built when a puzzle first needs it
        // (a classic 9×9 puzzle's search and check take none).
        let solver = || match &self.houses {
            Houses::Fixed(l) => SudokuSolver::with_layout(l.clone()),
            Houses::Variant(v) => SudokuSolver::for_variant(*v, n),
        };
        let fits = match &self.houses {
            Houses::Fixed(l) => l.box_size() == n,
            Houses::Variant(_) => (2..=5).contains(&n),
        };
        fits.then(|| {
            &**self.prototypes[n].get_or_init(|| {
                let mut s = solver();
                s.set_limits(self.limits.clone());
                Box::new(s)
            })
        })
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
        let workers = Workers::new();
        puzzles
            .par_iter()
            .zip(slots.into_par_iter())
            .with_max_len(GRAIN)
            .map(|(puzzle, slot)| workers.with(|w| self.one(&mut w.solvers, puzzle.borrow(), slot)))
            .collect_into_vec(&mut out.outcomes);
    }

    /// Solves `puzzles` in parallel like [`Batch::run`], but hands each
    /// result to `f` on the worker that found it, with the puzzle's index
    /// and its first solution (meaningful when one was found), and returns
    /// what `f` made of them, in input order. For callers that turn results
    /// into something else (checked output text, say) and want that done in
    /// parallel too, in the same pass.
    pub fn map<G, T, F>(&self, puzzles: &[G], f: F) -> Vec<T>
    where
        G: Borrow<Grid> + Sync,
        T: Send,
        F: Fn(usize, &Result<Examined, SudokuError>, &[u8]) -> T + Sync,
    {
        let workers = Workers::new();
        let mut results = Vec::with_capacity(puzzles.len());
        puzzles
            .par_iter()
            .enumerate()
            .with_max_len(GRAIN)
            .map(|(k, puzzle)| {
                workers.with(|w| {
                    let puzzle = puzzle.borrow();
                    w.first.clear();
                    w.first.resize(puzzle.cells().len(), 0);
                    let outcome = self.one(&mut w.solvers, puzzle, &mut w.first);
                    f(k, &outcome, &w.first)
                })
            })
            .collect_into_vec(&mut results);
        results
    }

    /// A lane through the batch: its puzzles solved one at a time on the
    /// caller's thread (see [`Lane`]).
    pub fn lane(&self) -> Lane<'_> {
        Lane { batch: self, solvers: Default::default() }
    }

    fn one(
        &self,
        solvers: &mut [Option<SudokuSolver>; 6],
        puzzle: &Grid,
        slot: &mut [u8],
    ) -> Result<Examined, SudokuError> {
        let n = puzzle.box_size();
        let Some(prototype) = self.prototype(n) else {
            let layout = match &self.houses {
                Houses::Fixed(l) => l.side(),
                Houses::Variant(_) => n * n,
            };
            return Err(SudokuError::SizeMismatch { grid: puzzle.side(), layout });
        };
        if self.limits.cancelled() {
            // Cancelled: the puzzles still waiting are not even pinned.
            return Ok(Examined::unsearched(0, Status::Stopped(StopReason::Cancelled)));
        }
        let solver = solvers[n].get_or_insert_with(|| prototype.clone());
        Ok(solver.examine(puzzle.cells(), self.max_solutions, slot))
    }
}

/// A batch's puzzles solved one at a time, in the order given, on the
/// caller's thread, with one solver per box size kept from puzzle to
/// puzzle: for a caller that streams puzzles on one thread, with no pool,
/// no chunk and no lock.
#[derive(Debug)]
pub struct Lane<'a> {
    batch: &'a Batch,
    solvers: [Option<SudokuSolver>; 6],
}

impl Lane<'_> {
    /// Solves `puzzle` as [`Batch::run`] does, writing its first solution
    /// (when one is found) into `first`, which becomes a grid of the
    /// puzzle's size: so the caller has the solution as a grid, without
    /// making one from its cells.
    pub fn examine(&mut self, puzzle: &Grid, first: &mut Grid) -> Result<Examined, SudokuError> {
        if first.cells().len() != puzzle.cells().len() {
            *first = Grid::blank(puzzle.box_size());
        }
        // The search writes only digits of the puzzle's size, if any.
        self.batch.one(&mut self.solvers, puzzle, first.cells_mut())
    }
}

/// Puzzles handed to a worker at a time: small, so that the last puzzles of
/// a batch spread over every thread instead of one finishing a long run
/// while the others wait.
const GRAIN: usize = 16;

/// What one thread keeps between puzzles: a solver per box size, cloned
/// from the prototype on first use, and a buffer for the first solution.
#[derive(Default)]
struct Workspace {
    solvers: [Option<SudokuSolver>; 6],
    first: Vec<u8>,
}

/// One workspace per thread of the pool running the batch, so solvers are
/// cloned once per thread and batch however finely the work is split.
struct Workers(Vec<Mutex<Workspace>>);

impl Workers {
    fn new() -> Workers {
        Workers((0..rayon::current_num_threads()).map(|_| Mutex::default()).collect())
    }

    /// Runs `f` with this thread's workspace. A thread that finds its own
    /// busy (`f` waiting on nested parallel work that came back to it) or
    /// has none (a thread outside the pool) uses a fresh one.
    fn with<R>(&self, f: impl FnOnce(&mut Workspace) -> R) -> R {
        let own = rayon::current_thread_index().and_then(|i| self.0.get(i)).and_then(|m| match m.try_lock() {
            Ok(guard) => Some(guard),
            Err(TryLockError::Poisoned(p)) => Some(p.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        });
        match own {
            Some(mut guard) => f(&mut guard),
            None => f(&mut Workspace::default()),
        }
    }
}
