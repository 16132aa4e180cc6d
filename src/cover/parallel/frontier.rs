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
//!
//! A split's depth is a function of the problem and the target alone (and
//! for shards, of `n`): every machine computes the same one. A shard's
//! split goes deeper than its least target while that is cheap (see
//! [`Frontier::for_shards`]): more, smaller subproblems deal more evenly.

use super::super::limits::{Limits, StopReason};
use super::super::problem::Problem;
use super::super::search::{Event, Search};
use super::super::solver::Solution;
use super::super::stats::Stats;

/// The least subproblems per shard of a shard's split, and the most.
const LEAST_PER_SHARD: usize = 16;
const MOST_PER_SHARD: usize = 4096;
/// A shard's split goes a level deeper only while the whole split, that
/// level included, is expected to cost at most this fraction of a shard's
/// share of the work.
const DEEPER_SHARE: f64 = 1.0 / 16.0;
/// Knuth's probes from the root that estimate the work of the whole
/// tree, and their seed (fixed, so that every shard draws the same).
const PROBES: u64 = 64;
const PROBE_SEED: u64 = 0x5eed_5a4d;
/// The work of a node beside its updates (and of passing a subproblem
/// by), and of keeping a subproblem, in updates (for the estimate of the
/// cost of a split, so roughly).
const NODE_WORK: f64 = 16.0;
const ENTRY_WORK: f64 = 256.0;

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
    /// The first split with at least `target` subproblems (or the whole
    /// tree, when it is too small), under `limits` but for the solution
    /// limit (with an absolute deadline: each depth's exploration starts
    /// afresh). A tree of at most `small` nodes is searched whole first,
    /// under the solution limit too (see [`Frontier::whole`]).
    ///
    /// The depths tried grow by one while each level at least doubles the
    /// subproblems: the explorations then cost at most about twice the
    /// last. Where the tree grows slower (a narrow one, a Sudoku's), trying
    /// every depth would explore its top again and again, so the depth
    /// doubles instead.
    pub(super) fn split(problem: &Problem, target: usize, small: u64, limits: &Limits, keep: Keep) -> Frontier {
        if let Some(whole) = Frontier::whole(problem, small, limits, keep) {
            return whole;
        }
        let limits = &limits.without_solution_limit();
        let (mut depth, mut before) = (1, 1);
        loop {
            let f = Frontier::at(problem, depth, limits, keep);
            if f.stopped.is_some() || f.subproblems >= target || f.subproblems == 0 || depth >= MAX_DEPTH {
                return f;
            }
            let step = if f.subproblems >= 2 * before { 1 } else { depth };
            (depth, before) = ((depth + step).min(MAX_DEPTH), f.subproblems);
        }
    }

    /// The split of shard `k` of `n` (in `keep`): the shallowest with at
    /// least `max(16 n, 256)` subproblems, then deeper, while the split
    /// (all the depths it explored, the next one included) is expected to
    /// cost at most a sixteenth of a shard's share of the tree (Knuth's
    /// estimate from fixed probes) and the next depth to give at most
    /// about `4096 n` subproblems. Every shard computes the same depth,
    /// whatever its `k`; the limits stop the probes as they stop the
    /// split.
    pub(super) fn for_shards(problem: &Problem, n: usize, limits: &Limits, keep: Keep) -> Frontier {
        let least = n.saturating_mul(LEAST_PER_SHARD).max(256);
        let most = n.saturating_mul(MOST_PER_SHARD);
        // The work of the levels above the split one level up, and its
        // subproblems (the root: none above it, one node).
        let (mut above, mut nodes_above) = (0.0, 1usize);
        // The work of the split so far: each depth is explored afresh.
        let mut spent = 0.0;
        let mut share = None;
        let mut depth = 1;
        loop {
            let mut f = Frontier::at(problem, depth, limits, keep);
            if f.stopped.is_some() || f.subproblems == 0 || depth >= MAX_DEPTH {
                return f;
            }
            let top = work(f.top.updates as f64, f.top.nodes as f64);
            spent += top + entries_work(f.subproblems as f64, n);
            if f.subproblems >= least {
                // The next level grows as the last one did (roughly).
                let grown = f.subproblems as f64 * f.subproblems as f64 / nodes_above as f64;
                if grown > most as f64 {
                    return f;
                }
                let share = match share {
                    Some(share) => share,
                    None => match estimate_work(problem, limits) {
                        Ok(whole) => {
                            spent += work(0.0, (PROBES * problem.max_depth() as u64) as f64);
                            *share.insert(whole / n as f64)
                        }
                        Err(r) => {
                            f.stopped = Some(r);
                            return f;
                        }
                    },
                };
                // Entering a node costs less the deeper it is, so the last
                // level's cost per node bounds the next one's (roughly).
                let per_node = (top - above) / nodes_above as f64;
                let next = top + per_node * f.subproblems as f64 + entries_work(grown, n);
                if spent + next > DEEPER_SHARE * share {
                    return f;
                }
            }
            (above, nodes_above) = (top, f.subproblems);
            depth += 1;
        }
    }

    /// The whole tree, searched on this thread as one thread would (and
    /// stopped where it would stop), if it has at most `small` nodes or
    /// the limits stop it first: a frontier at
    /// depth 0 with no subproblems, which holds the search's solutions and
    /// statistics. `None` when the tree is bigger: the nodes searched are
    /// dropped, and cost at most `small` nodes. Deepening a split one
    /// level at a time explores the top of a narrow tree again at every
    /// depth, which on a small tree costs many times the search itself.
    fn whole(problem: &Problem, small: u64, limits: &Limits, keep: Keep) -> Option<Frontier> {
        if small == 0 {
            return None;
        }
        let theirs = limits.node_budget().is_some_and(|b| b <= small);
        let ours = if theirs { limits.clone() } else { limits.clone().nodes(small) };
        let f = Frontier::at(problem, usize::MAX, &ours, keep);
        match f.stopped {
            Some(StopReason::Nodes) if !theirs => None,
            _ => Some(Frontier { depth: 0, ..f }),
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

/// Work, in updates, of so many updates and nodes.
fn work(updates: f64, nodes: f64) -> f64 {
    updates + NODE_WORK * nodes
}

/// Work, in updates, of reporting so many subproblems to a split for `n`
/// shards: each is a stop of the search, and a shard keeps one in `n`.
fn entries_work(subproblems: f64, n: usize) -> f64 {
    NODE_WORK * subproblems + ENTRY_WORK * subproblems / n as f64
}

/// Knuth's estimate of the work of the whole tree, from fixed probes.
fn estimate_work(problem: &Problem, limits: &Limits) -> Result<f64, StopReason> {
    let mut solver = Search::new(problem);
    solver.set_limits(limits.clone());
    let e = solver.estimate_below(&[], PROBES, PROBE_SEED)?;
    Ok(work(e.updates, e.nodes))
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
