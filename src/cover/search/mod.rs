//! The iterative search: Knuth's Algorithms X, C and M (TAOCP 7.2.2.1) as
//! resumable loops, with no recursion, on the links or on bit sets.
//!
//! A [`Search`] is made of parts that change for different reasons, so
//! that a loop borrows each apart:
//!
//! * the arena (`arena`), which the loop on the links dances on;
//! * the [`Stack`] of levels: the node chosen at each, the trail's mark
//!   before it, and its branches, above the pins and a prefix;
//! * the [`Watch`]: the limits, the deadline, the node count and the totals
//!   of a parallel search;
//! * the [`Sink`]: the solutions, checked and handed to the caller;
//! * the bit sets' tables and levels, for the loops on bit sets.
//!
//! A *backend* is one loop, in one file: Algorithm X (and C) on the links
//! (`x_links`), Algorithm M on the links (`m_links`), and each on bit sets
//! (`x_bits`, `m_bits`). [`Search::begin`] picks the backend for the
//! problem and the solver ([`Backend`]); [`Search::step_with`] runs it.
//! Each loop keeps its state in locals and saves it to the stack and the
//! watch when it returns: at a solution (resumed by backing up), at a
//! limit, at the depth cap, or at the end.
//!
//! **The invariant.** The trail is undone in exactly the reverse order of
//! its making (Knuth, "Dancing Links", 2000), so the arena returns to its
//! starting state when the search ends. A stop by a limit leaves its
//! levels committed, and every way into the arena after it (`reset`,
//! `restart`, `use_prefix`, the pins, the estimates: each begins by
//! unwinding) *unwinds* them first, in the same order: the arena is
//! restored before it is next used (see the `arena` module), and a
//! solver dropped after a stop skips the unwinding, a node's work a
//! level. The loops on bit sets leave nothing in
//! the arena above the floor. The stack is at most the number of primary
//! items deep (with multiplicities, plus the options and null moves), and
//! is allocated once, when the solver is made.

use crate::cover::arena::{Arena, Work};
use crate::cover::avx2::Avx2;
use crate::cover::check::CheckError;
use crate::cover::ids::{Fork, OptionId};
use crate::cover::limits::{Limits, Shared, Status, StopReason};
use crate::cover::problem::Problem;
use crate::cover::stats::Stats;
use crate::cover::tables::Tables;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

mod estimate;
mod gate;
mod m_bits;
mod m_links;
mod pins;
mod sink;
mod stack;
mod x_bits;
mod x_links;

use crate::cover::watch::Watch;
use m_bits::MLevels;
pub(crate) use sink::OnSolution;
use sink::Sink;
use stack::Stack;
use x_bits::Levels;

pub use estimate::Estimate;
pub use pins::PinError;

/// What one stretch of search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    Solution,
    /// A node at the depth cap (see `Search::set_cap`), not entered.
    Frontier,
    Done,
    Stopped(StopReason),
}

/// Where a search resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Enter a new node at `level` (a fresh search, or one stopped by a
    /// limit before counting that node).
    Forward,
    /// A solution was reported at `level`; go on by backing up.
    AfterSolution,
    Done,
}

/// The loop that searches (see the module docs): each is one file, and one
/// arm of [`Search::step_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Backend {
    /// Algorithm X, or C with colours, on the links (`x_links`).
    XLinks,
    /// Algorithm M on the links (`m_links`).
    MLinks,
    /// Algorithm X on bit sets (`x_bits`).
    XBits,
    /// Algorithm M on bit sets (`m_bits`).
    MBits,
}

/// The bit sets of a problem that suits them (see `tables`), and the
/// levels of each loop on them (made by its first search).
#[derive(Clone, Debug, Default)]
struct BitSets {
    tables: Option<Arc<Tables>>,
    levels: Option<Box<Levels>>,
    m_levels: Option<Box<MLevels>>,
}

/// The state of one search of a [`Problem`], behind the public
/// [`Solver`](crate::cover::Solver). Its parts are private to this module
/// and its children; the rest of the crate goes through its methods.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    problem: Problem,
    arena: Arena,
    stack: Stack,
    watch: Watch,
    sink: Sink,
    bits: BitSets,
    /// The loop of the search under way.
    backend: Backend,
    status: Status,
    /// The seed of the shuffled lists, and the tie-breaking it drives.
    seed: Option<u64>,
    rng: Option<ChaCha8Rng>,
    /// Proof that the CPU has AVX2, taken once, for the loops.
    avx2: Option<Avx2>,
    /// Nodes at this level are reported as `Event::Frontier` instead of
    /// being entered (`usize::MAX`: no cap).
    cap: usize,
}

