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

/// Every node's count.
#[derive(Clone, Debug)]
pub(crate) enum Counts {
    /// All fit in a `u128`.
    Small(Vec<u128>),
    /// Some don't.
    Big(Vec<BigCount>),
}

impl Counts {
    /// The counts of every node of `nodes`.
    pub(crate) fn new(nodes: &Nodes) -> Counts {
        let mut small = Vec::with_capacity(nodes.len());
        small.extend([0u128, 1]);
        for (_, b) in nodes.iter() {
            match small[b.lo.as_usize()].checked_add(small[b.hi.as_usize()]) {
                Some(c) => small.push(c),
                None => return Counts::big(nodes),
            }
        }
        Counts::Small(small)
    }

    fn big(nodes: &Nodes) -> Counts {
        let mut big = Vec::with_capacity(nodes.len());
        big.extend([BigCount::zero(), BigCount::from(1u64)]);
        for (_, b) in nodes.iter() {
            let c = big[b.lo.as_usize()].add(&big[b.hi.as_usize()]);
            big.push(c);
        }
        Counts::Big(big)
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
