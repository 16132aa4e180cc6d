//! The adapter: a Sudoku layout as one exact-cover problem, built once and
//! reused for every puzzle.
//!
//! **Options.** One per cell and digit: `side³` (729 for 9×9), numbered
//! `cell * side + digit - 1`.
//!
//! **Items**, all primary: one per cell ("the cell holds one digit"), then
//! one per house and digit ("the house holds this digit once"): for the
//! classic 9×9 layout, 81 cells and 81 each for rows, columns and boxes,
//! 324 in all. The names follow Knuth's `sudoku-dlx`: `p{r}{c}`,
//! `r{r}{d}`, `c{c}{d}`, `b{b}{d}` (0-based positions, digits from 1), plus
//! `x{i}{d}` for diagonals and `w{i}{d}` for windows.
//!
//! **Each classic 9×9 puzzle** (singles on, no seed) goes to the *band
//! search* ([`super::bands`]): the board by digit and band of three rows,
//! locked candidates and singles at every node, a guess on a cell with two
//! candidates when stuck. It finds what the bitboard search finds
//! (tests/sudoku_engines.rs), in about two thirds of the instructions on
//! the hard sets (docs/PERFORMANCE.md). Givens that clash leave it no
//! solution, and are then named as below.
//!
//! **Every other puzzle**, in three steps:
//!
//! 1. The *singles pass* ([`super::singles`]) loads the givens on bit
//!    masks, which also finds givens that clash (reported with the cells,
//!    by [`first_conflict`]), and places naked and hidden singles. If that
//!    fills the grid, the grid is the only solution and no search runs; if
//!    it finds a contradiction, there is none. Both are proofs (see the
//!    singles module), so "unique" is always proven: by singles filling
//!    the grid, or by the search below.
//! 2. Otherwise, on a grid of at most 128 cells (every 9×9 layout and
//!    4×4), the *bitboard search* ([`super::bitboard`]) goes on from the
//!    singles' board: Algorithm X on the same items and options, with the
//!    singles pass (and, on the classic houses, locked candidates) at
//!    every node, branching on a cell with the fewest candidates (or a
//!    house's digit with fewer places, see `Bits::branch`). It is the
//!    default because it is quicker than the dance end to end, on the hard
//!    sets and the easy ones (docs/PERFORMANCE.md).
//! 3. On larger grids, with the singles pass off, or with a seed, the
//!    *dance* searches the matrix: the filled cells are *pinned* and the
//!    search is *restricted* to the remaining candidates
//!    ([`Solver::pin_within`](crate::cover::Solver)): the matrix is never
//!    rebuilt, and the arena is put in that state in one pass over the
//!    candidates, not by committing each given and undoing it afterwards.
//!
//! Both searches find the same solutions (tests/sudoku_engines.rs compares
//! them on a thousand puzzles, the variants and random partial grids), and
//! both honour the limits.
//!
//! With the singles pass off ([`SudokuSolver::set_singles`]) only the
//! givens are pinned, and the dance sees exactly the problem Knuth's
//! `sudoku-dlx` writes for the puzzle: the same tree, and DLX1's node and
//! update counts (2,720 nodes and 48,760 updates for the "world's hardest"
//! puzzle). With a seed ([`SudokuSolver::set_seed`]), the givens are
//! pinned through the dance, which keeps the seed's shuffled lists, and
//! the pass is off.
//!
//! Every search answers with one [`Examined`] (see [`super::verdict`]),
//! which [`SudokuSolver::verdict`] reads as a [`Verdict`]. Solving
//! allocates nothing per puzzle: [`SudokuSolver::examine`] writes into
//! caller-provided slices.

#![forbid(unsafe_code)]

