//! The iterative search: Knuth's Algorithm X (and C, with colours) as a
//! resumable loop, with no recursion.
//!
//! The search state is `level`, the stack `choice[0..level]` of chosen
//! nodes, and `marks[0..level]`, the trail's mark at each level (see the
//! `arena` module). The hot loop, `run`, alternates two inner loops, with
//! DLX1's steps:
//!
//! * **forward**: count a node; choose an item `i` (DLX1's rule: the first
//!   active primary item of minimum length, stopping at length 0), or find
//!   that no primary item is left: a solution. If `i`'s list is empty,
//!   count the update of covering it (nothing else would change) and back
//!   up. Else cover `i`, take the trail's mark, commit the other items of
//!   the first option in `i`'s list, record that node in `choice[level]`,
//!   and go down.
//! * **back up**: go up a level; undo the trail down to the level's mark,
//!   which uncommits `choice[level]` (and uncovers any exhausted item
//!   below it), then release its items; move to the next option in the
//!   list. If there is one, commit it and go forward; if the list is
//!   exhausted, release `i` and back up again: its hidden options are
//!   undone with the level above.
//!
//! The loop keeps its state in locals (and the arena's counters in a
//! `Dance` view), and saves it only when it returns: at a solution
//! (`phase` = `AfterSolution`, resumed by backing up), at a limit
//! (`Forward`, before counting the node), or at the end (`Done`). When
//! counting without verification, solutions are counted in the loop,
//! which then returns only at the end or at a limit.
//!
//! Because the trail is undone in exactly the reverse order, the arena
//! returns to its starting state when the search ends. A stop by a limit
//! *unwinds* the remaining levels in the same order, so the arena is
//! restored in every case (see the `arena` module for the invariant).
//! The depth of the stack is at most the number of primary items plus one;
//! it is allocated once, when the solver is made.

use crate::cover::arena::Arena;
use crate::cover::avx2::{Avx2, maybe_avx2, with_avx2};
use crate::cover::check::{CheckError, Checker};
use crate::cover::ids::{Fork, NodeId, OptionId, TrailMark};
use crate::cover::limits::{CHECK_INTERVAL, Limits, Progress, Shared, Status, StopReason};
use crate::cover::problem::Problem;
use crate::cover::stats::Stats;
use crate::cover::tables::Tables;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod bits;
mod bits_m;
mod bits_m_run;
mod bits_run;
mod estimate;
mod m;
mod pins;

use bits::Levels;
use bits_m::MLevels;

pub use estimate::Estimate;
pub use pins::PinError;

/// What the hot loop does at a solution.
pub(crate) enum OnSolution<'v> {
    /// Return it (`Event::Solution`); the search resumes by backing up.
    Return,
    /// Count it and go on.
    Count,
    /// Call the visitor with it and go on, until the visitor answers
    /// `Break` (then return `Event::Solution`, as `Return` does).
    Visit(&'v mut dyn FnMut(&[OptionId]) -> ControlFlow<()>),
}

/// What one stretch of search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    Solution,
    /// A node at the depth cap (see `Solver::cap`), not entered.
    Frontier,
    Done,
    Stopped(StopReason),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Enter a new node at `level` (a fresh search, or one stopped by a
    /// limit before counting that node).
    Forward,
    /// A solution was reported at `level`; go on by backing up.
    AfterSolution,
    Done,
}

