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

use super::Search;
use crate::cover::ids::{NodeId, TrailMark};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The result of [`Solver::estimate`](crate::cover::Solver::estimate).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Probes made.
    pub probes: u64,
    /// Estimated nodes of the whole search (Knuth's definition).
    pub nodes: f64,
    /// Estimated updates of the whole search.
    pub updates: f64,
    /// Estimated solutions.
    pub solutions: f64,
    /// Updates per second measured on this problem, for the time estimate.
    pub updates_per_second: f64,
}

impl Estimate {
    /// The estimated running time of the whole search on one thread.
    pub fn time(&self) -> Duration {
        if self.updates_per_second > 0.0 {
            Duration::from_secs_f64(self.updates / self.updates_per_second)
        } else {
            Duration::ZERO
        }
    }
}

impl Search {
    /// See [`Solver::estimate`](crate::cover::Solver::estimate).
    pub(crate) fn estimate(&mut self, probes: u64, seed: u64, calibrate: Duration) -> Estimate {
        self.reset();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut nodes, mut updates, mut solutions) = (0.0, 0.0, 0.0);
        let mut path: Vec<(NodeId, TrailMark)> = Vec::new();
        for _ in 0..probes {
            let base = self.arena.mark();
            let mut weight = 1.0;
            loop {
                nodes += weight;
                if self.arena.has_bounds {
                    // Algorithm M: a level's cost is the tweaks before
                    // its branch and the commits of its option, so the
                    // probe's cost stands for every branch's (roughly).
                    let Some((i, t)) = self.choose_level() else {
                        solutions += weight;
                        break;
                    };
                    let before = self.arena.updates;
                    let Some((c, mark)) =
                        (t > 0).then(|| self.arena.commit_level_m(i, rng.random_range(0..t))).flatten()
                    else {
                        break;
                    };
                    updates += weight * (self.arena.updates - before) as f64 * f64::from(t);
                    path.push((c, mark));
                    weight *= f64::from(t);
                    continue;
                }
                let Some((i, t)) = self.arena.dance().choose_first_min() else {
                    solutions += weight;
                    break;
                };
                let before = self.arena.updates;
                if t == 0 {
                    updates += weight;
                    break;
                }
                let k = rng.random_range(0..t);
                let (c, mark, cover) = self.arena.commit_level_counted(i, k);
                // The node covers `i` once and commits each of its `t`
                // options; the probe saw one of them.
                let commit = self.arena.updates - before - cover;
                updates += weight * (cover as f64 + commit as f64 * f64::from(t));
                path.push((c, mark));
                weight *= f64::from(t);
            }
            while let Some((c, mark)) = path.pop() {
                self.arena.uncommit_level(c, mark);
            }
            self.arena.undo_to(base);
        }
        let n = probes.max(1) as f64;
        self.reset();
        let saved = self.limits.clone();
        self.set_limits(saved.clone().time(calibrate));
        let start = Instant::now();
        self.run_to_end();
        let seconds = start.elapsed().as_secs_f64();
        let speed = if seconds > 0.0 { self.stats().updates as f64 / seconds } else { 0.0 };
        self.set_limits(saved);
        self.reset();
        Estimate { probes, nodes: nodes / n, updates: updates / n, solutions: solutions / n, updates_per_second: speed }
    }
}