impl Search {
    /// A search with its own arena and no limits.
    pub(crate) fn new(problem: &Problem) -> Search {
        let tables = problem.bit_tables().cloned();
        let arena = problem.arena_for_solver();
        let depth = problem.max_depth();
        let mut watch = Watch::default();
        watch.pace(arena.links.len());
        Search {
            problem: problem.clone(),
            arena,
            stack: Stack::new(depth),
            watch,
            // Each pin covers a primary item of its own, so there are at
            // most as many pins as levels.
            sink: Sink::new(2 * depth),
            bits: BitSets { tables, ..BitSets::default() },
            backend: Backend::XLinks,
            status: Status::Ready,
            seed: None,
            rng: None,
            avx2: Avx2::detect(),
            cap: usize::MAX,
        }
    }

    /// See [`Solver::set_seed`](crate::cover::Solver::set_seed).
    pub(crate) fn set_seed(&mut self, seed: Option<u64>) {
        self.reset();
        let pins = std::mem::take(&mut self.stack.pins);
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
        self.stack.pins = pins.iter().map(|&(p, _)| (p, self.arena.commit_option(p))).collect();
        self.seed = seed;
        self.rng = seed.map(tie_rng);
    }

    /// See [`Solver::set_limits`](crate::cover::Solver::set_limits).
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.watch.limits = limits;
    }

    /// See [`Solver::limits`](crate::cover::Solver::limits).
    pub(crate) fn limits(&self) -> &Limits {
        &self.watch.limits
    }

    /// See [`Solver::set_verify`](crate::cover::Solver::set_verify).
    pub(crate) fn set_verify(&mut self, on: bool) {
        self.sink.verify = on;
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
            nodes: self.watch.nodes,
            updates: self.arena.work.updates,
            cleansings: self.arena.work.cleansings,
            solutions: self.sink.solutions,
            guesses: self.watch.guesses,
            elapsed: self.watch.elapsed,
        }
    }

    /// See [`Solver::reset`](crate::cover::Solver::reset).
    pub(crate) fn reset(&mut self) {
        self.unwind();
        self.unwind_prefix();
        self.restart();
    }

    /// A fresh search from the next step, its counters at zero: the one
    /// under way unwound, the prefix's committed levels kept (the next
    /// search replays the prefix from the first level not committed).
    fn restart(&mut self) {
        self.unwind();
        self.stack.phase = Phase::Done;
        self.status = Status::Ready;
        self.sink.solutions = 0;
        self.watch.reset();
        self.arena.work = Work::default();
        self.rng = self.seed.map(tie_rng);
    }

    /// Starts a search if none is under way: replays the prefix, fills the
    /// path below the floor, and picks the backend.
    fn begin(&mut self) {
        if self.status != Status::Ready {
            return;
        }
        self.sink.changed = 0;
        self.watch.begin();
        // The prefix's work belongs to the levels above (see `split`).
        let counters = self.arena.work;
        self.replay_prefix();
        self.arena.work = counters;
        let layout = &self.problem.inner.layout;
        // A null move (Algorithm M) chooses the item's header: no option.
        let (arena, stack) = (&self.arena, &mut self.stack);
        let prefix = stack.choice[..stack.floor].iter().copied().filter(|&c| arena.top(c) != c);
        stack.opts = prefix.clone().count();
        let fixed = stack.pins.iter().map(|&(p, _)| p).chain(prefix);
        for (slot, node) in self.sink.path.iter_mut().zip(fixed) {
            *slot = layout.option_at(node);
        }
        stack.floor_mark = arena.mark();
        stack.level = stack.floor;
        stack.phase = Phase::Forward;
        self.status = Status::Paused;
        self.backend = self.backend_for_next_search();
        let Some(tables) = &self.bits.tables else { return };
        let (depth, floor, arena) = (self.stack.choice.len(), self.stack.floor, &self.arena);
        match self.backend {
            Backend::MBits => {
                let compact = self.avx2.is_some();
                let levels =
                    self.bits.m_levels.get_or_insert_with(|| Box::new(MLevels::new(tables, arena, depth, compact)));
                levels.start(tables, arena, floor);
            }
            Backend::XBits => {
                let levels = self.bits.levels.get_or_insert_with(|| Box::new(Levels::new(tables, depth)));
                levels.start(tables, arena, floor);
            }
            Backend::XLinks | Backend::MLinks => {}
        }
    }

    /// The loop the next search runs (see [`Backend`]): on bit sets when
    /// the problem suits them and the search has no seed and no
    /// restriction (and with multiplicities, the arena has live keys, as
    /// the problem's has when the tables are made, but not the engine's
    /// tests of plain lengths).
    fn backend_for_next_search(&self) -> Backend {
        let keyed = !self.arena.has_bounds() || self.arena.mult.key_bits.is_some();
        let on_bits = self.bits.tables.is_some() && self.rng.is_none() && !self.arena.restricted && keyed;
        match (self.arena.has_bounds(), on_bits) {
            (false, false) => Backend::XLinks,
            (true, false) => Backend::MLinks,
            (false, true) => Backend::XBits,
            (true, true) => Backend::MBits,
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
        let verify = std::mem::replace(&mut self.sink.verify, true);
        self.sink.returns_wrong = true;
        self.restart();
        self.run_to_end();
        (self.sink.verify, self.sink.returns_wrong) = (verify, false);
        self.sink.wrong.take().map_or(Ok(()), Err)
    }

    /// Runs, calling `visit` with each solution, until the end, a limit, or
    /// `visit` answers `Break` (then `Event::Solution`, paused there).
    pub(crate) fn visit_all(&mut self, visit: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Event {
        self.step_with(&mut OnSolution::Visit(visit))
    }

    /// Runs the backend's loop, doing `on` at each solution, until it
    /// returns; then finishes the search if it ended.
    fn step_with(&mut self, on: &mut OnSolution) -> Event {
        match self.status {
            Status::Complete => return Event::Done,
            Status::Stopped(r) => return Event::Stopped(r),
            _ => {}
        }
        self.begin();
        let start = Instant::now();
        let event = match self.event_before_running() {
            Some(event) => event,
            None => match self.backend {
                Backend::XLinks => x_links::run(self, on),
                Backend::MLinks => m_links::run(self, on),
                Backend::XBits => x_bits::run(self, on),
                Backend::MBits => m_bits::run(self, on),
            },
        };
        match event {
            Event::Solution | Event::Frontier => {}
            // The prefix's levels stay for the next prefix to share (see
            // `use_prefix`); `reset` uncommits them.
            Event::Done => self.status = Status::Complete,
            // The levels stay committed until the solver is used again
            // (see the invariant): a solver dropped after a stop, as a
            // command's is, never pays for unwinding them.
            Event::Stopped(r) => self.status = Status::Stopped(r),
        }
        if event != Event::Solution && event != Event::Frontier {
            self.watch.share(self.sink.solutions);
        }
        if let Some(e) = &self.sink.wrong
            && !self.sink.returns_wrong
        {
            panic!("the engine reported a wrong solution: {e}");
        }
        self.watch.elapsed += start.elapsed();
        event
    }

    /// The event to return without running a loop: the search is done, or
    /// paused at a solution that reached the solution limit.
    fn event_before_running(&self) -> Option<Event> {
        match self.stack.phase {
            Phase::Forward => None,
            Phase::AfterSolution if self.sink.solutions >= self.watch.run().max_solutions => {
                Some(Event::Stopped(StopReason::Solutions))
            }
            Phase::AfterSolution => None,
            Phase::Done => Some(Event::Done),
        }
    }

    /// The solution found by the last `step`.
    pub(crate) fn solution(&self) -> &[OptionId] {
        &self.sink.path[..self.sink.len]
    }

    /// Undoes every level of the search above the floor, whatever the
    /// phase, leaving the arena as it was before the search began.
    fn unwind(&mut self) {
        let stack = &mut self.stack;
        if stack.phase == Phase::Done {
            return;
        }
        // The bit sets' levels left nothing in the arena.
        let on_links = matches!(self.backend, Backend::XLinks | Backend::MLinks);
        for l in (stack.floor..stack.level).rev().filter(|_| on_links) {
            self.arena.uncommit_level(stack.choice[l], stack.marks[l]);
        }
        self.arena.undo_to(stack.floor_mark);
        stack.level = stack.floor;
        stack.phase = Phase::Done;
    }

    /// See [`Solver::links_are_pristine`](crate::cover::Solver::links_are_pristine).
    #[cfg(any(test, feature = "testing"))]
    pub(crate) fn links_are_pristine(&self) -> bool {
        if self.stack.phase != Phase::Done && matches!(self.status, Status::Stopped(_)) {
            // A stop leaves its levels for the next use to unwind.
            let mut next_use = self.clone();
            next_use.reset();
            return next_use.links_are_pristine();
        }
        let (a, b) = (&self.arena, self.problem.pristine());
        a.links == b.links && a.trail.len == b.trail.len && a.len == b.len && a.color == b.color
    }

    /// The search depth right now and, for each level, the number of
    /// branches and the index of the one being explored.
    pub(crate) fn position(&self) -> &[Fork] {
        &self.stack.branch[..self.stack.level.min(self.stack.branch.len())]
    }

    /// Reports nodes at `depth` as [`Event::Frontier`] instead of entering
    /// them (a parallel search's split).
    pub(crate) fn set_cap(&mut self, depth: usize) {
        self.cap = depth;
    }

    /// Makes this search a worker of a parallel one: its nodes and
    /// solutions add up in `shared`, against which the limits are checked.
    pub(crate) fn join(&mut self, shared: &Arc<Shared>) {
        self.watch.join(shared);
    }

    /// Searches on bit sets whenever the problem's kind allows (`true`,
    /// however sparse it is), or never (`false`), from the next search on:
    /// for the tests, which compare the two searches.
    #[cfg(any(test, feature = "testing"))]
    pub(crate) fn use_bit_sets(&mut self, on: bool) {
        self.reset();
        let problem = &self.problem;
        self.bits = BitSets {
            tables: on
                .then(|| Tables::build(problem.pristine(), &problem.inner.layout, problem.option_count(), 0))
                .flatten()
                .map(Arc::new),
            ..BitSets::default()
        };
    }

    /// Whether the next search runs on bit sets (see `x_bits`).
    pub(crate) fn has_bit_sets(&self) -> bool {
        matches!(self.backend_for_next_search(), Backend::XBits | Backend::MBits)
    }

    /// The arena, for the engine's own tests.
    #[cfg(test)]
    pub(crate) fn arena_mut(&mut self) -> &mut Arena {
        &mut self.arena
    }
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
            solver.search.sink.checker = Some(Box::new(broken));
            assert_eq!(solver.count_checked(), Err(CheckError::Overcovered(item.into())));
            assert!(solver.links_are_pristine());
            assert_eq!(solver.stats().solutions, 1);
            // Without the check, or with a fresh checker, all is well.
            solver.set_verify(false);
            assert_eq!(solver.count(), 2);
            solver.search.sink.checker = None;
            assert_eq!(solver.count_checked(), Ok(2));
        }
    }

    /// A stop by a limit leaves its levels committed (a command that
    /// stops and exits skips the unwinding); the next use of the solver
    /// unwinds them first, and searches as a fresh solver does. On the
    /// dance (queens: options of several sizes) and on Algorithm M.
    #[test]
    fn a_stop_leaves_its_levels_for_the_next_use_to_unwind() {
        use crate::cover::{Limits, Stats, Status, StopReason};
        let two_a_line = "2|r0 2|r1 2|r2 2|r3 2|c0 2|c1 2|c2 2|c3\n".to_string()
            + &(0..16).map(|k| format!("r{} c{}\n", k / 4, k % 4)).collect::<String>();
        for (problem, all) in [
            (crate::puzzles::queens::Queens::new(8).unwrap().problem().clone(), 92),
            (Problem::from_dlx(&two_a_line).unwrap(), 90),
        ] {
            let mut solver = problem.solver();
            solver.use_bit_sets(false);
            solver.set_limits(Limits::new().nodes(20));
            assert_eq!(solver.count(), solver.stats().solutions);
            assert_eq!(solver.status(), Status::Stopped(StopReason::Nodes));
            let (a, b) = (&solver.search.arena, problem.pristine());
            assert!(a.links != b.links || a.len != b.len, "unwound at the stop");
            assert!(solver.links_are_pristine(), "the next use restores it");
            solver.set_limits(Limits::new());
            assert_eq!(solver.count(), all);
            let mut fresh = problem.solver();
            fresh.use_bit_sets(false);
            fresh.count();
            assert_eq!(solver.stats(), Stats { elapsed: solver.stats().elapsed, ..fresh.stats() });
            assert!(solver.links_are_pristine());
        }
    }

    /// Split at every depth, Algorithm M on bit sets stops at the same
    /// frontier nodes as the dance, with the same positions, solutions
    /// and figures: its chains of null moves (`m_bits`) stop short of the
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
        solver.search.sink.checker = Some(Box::new(broken));
        solver.count();
    }
}