/// The state of one search of a [`Problem`], behind the public
/// [`Solver`](crate::cover::Solver). Its fields are private to this module
/// and its children (the loops of X/C here and of M in `m`, the pins and
/// prefixes in `pins`, the estimate in `estimate`); the rest of the crate
/// goes through its methods.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    problem: Problem,
    arena: Arena,
    phase: Phase,
    level: usize,
    /// The node chosen at each level.
    choice: Vec<NodeId>,
    /// The trail's mark at each level, between covering the branching item
    /// and committing the chosen option: undoing the trail to it undoes the
    /// option (and whatever deeper levels left on the trail).
    marks: Vec<TrailMark>,
    /// The trail's mark when the floor level began (after the prefix).
    floor_mark: TrailMark,
    /// The trail's mark when the prefix began (after the pins).
    prefix_mark: TrailMark,
    /// For each level: how many branches it has, and which is being
    /// explored. Used for progress estimates and to address subproblems.
    branch: Vec<Fork>,
    /// Levels below `floor` belong to a fixed prefix (see `prefix`).
    floor: usize,
    /// The branch to take at each level of the prefix: a position in the
    /// branching item's list (as `Fork::taken`), not a node.
    prefix: Vec<u32>,
    /// The first node of each pinned option, with the trail's mark before
    /// it was committed.
    pins: Vec<(NodeId, TrailMark)>,
    limits: Limits,
    deadline: Option<Instant>,
    next_check: u64,
    nodes: u64,
    guesses: u64,
    solutions: u64,
    elapsed: Duration,
    status: Status,
    seed: Option<u64>,
    rng: Option<ChaCha8Rng>,
    /// The options of the current path: the pins', then one per level
    /// (`path[pins.len() + l]` is the option chosen at level `l`), kept up
    /// to date as the search goes, so a solution is a slice of it.
    path: Vec<OptionId>,
    /// The length of the last solution reported, in `path`.
    solution_len: usize,
    /// With multiplicities, the options chosen on the current path below
    /// the pins (levels that made a null move choose none).
    opts: usize,
    /// The first place in `path` that may differ from the last solution
    /// the checker saw: the search's word to `Checker::check_from`, which
    /// verifies it.
    changed: usize,
    /// Check every solution with the independent checker.
    verify: bool,
    /// A solution the checker rejected, which stops the search (a bug in
    /// the engine): `check_all` returns it, any other search panics.
    wrong: Option<CheckError>,
    /// Whether the caller takes `wrong` instead of a panic.
    returns_wrong: bool,
    /// The checker, made on first use.
    checker: Option<Box<Checker>>,
    /// Proof that the CPU has AVX2, taken once, for the search loop.
    avx2: Option<Avx2>,
    /// Nodes at this level are reported as `Event::Frontier` instead of
    /// being entered (`usize::MAX`: no cap).
    cap: usize,
    /// The totals of a parallel search this solver works for, if any.
    tally: Tally,
    /// The options as bit sets, when the search on them suits the problem
    /// (see `bits`), and its levels (made by the first search on them).
    tables: Option<Arc<Tables>>,
    levels: Option<Box<Levels>>,
    /// The levels of Algorithm M on bit sets (see `bits_m`), likewise.
    m_levels: Option<Box<MLevels>>,
    /// Whether the levels above the floor are searched on the bit sets
    /// (decided when a search begins: not with a seed or a restriction),
    /// so that the arena holds only the pins and the prefix.
    on_bits: bool,
}

/// A worker's part in the totals of a parallel search: the totals shared
/// by every worker (the node and solution limits then apply to them), and
/// the nodes and solutions this worker has already added.
#[derive(Clone, Debug, Default)]
struct Tally {
    shared: Option<Arc<Shared>>,
    reported: (u64, u64),
}

impl Tally {
    /// Adds the nodes and solutions not yet added to the shared totals,
    /// and returns the totals (`None` outside a parallel search).
    fn share(&mut self, nodes: u64, solutions: u64) -> Option<(u64, u64)> {
        use std::sync::atomic::Ordering::Relaxed;
        let shared = self.shared.as_ref()?;
        let (dn, ds) = (nodes - self.reported.0, solutions - self.reported.1);
        self.reported = (nodes, solutions);
        Some((shared.nodes.fetch_add(dn, Relaxed) + dn, shared.solutions.fetch_add(ds, Relaxed) + ds))
    }
}

impl Search {
    /// A solver with its own copy of the problem's arena and no limits.
    pub(crate) fn new(problem: &Problem) -> Search {
        let tables = problem.bit_tables().cloned();
        let arena = problem.arena_for_solver();
        let depth = problem.max_depth();
        Search {
            problem: problem.clone(),
            arena,
            phase: Phase::Done,
            level: 0,
            choice: vec![NodeId::NULL; depth],
            marks: vec![TrailMark::default(); depth],
            floor_mark: TrailMark::default(),
            prefix_mark: TrailMark::default(),
            branch: vec![Fork::default(); depth],
            floor: 0,
            prefix: Vec::new(),
            pins: Vec::new(),
            limits: Limits::default(),
            deadline: None,
            next_check: 0,
            nodes: 0,
            guesses: 0,
            solutions: 0,
            elapsed: Duration::ZERO,
            status: Status::Ready,
            seed: None,
            rng: None,
            // Each pin covers a primary item of its own, so there are at
            // most as many pins as levels.
            path: vec![OptionId::default(); 2 * depth],
            solution_len: 0,
            opts: 0,
            changed: 0,
            verify: cfg!(debug_assertions),
            wrong: None,
            returns_wrong: false,
            checker: None,
            avx2: Avx2::detect(),
            cap: usize::MAX,
            tally: Tally::default(),
            tables,
            levels: None,
            m_levels: None,
            on_bits: false,
        }
    }

    /// See [`Solver::set_seed`](crate::cover::Solver::set_seed).
    pub(crate) fn set_seed(&mut self, seed: Option<u64>) {
        self.reset();
        let pins = std::mem::take(&mut self.pins);
        for &(p, mark) in pins.iter().rev() {
            self.arena.uncommit_option(p, mark);
        }
        self.arena.relink_vertical(|column| column.sort_unstable());
        if let Some(seed) = seed {
            let mut shuffler = ChaCha8Rng::seed_from_u64(seed);
            self.arena.relink_vertical(|column| {
                use rand::seq::SliceRandom;
                column.shuffle(&mut shuffler);
            });
        }
        self.pins = pins.iter().map(|&(p, _)| (p, self.arena.commit_option(p))).collect();
        self.seed = seed;
        self.rng = seed.map(tie_rng);
    }

