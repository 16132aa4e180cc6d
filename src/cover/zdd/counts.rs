//! The number of solutions below every node, for counting, sampling and
//! indexing.
//!
//! `count(⊥) = 0`, `count(⊤) = 1`, and a node's count is its `lo`'s plus
//! its `hi`'s: the solutions without its option and those with it are
//! disjoint. One pass over the store, children first. The counts are
//! `u128` while every one fits, else [`BigCount`]s (the pass starts again
//! at the first overflow, so a diagram whose counts fit pays nothing for
//! the big ones).

use super::big::BigCount;
use super::nodes::{Node, Nodes};
use crate::cover::limits::{Limits, StopReason};
use std::time::Instant;

/// Big counts between two looks at the limits.
const POLL: usize = 1024;

/// Why the counts were not made: a limit, or the memory budget (the bytes
/// the counts needed then, with what was held before them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unmade {
    Stopped(StopReason),
    OverBudget(u64),
}

/// Every node's count.
#[derive(Clone, Debug)]
pub(crate) enum Counts {
    /// All fit in a `u128`.
    Small(Vec<u128>),
    /// Some don't.
    Big(Vec<BigCount>),
}

impl Counts {
    /// The counts of every node of `nodes`. Big counts (which may hold
    /// thousands of limbs each) keep to the limits: the cancel flag, the
    /// `deadline`, and the memory budget with `held` bytes held already.
    pub(crate) fn new(nodes: &Nodes, limits: &Limits, deadline: Option<Instant>, held: u64) -> Result<Counts, Unmade> {
        let mut small = Vec::with_capacity(nodes.len());
        small.extend([0u128, 1]);
        for (_, b) in nodes.iter() {
            match small[b.lo.as_usize()].checked_add(small[b.hi.as_usize()]) {
                Some(c) => small.push(c),
                None => return Counts::big(nodes, limits, deadline, held),
            }
        }
        Ok(Counts::Small(small))
    }

    fn big(nodes: &Nodes, limits: &Limits, deadline: Option<Instant>, held: u64) -> Result<Counts, Unmade> {
        let mut big = Vec::with_capacity(nodes.len());
        big.extend([BigCount::zero(), BigCount::from(1u64)]);
        let mut bytes = held + (nodes.len() * std::mem::size_of::<BigCount>()) as u64;
        for (k, (_, b)) in nodes.iter().enumerate() {
            let c = big[b.lo.as_usize()].add(&big[b.hi.as_usize()]);
            bytes += c.bytes() - std::mem::size_of::<BigCount>() as u64;
            big.push(c);
            if k % POLL == POLL - 1 {
                if limits.cancelled() {
                    return Err(Unmade::Stopped(StopReason::Cancelled));
                }
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    return Err(Unmade::Stopped(StopReason::Time));
                }
                if limits.memory_budget().is_some_and(|budget| bytes > budget) {
                    return Err(Unmade::OverBudget(bytes));
                }
            }
        }
        Ok(Counts::Big(big))
    }

    /// The bytes the counts hold.
    pub(crate) fn bytes(&self) -> u64 {
        match self {
            Counts::Small(c) => c.capacity() as u64 * 16,
            Counts::Big(c) => c.iter().map(BigCount::bytes).sum(),
        }
    }

    /// The count of node `n`.
    pub(crate) fn of(&self, n: Node) -> BigCount {
        match self {
            Counts::Small(c) => BigCount::from(c[n.as_usize()]),
            Counts::Big(c) => c[n.as_usize()].clone(),
        }
    }

    /// The count of node `n`, if it fits in a `u128`.
    pub(crate) fn small(&self, n: Node) -> Option<u128> {
        match self {
            Counts::Small(c) => Some(c[n.as_usize()]),
            Counts::Big(c) => c[n.as_usize()].to_u128(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// A chain of `n` nodes each with both children the one before (⊤ for
    /// the first): the `k`-th's count is 2ᵏ⁺¹.
    fn doubling(n: u32) -> Nodes {
        let mut nodes = Nodes::new();
        let mut last = Node::TOP;
        for k in 0..n {
            last = nodes.add(k, last, last).unwrap();
        }
        nodes
    }

    /// Big counts stop at the memory budget (with what was held before
    /// them counted), the cancel flag and the deadline; small ones need
    /// no look.
    #[test]
    fn big_counts_keep_to_the_limits() {
        let nodes = doubling(3000);
        let all = Counts::new(&nodes, &Limits::new(), None, 0).unwrap();
        assert_eq!(all.small(Node::from_u32(2 + 126)), Some(1 << 127));
        assert_eq!(all.small(Node::from_u32(2 + 127)), None);
        let need = all.bytes();
        assert!(need > 500_000, "{need}");
        let budget = |b: u64, held: u64| Counts::new(&nodes, &Limits::new().memory(b), None, held).map(|c| c.bytes());
        assert_eq!(budget(2 * need, 0), Ok(need));
        assert!(matches!(budget(need / 2, 0), Err(Unmade::OverBudget(n)) if n > need / 2));
        assert!(matches!(budget(2 * need, 3 * need / 2), Err(Unmade::OverBudget(_))));
        let flag = Arc::new(AtomicBool::new(true));
        let cancelled = Counts::new(&nodes, &Limits::new().cancel_flag(flag.clone()), None, 0).map(|c| c.bytes());
        assert_eq!(cancelled, Err(Unmade::Stopped(StopReason::Cancelled)));
        let late = Counts::new(&nodes, &Limits::new(), Some(Instant::now()), 0).map(|c| c.bytes());
        assert_eq!(late, Err(Unmade::Stopped(StopReason::Time)));
        let small = Counts::new(&doubling(100), &Limits::new().cancel_flag(flag), Some(Instant::now()), u64::MAX);
        assert!(matches!(small, Ok(Counts::Small(_))));
    }
}
