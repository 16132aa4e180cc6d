//! Generating proper puzzles: exactly one solution, minimal, symmetric,
//! reproducible from a seed.
//!
//! 1. A random complete grid: the first solution of the empty grid found by
//!    the engine's *seeded* search (options shuffled, ties broken at
//!    random), started again from a derived seed when it runs past a node
//!    budget, in Luby's proportions (the seeded search has a heavy tail on
//!    windoku and jigsaw layouts).
//! 2. The cells are grouped into orbits of the chosen [`Symmetry`], and the
//!    orbits are visited once, in a random order. Each orbit is removed if
//!    the puzzle stays uniquely solvable, and put back otherwise. Removing
//!    givens only ever adds solutions, so an orbit that can't be removed at
//!    its turn can't be removed later either: after the single pass, no
//!    orbit can be removed without losing uniqueness. That is what
//!    *minimal* means here: with symmetry `none`, no single given can be
//!    removed; with a symmetry, no orbit can, so the puzzle is minimal
//!    among the puzzles of that symmetry (as in qqwing and the `sudoku`
//!    crate), though a single given may sometimes go if the symmetry is
//!    given up.
//! 3. Uniqueness after a removal is decided by looking for *another*
//!    solution, not by counting to 2. The puzzle before the removal had
//!    exactly one solution, `S`; so any other solution of the puzzle
//!    without the orbit differs from `S` somewhere on the orbit (else it
//!    would solve the puzzle before the removal too). Split by the first
//!    orbit cell `c` where it differs: for each `c` in turn (the orbit's
//!    earlier cells given their digits of `S`, the later ones empty), is
//!    there a solution with `c` ≠ `S[c]`? Each question goes to the
//!    singles pass under that exclusion, whose contradiction proves the
//!    answer is no and which often settles it, and otherwise to the
//!    engine's search restricted to the candidates left, for one
//!    solution. The removal stands when every answer is no. Each search
//!    is much smaller than a count to 2, which must find `S` and then
//!    exhaust the rest of the tree.
//!
//! 4. With a difficulty, each candidate puzzle is graded by the logic
//!    solver ([`super::logic`]) and new grids are tried until one has the
//!    level asked for.
//!
//! The same seed gives the same puzzle on every run, whatever the number
//! of threads: puzzle `i` of a run with seed `s` uses [`derive_seed`]`(s,
//! i)`.
//!
//! [`Generator::try_generate`] gives up once a cancel flag is raised (for
//! Ctrl-C): the flag goes into every search's [`Limits`], and is looked at
//! before each attempt, each restart of a random grid and each orbit, so
//! the call returns within one search's check interval, one orbit's
//! uniqueness questions or one grading. A flag that stays down changes
//! nothing: the same seed gives the same puzzle.
//!
//! Windoku on 16×16 is well defined (nine 4×4 windows at offsets 1, 6 and
//! 11, and seven implied houses, as on 9×9) and has solutions, but it is
//! out of this generator's reach: neither the seeded search for a full
//! grid nor the removal pass ends in a usable time (docs/RELIABILITY.md
//! gives the trials). Callers refuse it.

#![forbid(unsafe_code)]

use super::adapter::SudokuSolver;
use super::error::SudokuError;
use super::grid::Grid;
use super::layout::Layout;
use super::symmetry::Symmetry;
use crate::cover::{Limits, Status, StopReason};
use crate::sudoku::logic::{Grade, Level, LogicSolver};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorOptions {
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// Remove givens until none can go (otherwise stop at `max_clues`).
    pub minimal: bool,
    /// At most this many givens, best effort: more attempts are made with
    /// new grids, and the result says whether the bound was met.
    pub max_clues: Option<usize>,
    /// Only puzzles of this level (graded by the logic solver).
    pub difficulty: Option<Level>,
    /// Attempts allowed to meet `max_clues` and `difficulty`.
    pub attempts: u32,
    /// Grade every puzzle, even without a difficulty.
    pub grade: bool,
    /// Stop chasing `max_clues` and `difficulty` after this long (the best
    /// attempt so far is returned, marked as not met). A time budget makes
    /// the result depend on the machine's speed, so it is off by default.
    pub time_limit: Option<Duration>,
}