    /// See [`Solver::set_limits`](crate::cover::Solver::set_limits).
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// See [`Solver::limits`](crate::cover::Solver::limits).
    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// See [`Solver::set_verify`](crate::cover::Solver::set_verify).
    pub(crate) fn set_verify(&mut self, on: bool) {
        self.verify = on;
    }

    /// See [`Solver::problem`](crate::cover::Solver::problem).
    pub(crate) fn problem(&self) -> &Problem {
        &self.problem
    }

    /// See [`Solver::status`](crate::cover::Solver::status).
    pub(crate) fn status(&self) -> Status {
        self.status
    }

    /// See [`Solver::stats`](crate::cover::Solver::stats).
    pub(crate) fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            updates: self.arena.updates,
            cleansings: self.arena.cleansings,
            solutions: self.solutions,
            guesses: self.guesses,
            elapsed: self.elapsed,
        }
    }

    /// See [`Solver::reset`](crate::cover::Solver::reset).
    pub(crate) fn reset(&mut self) {
        self.unwind();
        self.unwind_prefix();
        self.phase = Phase::Done;
        self.status = Status::Ready;
        self.nodes = 0;
        self.guesses = 0;
        self.solutions = 0;
        self.elapsed = Duration::ZERO;
        self.arena.updates = 0;
        self.arena.cleansings = 0;
        self.rng = self.seed.map(tie_rng);
        self.tally.reported = (0, 0);
    }

    /// Starts a search if none is under way.
    fn begin(&mut self) {
        if self.status != Status::Ready {
            return;
        }
        self.changed = 0;
        let now = Instant::now();
        self.deadline = self.limits.deadline_from(now);
        // A search begun after the cancel flag went up stops at its first
        // node, however small it is (a batch of easy puzzles stops at once).
        self.next_check = if self.limits.cancelled() { self.nodes } else { self.nodes + CHECK_INTERVAL };
        // The prefix's work belongs to the levels above (see `split`).
        let counters = (self.arena.updates, self.arena.cleansings);
        self.replay_prefix();
        (self.arena.updates, self.arena.cleansings) = counters;
        let layout = &self.problem.inner.layout;
        // A null move (Algorithm M) chooses the item's header: no option.
        let arena = &self.arena;
        let prefix = self.choice[..self.floor].iter().copied().filter(|&c| arena.top(c) != c);
        self.opts = prefix.clone().count();
        let fixed = self.pins.iter().map(|&(p, _)| p).chain(prefix);
        for (slot, node) in self.path.iter_mut().zip(fixed) {
            *slot = layout.option_at(node);
        }
        self.floor_mark = self.arena.mark();
        self.level = self.floor;
        self.phase = Phase::Forward;
        self.status = Status::Paused;
        self.on_bits = self.has_bit_sets();
        if let (true, Some(tables)) = (self.on_bits, &self.tables) {
            let (depth, arena) = (self.choice.len(), &self.arena);
            if arena.has_bounds {
                let compact = self.avx2.is_some();
                let levels = self.m_levels.get_or_insert_with(|| Box::new(MLevels::new(tables, arena, depth, compact)));
                levels.start(tables, arena, self.floor);
            } else {
                let levels = self.levels.get_or_insert_with(|| Box::new(Levels::new(tables, depth)));
                levels.start(tables, arena, self.floor);
            }
        }
    }

    /// Runs until the next solution, the end, or a limit. Times itself.
    pub(crate) fn step(&mut self) -> Event {
        self.step_with(&mut OnSolution::Return)
    }

    /// Runs until the end or a limit, counting the solutions without
    /// stopping at each.
    pub(crate) fn run_to_end(&mut self) {
        self.step_with(&mut OnSolution::Count);
    }

    /// `run_to_end` from a fresh search with every solution checked; a
    /// solution the checker rejects stops the search and is returned.
    pub(crate) fn check_all(&mut self) -> Result<(), CheckError> {
        let verify = std::mem::replace(&mut self.verify, true);
        self.returns_wrong = true;
        self.reset();
        self.run_to_end();
        (self.verify, self.returns_wrong) = (verify, false);
        self.wrong.take().map_or(Ok(()), Err)
    }

    /// Runs, calling `visit` with each solution, until the end, a limit, or
    /// `visit` answers `Break` (then `Event::Solution`, paused there).
    pub(crate) fn visit_all(&mut self, visit: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Event {
        self.step_with(&mut OnSolution::Visit(visit))
    }

    /// Runs the search loop, doing `on` at each solution, until it returns.
    fn step_with(&mut self, on: &mut OnSolution) -> Event {
        match self.status {
            Status::Complete => return Event::Done,
            Status::Stopped(r) => return Event::Stopped(r),
            _ => {}
        }
        self.begin();
        let start = Instant::now();
        let event = match (self.arena.has_colors, self.avx2) {
            _ if self.on_bits && self.arena.has_bounds => self.run_m_on_bits(on),
            _ if self.on_bits => self.run_on_bits(on),
            _ if self.arena.has_bounds => self.run_multiplicities(on),
            (true, Some(avx2)) => with_avx2!(avx2, self.run::<true, 0>(on)),
            (true, None) => self.run::<true, 0>(on),
            // Options of one common size (see `Arena::uniform`): the loop
            // compiled for that size, for dominoes, Langford pairs, Sudoku
            // and pentominoes, each laid out a power of two nodes apart (see
            // `option_stride`), which finds an option's bounds with a mask.
            // The arena keeps no `span` for these sizes, so this loop is the
            // only one that can search it.
            (false, avx2) => match self.arena.uniform {
                1 => maybe_avx2!(avx2, self.run::<false, 1>(on)),
                2 => maybe_avx2!(avx2, self.run::<false, 2>(on)),
                3 => maybe_avx2!(avx2, self.run::<false, 3>(on)),
                4 => maybe_avx2!(avx2, self.run::<false, 4>(on)),
                6 => maybe_avx2!(avx2, self.run::<false, 6>(on)),
                _ => maybe_avx2!(avx2, self.run::<false, 0>(on)),
            },
        };
        match event {
            Event::Solution | Event::Frontier => {}
            Event::Done => {
                self.unwind_prefix();
                self.status = Status::Complete;
            }
            Event::Stopped(r) => {
                self.unwind();
                self.unwind_prefix();
                self.status = Status::Stopped(r);
            }
        }
        if event != Event::Solution && event != Event::Frontier {
            self.share_counts();
        }
        if let Some(e) = &self.wrong
            && !self.returns_wrong
        {
            panic!("the engine reported a wrong solution: {e}");
        }
        self.elapsed += start.elapsed();
        event
    }

    /// Algorithm M's loop (`m.rs`), kept out of line so that the loop
    /// of X and C is compiled as before; with AVX2 when the CPU has it.
    #[inline(never)]
    fn run_multiplicities(&mut self, on: &mut OnSolution) -> Event {
        match (self.arena.has_colors, self.avx2) {
            (true, Some(avx2)) => with_avx2!(avx2, self.run_m::<true, 0>(on)),
            (true, None) => self.run_m::<true, 0>(on),
            // Options of one common size: the loop compiled for it, as
            // for Algorithm X (dominoes, queens, tetrominoes).
            (false, avx2) => match self.arena.uniform {
                3 => maybe_avx2!(avx2, self.run_m::<false, 3>(on)),
                4 => maybe_avx2!(avx2, self.run_m::<false, 4>(on)),
                _ => maybe_avx2!(avx2, self.run_m::<false, 0>(on)),
            },
        }
    }

    /// Adds the nodes and solutions not yet reported to the shared totals.
    fn share_counts(&mut self) {
        self.tally.share(self.nodes, self.solutions);
    }

    /// The solution found by the last `step`.
    pub(crate) fn solution(&self) -> &[OptionId] {
        &self.path[..self.solution_len]
    }

    /// The hot loop: descend until a solution or a dead end, then back up
    /// to the next untried option, and again. Only a return saves `phase`.
    /// At a solution it does what `on` says, so with `Count` or `Visit` it
    /// returns only at the end, at a limit, or when the visitor stops it.
    /// Inlined into `step_with` once for each combination of colours, size
    /// `U` (see `Dance::span`) and AVX2 that it dispatches to.
    #[inline(always)]
    fn run<const COLORS: bool, const U: u32>(&mut self, on: &mut OnSolution) -> Event {
        let Start { budget, max_solutions, mut resume, mut stop_at } = match self.start() {
            Ok(start) => start,
            Err(event) => return event,
        };
        let cap = self.cap;
        let floor = self.floor;
        let mut level = self.level;
        let mut nodes = self.nodes;
        let mut guesses = self.guesses;
        let layout = &self.problem.inner.layout;
        let base = self.pins.len();
        let last = self.last_level::<COLORS, U>();
        let returns = matches!(on, OnSolution::Return);
        let mut dance = self.arena.dance();
        let (event, phase) = 'search: loop {
            // Forward: go down while the chosen item has an option (unless
            // resuming after a solution, where the search backs up first).
            if !resume {
                loop {
                    if level >= cap {
                        break 'search (Event::Frontier, Phase::AfterSolution);
                    }
                    // The look written out, as `Due::look` does it: through
                    // `due!` this loop ran 1.2% more instructions on 13
                    // queens (cachegrind), the other loops none.
                    if nodes >= stop_at {
                        if nodes >= budget {
                            break 'search (Event::Stopped(StopReason::Nodes), Phase::Forward);
                        }
                        self.next_check = nodes + CHECK_INTERVAL;
                        let position = &self.branch[..level];
                        let check = periodic_check(
                            &self.limits,
                            self.deadline,
                            position,
                            (nodes, self.solutions),
                            &mut self.tally,
                        );
                        if let Some(r) = check {
                            break 'search (Event::Stopped(r), Phase::Forward);
                        }
                        stop_at = budget.min(self.next_check);
                    }
                    nodes += 1;
                    let choice = match &mut self.rng {
                        None => dance.choose_first_min(),
                        Some(rng) => dance.choose_random_tie(|n| rng.random_range(0..n)),
                    };
                    let Some((i, t)) = choice else {
                        if let Some(stop) = found!(self).report(base + level, on, max_solutions) {
                            break 'search stop;
                        }
                        break;
                    };
                    self.branch[level] = Fork { ways: t, taken: 0 };
                    guesses += u64::from(t > 1);
                    if t == 0 {
                        // DLX1 covers the item and finds its list empty; that
                        // changes nothing but the update count.
                        dance.count_empty_cover();
                        break;
                    }
                    if level == last && level + 1 < cap && nodes + u64::from(t) <= stop_at && !returns {
                        // Every option in `i`'s list covers exactly the
                        // items left: each is a solution, reported without
                        // the dance (whose updates are counted).
                        dance.count_last_cover::<U>(t);
                        let len = base + level + 1;
                        self.solution_len = len;
                        let mut c = dance.down(i);
                        let mut taken = 0;
                        while c != i {
                            nodes += 1;
                            dance.count_last_commit::<U>();
                            self.solutions += 1;
                            self.path[len - 1] = layout.option_of::<U>(c);
                            let solution = &self.path[..len];
                            let check = (&mut self.checker, &self.problem, &mut self.wrong);
                            let bad = self.verify && {
                                let from = std::mem::replace(&mut self.changed, usize::MAX).min(len - 1);
                                wrong(check, solution, from)
                            };
                            let more = !bad
                                && match on {
                                    OnSolution::Visit(visit) => visit(solution).is_continue(),
                                    _ => true,
                                };
                            if !more || self.solutions >= max_solutions {
                                // Pause as the dance would have paused here.
                                self.marks[level] = dance.enter_last_level::<U>(i, c);
                                self.choice[level] = c;
                                self.branch[level].taken = taken;
                                level += 1;
                                let event = match (bad, more) {
                                    (true, _) => Event::Stopped(StopReason::Cancelled),
                                    (false, true) => Event::Stopped(StopReason::Solutions),
                                    (false, false) => Event::Solution,
                                };
                                break 'search (event, Phase::AfterSolution);
                            }
                            c = dance.down(c);
                            taken += 1;
                        }
                        break;
                    }
                    dance.cover::<COLORS, U>(i);
                    let c = dance.down(i);
                    self.marks[level] = dance.mark();
                    dance.commit_others::<COLORS, U>(c);
                    self.choice[level] = c;
                    self.path[base + level] = layout.option_of::<U>(c);
                    level += 1;
                }
            }
            resume = false;
            // Back up to the next untried option. The options hidden by
            // covering an exhausted item are undone with the level above.
            loop {
                if level == floor {
                    dance.undo_to::<COLORS, U>(self.floor_mark);
                    break 'search (Event::Done, Phase::Done);
                }
                level -= 1;
                let c = self.choice[level];
                dance.undo_to::<COLORS, U>(self.marks[level]);
                dance.release_others::<COLORS, U>(c);
                let c = dance.down(c);
                let i = dance.top(c);
                if c != i {
                    dance.commit_others::<COLORS, U>(c);
                    self.choice[level] = c;
                    self.path[base + level] = layout.option_of::<U>(c);
                    self.changed = self.changed.min(base + level);
                    self.branch[level].taken += 1;
                    level += 1;
                    break;
                }
                dance.release(i);
            }
        };
        drop(dance);
        self.level = level;
        self.nodes = nodes;
        self.guesses = guesses;
        self.phase = phase;
        event
    }

    /// What a loop starts from: its limits, whether it resumes after a
    /// solution (by backing up) and its first stop; or the event to return
    /// at once (the search is done, or stopped at the solution limit).
    #[inline(always)]
    fn start(&self) -> Result<Start, Event> {
        // With shared totals, the limits apply to them (see `periodic_check`).
        let local = self.tally.shared.is_none();
        let budget = self.limits.node_budget().filter(|_| local).unwrap_or(u64::MAX);
        let max_solutions = self.limits.solution_limit().filter(|_| local).unwrap_or(u64::MAX);
        let resume = match self.phase {
            Phase::Forward => false,
            Phase::AfterSolution if self.solutions >= max_solutions => {
                return Err(Event::Stopped(StopReason::Solutions));
            }
            Phase::AfterSolution => true,
            Phase::Done => return Err(Event::Done),
        };
        Ok(Start { budget, max_solutions, resume, stop_at: budget.min(self.next_check) })
    }

    /// The level at which, in a problem whose options all have `U`
    /// primary items and no secondary one, exactly `U` items are left
    /// uncovered (every pin and level covers `U`): there every option in
    /// the branching item's list is the whole rest, and so a solution.
    /// `usize::MAX` for other problems.
    fn last_level<const COLORS: bool, const U: u32>(&self) -> usize {
        let (n, u) = (self.arena.n_primary as usize, U as usize);
        if COLORS || U == 0 || self.arena.n_items as usize != n || n % u != 0 {
            return usize::MAX;
        }
        (n / u).checked_sub(self.pins.len() + 1).unwrap_or(usize::MAX)
    }

    /// Undoes every level of the search above the floor, whatever the
    /// phase, leaving the arena as it was before the search began.
    fn unwind(&mut self) {
        if self.phase == Phase::Done {
            return;
        }
        // The bit sets' levels left nothing in the arena.
        for l in (self.floor..self.level).rev().filter(|_| !self.on_bits) {
            self.arena.uncommit_level(self.choice[l], self.marks[l]);
        }
        self.arena.undo_to(self.floor_mark);
        self.level = self.floor;
        self.phase = Phase::Done;
    }

    /// See [`Solver::links_are_pristine`](crate::cover::Solver::links_are_pristine).
    #[cfg(any(test, feature = "testing"))]
    pub(crate) fn links_are_pristine(&self) -> bool {
        let (a, b) = (&self.arena, self.problem.pristine());
        a.links == b.links && a.trail_len == b.trail_len && a.len == b.len && a.color == b.color
    }

    /// The search depth right now and, for each level, the number of
    /// branches and the index of the one being explored.
    pub(crate) fn position(&self) -> &[Fork] {
        &self.branch[..self.level.min(self.branch.len())]
    }

    /// Reports nodes at `depth` as [`Event::Frontier`] instead of entering
    /// them (a parallel search's split).
    pub(crate) fn set_cap(&mut self, depth: usize) {
        self.cap = depth;
    }

    /// Makes this search a worker of a parallel one: its nodes and
    /// solutions add up in `shared`, against which the limits are checked.
    pub(crate) fn join(&mut self, shared: &Arc<Shared>) {
        self.tally.shared = Some(Arc::clone(shared));
    }

    /// Searches on bit sets whenever the problem's kind allows (`true`,
    /// however sparse it is), or never (`false`), from the next search on:
    /// for the tests, which compare the two searches.
    #[cfg(any(test, feature = "testing"))]
    pub(crate) fn use_bit_sets(&mut self, on: bool) {
        self.reset();
        let problem = &self.problem;
        self.tables = on
            .then(|| Tables::build(problem.pristine(), &problem.inner.layout, problem.option_count(), 0))
            .flatten()
            .map(Arc::new);
        self.levels = None;
        self.m_levels = None;
    }

    /// Whether the next search runs on bit sets (see `bits`): the problem
    /// suits them, and the search has no seed and no restriction (and with
    /// multiplicities, its arena has live keys, as the problem's has when
    /// the tables are made, but not the engine's tests of plain lengths).
    pub(crate) fn has_bit_sets(&self) -> bool {
        let keyed = !self.arena.has_bounds || self.arena.key_bits.is_some();
        self.tables.is_some() && self.rng.is_none() && !self.arena.restricted && keyed
    }

    /// The arena, for the engine's own tests.
    #[cfg(test)]
    pub(crate) fn arena_mut(&mut self) -> &mut Arena {
        &mut self.arena
    }
}

