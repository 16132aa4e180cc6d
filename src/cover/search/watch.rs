//! The limits of a running search, as its loops see them: the node count,
//! the node budget (looked at on every node), and every
//! [`CHECK_INTERVAL`] nodes the progress gauge, the shared totals of a
//! parallel search, the clock and the cancel flag.
//!
//! A loop keeps its node count in a local and asks [`Watch::enter`] at
//! every node it is about to enter. The look is cheap when it is not due
//! (one comparison against the loop's next stop, the sooner of the budget
//! and the next look), and out of line when it is. Invariant: between two
//! runs, `next_check` is the node count of the next look, and the tally
//! holds the nodes and solutions already added to the shared totals.

use super::{Event, Phase};
use crate::cover::ids::Fork;
use crate::cover::limits::{CHECK_INTERVAL, Limits, Progress, Shared, StopReason};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The limits of a search and what it counts against them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Watch {
    pub(super) limits: Limits,
    deadline: Option<Instant>,
    /// The node count of the next look at the clock and the flag.
    next_check: u64,
    tally: Tally,
    /// Nodes entered, and nodes with two branches or more.
    pub(super) nodes: u64,
    pub(super) guesses: u64,
    /// Time spent searching.
    pub(super) elapsed: Duration,
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
pub(super) struct Run {
    pub(super) budget: u64,
    pub(super) max_solutions: u64,
    pub(super) stop_at: u64,
}

impl Watch {
    /// Starts the clock of a new search: the deadline, and the first look
    /// (at once if the cancel flag is already up, so that a batch of easy
    /// searches stops at its next one).
    pub(super) fn begin(&mut self) {
        self.deadline = self.limits.deadline_from(Instant::now());
        self.next_check = if self.limits.cancelled() { self.nodes } else { self.nodes + CHECK_INTERVAL };
    }

    /// Forgets the counts of the last search.
    pub(super) fn reset(&mut self) {
        self.nodes = 0;
        self.guesses = 0;
        self.elapsed = Duration::ZERO;
        self.tally.reported = (0, 0);
    }

    /// Makes this search a worker of a parallel one.
    pub(super) fn join(&mut self, shared: &Arc<Shared>) {
        self.tally.shared = Some(Arc::clone(shared));
    }

    /// The bounds of a loop's next run.
    #[inline(always)]
    pub(super) fn run(&self) -> Run {
        // With shared totals, the limits apply to them (see `look`).
        let local = self.tally.shared.is_none();
        let budget = self.limits.node_budget().filter(|_| local).unwrap_or(u64::MAX);
        let max_solutions = self.limits.solution_limit().filter(|_| local).unwrap_or(u64::MAX);
        Run { budget, max_solutions, stop_at: budget.min(self.next_check) }
    }

    /// Before a loop enters a node at `level`: the depth `cap` (a node
    /// there is a frontier, not entered), then the look, when the loop's
    /// node count `nodes` has reached its next stop `stop_at`; then the
    /// node is counted. `Some` stop to end the loop with, else `None`.
    /// `position` gives the branches of the levels and the solutions so
    /// far, read only when the look is due.
    #[inline(always)]
    pub(super) fn enter<'p>(
        &mut self,
        (level, cap): (usize, usize),
        nodes: &mut u64,
        stop_at: &mut u64,
        run: &Run,
        position: impl FnOnce() -> (&'p [Fork], u64),
    ) -> Option<(Event, Phase)> {
        if level >= cap {
            return Some((Event::Frontier, Phase::AfterSolution));
        }
        if *nodes >= *stop_at {
            let (branches, solutions) = position();
            match self.look(*nodes, run.budget, &branches[..level], solutions) {
                Ok(next) => *stop_at = next,
                Err(r) => return Some((Event::Stopped(r), Phase::Forward)),
            }
        }
        *nodes += 1;
        None
    }

    /// The look at `nodes` nodes, once the loop's next stop is reached: the
    /// stop to make (the budget spent, or what the limits say), or the node
    /// count of the next stop.
    #[cold]
    fn look(&mut self, nodes: u64, budget: u64, position: &[Fork], solutions: u64) -> Result<u64, StopReason> {
        if nodes >= budget {
            return Err(StopReason::Nodes);
        }
        self.next_check = nodes + CHECK_INTERVAL;
        if let Some(gauge) = self.limits.progress_gauge() {
            gauge.set(Progress::estimate(position), solutions);
        }
        if let Some((total_nodes, total_solutions)) = self.tally.share(nodes, solutions) {
            if self.limits.node_budget().is_some_and(|b| total_nodes >= b) {
                return Err(StopReason::Nodes);
            }
            if self.limits.solution_limit().is_some_and(|m| total_solutions >= m) {
                return Err(StopReason::Solutions);
            }
        }
        match self.clock_or_cancel() {
            Some(r) => Err(r),
            None => Ok(budget.min(self.next_check)),
        }
    }

    /// Adds the nodes and solutions not yet reported to the shared totals.
    pub(super) fn share(&mut self, solutions: u64) {
        self.tally.share(self.nodes, solutions);
    }

    /// Whether the search must stop for the clock or the cancel flag.
    #[cold]
    pub(super) fn clock_or_cancel(&self) -> Option<StopReason> {
        if self.limits.cancelled() {
            return Some(StopReason::Cancelled);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Some(StopReason::Time),
            _ => None,
        }
    }
}