use super::bands::Bands;
use super::deduction::Outcome as Singled;
use super::error::SudokuError;
use super::grid::{Grid, check_box_size};
use super::layout::{HouseKind, Layout, LazyLayout, Variant};
use super::rules::{Conflict, first_conflict};
use super::singles::Singles;
use super::verdict::{Examined, Verdict};
use crate::cover::{Limits, OptionId, Problem, ProblemBuilder, Solver, Stats, Status, StopReason};
use crate::puzzles::coordinate;
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// Solves puzzles of one layout, reusing one exact-cover matrix.
#[derive(Clone, Debug)]
pub struct SudokuSolver {
    /// The layout, built on first use: the band search, which takes
    /// every classic 9×9 puzzle, needs it only to name givens that clash.
    layout: LazyLayout,
    /// The dance on the layout's matrix, built on first use: the band
    /// search, which takes every classic 9×9 puzzle, needs neither it nor
    /// the singles pass, and a run of 9×9 puzzles need not build them.
    solver: OnceLock<Solver>,
    last: Stats,
    /// The singles pass, with its board, built on first use.
    singles: OnceLock<Singles>,
    /// Whether the singles pass places digits before the search.
    use_singles: bool,
    /// The seed of the search, if any.
    seed: Option<u64>,
    /// The limits (the dance holds a copy).
    limits: Limits,
    /// A solution's cells, filled from the dance's options.
    cells: Vec<u8>,
    /// The band search, for classic 9×9 layouts.
    bands: Option<Bands>,
}

/// The singles pass of `layout`, built now if it wasn't.
fn singles<'a>(singles: &'a mut OnceLock<Singles>, layout: &Layout) -> &'a mut Singles {
    if singles.get().is_none() {
        let _ = singles.set(Singles::new(layout));
    }
    singles.get_mut().expect("built above")
}

/// The dance on the matrix of `layout`, with `limits` and `seed`.
fn new_dance(layout: &Layout, limits: &Limits, seed: Option<u64>) -> Solver {
    let mut solver = matrix(layout).solver();
    solver.set_limits(limits.clone());
    if seed.is_some() {
        solver.set_seed(seed);
    }
    solver
}

/// The dance, built now if it wasn't.
fn dance<'a>(solver: &'a mut OnceLock<Solver>, layout: &Layout, limits: &Limits, seed: Option<u64>) -> &'a mut Solver {
    if solver.get().is_none() {
        let _ = solver.set(new_dance(layout, limits, seed));
    }
    solver.get_mut().expect("built above")
}

/// The positions of the set bits of a mask, lowest first.
struct Bits32(u32);

impl Iterator for Bits32 {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        (self.0 != 0).then(|| {
            let k = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            k
        })
    }
}

/// Where a puzzle stands once loaded (see the module docs).
enum Loaded {
    /// The givens clash.
    Clash(Conflict),
    /// Singles filled the grid (`true`: its only solution, in the board)
    /// or found a contradiction (`false`: no solution). No search needed.
    Decided(bool),
    /// The solver is ready to search.
    Search,
}

impl SudokuSolver {
    /// A solver for classic grids of box size `n` (2..=5: 3 for 9×9);
    /// another size is [`SudokuError::BoxSize`].
    ///
    /// ```
    /// use exactcover::sudoku::{SudokuError, SudokuSolver};
    ///
    /// assert!(SudokuSolver::new(3).is_ok());
    /// assert_eq!(SudokuSolver::new(9).unwrap_err(), SudokuError::BoxSize(9));
    /// ```
    pub fn new(n: usize) -> Result<SudokuSolver, SudokuError> {
        Ok(SudokuSolver::for_variant(Variant::Classic, check_box_size(n)?))
    }

    /// A solver for classic grids of `grid`'s size.
    pub fn for_grid(grid: &Grid) -> SudokuSolver {
        SudokuSolver::for_variant(Variant::Classic, grid.box_size())
    }

    /// A solver for any layout.
    pub fn with_layout(layout: Layout) -> SudokuSolver {
        SudokuSolver::with_lazy_layout(LazyLayout::built(layout))
    }

    /// A solver for the layout of `variant` for box size `n` (2..=5),
    /// built when a puzzle first needs it (see [`LazyLayout`]).
    pub(crate) fn for_variant(variant: Variant, n: usize) -> SudokuSolver {
        SudokuSolver::with_lazy_layout(LazyLayout::named(variant, n))
    }