/// What a loop starts from (see `Search::start`): the node budget and the
/// solution limit it runs under, whether it resumes after a solution, and
/// the node count of its first stop (the budget or the next look).
struct Start {
    budget: u64,
    max_solutions: u64,
    resume: bool,
    stop_at: u64,
}

/// What a solution touches in the search, borrowed apart from the arena
/// (which a loop's dance holds): `found!(search)` borrows it, field by
/// field, inside the loops of X and C, of M, and on bit sets.
struct Found<'s> {
    solutions: &'s mut u64,
    solution_len: &'s mut usize,
    path: &'s [OptionId],
    verify: bool,
    check: (&'s mut Option<Box<Checker>>, &'s Problem, &'s mut Option<CheckError>),
    changed: &'s mut usize,
}

/// How many levels a subtree counted at once (Algorithm M's chains of
/// null moves, `null_moves` on the dance and on bit sets, and the dance's
/// `last_option`) may stand for from `level` on: all below the depth cap,
/// and none past the node of the loop's next stop (the look at the
/// limits, or the budget), so that both stop where they would had the
/// levels been made.
#[inline(always)]
fn chain_room(cap: usize, level: usize, stop_at: u64, nodes: u64) -> u64 {
    ((cap - level - 1) as u64).min(stop_at.saturating_sub(nodes))
}

