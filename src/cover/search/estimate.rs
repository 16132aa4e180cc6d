//! Knuth's Monte Carlo estimate of the size of the search tree, from random
//! probes (TAOCP 7.2.2, "Estimating the running time"; Knuth 1975).
//!
//! A probe walks from the root to a leaf, choosing the branching item by
//! the search's own rule and then one of its `t` options at random. With
//! `t₀, t₁, …` the numbers of options seen along the walk, the tree has on
//! average `1 + t₀ + t₀t₁ + …` nodes; the same weights applied to the cost
//! of each node visited (the updates it makes) estimate the total updates.
//! The average over many probes converges to the true values (the
//! estimates are unbiased), though slowly when subtrees differ a lot.
//!
//! The probes honour the solver's limits: the cancel flag and the deadline
//! are looked at before every probe and every [`CHECK_INTERVAL`] levels of
//! one, and a stopped estimate averages the probes that reached a leaf
//! before it stopped, a probe cut short counting for nothing (see
//! [`Estimate::stopped`]). Estimates of huge trees overflow no type: the
//! figures are `f64`s, and [`Estimate::time`] is `None` past what a
//! [`Duration`] holds.

use super::Search;
use crate::cover::ids::{NodeId, TrailMark};
use crate::cover::limits::{CHECK_INTERVAL, StopReason};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The result of [`Solver::estimate`](crate::cover::Solver::estimate).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Probes made, each to a leaf.
    pub probes: u64,
    /// Estimated nodes of the whole search (Knuth's definition).
    pub nodes: f64,
    /// Estimated updates of the whole search.
    pub updates: f64,
    /// Estimated solutions.
    pub solutions: f64,
    /// Updates per second measured on this problem, for the time estimate
    /// (0 when no calibration ran).
    pub updates_per_second: f64,
    /// What stopped the probes before all of them were made, if anything:
    /// the figures then average the [`Estimate::probes`] that reached a
    /// leaf (none: no estimate).
    pub stopped: Option<StopReason>,
}

impl Estimate {
    /// The estimated running time of the whole search on one thread, in
    /// seconds: `f64::INFINITY` beyond what an `f64` holds, and 0 without
    /// a measured speed.
    pub fn seconds(&self) -> f64 {
        if self.updates_per_second > 0.0 { self.updates / self.updates_per_second } else { 0.0 }
    }

    /// [`Estimate::seconds`] as a [`Duration`], or `None` when it is too
    /// long for one (about 5.8 × 10¹¹ years).
    pub fn time(&self) -> Option<Duration> {
        Duration::try_from_secs_f64(self.seconds()).ok()
    }
}

impl Search {
    /// See [`Solver::estimate`](crate::cover::Solver::estimate).
    pub(crate) fn estimate(&mut self, probes: u64, seed: u64, calibrate: Duration) -> Estimate {
        self.reset();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut nodes, mut updates, mut solutions) = (0.0, 0.0, 0.0);
        let mut path: Vec<(NodeId, TrailMark)> = Vec::new();
        self.watch.begin();
        let (mut made, mut stopped) = (0, None);
        while made < probes {
            stopped = self.watch.clock_or_cancel();
            if stopped.is_some() {
                break;
            }
            let probe = self.probe(&mut rng, &mut path);
            stopped = probe.stopped;
            if stopped.is_some() {
                // Cut short, its leaf unseen: not an estimate.
                break;
            }
            made += 1;
            (nodes, updates, solutions) = (nodes + probe.nodes, updates + probe.updates, solutions + probe.solutions);
        }
        let n = made.max(1) as f64;
        self.reset();
        let mut speed = 0.0;
        if stopped.is_none() {
            // The calibration is a real search, under the same limits.
            let saved = self.watch.limits.clone();
            self.set_limits(saved.clone().time(calibrate));
            let start = Instant::now();
            self.run_to_end();
            let seconds = start.elapsed().as_secs_f64();
            speed = if seconds > 0.0 { self.stats().updates as f64 / seconds } else { 0.0 };
            stopped = self.status().stop_reason().filter(|&r| r == StopReason::Cancelled);
            self.set_limits(saved);
            self.reset();
        }
        Estimate {
            probes: made,
            nodes: nodes / n,
            updates: updates / n,
            solutions: solutions / n,
            updates_per_second: speed,
            stopped,
        }
    }

    /// One probe from the current node (the root, or the end of a replayed
    /// prefix) to a leaf, undone before it returns: Knuth's estimates of
    /// the subtree's nodes, updates and solutions. Looks at the clock and
    /// the cancel flag every [`CHECK_INTERVAL`] levels.
    fn probe(&mut self, rng: &mut ChaCha8Rng, path: &mut Vec<(NodeId, TrailMark)>) -> Probe {
        let base = self.arena.mark();
        let mut weight = 1.0;
        let mut probe = Probe::default();
        loop {
            if path.len() as u64 % CHECK_INTERVAL == CHECK_INTERVAL - 1 {
                probe.stopped = self.watch.clock_or_cancel();
                if probe.stopped.is_some() {
                    break;
                }
            }
            probe.nodes += weight;
            if self.arena.has_bounds() {
                // Algorithm M: the node opens its item once, and each of
                // its `t` branches advances (undoing the one before) and
                // commits; the probe saw one branch of the `t`.
                let Some((i, t)) = self.choose_level() else {
                    probe.solutions += weight;
                    break;
                };
                let committed = (t > 0).then(|| self.arena.commit_level_m_counted(i, rng.random_range(0..t)));
                let Some((c, mark, (once, branch))) = committed.flatten() else {
                    break;
                };
                probe.updates += weight * (once as f64 + branch as f64 * f64::from(t));
                path.push((c, mark));
                weight *= f64::from(t);
                continue;
            }
            let Some((i, t)) = self.arena.dance().choose_first_min() else {
                probe.solutions += weight;
                break;
            };
            let before = self.arena.work.updates;
            if t == 0 {
                probe.updates += weight;
                break;
            }
            let k = rng.random_range(0..t);
            let (c, mark, cover) = self.arena.commit_level_counted(i, k);
            // The node covers `i` once and commits each of its `t`
            // options; the probe saw one of them.
            let commit = self.arena.work.updates - before - cover;
            probe.updates += weight * (cover as f64 + commit as f64 * f64::from(t));
            path.push((c, mark));
            weight *= f64::from(t);
        }
        while let Some((c, mark)) = path.pop() {
            self.arena.uncommit_level(c, mark);
        }
        self.arena.undo_to(base);
        probe
    }

    /// Knuth's estimate of the subtree below `prefix` (positions of the
    /// choices, as a split's subproblem gives them) from `probes` probes
    /// drawn with `seed`: the average of their estimates, nodes and
    /// updates (the subproblem's own node included). `Err` when the clock
    /// or the cancel flag stopped the probes; an empty estimate when the
    /// prefix doesn't lead to a node. The search is reset, with no prefix,
    /// when it returns.
    pub(crate) fn estimate_below(&mut self, prefix: &[u32], probes: u64, seed: u64) -> Result<Probe, StopReason> {
        self.use_prefix(prefix);
        self.replay_prefix();
        let mut sum = Probe::default();
        if self.stack.floor == prefix.len() {
            self.watch.begin();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut path = Vec::new();
            for _ in 0..probes {
                if let Some(r) = self.watch.clock_or_cancel() {
                    sum.stopped = Some(r);
                    break;
                }
                let probe = self.probe(&mut rng, &mut path);
                if let Some(r) = probe.stopped {
                    sum.stopped = Some(r);
                    break;
                }
                (sum.nodes, sum.updates, sum.solutions) =
                    (sum.nodes + probe.nodes, sum.updates + probe.updates, sum.solutions + probe.solutions);
            }
            self.unwind_prefix();
        }
        self.use_prefix(&[]);
        if let Some(r) = sum.stopped {
            return Err(r);
        }
        let n = probes.max(1) as f64;
        Ok(Probe { nodes: sum.nodes / n, updates: sum.updates / n, solutions: sum.solutions / n, stopped: None })
    }
}

