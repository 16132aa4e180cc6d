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
use super::nodes::{Branch, Node};
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
        let mut solution = self.pins.clone();
        self.descend(index.into(), |b, hi| {
            if hi {
                solution.push(b.option);
            }
        })?;
        Some(solution)
    }

    /// Follows the path to the solution with index `index`, calling `step`
    /// with each node on it and whether the path takes its `hi` branch;
    /// `None` past the last solution.
    fn descend(&self, index: BigCount, mut step: impl FnMut(Branch, bool)) -> Option<()> {
        if index >= self.count() {
            return None;
        }
        let mut n = self.root;
        match &self.counts {
            Counts::Small(counts) => {
                let mut r = index.to_u128()?;
                while !n.is_terminal() {
                    let b = self.nodes.get(n);
                    let hi = counts[b.hi.as_usize()];
                    let take = r < hi;
                    if !take {
                        r -= hi;
                    }
                    step(b, take);
                    n = if take { b.hi } else { b.lo };
                }
            }
            Counts::Big(counts) => {
                let mut r = index;
                while !n.is_terminal() {
                    let b = self.nodes.get(n);
                    let hi = &counts[b.hi.as_usize()];
                    let take = r < *hi;
                    if !take {
                        r = r.sub(hi);
                    }
                    step(b, take);
                    n = if take { b.hi } else { b.lo };
                }
            }
        }
        debug_assert_eq!(n, Node::TOP);
        Some(())
    }

    /// `k` solutions drawn independently and exactly uniformly (so the
    /// same one may come twice), the same for the same `seed`. None if
    /// there is no solution.
    pub fn sample(&self, k: usize, seed: u64) -> Vec<Solution> {
        self.samples(seed).take(k).collect()
    }

    /// Solutions drawn independently and exactly uniformly, one at a time
    /// and without end, the same ones for the same `seed`: the first `k`
    /// are [`Zdd::sample`]'s. Nothing if there is no solution. A caller
    /// that draws many takes them as they come, so memory stays flat and
    /// it can stop between any two.
    ///
    /// ```
    /// use exactcover::cover::Problem;
    ///
    /// let p = Problem::from_dlx("a b\na\nb\na b\n")?;
    /// let zdd = p.solver().zdd()?;
    /// let first: Vec<_> = zdd.samples(7).take(3).collect();
    /// assert_eq!(first, zdd.sample(3, 7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn samples(&self, seed: u64) -> ZddSamples<'_> {
        let count = self.count();
        ZddSamples { zdd: self, count: (!count.is_zero()).then_some(count), rng: ChaCha8Rng::seed_from_u64(seed) }
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
    pub fn walk<B>(&self, visit: impl FnMut(&[OptionId], usize) -> ControlFlow<B>) -> ControlFlow<B> {
        Walk::new(self).run(visit)
    }

    /// [`Zdd::walk`] from the solution with index `start` (from 0) to the
    /// last, unless `visit` breaks; the first solution visited shares 0
    /// options. Walks of several ranges of indices can run at once, on
    /// threads that share the diagram.
    pub fn walk_from<B>(
        &self,
        start: impl Into<BigCount>,
        visit: impl FnMut(&[OptionId], usize) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match Walk::at(self, start.into()) {
            Some(walk) => walk.run(visit),
            None => ControlFlow::Continue(()),
        }
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

    /// A walk whose next solution is the one with index `index`: the path
    /// to it, less its last step, with the `lo` branches it passed by on
    /// the stack (those after it in the order), and its last node on top.
    fn at(zdd: &'a Zdd, index: BigCount) -> Option<Walk<'a>> {
        let mut walk = Walk { zdd, stack: Vec::new(), path: zdd.pins.clone(), kept: 0 };
        let mut above = walk.path.len();
        zdd.descend(index, |b, hi| {
            if hi {
                if b.lo != Node::BOTTOM {
                    walk.stack.push((b.lo, above));
                }
                walk.path.push(b.option);
                above += 1;
            }
        })?;
        // `path` holds the whole solution: start it again from its root's
        // place, with the solution's end as the one node to visit.
        walk.stack.push((Node::TOP, above));
        Some(walk)
    }

    /// Calls `visit` with each solution from here on (see [`Zdd::walk`]).
    fn run<B>(mut self, mut visit: impl FnMut(&[OptionId], usize) -> ControlFlow<B>) -> ControlFlow<B> {
        while let Some(shared) = self.advance() {
            visit(&self.path, shared)?;
        }
        ControlFlow::Continue(())
    }

    /// Moves `path` to the next solution and says how many of its first
    /// options it shares with the one before; `None` after the last.
    /// Each node is entered once per path through it, and a reduced
    /// diagram has no `hi` branch to the bottom, so every descent ends at
    /// a solution unless it meets the bottom by a `lo` branch, which is
    /// never pushed.
    #[inline]
    fn advance(&mut self) -> Option<usize> {
        let nodes = &self.zdd.nodes;
        while let Some((mut n, len)) = self.stack.pop() {
            self.path.truncate(len);
            self.kept = self.kept.min(len);
            while !n.is_terminal() {
                let b = nodes.get(n);
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

/// Solutions of a [`Zdd`] drawn at random ([`Zdd::samples`]).
#[derive(Clone, Debug)]
pub struct ZddSamples<'a> {
    zdd: &'a Zdd,
    /// The count to draw indices below; none for no solution.
    count: Option<BigCount>,
    rng: ChaCha8Rng,
}

impl Iterator for ZddSamples<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        let count = self.count.as_ref()?;
        self.zdd.nth(count.random_below(&mut self.rng))
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