macro_rules! found {
    ($search:expr) => {
        $crate::cover::search::Found {
            solutions: &mut $search.solutions,
            solution_len: &mut $search.solution_len,
            path: &$search.path,
            verify: $search.verify,
            check: (&mut $search.checker, &$search.problem, &mut $search.wrong),
            changed: &mut $search.changed,
        }
    };
}
use found;

impl Found<'_> {
    /// At a solution made of the first `len` options of `path`: counts it,
    /// checks it if asked (from the search's word, which it resets), and
    /// does what `on` says. Returns the event and phase to stop with (the
    /// solution returned, a limit, or a wrong solution), or `None` to go on.
    #[inline(always)]
    fn report(self, len: usize, on: &mut OnSolution, max_solutions: u64) -> Option<(Event, Phase)> {
        *self.solutions += 1;
        *self.solution_len = len;
        let solution = &self.path[..len];
        if self.verify && wrong(self.check, solution, std::mem::replace(self.changed, usize::MAX)) {
            return Some((Event::Stopped(StopReason::Cancelled), Phase::AfterSolution));
        }
        let more = match on {
            OnSolution::Return => false,
            OnSolution::Count => true,
            OnSolution::Visit(visit) => visit(solution).is_continue(),
        };
        if !more {
            return Some((Event::Solution, Phase::AfterSolution));
        }
        (*self.solutions >= max_solutions).then_some((Event::Stopped(StopReason::Solutions), Phase::AfterSolution))
    }
}

