//! The limits of a running search, and what it counts against them: the
//! node count, the node budget (looked at on every node), and every
//! [`CHECK_INTERVAL`] nodes (fewer on a big arena: [`Watch::pace`]) the
//! progress gauge, the shared totals of a parallel search, the clock and
//! the cancel flag.
//!
//! Both searches keep one: the exact-cover search's loops (which keep the
//! node count in a local between two looks: see `search::gate`) and the
//! Sudoku search on bitboards (which enters one node at a time with
//! [`Watch::enter_one`]). The look is cheap when it is not due (one
//! comparison against the next stop, the sooner of the budget and the
//! next look), and out of line when it is.
//!
//! **Invariants.** Between two runs, `next_check` is the node count of
//! the next look, and the tally holds the nodes and solutions already
//! added to the shared totals. `nodes` never passes the node budget: a
//! node the limits refuse is not counted. `stopped` keeps the first
//! reason a search stopped for.

use crate::cover::ids::Fork;
use crate::cover::limits::{CHECK_INTERVAL, Limits, Progress, Shared, Status, StopReason};
use std::borrow::Borrow;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most node visits (a node's links followed) that [`Watch::pace`]
/// lets pass between two looks at the clock and the flag.
const VISITS_PER_LOOK: u64 = 1 << 24;

/// The limits of a search and what it counts against them: the limits
/// owned (`Watch<Limits>`, kept from search to search) or borrowed for one
/// search (`Watch<&Limits>`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Watch<L = Limits> {
    pub(crate) limits: L,
    deadline: Option<Instant>,
    /// The node count of the next look at the clock and the flag.
    next_check: u64,
    /// The looks come every `CHECK_INTERVAL >> slow` nodes (see
    /// [`Watch::pace`]).
    slow: u32,
    tally: Tally,
    /// Nodes entered, and nodes with two branches or more.
    pub(crate) nodes: u64,
    pub(crate) guesses: u64,
    /// Time spent searching.
    pub(crate) elapsed: Duration,
    /// Why the search stopped, once it has (kept by [`Watch::stop`]).
    stopped: Option<StopReason>,
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

/// The bounds one run of a loop works within: the node budget and the
/// solution limit (none in a parallel worker, where the shared totals
/// carry them), and the node count of its first stop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run {
    pub(crate) budget: u64,
    pub(crate) max_solutions: u64,
    pub(crate) stop_at: u64,
}

impl<'a> Watch<&'a Limits> {
    /// A watch over `limits` for one search, whose clock starts now.
    pub(crate) fn new(limits: &'a Limits) -> Watch<&'a Limits> {
        let mut watch = Watch {
            limits,
            deadline: None,
            next_check: 0,
            slow: 0,
            tally: Tally::default(),
            nodes: 0,
            guesses: 0,
            elapsed: Duration::ZERO,
            stopped: None,
        };
        watch.begin();
        watch
    }
}

impl<L: Borrow<Limits>> Watch<L> {
    fn limits(&self) -> &Limits {
        self.limits.borrow()
    }

    /// Nodes from one look to the next.
    fn interval(&self) -> u64 {
        CHECK_INTERVAL >> self.slow
    }

    /// Paces the looks for a search over an arena of `size` nodes: one
    /// node can visit every node of the arena, so the looks come often
    /// enough that at most [`VISITS_PER_LOOK`] visits pass between two:
    /// every [`CHECK_INTERVAL`] nodes up to 65,536 arena nodes, then fewer,
    /// down to every node. Without it, a problem of millions of options,
    /// whose nodes take milliseconds each, passed its deadline by seconds.
    pub(crate) fn pace(&mut self, size: usize) {
        let nodes = (VISITS_PER_LOOK / (size as u64).max(1)).clamp(1, CHECK_INTERVAL);
        self.slow = CHECK_INTERVAL.ilog2() - nodes.ilog2();
    }

    /// Starts the clock of a new search: the deadline, and the first look
    /// (at the first node if the cancel flag is already up or the time
    /// is out, so that a batch of easy searches stops at its next one).
    pub(crate) fn begin(&mut self) {
        self.deadline = self.limits().deadline_from_now();
        self.stopped = None;
        self.next_check = if self.clock_or_cancel().is_some() { self.nodes } else { self.nodes + self.interval() };
    }

    /// Forgets the counts of the last search.
    pub(crate) fn reset(&mut self) {
        self.nodes = 0;
        self.guesses = 0;
        self.elapsed = Duration::ZERO;
        self.tally.reported = (0, 0);
    }

    /// Makes this search a worker of a parallel one.
    pub(crate) fn join(&mut self, shared: &Arc<Shared>) {
        self.tally.shared = Some(Arc::clone(shared));
    }

    /// The bounds of a loop's next run.
    #[inline(always)]
    pub(crate) fn run(&self) -> Run {
        // With shared totals, the limits apply to them (see `look`).
        let local = self.tally.shared.is_none();
        let limits = self.limits();
        let budget = limits.node_budget().filter(|_| local).unwrap_or(u64::MAX);
        let max_solutions = limits.solution_limit().filter(|_| local).unwrap_or(u64::MAX);
        Run { budget, max_solutions, stop_at: budget.min(self.next_check) }
    }

