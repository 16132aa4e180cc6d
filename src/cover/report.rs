//! What a parallel run reports: counts, statistics, and how the work was
//! split and shared among the threads.

use super::limits::{Status, StopReason};
use super::solver::Solver;
use super::stats::Stats;

/// What a parallel run did.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Solutions found (at most the limit, if one stopped the search).
    pub solutions: u64,
    /// Whether the search finished, or which limit stopped it.
    pub status: Status,
    /// Nodes, updates and cleansings of every worker and of the levels
    /// above the split; `elapsed` is wall-clock time.
    pub stats: Stats,
    /// The depth of the split.
    pub depth: usize,
    /// The number of subproblems solved (in a shard: this shard's share).
    pub subproblems: usize,
    /// The number of subproblems the split made (in a shard: those of
    /// every shard; this one took every `n`-th).
    pub split_into: usize,
    /// The most nodes any one subproblem took.
    pub largest: u64,
    /// Each thread's share of the nodes searched below the split,
    /// busiest first (an even split has them all equal).
    pub thread_nodes: Vec<u64>,
}

impl Report {
    /// The busiest thread's nodes over the average thread's: 1.0 is a
    /// perfect balance.
    pub fn imbalance(&self) -> f64 {
        let total: u64 = self.thread_nodes.iter().sum();
        let mean = total as f64 / self.thread_nodes.len().max(1) as f64;
        if mean > 0.0 { self.thread_nodes.first().copied().unwrap_or(0) as f64 / mean } else { 1.0 }
    }
}

impl Report {
    /// A report of nothing done yet, for a split at `depth`.
    pub(super) fn empty(depth: usize) -> Report {
        Report {
            solutions: 0,
            status: Status::Complete,
            stats: Stats::default(),
            depth,
            subproblems: 0,
            split_into: 0,
            largest: 0,
            thread_nodes: Vec::new(),
        }
    }

    /// The report of a search run on one thread, with no split.
    pub(super) fn of_one_thread(solver: &Solver) -> Report {
        let stats = solver.stats();
        Report {
            solutions: stats.solutions,
            status: solver.status(),
            thread_nodes: vec![stats.nodes],
            stats,
            ..Report::empty(0)
        }
    }

    /// Adds the work of the levels above the split (its time excepted).
    pub(super) fn add_top(&mut self, top: &Stats) {
        let top = Stats { elapsed: Default::default(), ..*top };
        self.stats.add(&top);
    }

    pub(super) fn gather(&mut self, results: &[(usize, Stats, Status)], threads: usize) {
        let mut per_thread = vec![0u64; threads.max(1)];
        for (thread, stats, status) in results {
            if *status == Status::Ready {
                continue; // skipped after a stop
            }
            self.stats.add(&Stats { elapsed: Default::default(), ..*stats });
            self.subproblems += 1;
            self.largest = self.largest.max(stats.nodes);
            let last = per_thread.len() - 1;
            per_thread[(*thread).min(last)] += stats.nodes;
            if let Status::Stopped(r) = status {
                if self.status == Status::Complete {
                    self.status = Status::Stopped(*r);
                }
            }
        }
        per_thread.sort_unstable_by(|a, b| b.cmp(a));
        self.thread_nodes = per_thread;
    }

    pub(super) fn finish(&mut self, reason: Option<StopReason>) {
        if let Some(r) = reason {
            self.status = Status::Stopped(r);
        }
        self.solutions = self.stats.solutions;
    }

    /// Caps the count at the solution limit, which workers may pass
    /// between two looks at the shared totals. A run that found as many
    /// as the limit stopped at it, as one thread's search does.
    pub(super) fn cap_at(&mut self, limit: Option<u64>) {
        if let Some(m) = limit.filter(|&m| self.solutions >= m) {
            self.solutions = m;
            self.stats.solutions = m;
            if self.status == Status::Complete {
                self.status = Status::Stopped(StopReason::Solutions);
            }
        }
    }
}