/// Checks a solution with the independent checker (made on first use),
/// with the search's word that it agrees with the last one on its first
/// `from` options (see `Checker::check_from`); a wrong one, a bug in the
/// engine, goes to `error` and stops the search (see `Search::wrong`).
fn wrong(
    (checker, problem, error): (&mut Option<Box<Checker>>, &Problem, &mut Option<CheckError>),
    solution: &[OptionId],
    from: usize,
) -> bool {
    let checker = match checker {
        Some(checker) => checker,
        None => checker.insert(new_checker(problem)),
    };
    match checker.check_from(solution, from) {
        Ok(()) => false,
        Err(e) => {
            *error = Some(e);
            true
        }
    }
}

/// The checker `wrong` makes on first use, kept out of its frame.
#[cold]
#[inline(never)]
fn new_checker(problem: &Problem) -> Box<Checker> {
    Box::new(Checker::new(problem))
}

/// What the look every [`CHECK_INTERVAL`] nodes touches in the search,
/// borrowed apart from the arena (which a loop's dance holds):
/// `due!(search)` borrows it, field by field, inside the loops.
struct Due<'s> {
    next_check: &'s mut u64,
    limits: &'s Limits,
    deadline: Option<Instant>,
    branch: &'s [Fork],
    solutions: u64,
    tally: &'s mut Tally,
}