    fn with_lazy_layout(layout: LazyLayout) -> SudokuSolver {
        let classic_9 = layout.is_classic() && layout.side() == 9;
        SudokuSolver {
            solver: OnceLock::new(),
            singles: OnceLock::new(),
            layout,
            last: Stats::default(),
            use_singles: true,
            seed: None,
            limits: Limits::default(),
            cells: Vec::new(),
            bands: classic_9.then(Bands::default),
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        self.layout.get()
    }

    /// The exact-cover problem (without givens).
    pub fn problem(&self) -> &Problem {
        self.solver.get_or_init(|| new_dance(self.layout.get(), &self.limits, self.seed)).problem()
    }

    /// Limits for the following searches (node budget, time, cancel flag).
    /// A solution limit is ignored; each call says how many it wants.
    pub fn set_limits(&mut self, limits: Limits) {
        if let Some(solver) = self.solver.get_mut() {
            solver.set_limits(limits.clone());
        }
        self.limits = limits;
    }

    /// Randomises the search (see [`Solver::with_seed`]); `None` restores
    /// the natural order. With a seed, the singles pass is skipped (see
    /// the module docs).
    pub fn set_seed(&mut self, seed: Option<u64>) {
        if let Some(solver) = self.solver.get_mut() {
            solver.unpin_all();
            solver.set_seed(seed);
        }
        self.seed = seed;
    }

    /// Turns the singles pass on (the default) or off. Off, the dance
    /// gets exactly the puzzle's exact-cover problem, as Knuth's
    /// `sudoku-dlx` writes it, and reports DLX1's statistics for it; on,
    /// puzzles that singles solve take no search at all (0 nodes), and the
    /// others are searched on the bitboards with singles at every node
    /// (grids of at most 128 cells; the dance, on a smaller problem, for
    /// larger ones). The answers are the same.
    pub fn set_singles(&mut self, on: bool) {
        self.use_singles = on;
    }

    /// Loads the puzzle `cells` (row by row, 0 for empty), assuming that
    /// cell `exclude.0`, if given, is empty and doesn't hold digit
    /// `exclude.1`: runs the singles pass; the search then goes on from its
    /// board (see [`SudokuSolver::search`] and the module docs).
    fn load(&mut self, cells: &[u8], exclude: Option<(usize, u8)>) -> Loaded {
        if self.seed.is_some() {
            debug_assert!(exclude.is_none(), "no exclusions with a seed");
            return self.pin_givens(cells);
        }
        let singles = singles(&mut self.singles, self.layout.get());
        let mut outcome = match singles.load(cells) {
            Err(_) => return Loaded::Clash(first_conflict(self.layout.get(), cells).expect("a clash is a conflict")),
            Ok(o) => o,
        };
        if let Some((c, d)) = exclude {
            if outcome != Singled::Contradiction {
                outcome = singles.exclude(c, d);
            }
        }
        if self.use_singles {
            if outcome == Singled::Stuck {
                outcome = singles.propagate();
            }
            match outcome {
                Singled::Solved => return Loaded::Decided(true),
                Singled::Contradiction => return Loaded::Decided(false),
                Singled::Stuck => {}
            }
        }
        Loaded::Search
    }

    /// Pins the board's filled cells and restricts the dance to its
    /// candidates (see the module docs).
    fn restrict(&mut self) {
        let side = self.layout.side() as u32;
        let (cells, masks) = singles(&mut self.singles, self.layout.get()).board();
        let pins = cells.iter().enumerate().filter(|&(_, &v)| v != 0);
        let pins = pins.map(|(c, &v)| OptionId::from_u32(c as u32 * side + u32::from(v) - 1));
        let allowed = masks.iter().enumerate().flat_map(|(c, &m)| {
            let base = c as u32 * side;
            Bits32(m).map(move |d| OptionId::from_u32(base + d))
        });
        let solver = dance(&mut self.solver, self.layout.get(), &self.limits, self.seed);
        solver.pin_within(pins, allowed).expect("the board's digits agree");
    }

    /// Checks the givens and pins them through the dance (for a seeded
    /// search, whose shuffled lists a restriction would lose).
    fn pin_givens(&mut self, cells: &[u8]) -> Loaded {
        if let Some(conflict) = first_conflict(self.layout.get(), cells) {
            return Loaded::Clash(conflict);
        }
        let solver = dance(&mut self.solver, self.layout.get(), &self.limits, self.seed);
        solver.unpin_all();
        let side = self.layout.side();
        let givens = cells.iter().enumerate().filter(|&(_, &v)| v != 0);
        let options = givens.map(|(k, &v)| OptionId::from_u32((k * side + usize::from(v) - 1) as u32));
        solver.pin_all(options).expect("givens without conflicts can all be pinned");
        Loaded::Search
    }

    /// Searches the loaded puzzle for up to `max` solutions, calling
    /// `visit` with each (its cells, row by row) until it returns `Break`:
    /// on the bitboards when singles are on and the grid fits them, else
    /// by the dance (see the module docs).
    fn search(&mut self, max: u64, mut visit: impl FnMut(&[u8]) -> ControlFlow<()>) -> Examined {
        // Both searches stop at the smaller of `max` and the limits' own
        // solution limit, and neither starts when that is 0.
        let max = self.at_most(max);
        if max == 0 {
            self.last = Stats::default();
            return Examined::unsearched(0, Status::Stopped(StopReason::Solutions));
        }
        if self.use_singles && self.seed.is_none() {
            let layout = self.layout.get();
            let checked = |cells: &[u8]| {
                debug_assert!(cells.iter().all(|&v| v != 0) && first_conflict(layout, cells).is_none());
                visit(cells)
            };
            if let Some(found) = singles(&mut self.singles, layout).search(max, &self.limits, checked) {
                let Examined { solutions, nodes, guesses, .. } = found;
                self.last = Stats { nodes, guesses, solutions, ..Stats::default() };
                return found;
            }
        }
        if self.seed.is_none() {
            self.restrict();
        }
        let side = self.layout.side();
        let solver = dance(&mut self.solver, self.layout.get(), &self.limits, self.seed);
        solver.reset();
        self.cells.resize(side * side, 0);
        let mut found = 0;
        while found < max {
            let Some(solution) = solver.next_solution() else {
                break;
            };
            found += 1;
            fill(&mut self.cells, solution, side);
            if visit(&self.cells).is_break() {
                break;
            }
        }
        // Paused: `max` was reached, or `visit` stopped the search.
        let status = match solver.status() {
            Status::Paused => Status::Stopped(StopReason::Solutions),
            s => s,
        };
        let stats = solver.stats();
        self.last = stats;
        // A search paused at its last solution stays so: the next puzzle's
        // `restrict` drops it without undoing it (see `Solver::pin_within`).
        Examined::searched(found, status, stats.nodes, stats.guesses, stats.updates)
    }

    /// The most solutions to report when `max` are asked for: `max`, or
    /// the limits' own solution limit if that is smaller. Every path
    /// honours it: singles deciding the puzzle and both searches.
    fn at_most(&self, max: u64) -> u64 {
        max.min(self.limits.solution_limit().unwrap_or(u64::MAX))
    }

    /// The result of a puzzle decided by singles (`solved`: one solution,
    /// else none) when up to `max` solutions (after [`Self::at_most`])
    /// were asked for. A solved puzzle is `Complete` with one solution
    /// even when `max` is 1: singles proved there is no other.
    fn decided(&mut self, solved: bool, max: u64) -> Examined {
        let solutions = u64::from(solved).min(max);
        let status =
            if solutions < u64::from(solved) { Status::Stopped(StopReason::Solutions) } else { Status::Complete };
        self.last = Stats { solutions, ..Stats::default() };
        Examined::unsearched(solutions, status)
    }

    /// Whether the puzzle `cells` has a solution in which the empty cell
    /// `c` doesn't hold digit `d`; `None` if a limit stopped the search
    /// first. For a solver without a seed.
    pub(crate) fn has_solution_without(&mut self, cells: &[u8], c: usize, d: u8) -> Option<bool> {
        self.last = Stats::default();
        match self.load(cells, Some((c, d))) {
            Loaded::Clash(_) => Some(false),
            Loaded::Decided(solved) => Some(solved),
            Loaded::Search => {
                let e = self.search(1, |_| ControlFlow::Continue(()));
                match (e.solutions, e.status) {
                    (0, Status::Complete) => Some(false),
                    // A limit stopped it before a solution: no answer. The
                    // solution limit stops a search only once it has what
                    // it was asked for.
                    (0, Status::Stopped(reason)) if reason != StopReason::Solutions => None,
                    _ => Some(true),
                }
            }
        }
    }

    /// Looks for up to `max` solutions of the puzzle `cells` and writes the
    /// first one into `first` (both slices of `side²` cells). Allocates
    /// nothing, unless the givens conflict (then [`Examined::conflict`]
    /// names them).
    ///
    /// # Panics
    ///
    /// If `cells` is not `side²` long, or a cell holds more than `side`
    /// (0 is an empty cell): a [`Grid`](crate::sudoku::Grid)'s cells never
    /// do.
    pub fn examine(&mut self, cells: &[u8], max: u64, first: &mut [u8]) -> Examined {
        let side = self.layout.side();
        assert_eq!(cells.len(), side.pow(2), "grid size differs from the layout's");
        let most = cells.iter().copied().max().unwrap_or(0);
        assert!(usize::from(most) <= side, "a cell holds {most}, past the grid's side {side} (0 is an empty cell)");
        let mut filled = false;
        self.examine_with(cells, max, 1, |cells| {
            if !filled {
                match (<&mut [u8; 81]>::try_from(&mut *first), <&[u8; 81]>::try_from(cells)) {
                    // A 9×9 grid's copy, of a length known here: a few
                    // vector moves rather than a call to `memcpy`.
                    (Ok(to), Ok(from)) => *to = *from,
                    _ => first.copy_from_slice(cells),
                }
                filled = true;
            }
            ControlFlow::Continue(())
        })
    }

    /// Loads the puzzle `cells` and searches it for up to `max` solutions,
    /// calling `visit` with each until it returns `Break` (see
    /// [`SudokuSolver::for_each_solution`]). `visit` reads the cells of
    /// the first `shown` solutions only: the band search gives it no
    /// cells (an empty slice) past them, and spares writing them.
    fn examine_with(
        &mut self,
        cells: &[u8],
        max: u64,
        shown: u64,
        mut visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Examined {
        // No figure of an earlier puzzle may pass for this one's.
        self.last = Stats::default();
        if let Some(bands) = self.bands.as_mut().filter(|_| self.use_singles && self.seed.is_none()) {
            let max = max.min(self.limits.solution_limit().unwrap_or(u64::MAX));
            let found = bands.examine(cells, max, shown, &self.limits, visit);
            // Givens that clash have no solution: named here, as the
            // singles pass names them below.
            if found.solutions == 0 {
                if let Some(conflict) = first_conflict(self.layout.get(), cells) {
                    return Examined::clash(conflict);
                }
            }
            let Examined { solutions, nodes, guesses, .. } = found;
            self.last = Stats { nodes, guesses, solutions, ..Stats::default() };
            return found;
        }
        match self.load(cells, None) {
            Loaded::Clash(conflict) => Examined::clash(conflict),
            Loaded::Decided(solved) => {
                let max = self.at_most(max);
                if solved && max > 0 {
                    // The only solution: whatever `visit` answers, there is no other.
                    let _ = visit(singles(&mut self.singles, self.layout.get()).cells());
                }
                self.decided(solved, max)
            }
            Loaded::Search => self.search(max, visit),
        }
    }

    fn grid_size_ok(&self, grid: &Grid) -> Result<(), SudokuError> {
        if grid.side() != self.layout.side() {
            return Err(SudokuError::SizeMismatch { grid: grid.side(), layout: self.layout.side() });
        }
        Ok(())
    }

    /// Whether the puzzle has no, one or several solutions, with a solution.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver, Verdict};
    /// let puzzle = Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..").unwrap();
    /// let mut solver = SudokuSolver::new(3).unwrap();
    /// let Verdict::Unique(solution) = solver.verdict(&puzzle)? else { panic!() };
    /// assert!(solution.to_line().starts_with("812753649"));
    /// # Ok::<(), exactcover::sudoku::SudokuError>(())
    /// ```
    pub fn verdict(&mut self, puzzle: &Grid) -> Result<Verdict, SudokuError> {
        self.grid_size_ok(puzzle)?;
        let mut first = puzzle.cells().to_vec();
        let found = self.examine(puzzle.cells(), 2, &mut first);
        Ok(found.verdict(|| Grid::from_cells(first).expect("same size")))
    }

    /// The first solution, if any.
    pub fn solve(&mut self, puzzle: &Grid) -> Result<Option<Grid>, SudokuError> {
        self.grid_size_ok(puzzle)?;
        let mut first = puzzle.cells().to_vec();
        let found = self.examine(puzzle.cells(), 1, &mut first);
        Ok((found.solutions == 1).then(|| Grid::from_cells(first).expect("same size")))
    }

    /// The number of solutions, counting no further than `max`.
    pub fn count_up_to(&mut self, puzzle: &Grid, max: u64) -> Result<u64, SudokuError> {
        self.grid_size_ok(puzzle)?;
        Ok(self.examine_with(puzzle.cells(), max, 0, |_| ControlFlow::Continue(())).solutions)
    }

    /// Calls `visit` with each solution of `puzzle` (its cells, row by row)
    /// as the search finds it, up to `max` solutions, until `visit` returns
    /// `Break`. Memory stays bounded however many solutions there are, and
    /// nothing is allocated per solution. The search honours the limits
    /// (see [`SudokuSolver::set_limits`]); the outcome says how far it got:
    /// a status `Stopped(Solutions)` when `max` was reached or `visit`
    /// stopped it.
    ///
    /// ```
    /// use exactcover::sudoku::{Grid, SudokuSolver};
    /// use std::ops::ControlFlow;
    /// let puzzle = Grid::from_line("..343412..434321").unwrap();
    /// let mut lines = Vec::new();
    /// let found = SudokuSolver::new(2).unwrap().for_each_solution(&puzzle, u64::MAX, |cells| {
    ///     lines.push(cells.iter().map(|d| d.to_string()).collect::<String>());
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(lines, ["1234341221434321", "2134341212434321"]);
    /// assert_eq!(found.solutions, 2);
    /// # Ok::<(), exactcover::sudoku::SudokuError>(())
    /// ```
    pub fn for_each_solution(
        &mut self,
        puzzle: &Grid,
        max: u64,
        visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Result<Examined, SudokuError> {
        self.last = Stats::default();
        self.grid_size_ok(puzzle)?;
        Ok(self.examine_with(puzzle.cells(), max, u64::MAX, visit))
    }

    /// Up to `max` solutions, in the order the search finds them.
    pub fn solutions(&mut self, puzzle: &Grid, max: usize) -> Result<Vec<Grid>, SudokuError> {
        self.grid_size_ok(puzzle)?;
        let mut out = Vec::new();
        self.for_each_solution(puzzle, max as u64, |cells| {
            out.push(Grid::from_slice(cells).expect("same size"));
            ControlFlow::Continue(())
        })?;
        Ok(out)
    }

    /// Statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.last
    }
}

/// Writes the digits of `solution`'s options into `cells`.
fn fill(cells: &mut [u8], solution: &[OptionId], side: usize) {
    for &o in solution {
        let o = o.as_usize();
        cells[o / side] = (o % side) as u8 + 1;
    }
}

/// Builds the exact-cover matrix of a layout.
fn matrix(layout: &Layout) -> Problem {
    let side = layout.side();
    let mut b = ProblemBuilder::new();
    let ch = |k: usize| coordinate(k);
    for k in 0..side * side {
        b.primary(format!("p{}{}", ch(k / side), ch(k % side))).expect("distinct names");
    }
    let prefix = |kind: HouseKind| match kind {
        HouseKind::Row => 'r',
        HouseKind::Column => 'c',
        HouseKind::Box => 'b',
        HouseKind::Diagonal => 'x',
        HouseKind::Window => 'w',
    };
    // Knuth's order: all rows, then all columns, then all boxes.
    let mut house_items = vec![Vec::new(); layout.houses().len()];
    for kind in [HouseKind::Row, HouseKind::Column, HouseKind::Box, HouseKind::Diagonal, HouseKind::Window] {
        for (h, house) in layout.houses().iter().enumerate().filter(|(_, h)| h.kind == kind) {
            for d in 1..=side {
                let id = b.primary(format!("{}{}{}", prefix(kind), ch(house.index), ch(d))).expect("distinct names");
                house_items[h].push(id);
            }
        }
    }
    // `by_digit[d][h]`: the item "house h holds digit d + 1".
    let by_digit: Vec<Vec<_>> = (0..side).map(|d| house_items.iter().map(|items| items[d]).collect()).collect();
    for (k, houses) in layout.houses_of().iter().enumerate() {
        for digit_items in &by_digit {
            let mut items = vec![crate::cover::ItemId::from_u32(k as u32)];
            items.extend(houses.iter().map(|&h| digit_items[h]));
            b.option_ids(&items).expect("valid option");
        }
    }
    b.build().expect("a Sudoku matrix is valid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::layout::Variant;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// A raw cell past the side is refused with a message, on every path
    /// (before: the band search said "no solution" and the others
    /// panicked with "a clash is a conflict").
    #[test]
    fn examine_names_a_cell_past_the_side() {
        for (box_size, singles, value) in [(3, true, 10), (3, false, 10), (2, true, 5), (4, false, 17)] {
            let side = box_size * box_size;
            let mut cells = vec![0u8; side * side];
            cells[0] = value;
            let mut first = cells.clone();
            let mut solver = SudokuSolver::new(box_size).unwrap();
            solver.set_singles(singles);
            let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                solver.examine(&cells, 2, &mut first);
            }))
            .expect_err("a cell past the side");
            let message = panic.downcast_ref::<String>().expect("a formatted message");
            assert_eq!(message, &format!("a cell holds {value}, past the grid's side {side} (0 is an empty cell)"));
        }
    }