impl Default for GeneratorOptions {
    fn default() -> GeneratorOptions {
        GeneratorOptions {
            symmetry: Symmetry::Rot180,
            minimal: true,
            max_clues: None,
            difficulty: None,
            attempts: 1000,
            grade: false,
            time_limit: None,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its unique solution.
    pub solution: Grid,
    /// The seed it came from.
    pub seed: u64,
    /// The symmetry of its givens (the one picked, for
    /// [`Symmetry::Random`]).
    pub symmetry: Symmetry,
    /// Attempts used (more than 1 only when chasing `max_clues`).
    pub attempts: u32,
    /// Whether `max_clues` and `difficulty` (if any) were met.
    pub clues_met: bool,
    /// The grade, when a difficulty was asked for or grading was on.
    pub grade: Option<Grade>,
}

/// Why [`Generator::random_grid`] has no grid.
#[derive(Debug, PartialEq, Eq)]
enum Unfilled {
    /// The cancel flag went up.
    Cancelled,
    /// A search ended without one: the layout has no complete grid.
    NoGrid,
}

/// A puzzle generator for one layout; reuse it for many puzzles.
#[derive(Clone, Debug)]
pub struct Generator {
    layout: Layout,
    options: GeneratorOptions,
    /// Seeded anew for each random grid.
    filler: SudokuSolver,
    /// Unseeded, for the uniqueness checks (random tie-breaking costs).
    solver: SudokuSolver,
    /// The orbits of each of the symmetry's [`choices`](Symmetry::choices).
    orbits: Vec<Vec<Vec<usize>>>,
    logic: LogicSolver,
}

/// The nodes a random grid's first search may take before it starts
/// again (see [`Generator::random_grid`]). Restarts cut the mean cost of
/// a grid on the windoku and jigsaw layouts many times over, while
/// classic grids almost always keep the first search's grid; a larger
/// budget changes fewer classic grids but leaves windoku slower
/// (docs/PERFORMANCE.md, "Random grids for generation").
const FILL_BUDGET: u64 = 2000;

/// Luby's sequence, `k` from 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4,
/// 8, ...; restarts with budgets in these proportions are within a
/// logarithmic factor of the best fixed budget, whatever the tail.
fn luby(k: u64) -> u64 {
    let mut k = k.max(1);
    loop {
        // 2^(bits - 1) <= k < 2^bits.
        let bits = 64 - k.leading_zeros();
        if bits == 64 || k == (1u64 << bits) - 1 {
            return 1u64 << (bits - 1);
        }
        k -= (1u64 << (bits - 1)) - 1;
    }
}

/// The seed of puzzle `index` in a run seeded with `seed` (SplitMix64).
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Generator {
    /// A generator of classic puzzles with box size `n` (2..=5); another
    /// size is [`SudokuError::BoxSize`].
    pub fn new(n: usize, options: GeneratorOptions) -> Result<Generator, SudokuError> {
        Ok(Generator::with_layout(Layout::classic(n)?, options))
    }

    /// A generator for any layout (variants included).
    pub fn with_layout(layout: Layout, options: GeneratorOptions) -> Generator {
        let side = layout.side();
        Generator {
            filler: SudokuSolver::with_layout(layout.clone()),
            solver: SudokuSolver::with_layout(layout.clone()),
            orbits: options.symmetry.choices().iter().map(|s| s.orbits(side)).collect(),
            logic: LogicSolver::with_layout(layout.clone()),
            layout,
            options,
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Whether the layout has a complete grid at all (every classic one
    /// has; a region map may have none, and then no puzzle can be made).
    /// The search for a random grid, with its restarts, until it finds
    /// one or proves there is none; `None` once `cancel` is raised.
    pub fn has_grids(&mut self, cancel: &Arc<AtomicBool>) -> Option<bool> {
        let limits = || Limits::new().cancel_flag(cancel.clone());
        match self.random_grid(0, limits, || cancel.load(Ordering::Relaxed)) {
            Ok(_) => Some(true),
            Err(Unfilled::NoGrid) => Some(false),
            Err(Unfilled::Cancelled) => None,
        }
    }

    /// Generates one puzzle from `seed`. Panics if the layout has no
    /// complete grid (see [`Generator::has_grids`]).
    pub fn generate(&mut self, seed: u64) -> Generated {
        self.make(seed, None).expect("a layout with complete grids, and no cancel flag")
    }

    /// Generates one puzzle from `seed`, as [`Generator::generate`] does,
    /// or gives up (`None`) once `cancel` is raised (see the module docs),
    /// or at once if the layout has no complete grid.
    pub fn try_generate(&mut self, seed: u64, cancel: &Arc<AtomicBool>) -> Option<Generated> {
        self.make(seed, Some(cancel))
    }

    fn make(&mut self, seed: u64, cancel: Option<&Arc<AtomicBool>>) -> Option<Generated> {
        let limits = || cancel.map_or_else(Limits::new, |f| Limits::new().cancel_flag(f.clone()));
        let cancelled = || cancel.is_some_and(|f| f.load(Ordering::Relaxed));
        self.solver.set_limits(limits());
        let mut best: Option<Generated> = None;
        let started = Instant::now();
        let mut used = 0;
        for attempt in 1..=self.options.attempts.max(1) {
            used = attempt;
            let sub = if attempt == 1 { seed } else { derive_seed(seed, u64::from(attempt)) };
            let (puzzle, solution, symmetry) = self.attempt(sub, limits, cancelled)?;
            let grade =
                (self.options.grade || self.options.difficulty.is_some()).then(|| self.grade(&puzzle, &solution));
            let clues_ok = self.options.max_clues.is_none_or(|m| puzzle.givens() <= m);
            let level_ok = self.options.difficulty.is_none_or(|d| grade.as_ref().is_some_and(|g| g.level() == d));
            let met = clues_ok && level_ok;
            let better = best.as_ref().is_none_or(|b| !b.clues_met && (met || puzzle.givens() < b.puzzle.givens()));
            if better {
                best = Some(Generated { puzzle, solution, seed, symmetry, attempts: attempt, clues_met: met, grade });
            }
            if met || self.options.time_limit.is_some_and(|t| started.elapsed() >= t) {
                break;
            }
        }
        let mut best = best.expect("at least one attempt");
        if !best.clues_met {
            best.attempts = used;
        }
        Some(best)
    }

    /// Grades a puzzle whose solution is known.
    fn grade(&self, puzzle: &Grid, solution: &Grid) -> Grade {
        let start = self.logic.candidates(puzzle).expect("a generated puzzle is consistent");
        self.logic.solve_with(start, solution, |_, _| {})
    }

    /// A random complete grid: the first solution of the empty grid found
    /// by the seeded search. That search has a heavy tail on some layouts
    /// (windoku and jigsaw: a mean far above the median), so a search past
    /// [`FILL_BUDGET`] nodes is dropped and started again from a seed
    /// derived from `seed`, the `k`-th with [`luby`]`(k)` times the budget:
    /// short searches again and again, and now and then a longer one, so
    /// that an unlucky long search doesn't take the rest of the time (a
    /// budget doubled each time did, on scattered region maps), and the
    /// budgets still grow without end (so a layout with no grid is found
    /// to have none).
    /// Classic grids rarely take more than a few hundred nodes and almost
    /// always keep the grid of the first search. The grid, and the nodes
    /// of every search; or why there is none: cancelled, or a search
    /// ended without one (the layout has no complete grid).
    fn random_grid(
        &mut self,
        seed: u64,
        limits: impl Fn() -> Limits,
        cancelled: impl Fn() -> bool,
    ) -> Result<(Grid, u64), Unfilled> {
        let blank = Grid::blank(self.layout.box_size());
        let (mut budget, mut restart, mut nodes) = (FILL_BUDGET, 0, 0);
        loop {
            if cancelled() {
                return Err(Unfilled::Cancelled);
            }
            let sub = if restart == 0 { seed } else { derive_seed(seed, u64::MAX - restart) };
            self.filler.set_seed(Some(sub));
            self.filler.set_limits(limits().nodes(budget));
            let mut first = blank.cells().to_vec();
            let found = self.filler.examine(blank.cells(), 1, &mut first);
            nodes += found.nodes;
            if found.solutions == 1 {
                return Ok((Grid::from_cells(first).expect("the blank grid's size"), nodes));
            }
            match found.status {
                Status::Complete => return Err(Unfilled::NoGrid),
                Status::Stopped(StopReason::Cancelled) => return Err(Unfilled::Cancelled),
                _ => {}
            }
            restart += 1;
            budget = FILL_BUDGET.saturating_mul(luby(restart + 1));
        }
    }

    /// One random grid and one removal pass; the symmetry used. `None`
    /// once cancelled (a uniqueness question cut short may have kept an
    /// orbit that could go, so the puzzle is dropped).
    fn attempt(
        &mut self,
        seed: u64,
        limits: impl Fn() -> Limits,
        cancelled: impl Fn() -> bool,
    ) -> Option<(Grid, Grid, Symmetry)> {
        let side = self.layout.side();
        let (solution, _) = self.random_grid(seed, limits, &cancelled).ok()?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let choices = self.options.symmetry.choices();
        let pick = if choices.len() > 1 { rng.random_range(0..choices.len()) } else { 0 };
        let mut orbits = std::mem::take(&mut self.orbits[pick]);
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        order.shuffle(&mut rng);
        let mut cells = solution.cells().to_vec();
        let stop_at = if self.options.minimal { 0 } else { self.options.max_clues.unwrap_or(side * side * 3 / 8) };
        let mut givens = side * side;
        for k in order {
            if givens <= stop_at || cancelled() {
                break;
            }
            let orbit = std::mem::take(&mut orbits[k]);
            for &c in &orbit {
                cells[c] = 0;
            }
            if self.still_unique(&mut cells, &orbit, solution.cells()) {
                givens -= orbit.len();
            } else {
                for &c in &orbit {
                    cells[c] = solution.cells()[c];
                }
            }
            orbits[k] = orbit;
        }
        self.orbits[pick] = orbits;
        if cancelled() {
            return None;
        }
        Some((Grid::from_cells(cells).expect("same size"), solution, choices[pick]))
    }

    /// Whether the puzzle `cells`, just emptied on `orbit`, still has
    /// `solution` as its only solution, given that it had before (see the
    /// module docs: one question per orbit cell). Leaves `cells` as it
    /// found it.
    fn still_unique(&mut self, cells: &mut [u8], orbit: &[usize], solution: &[u8]) -> bool {
        let mut unique = true;
        for &c in orbit {
            // A limit can't stop this solver, but an unknown is not a no.
            if self.solver.has_solution_without(cells, c, solution[c]) != Some(false) {
                unique = false;
                break;
            }
            cells[c] = solution[c];
        }
        for &c in orbit {
            cells[c] = 0;
        }
        unique
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::check_solution;
    use crate::sudoku::verdict::Verdict;

    /// Random grids: complete and valid, the same for the same seed, and
    /// on classic grids the first seeded search's (no restart on these
    /// seeds). On jigsaw and windoku layouts, whose seeded searches have a
    /// heavy tail, the restarts keep the mean cost under the bounds below
    /// (the means this test prints are in docs/PERFORMANCE.md).
    #[test]
    fn random_grids_restart_past_the_budget() {
        let regions =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sudoku/jigsaw_regions.txt"))
                .unwrap();
        let layouts = [
            (Layout::classic(3).unwrap(), 300),
            (Layout::jigsaw(&regions).unwrap(), 2_000),
            (Layout::variant(crate::sudoku::layout::Variant::Windoku, 3).unwrap(), 5_000),
        ];
        for (layout, mean_at_most) in layouts {
            let name = layout.name().to_string();
            let mut g = Generator::with_layout(layout.clone(), GeneratorOptions::default());
            let mut plain = SudokuSolver::with_layout(layout.clone());
            let blank = Grid::blank(3);
            let mut total = 0;
            for seed in 0..200 {
                let (grid, nodes) = g.random_grid(seed, Limits::new, || false).unwrap();
                check_solution(&layout, &blank, &grid).unwrap();
                assert_eq!(g.random_grid(seed, Limits::new, || false).unwrap().0, grid, "{name} {seed}");
                if layout.is_classic() {
                    plain.set_seed(Some(seed));
                    assert_eq!(plain.solve(&blank).unwrap(), Some(grid), "{seed}");
                }
                total += nodes;
            }
            // `--nocapture` shows the means that docs/PERFORMANCE.md quotes.
            eprintln!("{name}: {} nodes a grid on average", total / 200);
            assert!(total / 200 <= mean_at_most, "{name}: {} nodes a grid", total / 200);
        }
    }

    #[test]
    fn luby_s_sequence() {
        let first: Vec<u64> = (1..=16).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1]);
        assert_eq!((luby(u64::MAX), luby(0)), (1 << 63, 1));
    }

    /// A region map of scattered regions, on which one seeded search in
    /// many runs for ever (before, with a budget doubled at each restart,
    /// `xc sudoku generate` made nothing in minutes on seeds 1 to 4): the
    /// Luby budgets find a grid for every seed in a bounded number of
    /// nodes (the mean this test prints is in docs/PERFORMANCE.md).
    #[test]
    fn random_grids_of_a_scattered_map_come_within_a_bounded_search() {
        let regions =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sudoku/jigsaw_scattered.txt"))
                .unwrap();
        let layout = Layout::jigsaw(&regions).unwrap();
        let mut g = Generator::with_layout(layout.clone(), GeneratorOptions::default());
        let (mut total, mut most) = (0, 0);
        for seed in 1..=4 {
            let (grid, nodes) = g.random_grid(seed, Limits::new, || false).unwrap();
            check_solution(&layout, &Grid::blank(3), &grid).unwrap();
            (total, most) = (total + nodes, most.max(nodes));
        }
        eprintln!("scattered jigsaw: {} nodes a grid on average, {most} at most", total / 4);
        assert!(most <= 2_000_000, "{most} nodes for one grid");
    }

    #[test]
    fn generated_puzzles_are_unique_minimal_symmetric_and_reproducible() {
        for symmetry in Symmetry::ALL {
            let options = GeneratorOptions { symmetry, ..GeneratorOptions::default() };
            let mut g = Generator::new(3, options.clone()).unwrap();
            let a = g.generate(7);
            let b = Generator::new(3, options).unwrap().generate(7);
            assert_eq!(a, b, "{symmetry}");
            assert!(symmetry.choices().contains(&a.symmetry), "{symmetry}: {}", a.symmetry);
            assert!(a.symmetry.holds(a.puzzle.cells(), 9), "{symmetry}: {}", a.puzzle);
            let mut solver = SudokuSolver::new(3).unwrap();
            assert_eq!(solver.verdict(&a.puzzle).unwrap(), Verdict::Unique(a.solution.clone()));
            for orbit in a.symmetry.orbits(9) {
                if a.puzzle.cells()[orbit[0]] == 0 {
                    continue;
                }
                let mut fewer = a.puzzle.cells().to_vec();
                orbit.iter().for_each(|&c| fewer[c] = 0);
                let fewer = Grid::from_cells(fewer).unwrap();
                assert!(matches!(solver.verdict(&fewer).unwrap(), Verdict::Several(_)), "{symmetry}: not minimal");
            }
        }
    }

    /// A cancel flag that stays down changes nothing; a raised one gives
    /// up at once, before or during a puzzle (here one that would never
    /// end: no proper puzzle has no givens).
    #[test]
    fn try_generate_gives_up_once_cancelled() {
        let down = Arc::new(AtomicBool::new(false));
        let mut g = Generator::new(3, GeneratorOptions::default()).unwrap();
        assert_eq!(g.try_generate(7, &down), Some(g.generate(7)));
        let raised = Arc::new(AtomicBool::new(true));
        assert_eq!(g.try_generate(7, &raised), None);
        let options = GeneratorOptions { max_clues: Some(0), attempts: u32::MAX, ..GeneratorOptions::default() };
        let mut g = Generator::new(3, options).unwrap();
        let flag = Arc::new(AtomicBool::new(false));
        let raiser = {
            let flag = flag.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                flag.store(true, Ordering::Relaxed);
            })
        };
        assert_eq!(g.try_generate(1, &flag), None);
        raiser.join().unwrap();
    }

    /// A region map no complete grid fits: `has_grids` says so, and a
    /// generator on it gives up at once (it searched for a grid for ever).
    #[test]
    fn a_layout_with_no_grid_is_told_and_never_searched_for_ever() {
        let down = Arc::new(AtomicBool::new(false));
        let none = Layout::jigsaw("3243\n4113\n4142\n3122").unwrap();
        let mut g = Generator::with_layout(none, GeneratorOptions::default());
        assert_eq!(g.has_grids(&down), Some(false));
        assert_eq!(g.try_generate(2, &down), None);
        let some = Layout::jigsaw("AABB\nAABB\nCCDD\nCCDD").unwrap();
        let mut g = Generator::with_layout(some, GeneratorOptions::default());
        assert_eq!(g.has_grids(&down), Some(true));
        assert!(g.try_generate(2, &down).is_some());
        assert_eq!(g.has_grids(&Arc::new(AtomicBool::new(true))), None, "cancelled");
    }

    #[test]
    fn seeds_differ() {
        let mut g = Generator::new(3, GeneratorOptions::default()).unwrap();
        assert_ne!(g.generate(1).puzzle, g.generate(2).puzzle);
        assert_ne!(derive_seed(5, 0), derive_seed(5, 1));
    }
}
