//! Solutions out of the diagram: by index, at random, and in order.
//!
//! **Order.** Below a node, the solutions with its option (its `hi`) come
//! before those without it (its `lo`). Since a state's chain lists the
//! branching item's options in the problem's order, this is the order in
//! which a search without the memo, branching on the same items, would
//! find them: [`ZddSolutions`] walks it, and [`Zdd::nth`] indexes it.
//!
//! **Sampling.** A uniform index below the count, read by `nth`: the
//! path to index `r` goes `hi` when `r` is below `hi`'s count, else `lo`
//! with `r` less that count, so each solution has exactly one index and
//! each index the same chance.

use super::Zdd;
use super::big::BigCount;
use super::counts::Counts;
use super::nodes::Node;
use crate::cover::ids::OptionId;
use crate::cover::solver::Solution;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

impl Zdd {
    /// The solution with index `index` (from 0) in the diagram's order
    /// (see [`Zdd::solutions`]), or `None` past the last. Pinned options
    /// come first, then the options in the order the builder took them.
    /// Takes time linear in the solution's length (the path's nodes).
    pub fn nth(&self, index: impl Into<BigCount>) -> Option<Solution> {
        let index = index.into();
        if index >= self.count() {
            return None;
        }
        let mut solution = self.pins.clone();
        let mut n = self.root;
        match &self.counts {
            Counts::Small(counts) => {
                let mut r = index.to_u128()?;
                while !n.is_terminal() {
                    let b = self.nodes.get(n);
                    let hi = counts[b.hi.as_usize()];
                    n = if r < hi {
                        solution.push(b.option);
                        b.hi
                    } else {
                        r -= hi;
                        b.lo
                    };
                }
            }
            Counts::Big(counts) => {
                let mut r = index;
                while !n.is_terminal() {
                    let b = self.nodes.get(n);
                    let hi = &counts[b.hi.as_usize()];
                    n = if r < *hi {
                        solution.push(b.option);
                        b.hi
                    } else {
                        r = r.sub(hi);
                        b.lo
                    };
                }
            }
        }
        debug_assert_eq!(n, Node::TOP);
        Some(solution)
    }

    /// `k` solutions drawn independently and exactly uniformly (so the
    /// same one may come twice), the same for the same `seed`. None if
    /// there is no solution.
    pub fn sample(&self, k: usize, seed: u64) -> Vec<Solution> {
        let count = self.count();
        if count.is_zero() {
            return Vec::new();
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..k).filter_map(|_| self.nth(count.random_below(&mut rng))).collect()
    }

    /// Every solution in the diagram's order: below each node, those with
    /// its option first (see [`Zdd::nth`]).
    pub fn solutions(&self) -> ZddSolutions<'_> {
        ZddSolutions { zdd: self, stack: vec![(self.root, 0)], path: Vec::new() }
    }
}

/// The solutions of a [`Zdd`] in order ([`Zdd::solutions`]).
#[derive(Clone, Debug)]
pub struct ZddSolutions<'a> {
    zdd: &'a Zdd,
    /// Nodes still to visit, each with the length of the path above it.
    stack: Vec<(Node, usize)>,
    path: Vec<OptionId>,
}

impl Iterator for ZddSolutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        while let Some((n, len)) = self.stack.pop() {
            self.path.truncate(len);
            if n == Node::TOP {
                let mut s = self.zdd.pins.clone();
                s.extend_from_slice(&self.path);
                return Some(s);
            }
            if n == Node::BOTTOM {
                continue;
            }
            let b = self.zdd.nodes.get(n);
            self.stack.push((b.lo, len));
            self.path.push(b.option);
            self.stack.push((b.hi, len + 1));
        }
        None
    }
}