    /// A classic 9×9 solver builds no layout for the puzzles the band
    /// search solves, its clones neither, and finds what a solver handed
    /// the layout built finds; givens that clash build it, to be named.
    #[test]
    fn classic_9_puzzles_build_no_layout_until_a_clash() {
        let inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let several = inkala.replacen('8', ".", 1);
        let mut lazy = SudokuSolver::new(3).unwrap();
        let mut built = SudokuSolver::with_layout(Layout::classic(3).unwrap());
        for line in [inkala, &several] {
            let grid = Grid::from_line(line).unwrap();
            assert_eq!(lazy.verdict(&grid).unwrap(), built.verdict(&grid).unwrap());
        }
        assert!(!lazy.layout.is_built());
        let mut clone = lazy.clone();
        let clash = Grid::from_line(&inkala.replacen('.', "8", 1)).unwrap();
        assert_eq!(clone.verdict(&clash).unwrap(), built.verdict(&clash).unwrap());
        assert!(clone.layout.is_built() && !lazy.layout.is_built());
        assert_eq!(lazy.layout(), built.layout());
    }

    /// Statistics belong to the last puzzle: givens that clash report no
    /// search, not the figures of the puzzle before.
    #[test]
    fn a_clash_reports_no_nodes_of_the_puzzle_before() {
        let mut solver = SudokuSolver::new(3).unwrap();
        let inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        solver.verdict(&Grid::from_line(inkala).unwrap()).unwrap();
        assert!(solver.stats().nodes > 0);
        let clash = Grid::from_line(&inkala.replacen('.', "8", 1)).unwrap();
        assert!(matches!(solver.verdict(&clash).unwrap(), Verdict::None(Some(_))));
        assert_eq!((solver.stats().nodes, solver.stats().updates), (0, 0));
        assert!(solver.solutions(&clash, 5).unwrap().is_empty());
        assert_eq!(solver.stats().nodes, 0);
    }