/// One probe's estimates (or the average of several), and what stopped
/// it, if anything.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Probe {
    pub(crate) nodes: f64,
    pub(crate) updates: f64,
    pub(crate) solutions: f64,
    pub(crate) stopped: Option<StopReason>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::Problem;

    /// On a uniform tree (three rooks on a 3×3 board: 3, then 2, then 1
    /// way at each level) every probe's estimate is exact, below a prefix
    /// as from the root; a prefix that leads nowhere estimates nothing.
    #[test]
    fn estimates_below_a_prefix_are_exact_on_a_uniform_tree() {
        let problem =
            Problem::from_dlx("r0 r1 r2 c0 c1 c2\nr0 c0\nr0 c1\nr0 c2\nr1 c0\nr1 c1\nr1 c2\nr2 c0\nr2 c1\nr2 c2\n")
                .unwrap();
        let mut search = Search::new(&problem);
        for (prefix, nodes, solutions) in [(&[][..], 16.0, 6.0), (&[1][..], 5.0, 2.0), (&[2, 1][..], 2.0, 1.0)] {
            let e = search.estimate_below(prefix, 5, 7).unwrap();
            assert_eq!((e.nodes, e.solutions), (nodes, solutions), "{prefix:?}");
        }
        assert_eq!(search.estimate_below(&[3], 5, 7).unwrap().nodes, 0.0);
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        search.set_limits(crate::cover::Limits::new().cancel_flag(flag));
        assert_eq!(search.estimate_below(&[], 5, 7), Err(StopReason::Cancelled));
        assert!(search.links_are_pristine());
    }

    /// A probe the clock cuts short counts for nothing: on a chain of
    /// 30,000 items (one path, one solution) that a probe can't finish in
    /// 30 ms, the estimate has no probe, instead of the cut probe's part.
    #[test]
    fn a_probe_cut_short_is_no_estimate() {
        let n = 30_000;
        let mut text: Vec<String> = vec![(0..n).map(|i| format!("x{i}")).collect::<Vec<_>>().join(" ")];
        text.extend((0..n).map(|i| format!("x{i}")));
        let problem = Problem::from_dlx(&(text.join("\n") + "\n")).unwrap();
        let mut search = Search::new(&problem);
        search.set_limits(crate::cover::Limits::new().time(Duration::from_millis(30)));
        let e = search.estimate(10, 1, Duration::from_millis(1));
        assert_eq!((e.probes, e.stopped, e.nodes), (0, Some(StopReason::Time), 0.0), "{e:?}");
        let small = Problem::from_dlx("a b\na\nb\n").unwrap();
        let e = Search::new(&small).estimate(10, 1, Duration::from_millis(1));
        assert_eq!((e.probes, e.stopped, e.nodes, e.solutions), (10, None, 3.0, 1.0));
    }
}
