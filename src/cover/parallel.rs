//! Parallel search: the tree is split at its top levels into independent
//! subproblems, solved on a pool of threads, each with its own copy of the
//! arena.
//!
//! # How it splits
//!
//! A solver with a depth cap ([`Solver::cap`]) explores the top `d` levels
//! exactly as the single-threaded search would, counting their nodes,
//! updates and solutions, and reports each node at depth `d` as a
//! *subproblem*: the positions of its choices at each level (a prefix). A
//! worker replays a prefix (without counting that work, which belongs to
//! the levels above) and searches below it. So the counts, and the node
//! and update statistics, are exactly those of the single-threaded search,
//! whatever the number of threads. The depth is the smallest for which
//! there are at least `subproblems` of them (64 per thread by default), so
//! rayon's work stealing keeps every core busy when subtrees are uneven.
//!
//! # Order, limits, shards
//!
//! The entries of the frontier (subproblems, and solutions found above
//! depth `d`) come in the search's order, so [`Parallel::first`] returns
//! the single-threaded search's first solution, and
//! [`Parallel::for_each_ordered`] visits solutions in its order. Workers
//! share the limits: one deadline, one cancel flag, and the node and
//! solution limits apply to their totals (checked every 256 nodes, so a
//! limit may be passed by a few hundred nodes per thread).
//!
//! [`Parallel::shard`] takes every `n`-th subproblem (from the `k`-th): the
//! frontier depends only on the problem and `n`, so `n` processes on `n`
//! machines cover the search exactly once; shard 0 also counts the levels
//! above the split.

use super::ids::OptionId;
use super::limits::{Limits, Shared, Status, StopReason};
use super::problem::Problem;
use super::report::Report;
use super::search::{Event, Search};
use super::solver::Solution;
use super::stats::Stats;
use rayon::prelude::*;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// One entry of the frontier, in the search's order.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    /// A solution found above the split depth.
    Solution(Solution),
    /// A subproblem: the position of the choice at each level.
    Subproblem(Vec<u32>),
}

/// The top of the search tree, explored down to the split depth.
#[derive(Clone, Debug)]
pub(crate) struct Frontier {
    depth: usize,
    entries: Vec<Entry>,
    /// Nodes, updates and solutions of the levels above the split.
    top: Stats,
    subproblems: usize,
}

impl Frontier {
    /// Explores the top `depth` levels.
    fn at(problem: &Problem, depth: usize) -> Frontier {
        let mut solver = Search::new(problem);
        solver.set_cap(depth);
        solver.reset();
        let mut entries = Vec::new();
        loop {
            match solver.step() {
                Event::Solution => entries.push(Entry::Solution(solver.solution().to_vec())),
                Event::Frontier => entries.push(Entry::Subproblem(solver.position().iter().map(|f| f.taken).collect())),
                Event::Done | Event::Stopped(_) => break,
            }
        }
        let subproblems = entries.iter().filter(|e| matches!(e, Entry::Subproblem(_))).count();
        Frontier { depth, entries, top: solver.stats(), subproblems }
    }

    /// The shallowest frontier with at least `target` subproblems (or the
    /// whole tree, when it is too small).
    fn with_at_least(problem: &Problem, target: usize) -> Frontier {
        let mut depth = 1;
        loop {
            let f = Frontier::at(problem, depth);
            if f.subproblems >= target || f.subproblems == 0 || depth >= MAX_DEPTH {
                return f;
            }
            depth += 1;
        }
    }
}

/// The split goes no deeper than this.
const MAX_DEPTH: usize = 24;

/// A parallel search of one problem. See the module documentation.
///
/// ```
/// use exactcover::cover::Parallel;
/// use exactcover::puzzles::queens::Queens;
///
/// let queens = Queens::new(10)?;
/// let report = Parallel::new(queens.problem()).threads(2).count();
/// assert_eq!(report.solutions, 724);
/// // The same nodes as the single-threaded search:
/// let mut solver = queens.problem().solver();
/// solver.count();
/// assert_eq!(report.stats.nodes, solver.stats().nodes);
/// # Ok::<(), exactcover::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Parallel {
    problem: Problem,
    threads: usize,
    per_thread: usize,
    limits: Limits,
    verify: bool,
}