    /// Asks both searches, on `layout`, whether each puzzle of `lines`
    /// (with its first `removed` givens removed, so some answers are yes)
    /// has a solution without the digit the first solution puts in each
    /// empty cell among the first `cells`. The number of yes and no.
    fn ask_both(layout: &Layout, lines: &[&str], removed: usize, cells: usize) -> (usize, usize) {
        let mut bits = SudokuSolver::with_layout(layout.clone());
        let mut dance = SudokuSolver::with_layout(layout.clone());
        dance.set_singles(false);
        let (mut yes, mut no) = (0, 0);
        for line in lines {
            let mut cells_of = Grid::from_line(line).unwrap().cells().to_vec();
            for _ in 0..removed {
                let given = cells_of.iter().position(|&v| v != 0).unwrap();
                cells_of[given] = 0;
            }
            let mut first = cells_of.clone();
            assert!(bits.examine(&cells_of, 1, &mut first).conflict.is_none());
            for c in (0..cells).filter(|&c| cells_of[c] == 0) {
                let answer = bits.has_solution_without(&cells_of, c, first[c]);
                assert_eq!(answer, dance.has_solution_without(&cells_of, c, first[c]), "{line} cell {c}");
                if answer == Some(true) { yes += 1 } else { no += 1 }
            }
        }
        (yes, no)
    }