    /// Enters one node and counts it, unless a limit refuses it: then
    /// the node is not counted, the reason is kept, and the answer is
    /// `false` (the search must stop). For a search that counts its nodes
    /// here rather than in a local.
    #[inline(always)]
    pub(crate) fn enter_one(&mut self) -> bool {
        let run = self.run();
        if self.nodes >= run.stop_at {
            if let Err(reason) = self.look(self.nodes, run.budget, &[], 0) {
                return self.stop(reason);
            }
        }
        self.nodes += 1;
        true
    }

    /// The look at `nodes` nodes, once the loop's next stop is reached: the
    /// stop to make (the budget spent, or what the limits say), or the node
    /// count of the next stop. `position` and `solutions` feed the
    /// progress gauge and the shared totals.
    #[cold]
    pub(crate) fn look(
        &mut self,
        nodes: u64,
        budget: u64,
        position: &[Fork],
        solutions: u64,
    ) -> Result<u64, StopReason> {
        if nodes >= budget {
            return Err(StopReason::Nodes);
        }
        self.next_check = nodes + self.interval();
        if let Some(gauge) = self.limits().progress_gauge() {
            gauge.set(Progress::estimate(position), solutions);
        }
        if let Some((total_nodes, total_solutions)) = self.tally.share(nodes, solutions) {
            let limits = self.limits();
            if limits.node_budget().is_some_and(|b| total_nodes >= b) {
                return Err(StopReason::Nodes);
            }
            if limits.solution_limit().is_some_and(|m| total_solutions >= m) {
                return Err(StopReason::Solutions);
            }
        }
        match self.clock_or_cancel() {
            Some(r) => Err(r),
            None => Ok(budget.min(self.next_check)),
        }
    }

    /// Adds the nodes and solutions not yet reported to the shared totals.
    pub(crate) fn share(&mut self, solutions: u64) {
        self.tally.share(self.nodes, solutions);
    }

    /// Whether the search must stop for the clock or the cancel flag.
    #[cold]
    pub(crate) fn clock_or_cancel(&self) -> Option<StopReason> {
        if self.limits().cancelled() {
            return Some(StopReason::Cancelled);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Some(StopReason::Time),
            _ => None,
        }
    }

    /// Counts a guess: a node with two alternatives or more.
    #[inline(always)]
    pub(crate) fn guess(&mut self) {
        self.guesses += 1;
    }

    /// Stops the search for `reason`, unless it has stopped already.
    /// Always `false`, for [`Watch::enter_one`] to return.
    pub(crate) fn stop(&mut self, reason: StopReason) -> bool {
        self.stopped.get_or_insert(reason);
        false
    }

    /// `Complete`, or the first reason given to [`Watch::stop`].
    pub(crate) fn status(&self) -> Status {
        self.stopped.map_or(Status::Complete, Status::Stopped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    /// The node budget refuses the node past it, which is not counted; a
    /// raised flag refuses the first node; the first reason stays.
    #[test]
    fn limits_refuse_nodes_and_the_first_reason_stays() {
        let limits = Limits::new().nodes(3);
        let mut watch = Watch::new(&limits);
        assert!(watch.enter_one() && watch.enter_one() && watch.enter_one());
        watch.guess();
        assert_eq!(watch.status(), Status::Complete);
        assert!(!watch.enter_one());
        assert!(!watch.stop(StopReason::Solutions));
        assert_eq!((watch.nodes, watch.guesses), (3, 1));
        assert_eq!(watch.status(), Status::Stopped(StopReason::Nodes));
        let limits = Limits::new().cancel_flag(Arc::new(AtomicBool::new(true)));
        let mut watch = Watch::new(&limits);
        assert!(!watch.enter_one());
        assert_eq!((watch.nodes, watch.status()), (0, Status::Stopped(StopReason::Cancelled)));
        let limits = Limits::new().time(Duration::ZERO);
        let mut watch = Watch::new(&limits);
        assert!(!watch.enter_one());
        assert_eq!((watch.nodes, watch.status()), (0, Status::Stopped(StopReason::Time)));
    }

    /// On a big arena the looks come more often: every node from 2^24
    /// arena nodes, half as often for half the size, and every
    /// `CHECK_INTERVAL` nodes up to 65,536.
    #[test]
    fn a_big_arena_is_looked_at_more_often() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::new().cancel_flag(Arc::clone(&flag));
        for (size, interval) in [(1 << 26, 1), (1 << 24, 1), (1 << 23, 2), (100_000, 128), (1 << 16, 256), (10, 256)] {
            flag.store(false, std::sync::atomic::Ordering::Relaxed);
            let mut watch = Watch::new(&limits);
            watch.pace(size);
            watch.begin();
            assert!(watch.enter_one());
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
            let mut entered = 1;
            while watch.enter_one() {
                entered += 1;
            }
            assert_eq!(entered, interval, "{size}");
        }
    }

    /// With the flag down, the flag is read every `CHECK_INTERVAL` nodes:
    /// raised in between, it stops the search at the next look.
    #[test]
    fn a_flag_raised_later_stops_at_the_next_look() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::new().cancel_flag(Arc::clone(&flag));
        let mut watch = Watch::new(&limits);
        assert!(watch.enter_one());
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut entered = 1;
        while watch.enter_one() {
            entered += 1;
        }
        assert_eq!(entered, CHECK_INTERVAL);
        assert_eq!(watch.status(), Status::Stopped(StopReason::Cancelled));
    }
}