macro_rules! due {
    ($search:expr) => {
        $crate::cover::search::Due {
            next_check: &mut $search.next_check,
            limits: &$search.limits,
            deadline: $search.deadline,
            branch: &$search.branch,
            solutions: $search.solutions,
            tally: &mut $search.tally,
        }
    };
}
use due;

/// Enters a node at `level` in the loops of Algorithm M (`m`, `bits_m_run`):
/// the depth cap, the look at the limits when it is due, then the node is
/// counted. `Some` stop to break the loop with, or `None` to go on (the
/// same instructions as written out, on bricks, queens and pentominoes
/// with counts). The loop of X keeps its look written out (see `run`).
macro_rules! enter {
    ($search:expr, $level:expr, $nodes:ident, $stop_at:ident, $budget:expr, $cap:expr) => {
        if $level >= $cap {
            Some((Event::Frontier, Phase::AfterSolution))
        } else {
            let look = if $nodes >= $stop_at { Some(due!($search).look($nodes, $level, $budget)) } else { None };
            match look {
                Some(Err(r)) => Some((Event::Stopped(r), Phase::Forward)),
                Some(Ok(next)) => {
                    $stop_at = next;
                    $nodes += 1;
                    None
                }
                None => {
                    $nodes += 1;
                    None
                }
            }
        }
    };
}
use enter;

impl Due<'_> {
    /// The look at `nodes` nodes, at the loop's `level`, once the loop's
    /// next stop (the node `budget` or the next look) is reached: the stop
    /// to make (the budget spent, or what [`periodic_check`] finds), or
    /// the node count of the next stop.
    fn look(self, nodes: u64, level: usize, budget: u64) -> Result<u64, StopReason> {
        if nodes >= budget {
            return Err(StopReason::Nodes);
        }
        *self.next_check = nodes + CHECK_INTERVAL;
        match periodic_check(self.limits, self.deadline, &self.branch[..level], (nodes, self.solutions), self.tally) {
            Some(r) => Err(r),
            None => Ok(budget.min(*self.next_check)),
        }
    }
}

/// The look taken every [`CHECK_INTERVAL`] nodes: the progress gauge, the
/// shared totals (against the node and solution limits), the clock and the
/// cancel flag.
#[cold]
fn periodic_check(
    limits: &Limits,
    deadline: Option<Instant>,
    position: &[Fork],
    (nodes, solutions): (u64, u64),
    tally: &mut Tally,
) -> Option<StopReason> {
    if let Some(gauge) = limits.progress_gauge() {
        gauge.set(Progress::estimate(position), solutions);
    }
    if let Some((total_nodes, total_solutions)) = tally.share(nodes, solutions) {
        if limits.node_budget().is_some_and(|b| total_nodes >= b) {
            return Some(StopReason::Nodes);
        }
        if limits.solution_limit().is_some_and(|m| total_solutions >= m) {
            return Some(StopReason::Solutions);
        }
    }
    clock_or_cancel(limits, deadline)
}

