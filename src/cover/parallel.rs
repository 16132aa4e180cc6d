//! Parallel search: the tree is split at its top levels into independent
//! subproblems, solved on a set of threads, each with its own copy of the
//! arena.
//!
//! # How it splits
//!
//! A solver with a depth cap (`Search::set_cap`) explores the top `d` levels
//! exactly as the single-threaded search would, counting their nodes,
//! updates and solutions, and reports each node at depth `d` as a
//! *subproblem*: the positions of its choices at each level (a prefix). A
//! worker replays a prefix (without counting that work, which belongs to
//! the levels above) and searches below it; the levels a prefix shares
//! with the worker's previous one stay committed, so taking subproblems in
//! order replays little. So the counts, and the node
//! and update statistics, are exactly those of the single-threaded search,
//! whatever the number of threads. The depth is the first tried that gives
//! at least `subproblems` of them (64 per thread by default; the depths
//! tried go up by one while the tree at least doubles at each, and double
//! where it grows slower), and
//! the threads take them in order from a shared counter (the `pool`
//! module), so every core stays busy when subtrees are uneven. A tree of
//! at most 4096 nodes ([`Parallel::small_tree`]) is not split: the first
//! thing the split does is search it whole, as one thread would, and
//! no worker starts (a report at depth 0, with no subproblems).
//!
//! The split is made by one thread before the workers start (the
//! `frontier` module); it keeps to the run's limits, so a cancel flag, a
//! deadline or a node budget stops it as it stops the search below. Its
//! cost, and that of the threads, grows linearly with the number of
//! threads; no more threads start than there are subproblems.
//!
//! # Order, limits, shards
//!
//! The entries of the frontier (subproblems, and solutions found above
//! depth `d`) come in the search's order, so [`Parallel::first`] returns
//! the single-threaded search's first solution, and
//! [`Parallel::for_each_ordered`] visits solutions in its order. Workers
//! share the limits: one deadline, one cancel flag, and the node and
//! solution limits apply to their totals (checked every 256 nodes, so a
//! limit may be passed by a few hundred nodes per thread). Without such a
//! limit the workers keep no totals in common: they share no cache line
//! while they search.
//!
//! [`Parallel::shard`] takes every `n`-th subproblem (from the `k`-th): the
//! frontier depends only on the problem and `n`, so `n` processes on `n`
//! machines cover the search exactly once; shard 0 also counts the levels
//! above the split. A shard's split goes deeper than 16 subproblems a
//! shard while that costs little beside a shard's estimated share of the
//! work (`Frontier::for_shards`), so that the parts it deals are more even.

use super::check::{CheckError, Checker};
use super::ids::OptionId;
use super::limits::{Limits, Shared, Status, StopReason};
use super::problem::Problem;
use super::report::Report;
use super::search::Search;
use super::solver::{Solution, Solver};
use super::stats::Stats;
use frontier::{Entry, Frontier, Keep};
use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

mod frontier;
mod pool;
mod solve;

