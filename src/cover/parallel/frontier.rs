//! The split of a parallel search: the top of the search tree, explored
//! down to a depth, with the subproblems found there and the solutions
//! found above.
//!
//! Invariants: the entries are in the single-threaded search's order;
//! `subproblems` counts every subproblem at the depth, kept or not, and
//! numbers them in that order (a shard keeps every `n`-th); `top` holds
//! the nodes, updates and solutions of the levels above the split, all of
//! them, whatever was kept. The split keeps to the run's limits (the
//! cancel flag, the clock, the node budget): a split that one stopped
//! holds what it found before, and says which (`stopped`).

use super::super::limits::{Limits, StopReason};
use super::super::problem::Problem;
use super::super::search::{Event, Search};
use super::super::solver::Solution;
use super::super::stats::Stats;

/// One entry of the frontier, in the search's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Entry {
    /// A solution found above the split depth.
    Solution(Solution),
    /// A subproblem: the position of the choice at each level.
    Subproblem(Vec<u32>),
}

/// Which entries a split keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Keep {
    /// Every entry.
    All,
    /// Shard `k` of `n` (from 0): every `n`-th subproblem from the `k`-th,
    /// and, for shard 0, the solutions above the split. The others are
    /// counted, not stored, so a split into many shards holds little.
    Shard { k: usize, n: usize },
}

impl Keep {
    fn solution(self) -> bool {
        match self {
            Keep::All => true,
            Keep::Shard { k, .. } => k == 0,
        }
    }

    fn subproblem(self, index: usize) -> bool {
        match self {
            Keep::All => true,
            Keep::Shard { k, n } => index % n == k,
        }
    }
}

/// The top of the search tree, explored down to the split depth.
#[derive(Clone, Debug)]
pub(super) struct Frontier {
    pub(super) depth: usize,
    /// The entries kept.
    pub(super) entries: Vec<Entry>,
    /// Nodes, updates and solutions of the levels above the split.
    pub(super) top: Stats,
    /// The subproblems at `depth`, kept or not.
    pub(super) subproblems: usize,
    /// The limit that stopped the split, if one did.
    pub(super) stopped: Option<StopReason>,
}

/// The split goes no deeper than this.
const MAX_DEPTH: usize = 24;

impl Frontier {
    /// The shallowest split with at least `target` subproblems (or the
    /// whole tree, when it is too small), under `limits` (with an absolute
    /// deadline: each depth's exploration starts afresh).
    pub(super) fn split(problem: &Problem, target: usize, limits: &Limits, keep: Keep) -> Frontier {
        let mut depth = 1;
        loop {
            let f = Frontier::at(problem, depth, limits, keep);
            if f.stopped.is_some() || f.subproblems >= target || f.subproblems == 0 || depth >= MAX_DEPTH {
                return f;
            }
            depth += 1;
        }
    }

    /// Explores the top `depth` levels.
    fn at(problem: &Problem, depth: usize, limits: &Limits, keep: Keep) -> Frontier {
        let mut solver = Search::new(problem);
        solver.set_limits(limits.clone());
        solver.set_cap(depth);
        solver.reset();
        let (mut entries, mut subproblems, mut stopped) = (Vec::new(), 0, None);
        loop {
            match solver.step() {
                Event::Solution if keep.solution() => entries.push(Entry::Solution(solver.solution().to_vec())),
                Event::Solution => {}
                Event::Frontier => {
                    if keep.subproblem(subproblems) {
                        entries.push(Entry::Subproblem(solver.position().iter().map(|f| f.taken).collect()));
                    }
                    subproblems += 1;
                }
                Event::Done => break,
                Event::Stopped(r) => {
                    stopped = Some(r);
                    break;
                }
            }
        }
        Frontier { depth, entries, top: solver.stats(), subproblems, stopped }
    }

    /// The prefixes of the subproblems kept, in order.
    pub(super) fn prefixes(&self) -> impl Iterator<Item = &[u32]> {
        self.entries.iter().filter_map(|e| match e {
            Entry::Subproblem(prefix) => Some(prefix.as_slice()),
            Entry::Solution(_) => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shard keeps its share of the subproblems, in order, and the same
    /// depth and figures as the whole split.
    #[test]
    fn a_shard_keeps_its_share() {
        let problem = crate::puzzles::queens::Queens::new(8).unwrap().problem().clone();
        let limits = Limits::new();
        let whole = Frontier::at(&problem, 3, &limits, Keep::All);
        assert!(whole.subproblems > 20 && whole.entries.len() == whole.subproblems);
        for n in [1, 2, 5] {
            for k in 0..n {
                let part = Frontier::at(&problem, 3, &limits, Keep::Shard { k, n });
                let want: Vec<_> = whole.entries.iter().skip(k).step_by(n).cloned().collect();
                assert_eq!(part.entries, want);
                assert_eq!((part.subproblems, part.top.nodes), (whole.subproblems, whole.top.nodes));
            }
        }
    }
}