/// Whether the search must stop for the clock or the cancel flag.
#[cold]
pub(super) fn clock_or_cancel(limits: &Limits, deadline: Option<Instant>) -> Option<StopReason> {
    if limits.cancelled() {
        return Some(StopReason::Cancelled);
    }
    match deadline {
        Some(d) if Instant::now() >= d => Some(StopReason::Time),
        _ => None,
    }
}

fn tie_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15)
}

#[cfg(test)]
mod tests {
    use super::Event;
    use crate::cover::{CheckError, Checker, Problem};

    /// A solution the checker rejects stops the search: `count_checked`
    /// returns the error and leaves the arena as it was, on the dance's
    /// path (queens: options of several sizes) and on the last level of
    /// options of one size (dominoes), with no panic. A checker made for
    /// another problem stands for a broken engine.
    #[test]
    fn a_rejected_solution_is_returned_by_count_checked() {
        let cases = [
            // Solutions {0, 1} and {2, 3}; the other problem makes
            // options 0 and 1 share `a`.
            ("a b c d\na b\nc d\na c\nb d\n", "a b c d\na b\na b\na c\nb d\n", "a"),
            ("a b c | x\na x\nb c\na b\nc x\n", "a b c | x\na x\na c\na b\nc x\n", "a"),
        ];
        for (text, other, item) in cases {
            let problem = Problem::from_dlx(text).unwrap();
            let mut solver = problem.solver();
            assert_eq!(solver.count_checked(), Ok(2));
            let broken = Checker::new(&Problem::from_dlx(other).unwrap());
            solver.search.checker = Some(Box::new(broken));
            assert_eq!(solver.count_checked(), Err(CheckError::Overcovered(item.into())));
            assert!(solver.links_are_pristine());
            assert_eq!(solver.stats().solutions, 1);
            // Without the check, or with a fresh checker, all is well.
            solver.set_verify(false);
            assert_eq!(solver.count(), 2);
            solver.search.checker = None;
            assert_eq!(solver.count_checked(), Ok(2));
        }
    }

    /// Split at every depth, Algorithm M on bit sets stops at the same
    /// frontier nodes as the dance, with the same positions, solutions
    /// and figures: its chains of null moves (`bits_m`) stop short of the
    /// split's depth as the dance's levels do.
    #[test]
    fn algorithm_m_on_bit_sets_splits_where_the_dance_does() {
        // Bricks in a 2x4 box: dominoes 1 to 4 times, straight trominoes
        // at most twice; and two queens per row and column of 4x4.
        let mut bricks = String::from("a0 a1 a2 a3 b0 b1 b2 b3 1:4|D 0:2|T\n");
        for r in ["a", "b"] {
            for c in 0..3 {
                bricks += &format!("D {r}{c} {r}{}\n", c + 1);
            }
            for c in 0..2 {
                bricks += &format!("T {r}{c} {r}{} {r}{}\n", c + 1, c + 2);
            }
        }
        for c in 0..4 {
            bricks += &format!("D a{c} b{c}\n");
        }
        let mut queens = String::from("2|r0 2|r1 2|r2 2|r3 2|c0 2|c1 2|c2 2|c3\n");
        for r in 0..4 {
            for c in 0..4 {
                queens += &format!("r{r} c{c}\n");
            }
        }
        for text in [bricks, queens] {
            let problem = Problem::from_dlx(&text).unwrap();
            for cap in 0..=10 {
                let runs: Vec<_> = [false, true]
                    .map(|bits| {
                        let mut solver = problem.solver();
                        solver.use_bit_sets(bits);
                        assert_eq!(solver.uses_bit_sets(), bits);
                        solver.search.set_cap(cap);
                        let mut events = Vec::new();
                        loop {
                            let event = solver.search.step();
                            let at: Vec<_> = solver.search.position().iter().map(|f| (f.ways, f.taken)).collect();
                            events.push((format!("{event:?}"), at, solver.search.solution().to_vec()));
                            if !matches!(event, Event::Solution | Event::Frontier) {
                                break;
                            }
                        }
                        let s = solver.stats();
                        (events, (s.nodes, s.updates, s.solutions, s.guesses))
                    })
                    .into_iter()
                    .collect();
                assert_eq!(runs[0], runs[1], "cap {cap} on\n{text}");
                assert!(runs[0].0.len() > 1, "cap {cap}: some frontier or solution");
            }
        }
    }

    /// Any other verifying search panics on a rejected solution.
    #[test]
    #[should_panic(expected = "the engine reported a wrong solution")]
    fn a_rejected_solution_panics_a_verifying_search() {
        let problem = Problem::from_dlx("a b c d\na b\nc d\na c\nb d\n").unwrap();
        let mut solver = problem.solver();
        solver.set_verify(true);
        let broken = Checker::new(&Problem::from_dlx("a b c d\na b\na b\na c\nb d\n").unwrap());
        solver.search.checker = Some(Box::new(broken));
        solver.count();
    }
}
