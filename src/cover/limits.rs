//! Limits on a search, and how a search ended.
//!
//! A search checks its node budget at every node, and the deadline and the
//! cancellation flag every [`CHECK_INTERVAL`] nodes, so a stop costs nothing
//! measurable and happens within a few microseconds of the cause on every
//! instance we ship. A stopped search restores the arena before returning.

use super::ids::Fork;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    progress: Option<Arc<Progress>>,
    memory: Option<u64>,
}

/// The nodes and solutions of all the workers of a parallel search.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    pub(crate) nodes: AtomicU64,
    pub(crate) solutions: AtomicU64,
}

/// An estimate of how much of the search is done, updated by a running
/// search and read from another thread (for a progress bar).
///
/// The estimate is Knuth's (DLX1's `d` option): a search at level `l`
/// exploring choice `c_l` of `t_l` at each level has done about
/// `Σ c_l / (t_0 ⋯ t_l)` of the tree, plus half of the current node's
/// share, assuming subtrees of equal size. The gauge also holds the
/// solutions found so far, for a search that reports none on the way
/// (counting).
#[derive(Debug, Default)]
pub struct Progress {
    fraction: AtomicU64,
    solutions: AtomicU64,
}

impl Progress {
    /// A gauge at 0.
    pub fn new() -> Arc<Progress> {
        Arc::new(Progress::default())
    }

    /// The fraction done, from 0 to 1.
    pub fn fraction(&self) -> f64 {
        f64::from_bits(self.fraction.load(Ordering::Relaxed))
    }

    /// The solutions found by the last update (by one worker, in a
    /// parallel search).
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    pub(crate) fn set(&self, fraction: f64, solutions: u64) {
        self.fraction.store(fraction.to_bits(), Ordering::Relaxed);
        self.solutions.store(solutions, Ordering::Relaxed);
    }

    /// Knuth's estimate of the fraction done from the branches at each
    /// level.
    pub(crate) fn estimate(position: &[Fork]) -> f64 {
        let (mut done, mut share) = (0.0, 1.0);
        for &Fork { ways, taken } in position {
            if ways == 0 {
                break;
            }
            share /= f64::from(ways);
            done += f64::from(taken) * share;
        }
        (done + share / 2.0).min(1.0)
    }
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

    /// Refuse to build a problem (and its arena) that would take more than
    /// this many bytes: building it fails with
    /// [`BuildError::OverBudget`](super::BuildError::OverBudget) before
    /// the memory is taken. Builders that take limits
    /// ([`ProblemBuilder::with_limits`](super::ProblemBuilder::with_limits),
    /// [`read_dlx_from`](super::read_dlx_from)) also stop at the cancel
    /// flag and the deadline.
    pub fn memory(mut self, bytes: u64) -> Limits {
        self.memory = Some(bytes);
        self
    }

    /// The memory budget, if any.
    pub fn memory_budget(&self) -> Option<u64> {
        self.memory
    }

    /// Publish Knuth's estimate of the fraction done here while searching
    /// (every few hundred nodes).
    pub fn progress(mut self, gauge: Arc<Progress>) -> Limits {
        self.progress = Some(gauge);
        self
    }

    /// The progress gauge, if any.
    pub fn progress_gauge(&self) -> Option<&Arc<Progress>> {
        self.progress.as_ref()
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
        Limits { solutions: None, ..self.clone() }
    }

    /// The earliest of the deadline and `start + time`.
    pub(crate) fn deadline_from(&self, start: Instant) -> Option<Instant> {
        let by_time = self.time.and_then(|t| start.checked_add(t));
        match (by_time, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// [`Limits::deadline_from`] now, reading the clock only for a time
    /// limit (a batch of quick searches reads it once per search otherwise).
    pub(crate) fn deadline_from_now(&self) -> Option<Instant> {
        if self.time.is_some() { self.deadline_from(Instant::now()) } else { self.deadline }
    }

    /// Whether the cancel flag is raised.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
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

impl StopReason {
    /// Every reason, in declaration order.
    pub const ALL: [StopReason; 4] =
        [StopReason::Solutions, StopReason::Nodes, StopReason::Time, StopReason::Cancelled];
}

/// Reads a reason back from its text (`"time limit reached"`), as the
/// command line's JSON results write it.
impl std::str::FromStr for StopReason {
    type Err = String;

    fn from_str(text: &str) -> Result<StopReason, String> {
        StopReason::ALL.into_iter().find(|r| r.to_string() == text).ok_or_else(|| {
            let known: Vec<String> = StopReason::ALL.iter().map(|r| format!("\"{r}\"")).collect();
            format!("unknown stop reason \"{text}\" (known: {})", known.join(", "))
        })
    }
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

#[cfg(test)]
mod tests {
    use super::{Fork, Progress};

    #[test]
    fn knuths_progress_estimate() {
        let f = |ways, taken| Fork { ways, taken };
        assert_eq!(Progress::estimate(&[]), 0.5);
        assert_eq!(Progress::estimate(&[f(2, 1)]), 0.75);
        assert_eq!(Progress::estimate(&[f(4, 2), f(2, 0)]), 0.5 + 0.0625);
        // A dead end (no ways) ends the position.
        assert_eq!(Progress::estimate(&[f(2, 1), f(0, 0), f(3, 2)]), 0.75);
    }
}
