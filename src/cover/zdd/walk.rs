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
use std::ops::ControlFlow;

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
        ZddSolutions { walk: Walk::new(self) }
    }

    /// Calls `visit` with every solution in the diagram's order (as
    /// [`Zdd::solutions`] gives them) without a copy: the solution, and
    /// how many of its first options it shares with the solution before it
    /// (0 for the first). A stream checker redoes only the rest (see
    /// [`Checker::check_from`](crate::cover::Checker::check_from)). Stops
    /// when `visit` breaks, with what it broke with.
    ///
    /// ```
    /// use exactcover::cover::{Checker, Problem};
    /// use std::ops::ControlFlow;
    ///
    /// // Dominoes on a 2×3 board: cells a b c over d e f.
    /// let p = Problem::from_dlx("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n")?;
    /// let zdd = p.solver().zdd()?;
    /// let mut checker = Checker::new(&p);
    /// let mut n = 0;
    /// let flow = zdd.walk(|s, shared| {
    ///     n += 1;
    ///     match checker.check_from(s, shared) {
    ///         Ok(()) => ControlFlow::Continue(()),
    ///         Err(e) => ControlFlow::Break(e),
    ///     }
    /// });
    /// assert!(flow.is_continue());
    /// assert_eq!(n, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn walk<B>(&self, mut visit: impl FnMut(&[OptionId], usize) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut walk = Walk::new(self);
        while let Some(shared) = walk.advance() {
            visit(&walk.path, shared)?;
        }
        ControlFlow::Continue(())
    }
}

/// A depth-first walk of the diagram's paths to the top terminal: the
/// options of the path so far (the pins first), and the nodes whose `lo`
/// branch is still to take, each with the path's length above it.
/// Invariant: between two calls of [`Walk::advance`], `path` is the last
/// solution found, and `kept` the length of its prefix still on the path.
#[derive(Clone, Debug)]
struct Walk<'a> {
    zdd: &'a Zdd,
    stack: Vec<(Node, usize)>,
    path: Vec<OptionId>,
    kept: usize,
}

impl<'a> Walk<'a> {
    fn new(zdd: &'a Zdd) -> Walk<'a> {
        let path = zdd.pins.clone();
        Walk { zdd, stack: vec![(zdd.root, path.len())], kept: 0, path }
    }

    /// Moves `path` to the next solution and says how many of its first
    /// options it shares with the one before; `None` after the last.
    /// Each node is entered once per path through it, and a reduced
    /// diagram has no `hi` branch to the bottom, so every descent ends at
    /// a solution unless it meets the bottom by a `lo` branch, which is
    /// never pushed.
    fn advance(&mut self) -> Option<usize> {
        while let Some((mut n, len)) = self.stack.pop() {
            self.path.truncate(len);
            self.kept = self.kept.min(len);
            while n != Node::TOP {
                if n == Node::BOTTOM {
                    break;
                }
                let b = self.zdd.nodes.get(n);
                if b.lo != Node::BOTTOM {
                    self.stack.push((b.lo, self.path.len()));
                }
                self.path.push(b.option);
                n = b.hi;
            }
            if n == Node::TOP {
                let shared = self.kept;
                self.kept = self.path.len();
                return Some(shared);
            }
        }
        None
    }
}

/// The solutions of a [`Zdd`] in order ([`Zdd::solutions`]).
#[derive(Clone, Debug)]
pub struct ZddSolutions<'a> {
    walk: Walk<'a>,
}

impl Iterator for ZddSolutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.walk.advance().map(|_| self.walk.path.clone())
    }
}