/// The nodes of the biggest tree a [`Parallel`] search searches on one
/// thread by default (see [`Parallel::small_tree`]): a few milliseconds at
/// most, and under 32 nodes for each of the 64 subproblems per thread of
/// a split on two threads.
const SMALL_TREE: u64 = 4096;

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
    small: u64,
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
            small: SMALL_TREE,
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

    /// Searches a tree of at most `nodes` nodes on one thread, without a
    /// split (4096 by default; 0: always split). The first
    /// `nodes` nodes are searched before any split, and dropped if the tree
    /// has more, so a big tree loses that much; a small one is searched
    /// once, as one thread searches it, instead of its top levels again at
    /// every depth the split tries, and no thread is started.
    pub fn small_tree(mut self, nodes: u64) -> Parallel {
        self.small = nodes;
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

    /// The number of worker threads: as set, or one per core.
    fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            n => n,
        }
    }

    /// The caller's limits with the deadline fixed from `start`, for the
    /// split and the workers alike.
    fn limits_from(&self, start: Instant) -> Limits {
        match self.limits.deadline_from(start) {
            Some(deadline) => self.limits.clone().deadline(deadline),
            None => self.limits.clone(),
        }
    }

    /// Splits the tree into at least `target` subproblems (see the module
    /// documentation), under `limits`: a small tree searched whole keeps
    /// to the solution limit as one thread does; a split keeps every
    /// solution it finds above its depth, whatever the limit (the run
    /// visits no more than the limit allows).
    fn split(&self, target: usize, limits: &Limits, keep: Keep) -> Frontier {
        Frontier::split(&self.problem, target, self.small, limits, keep)
    }

    /// Counts every solution.
    pub fn count(&self) -> Report {
        self.for_each_init(|| (), |_, _: &[OptionId]| ControlFlow::<Infallible>::Continue(())).1
    }

    /// Counts the solutions of shard `k` of `n` (`k` from 0): every `n`-th
    /// subproblem from the `k`-th, plus, for shard 0, the levels above the
    /// split. The shards' counts add up to the whole.
    ///
    /// # Panics
    ///
    /// Unless `k < n` (shards are counted from 0, where `xc cover --shard
    /// K/N` counts from 1); so do the other `shard_*` methods.
    pub fn shard(&self, k: usize, n: usize) -> Report {
        self.shard_for_each(k, n, |_| ControlFlow::<Infallible>::Continue(())).1
    }

    /// Counts every solution, each checked by the independent checker
    /// inside the engine's loop as [`Solver::count_checked`] does, with no
    /// call per solution: `Err` holds the first solution the checker
    /// rejected (a bug in the engine), beside the report either way.
    ///
    /// [`Solver::count_checked`]: super::Solver::count_checked
    ///
    /// ```
    /// use exactcover::cover::Parallel;
    /// use exactcover::puzzles::queens::Queens;
    ///
    /// let queens = Queens::new(8)?;
    /// let (checked, report) = Parallel::new(queens.problem()).threads(2).count_checked();
    /// assert_eq!((checked, report.solutions), (Ok(()), 92));
    /// # Ok::<(), exactcover::puzzles::PuzzleError>(())
    /// ```
    pub fn count_checked(&self) -> (Result<(), CheckError>, Report) {
        let start = Instant::now();
        let limits = self.limits_from(start);
        let frontier = self.split(self.per_thread.saturating_mul(self.thread_count()), &limits, Keep::All);
        let (report, wrong) = self.run(start, &frontier, &limits, true, &|| (), Below::CountChecked);
        (wrong.map_or(Ok(()), Err), report)
    }

    /// [`Parallel::count_checked`] for shard `k` of `n` (see
    /// [`Parallel::shard`]; panics unless `k < n`).
    pub fn shard_count_checked(&self, k: usize, n: usize) -> (Result<(), CheckError>, Report) {
        assert_shard(k, n);
        let start = Instant::now();
        let limits = self.limits_from(start);
        let frontier = Frontier::for_shards(&self.problem, n, &limits.without_solution_limit(), Keep::Shard { k, n });
        let (report, wrong) = self.run(start, &frontier, &limits, k == 0, &|| (), Below::CountChecked);
        (wrong.map_or(Ok(()), Err), report)
    }

    /// [`Parallel::shard`], calling `visit` with each of the shard's
    /// solutions (from several threads, in no particular order). Returns
    /// as [`Parallel::for_each`] does. Panics unless `k < n`.
    pub fn shard_for_each<B: Send>(
        &self,
        k: usize,
        n: usize,
        visit: impl Fn(&[OptionId]) -> ControlFlow<B> + Sync,
    ) -> (ControlFlow<B>, Report) {
        self.shard_for_each_init(k, n, || (), |_, s| visit(s))
    }

    /// [`Parallel::shard_for_each`] with a state per worker thread, made by
    /// `init` and passed to `visit` (a checker or a buffer, say), so the
    /// workers share nothing while they visit. Panics unless `k < n`.
    pub fn shard_for_each_init<S, B: Send>(
        &self,
        k: usize,
        n: usize,
        init: impl Fn() -> S + Sync,
        visit: impl Fn(&mut S, &[OptionId]) -> ControlFlow<B> + Sync,
    ) -> (ControlFlow<B>, Report) {
        assert_shard(k, n);
        let start = Instant::now();
        let limits = self.limits_from(start);
        let frontier = Frontier::for_shards(&self.problem, n, &limits.without_solution_limit(), Keep::Shard { k, n });
        let broke = Mutex::new(None);
        let visit = |state: &mut S, s: &[OptionId]| keep_first(&broke, visit(state, s));
        let (report, _) = self.run(start, &frontier, &limits, k == 0, &init, Below::Visit(&visit));
        (taken(broke), report)
    }

    /// Calls `visit` with every solution, from several threads at once and
    /// in no particular order, until it returns `ControlFlow::Break(b)`.
    /// Returns `Break(b)` then (the first if several threads broke at
    /// once), else `Continue`, beside the run's [`Report`]: a callback that
    /// fails hands its error to the caller, who still has the statistics.
    ///
    /// ```
    /// use exactcover::cover::{Parallel, Status, StopReason};
    /// use exactcover::puzzles::queens::Queens;
    /// use std::ops::ControlFlow;
    /// use std::sync::Mutex;
    ///
    /// let queens = Queens::new(8)?;
    /// let kept = Mutex::new(Vec::new());
    /// let (flow, report) = Parallel::new(queens.problem()).threads(2).for_each(|s| {
    ///     let mut kept = kept.lock().unwrap();
    ///     if kept.len() == 10 {
    ///         return ControlFlow::Break("more than 10 solutions");
    ///     }
    ///     kept.push(s.to_vec());
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(flow, ControlFlow::Break("more than 10 solutions"));
    /// assert_eq!(kept.into_inner().unwrap().len(), 10);
    /// assert_eq!(report.status, Status::Stopped(StopReason::Solutions));
    /// # Ok::<(), exactcover::puzzles::PuzzleError>(())
    /// ```
    pub fn for_each<B: Send>(&self, visit: impl Fn(&[OptionId]) -> ControlFlow<B> + Sync) -> (ControlFlow<B>, Report) {
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
    /// let (flow, report) = Parallel::new(problem).threads(2).for_each_init(
    ///     || Checker::new(problem),
    ///     |checker, s| match checker.check(s) {
    ///         Ok(()) => ControlFlow::Continue(()),
    ///         Err(wrong) => ControlFlow::Break(wrong),
    ///     },
    /// );
    /// assert_eq!((flow, report.stats.solutions), (ControlFlow::Continue(()), 92));
    /// # Ok::<(), exactcover::puzzles::PuzzleError>(())
    /// ```
    pub fn for_each_init<S, B: Send>(
        &self,
        init: impl Fn() -> S + Sync,
        visit: impl Fn(&mut S, &[OptionId]) -> ControlFlow<B> + Sync,
    ) -> (ControlFlow<B>, Report) {
        let start = Instant::now();
        let limits = self.limits_from(start);
        let frontier = self.split(self.per_thread.saturating_mul(self.thread_count()), &limits, Keep::All);
        let broke = Mutex::new(None);
        let visit = |state: &mut S, s: &[OptionId]| keep_first(&broke, visit(state, s));
        let (report, _) = self.run(start, &frontier, &limits, true, &init, Below::Visit(&visit));
        (taken(broke), report)
    }

    /// Calls `visit` with every solution in the single-threaded search's
    /// order, until it returns `ControlFlow::Break(b)`. Returns as
    /// [`Parallel::for_each`] does.
    pub fn for_each_ordered<B>(
        &self,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<B>,
    ) -> (ControlFlow<B>, Report) {
        let mut broke = None;
        let report = self.visit_ordered(|s| match visit(s) {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(b) => {
                broke = Some(b);
                ControlFlow::Break(())
            }
        });
        (broke.map_or(ControlFlow::Continue(()), ControlFlow::Break), report)
    }

    /// [`Parallel::for_each_ordered`] with a visitor that holds no value.
    /// The workers solve the subproblems in order, at most a window of them
    /// ahead of the one being visited, whose solutions are held until their
    /// turn comes.
    fn visit_ordered(&self, mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Report {
        let quota = Quota::new(self.limits.solution_limit());
        let mut visit = |s: &[OptionId]| if quota.take() { visit(s) } else { ControlFlow::Break(()) };
        let start = Instant::now();
        let limits = self.limits_from(start);
        let threads = self.thread_count();
        let frontier = self.split(self.per_thread.saturating_mul(threads), &limits, Keep::All);
        let mut report = Report::empty(frontier.depth);
        report.split_into = frontier.subproblems;
        report.add_top(&frontier.top);
        let mut reason = frontier.stopped;
        let mut entries = frontier.entries.iter();
        // Visits the frontier's solutions up to its next subproblem; false
        // once `visit` has answered `Break`.
        let mut solutions_before_next = |visit: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>| {
            for entry in entries.by_ref() {
                match entry {
                    Entry::Solution(s) if visit(s).is_break() => return false,
                    Entry::Solution(_) => {}
                    Entry::Subproblem(_) => return true,
                }
            }
            true
        };
        let prefixes: Vec<&[u32]> = match reason {
            Some(_) => Vec::new(),
            None => frontier.prefixes().collect(),
        };
        let mut results = Vec::new();
        let mut ran = 1;
        if solutions_before_next(&mut visit) {
            let shared = Arc::new(Shared::default());
            let deadline = limits.deadline_from(start);
            ran = pool::run_ordered(
                threads,
                prefixes.len(),
                4 * threads,
                &|| self.worker(&limits, &shared),
                &|solver, i| {
                    if let Some(r) = self.interrupted(deadline) {
                        return Err(r);
                    }
                    let mut mine = Vec::new();
                    let (stats, status) = solve::collecting(solver, prefixes[i], &mut mine);
                    Ok((mine, stats, status))
                },
                &mut |thread, solved| {
                    let (mine, stats, status) = match solved {
                        Ok(solved) => solved,
                        Err(r) => {
                            reason.get_or_insert(r);
                            return ControlFlow::Break(());
                        }
                    };
                    results.push((thread, stats, status));
                    if mine.iter().any(|s| visit(s).is_break()) || !solutions_before_next(&mut visit) {
                        reason.get_or_insert(StopReason::Solutions);
                        return ControlFlow::Break(());
                    }
                    if status.stop_reason().is_some() {
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                },
            );
        } else {
            reason = Some(StopReason::Solutions);
        }
        report.gather(&results, ran);
        report.finish(reason);
        report.cap_at(self.limits.solution_limit());
        report.stats.elapsed = start.elapsed();
        report
    }

    /// The first solution of the single-threaded search, found in parallel.
    pub fn first(&self) -> (Option<Solution>, Report) {
        let (first, report) = self.for_each_ordered(|s| ControlFlow::Break(s.to_vec()));
        (first.break_value(), report)
    }

    /// Solves the subproblems the frontier kept, and visits its solutions
    /// if `top` (the levels above the split count in this run), as `below`
    /// says. Each worker has a state made by `init`. Nothing is solved if
    /// the split was stopped. Returns the report, and the first solution
    /// the checker rejected, if `below` checks and one did.
    fn run<S>(
        &self,
        start: Instant,
        frontier: &Frontier,
        limits: &Limits,
        top: bool,
        init: &(dyn Fn() -> S + Sync),
        below: Below<'_, S>,
    ) -> (Report, Option<CheckError>) {
        let shared = Arc::new(Shared::default());
        let deadline = limits.deadline_from(start);
        let stop = AtomicBool::new(false);
        let reason: Mutex<Option<StopReason>> = Mutex::new(None);
        let wrong: Mutex<Option<CheckError>> = Mutex::new(None);
        let halt = |r: StopReason| {
            stop.store(true, Ordering::Relaxed);
            reason.lock().expect("no worker panicked").get_or_insert(r);
        };
        let reject = |e: CheckError| {
            wrong.lock().expect("no worker panicked").get_or_insert(e);
            halt(StopReason::Solutions);
        };
        if let Some(r) = frontier.stopped {
            halt(r);
        }
        let mut report = Report::empty(frontier.depth);
        report.split_into = frontier.subproblems;
        let quota = Quota::new(self.limits.solution_limit());
        if top {
            report.add_top(&frontier.top);
            let mut state = None;
            let mut checker = None;
            for entry in &frontier.entries {
                if let Entry::Solution(s) = entry {
                    match below {
                        Below::Visit(_) if !quota.take() => {
                            halt(StopReason::Solutions);
                            break;
                        }
                        Below::Visit(visit) => {
                            if visit(state.get_or_insert_with(init), s).is_break() {
                                halt(StopReason::Solutions);
                            }
                        }
                        Below::CountChecked => {
                            if let Err(e) = checker.get_or_insert_with(|| Checker::new(&self.problem)).check(s) {
                                reject(e);
                            }
                        }
                    }
                }
            }
        }
        let prefixes: Vec<&[u32]> = match frontier.stopped {
            Some(_) => Vec::new(),
            None => frontier.prefixes().collect(),
        };
        let (results, ran) = pool::run(
            self.thread_count(),
            prefixes.len(),
            &|| (self.worker(limits, &shared), init()),
            &|(solver, state), i| {
                if let Some(r) = self.interrupted(deadline) {
                    halt(r);
                }
                if stop.load(Ordering::Relaxed) {
                    return (Stats::default(), Status::Ready);
                }
                let (stats, status) = match below {
                    Below::Visit(visit) => solve::visiting(solver, prefixes[i], &mut |s| match quota.take() {
                        true => visit(state, s),
                        false => ControlFlow::Break(()),
                    }),
                    Below::CountChecked => match solve::counting_checked(solver, prefixes[i]) {
                        (stats, Ok(status)) => (stats, status),
                        (stats, Err(e)) => {
                            reject(e);
                            (stats, Status::Stopped(StopReason::Solutions))
                        }
                    },
                };
                if let Some(r) = status.stop_reason().or_else(|| self.exhausted(&shared)) {
                    halt(r);
                }
                (stats, status)
            },
        );
        let results: Vec<(usize, Stats, Status)> =
            results.into_iter().map(|(thread, (stats, status))| (thread, stats, status)).collect();
        report.gather(&results, ran);
        report.finish(reason.into_inner().expect("no worker panicked"));
        report.cap_at(self.limits.solution_limit());
        report.stats.elapsed = start.elapsed();
        (report, wrong.into_inner().expect("no worker panicked"))
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

    /// The same search on the calling thread alone, with the same limits
    /// and checks: what a run falls back to when no thread can start.
    pub(super) fn one_thread(&self) -> Solver {
        // The time limit runs from now, as the threads' would.
        let mut solver = Solver::new(&self.problem).with_limits(self.limits_from(Instant::now()));
        solver.set_verify(self.verify);
        solver
    }

    /// A worker's search, adding to the `shared` totals when a node or
    /// solution limit applies to them. Without one, nothing reads the
    /// totals, and the workers would only contend for their cache line.
    fn worker(&self, limits: &Limits, shared: &Arc<Shared>) -> Search {
        let mut solver = Search::new(&self.problem);
        solver.set_limits(limits.clone());
        if limits.node_budget().is_some() || limits.solution_limit().is_some() {
            solver.join(shared);
        }
        solver.set_verify(self.verify);
        solver
    }
}

/// The solutions a run may still hand to its visitor under the solution
/// limit, shared by the workers: they may find more between two looks at
/// their totals, but no more than the limit are visited.
struct Quota(Option<AtomicU64>);

impl Quota {
    fn new(limit: Option<u64>) -> Quota {
        Quota(limit.map(AtomicU64::new))
    }

    /// Takes one solution from the quota: `false` once it is spent.
    fn take(&self) -> bool {
        self.0
            .as_ref()
            .is_none_or(|left| left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1)).is_ok())
    }
}

/// Turns a visitor's answer into the search's: a `Break` value is kept in
/// `broke` (the first one, when several threads break at once).
fn keep_first<B>(broke: &Mutex<Option<B>>, flow: ControlFlow<B>) -> ControlFlow<()> {
    match flow {
        ControlFlow::Continue(()) => ControlFlow::Continue(()),
        ControlFlow::Break(b) => {
            broke.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(b);
            ControlFlow::Break(())
        }
    }
}

/// What [`keep_first`] kept, as the run's answer.
fn taken<B>(broke: Mutex<Option<B>>) -> ControlFlow<B> {
    broke.into_inner().unwrap_or_else(PoisonError::into_inner).map_or(ControlFlow::Continue(()), ControlFlow::Break)
}

/// What a run does below the split with each solution.
enum Below<'a, S> {
    /// Calls the visitor, with the worker's state.
    Visit(&'a (dyn Fn(&mut S, &[OptionId]) -> ControlFlow<()> + Sync)),
    /// Counts it, checked inside the engine's loop.
    CountChecked,
}

impl<S> Clone for Below<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Below<'_, S> {}

/// The shards' precondition, with a message that says how they are
/// counted.
fn assert_shard(k: usize, n: usize) {
    assert!(
        k < n,
        "shard {k} of {n}: shards are counted from 0 and must be fewer than n (xc's --shard K/N counts from 1)"
    );
}