    /// The generator's question, "is there a solution in which this cell
    /// holds another digit?", gets the same answer from the bitboard
    /// search as from the dance: on shipped puzzles with three givens
    /// removed, for every empty cell of the first rows, and on the X and
    /// windoku fixtures with none to four removed (none: every answer is
    /// no), whose extra houses the bitboards hold too.
    #[test]
    fn exclusions_agree_between_the_searches() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.txt")).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).take(40).collect();
        let (yes, no) = ask_both(&Layout::classic(3).unwrap(), &lines, 3, 27);
        assert!(yes > 500 && no > 50, "{yes} yes, {no} no");
        for (file, variant) in [("x.txt", Variant::X), ("windoku.txt", Variant::Windoku)] {
            let path = format!("{}/tests/fixtures/sudoku/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).unwrap();
            let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
            let layout = Layout::variant(variant, 3).unwrap();
            let (mut yes, mut no) = (0, 0);
            for removed in [0, 1, 2, 4] {
                let (y, n) = ask_both(&layout, &lines, removed, 81);
                (yes, no) = (yes + y, no + n);
            }
            assert!(yes > 100 && no > 50, "{file}: {yes} yes, {no} no");
        }
    }

    /// A limit that stops the exclusion's search before it finds a
    /// solution leaves the question open (`None`), on both searches; a
    /// puzzle decided by the singles pass needs no search and gets its
    /// answer under any limit.
    #[test]
    fn a_stopped_exclusion_is_unanswered() {
        let empty = [0u8; 81];
        let line = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        let mut almost = Grid::from_line(line).unwrap().cells().to_vec();
        almost[0] = 0;
        for singles in [true, false] {
            let mut solver = SudokuSolver::new(3).unwrap();
            solver.set_singles(singles);
            solver.set_limits(Limits::new().nodes(1));
            assert_eq!(solver.has_solution_without(&empty, 0, 1), None, "singles {singles}");
            solver.set_limits(Limits::new().cancel_flag(Arc::new(AtomicBool::new(true))));
            assert_eq!(solver.has_solution_without(&empty, 0, 1), None, "singles {singles}");
            if singles {
                assert_eq!(solver.has_solution_without(&almost, 0, 8), Some(false));
            }
            solver.set_limits(Limits::new());
            assert_eq!(solver.has_solution_without(&empty, 0, 1), Some(true), "singles {singles}");
            assert_eq!(solver.has_solution_without(&almost, 0, 8), Some(false), "singles {singles}");
        }
    }
}
