//! Limits on a search, and how a search ended.
//!
//! A search checks its node budget at every node, and the deadline and the
//! cancellation flag every [`CHECK_INTERVAL`] nodes, so a stop costs nothing
//! measurable and happens within a few microseconds of the cause on every
//! instance we ship. A stopped search restores the arena before returning.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How many nodes pass between two looks at the clock and the cancel flag.
pub(crate) const CHECK_INTERVAL: u64 = 256;

/// Budgets that stop a search early. The default has none.
///
/// ```
/// use exactcover::cover::Limits;
/// use std::time::Duration;
///
/// let limits = Limits::new().nodes(1_000_000).time(Duration::from_secs(2));
/// assert_eq!(limits.node_budget(), Some(1_000_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    solutions: Option<u64>,
    nodes: Option<u64>,
    time: Option<Duration>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limits.
    pub fn new() -> Limits {
        Limits::default()
    }

    /// Stop after this many solutions.
    pub fn solutions(mut self, max: u64) -> Limits {
        self.solutions = Some(max);
        self
    }

    /// Stop before the search tree grows beyond this many nodes.
    pub fn nodes(mut self, max: u64) -> Limits {
        self.nodes = Some(max);
        self
    }

    /// Stop when this much time has passed since the run started.
    pub fn time(mut self, max: Duration) -> Limits {
        self.time = Some(max);
        self
    }

    /// Stop at this instant (shared by several solvers).
    pub fn deadline(mut self, at: Instant) -> Limits {
        self.deadline = Some(at);
        self
    }

    /// Stop as soon as this flag becomes `true` (for Ctrl-C, or to cancel
    /// workers from another thread).
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.cancel = Some(flag);
        self
    }

    /// The solution limit, if any.
    pub fn solution_limit(&self) -> Option<u64> {
        self.solutions
    }

    /// The node budget, if any.
    pub fn node_budget(&self) -> Option<u64> {
        self.nodes
    }

    /// The time budget, if any.
    pub fn time_budget(&self) -> Option<Duration> {
        self.time
    }

    /// The cancellation flag, if any.
    pub fn cancel(&self) -> Option<&Arc<AtomicBool>> {
        self.cancel.as_ref()
    }

    /// The same limits without the solution limit.
    pub(crate) fn without_solution_limit(&self) -> Limits {
        Limits {
            solutions: None,
            ..self.clone()
        }
    }

    /// The earliest of the deadline and `start + time`.
    pub(crate) fn deadline_from(&self, start: Instant) -> Option<Instant> {
        let by_time = self.time.and_then(|t| start.checked_add(t));
        match (by_time, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether the cancel flag is raised.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The solution limit was reached.
    Solutions,
    /// The node budget ran out.
    Nodes,
    /// The time budget or deadline passed.
    Time,
    /// The cancellation flag was raised.
    Cancelled,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Solutions => "solution limit reached",
            StopReason::Nodes => "node limit reached",
            StopReason::Time => "time limit reached",
            StopReason::Cancelled => "interrupted",
        })
    }
}

/// Where a solver stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// No search has run since the solver was made or reset.
    Ready,
    /// The search stopped at a solution and can go on.
    Paused,
    /// The whole search tree was explored.
    Complete,
    /// A limit stopped the search before the end.
    Stopped(StopReason),
}

impl Status {
    /// Whether the search explored the whole tree.
    pub fn is_complete(self) -> bool {
        self == Status::Complete
    }

    /// The limit that stopped the search, if one did.
    pub fn stop_reason(self) -> Option<StopReason> {
        match self {
            Status::Stopped(r) => Some(r),
            _ => None,
        }
    }
}