impl Parallel {
    /// A parallel search on all cores, with no limits.
    pub fn new(problem: &Problem) -> Parallel {
        Parallel {
            problem: problem.clone(),
            threads: 0,
            per_thread: 64,
            limits: Limits::new(),
            verify: cfg!(debug_assertions),
        }
    }

    /// The number of worker threads (0: one per core).
    pub fn threads(mut self, n: usize) -> Parallel {
        self.threads = n;
        self
    }

    /// Subproblems to make per thread (64 by default).
    pub fn subproblems_per_thread(mut self, n: usize) -> Parallel {
        self.per_thread = n.max(1);
        self
    }

    /// Limits shared by all the workers.
    pub fn with_limits(mut self, limits: Limits) -> Parallel {
        self.limits = limits;
        self
    }

    /// Checks every solution with the independent checker (on in debug
    /// builds).
    pub fn verify(mut self, on: bool) -> Parallel {
        self.verify = on;
        self
    }

    fn pool(&self) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new().num_threads(self.threads).build().expect("a thread pool")
    }

    /// Counts every solution.
    pub fn count(&self) -> Report {
        let pool = self.pool();
        let frontier = Frontier::with_at_least(&self.problem, self.per_thread * pool.current_num_threads());
        let all: Vec<usize> = (0..frontier.entries.len()).collect();
        self.run(&pool, &frontier, &all, true, &|| (), &|_, _: &[OptionId]| ControlFlow::Continue(()))
    }

    /// Counts the solutions of shard `k` of `n` (`k` from 0): every `n`-th
    /// subproblem from the `k`-th, plus, for shard 0, the levels above the
    /// split. The shards' counts add up to the whole.
    pub fn shard(&self, k: usize, n: usize) -> Report {
        self.shard_for_each(k, n, |_| ControlFlow::Continue(()))
    }

    /// [`Parallel::shard`], calling `visit` with each of the shard's
    /// solutions (from several threads, in no particular order).
    pub fn shard_for_each(&self, k: usize, n: usize, visit: impl Fn(&[OptionId]) -> ControlFlow<()> + Sync) -> Report {
        self.shard_for_each_init(k, n, || (), |_, s| visit(s))
    }

    /// [`Parallel::shard_for_each`] with a state per worker thread, made by
    /// `init` and passed to `visit` (a checker or a buffer, say), so the
    /// workers share nothing while they visit.
    pub fn shard_for_each_init<S>(
        &self,
        k: usize,
        n: usize,
        init: impl Fn() -> S + Sync,
        visit: impl Fn(&mut S, &[OptionId]) -> ControlFlow<()> + Sync,
    ) -> Report {
        assert!(k < n, "shard {k} of {n}");
        let pool = self.pool();
        let frontier = Frontier::with_at_least(&self.problem, (16 * n).max(256));
        let mine: Vec<usize> = (0..frontier.entries.len())
            .filter(|&e| match &frontier.entries[e] {
                Entry::Solution(_) => k == 0,
                Entry::Subproblem(_) => false,
            })
            .chain(frontier.subproblem_indices().skip(k).step_by(n))
            .collect();
        self.run(&pool, &frontier, &mine, k == 0, &init, &visit)
    }

    /// Calls `visit` with every solution, from several threads at once and
    /// in no particular order, until it returns `ControlFlow::Break`.
    pub fn for_each(&self, visit: impl Fn(&[OptionId]) -> ControlFlow<()> + Sync) -> Report {
        self.for_each_init(|| (), |_, s| visit(s))
    }

    /// [`Parallel::for_each`] with a state per worker thread, made by
    /// `init` and passed to `visit`, so the workers share nothing while
    /// they visit: a [`Checker`](super::Checker) each, say.
    ///
    /// ```
    /// use exactcover::cover::{Checker, Parallel};
    /// use exactcover::puzzles::queens::Queens;
    /// use std::ops::ControlFlow;
    ///
    /// let queens = Queens::new(8)?;
    /// let problem = queens.problem();
    /// let report = Parallel::new(problem).threads(2).for_each_init(
    ///     || Checker::new(problem),
    ///     |checker, s| {
    ///         checker.check(s).expect("a cover");
    ///         ControlFlow::Continue(())
    ///     },
    /// );
    /// assert_eq!(report.stats.solutions, 92);
    /// # Ok::<(), exactcover::puzzles::PuzzleError>(())
    /// ```
    pub fn for_each_init<S>(
        &self,
        init: impl Fn() -> S + Sync,
        visit: impl Fn(&mut S, &[OptionId]) -> ControlFlow<()> + Sync,
    ) -> Report {
        let pool = self.pool();
        let frontier = Frontier::with_at_least(&self.problem, self.per_thread * pool.current_num_threads());
        let all: Vec<usize> = (0..frontier.entries.len()).collect();
        self.run(&pool, &frontier, &all, true, &init, &visit)
    }

    /// Calls `visit` with every solution in the single-threaded search's
    /// order. Subproblems are solved in parallel a window at a time, and
    /// their solutions are held until their turn comes.
    pub fn for_each_ordered(&self, mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Report {
        let start = Instant::now();
        let pool = self.pool();
        let frontier = Frontier::with_at_least(&self.problem, self.per_thread * pool.current_num_threads());
        let window = 4 * pool.current_num_threads();
        let mut total = Report::empty(frontier.depth);
        total.add_top(&frontier.top);
        let indices: Vec<usize> = (0..frontier.entries.len()).collect();
        for chunk in indices.chunks(window) {
            let collected = Mutex::new(vec![Vec::new(); chunk.len()]);
            let report = self.run_collecting(&pool, &frontier, chunk, &collected);
            total.merge(&report);
            for solutions in collected.into_inner().expect("no worker panicked") {
                for s in solutions {
                    if visit(&s).is_break() {
                        total.finish(Some(StopReason::Solutions));
                        total.stats.elapsed = start.elapsed();
                        return total;
                    }
                }
            }
            if total.status != Status::Complete {
                break;
            }
        }
        total.solutions = total.stats.solutions;
        total.cap_at(self.limits.solution_limit());
        total.stats.elapsed = start.elapsed();
        total
    }

    /// The first solution of the single-threaded search, found in parallel.
    pub fn first(&self) -> (Option<Solution>, Report) {
        let mut first = None;
        let report = self.for_each_ordered(|s| {
            first = Some(s.to_vec());
            ControlFlow::Break(())
        });
        (first, report)
    }

    /// Solves the entries `which` of the frontier; `top` says whether the
    /// levels above the split count in this run. Each worker has a state
    /// made by `init`.
    fn run<S>(
        &self,
        pool: &rayon::ThreadPool,
        frontier: &Frontier,
        which: &[usize],
        top: bool,
        init: &(dyn Fn() -> S + Sync),
        visit: &(dyn Fn(&mut S, &[OptionId]) -> ControlFlow<()> + Sync),
    ) -> Report {
        let start = Instant::now();
        let shared = Arc::new(Shared::default());
        let limits = self.worker_limits();
        let deadline = self.limits.deadline_from(start);
        let stop = AtomicBool::new(false);
        let reason: Mutex<Option<StopReason>> = Mutex::new(None);
        let halt = |r: StopReason| {
            stop.store(true, Ordering::Relaxed);
            reason.lock().expect("no worker panicked").get_or_insert(r);
        };
        let mut report = Report::empty(frontier.depth);
        if top {
            report.add_top(&frontier.top);
            let mut state = None;
            for e in which {
                if let Entry::Solution(s) = &frontier.entries[*e] {
                    if visit(state.get_or_insert_with(init), s).is_break() {
                        halt(StopReason::Solutions);
                    }
                }
            }
        }
        let results: Vec<(usize, Stats, Status)> = pool.install(|| {
            which
                .par_iter()
                .filter_map(|&e| match &frontier.entries[e] {
                    Entry::Subproblem(prefix) => Some(prefix),
                    Entry::Solution(_) => None,
                })
                .map_init(
                    || (self.worker(&limits, &shared), init()),
                    |(solver, state), prefix| {
                        let thread = rayon::current_thread_index().unwrap_or(0);
                        if let Some(r) = self.interrupted(deadline) {
                            halt(r);
                        }
                        if stop.load(Ordering::Relaxed) {
                            return (thread, Stats::default(), Status::Ready);
                        }
                        let (stats, status) = solve_subproblem(solver, prefix, &mut |s| visit(state, s));
                        if let Some(r) = status.stop_reason().or_else(|| self.exhausted(&shared)) {
                            halt(r);
                        }
                        (thread, stats, status)
                    },
                )
                .collect()
        });
        report.gather(&results, pool.current_num_threads());
        report.finish(reason.into_inner().expect("no worker panicked"));
        report.cap_at(self.limits.solution_limit());
        report.stats.elapsed = start.elapsed();
        report
    }

    /// Like `run`, but keeps each subproblem's solutions, in order.
    fn run_collecting(
        &self,
        pool: &rayon::ThreadPool,
        frontier: &Frontier,
        which: &[usize],
        out: &Mutex<Vec<Vec<Solution>>>,
    ) -> Report {
        let start = Instant::now();
        let shared = Arc::new(Shared::default());
        let limits = self.worker_limits();
        let mut report = Report::empty(frontier.depth);
        let results: Vec<(usize, Stats, Status)> = pool.install(|| {
            (0..which.len())
                .into_par_iter()
                .map_init(
                    || self.worker(&limits, &shared),
                    |solver, slot| {
                        let thread = rayon::current_thread_index().unwrap_or(0);
                        match &frontier.entries[which[slot]] {
                            Entry::Solution(s) => {
                                out.lock().expect("no worker panicked")[slot].push(s.clone());
                                (thread, Stats { solutions: 1, ..Stats::default() }, Status::Complete)
                            }
                            Entry::Subproblem(prefix) => {
                                let mut mine = Vec::new();
                                let (stats, status) = collect_subproblem(solver, prefix, &mut mine);
                                out.lock().expect("no worker panicked")[slot] = mine;
                                (thread, stats, status)
                            }
                        }
                    },
                )
                .collect()
        });
        report.gather(&results, pool.current_num_threads());
        report.finish(None);
        report.stats.elapsed = start.elapsed();
        report
    }

    /// Whether the cancel flag is up or the deadline has passed (checked
    /// before each subproblem, as a small one may never reach the search's
    /// own periodic check).
    fn interrupted(&self, deadline: Option<Instant>) -> Option<StopReason> {
        if self.limits.cancelled() {
            return Some(StopReason::Cancelled);
        }
        deadline.filter(|&d| Instant::now() >= d).map(|_| StopReason::Time)
    }

    /// Whether the shared totals have reached the node or solution limit.
    fn exhausted(&self, shared: &Shared) -> Option<StopReason> {
        let total = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Relaxed);
        if self.limits.solution_limit().is_some_and(|m| total(&shared.solutions) >= m) {
            return Some(StopReason::Solutions);
        }
        if self.limits.node_budget().is_some_and(|b| total(&shared.nodes) >= b) {
            return Some(StopReason::Nodes);
        }
        None
    }

    /// The workers' limits: the caller's, with a deadline from now.
    fn worker_limits(&self) -> Limits {
        let mut limits = self.limits.clone();
        if let Some(deadline) = self.limits.deadline_from(Instant::now()) {
            limits = limits.deadline(deadline);
        }
        limits
    }

    /// A worker's search, adding to the `shared` totals.
    fn worker(&self, limits: &Limits, shared: &Arc<Shared>) -> Search {
        let mut solver = Search::new(&self.problem);
        solver.set_limits(limits.clone());
        solver.join(shared);
        solver.set_verify(self.verify);
        solver
    }
}

impl Frontier {
    fn subproblem_indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.entries.len()).filter(|&e| matches!(self.entries[e], Entry::Subproblem(_)))
    }
}

/// Searches below `prefix`, calling `visit` with each solution.
fn solve_subproblem(
    solver: &mut Search,
    prefix: &[u32],
    visit: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
) -> (Stats, Status) {
    solver.use_prefix(prefix);
    loop {
        match solver.visit_all(visit) {
            Event::Solution => {
                // The visitor stopped the search.
                let stats = solver.stats();
                solver.reset();
                return (stats, Status::Stopped(StopReason::Solutions));
            }
            Event::Frontier => {}
            Event::Done | Event::Stopped(_) => return (solver.stats(), solver.status()),
        }
    }
}

/// Searches below `prefix`, keeping its solutions.
fn collect_subproblem(solver: &mut Search, prefix: &[u32], out: &mut Vec<Solution>) -> (Stats, Status) {
    solver.use_prefix(prefix);
    loop {
        match solver.step() {
            Event::Solution => out.push(solver.solution().to_vec()),
            Event::Frontier => {}
            Event::Done | Event::Stopped(_) => return (solver.stats(), solver.status()),
        }
    }
}
