//! The record of one chain search: every candidate state ("node") reached
//! from an assumption, with the nodes that caused it.
//!
//! A *node* is a candidate, digit `d` in cell `c`, known to be **on** (the
//! cell holds `d`) or **off** (it doesn't); its key is
//! `(c * 9 + d - 1) * 2 + on`. Nodes live in an arena in the order they
//! were reached; each lists its parents (the first is the link it was
//! reached by; "hidden" parents are earlier eliminations a dynamic step
//! relied on). A run holds at most one node per key in each of its on and
//! off sets, the first one reached.
//!
//! **Invariant.** A node's parents were all reached before it, so the
//! arena is a DAG in topological order and every walk up the parents ends
//! at the assumption (a node without parents).

/// The key of a node.
pub(crate) type Key = u16;
/// No node.
pub(crate) const NONE: u32 = u32::MAX;

/// The key of digit `d` in `cell`, on or off.
#[inline]
pub(crate) fn key(cell: usize, d: u8, on: bool) -> Key {
    ((cell * 9 + usize::from(d) - 1) * 2 + usize::from(on)) as Key
}

/// The cell, digit and state of a key.
#[inline]
pub(crate) fn parts(k: Key) -> (usize, u8, bool) {
    let k = usize::from(k);
    (k / 18, (k / 2 % 9) as u8 + 1, k % 2 == 1)
}

/// Why a node holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// The assumption.
    Assumed,
    /// The cell's only other candidate (for an on node), or the cell holds
    /// another digit (for an off node).
    Cell,
    /// The only other place in region `r` (on), or the digit is placed
    /// elsewhere in region `r` (off).
    Region(u8),
    /// A technique applied to the reduced grid (Locking, a pair, a fish or
    /// a nested chain).
    Advanced,
}

/// One node of a run.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub key: Key,
    pub cause: Cause,
    first_parent: u32,
    parent_count: u32,
    /// The nodes on the first-parent path from the assumption to this one,
    /// itself included.
    path: u32,
    /// A nested chain this node came from: (unique id, its complexity,
    /// its description).
    pub nested: Option<std::rc::Rc<Nested>>,
}

/// A chain found inside another chain's step, recorded for its
/// complexity and its sentence.
#[derive(Debug)]
pub(crate) struct Nested {
    pub complexity: u32,
    pub text: String,
}

/// The nodes of one search.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    pub nodes: Vec<Node>,
    parents: Vec<u32>,
    /// The node reached for each key, or `u16::MAX` (node indices stay
    /// below 65535: a search reaches each key at most a few dozen times).
    index: Vec<u16>,
    /// The on nodes in the order reached.
    pub on_list: Vec<u32>,
    /// The off nodes in the order reached.
    pub off_list: Vec<u32>,
    /// The keys reached (those with a node in `index`), a bit each.
    keys: [u64; 23],
}

impl Default for Run {
    fn default() -> Run {
        Run::new()
    }
}

/// A run's buffers, kept for the next run: a rating makes tens of
/// thousands of runs, and their allocation was a sixth of its time.
struct Buffers {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    index: Vec<u16>,
    on_list: Vec<u32>,
    off_list: Vec<u32>,
}

/// At most this many spare buffers per thread: a dynamic search keeps the
/// runs from every candidate on (a few hundred) until its step is found.
const POOL: usize = 512;
/// Buffers that grew beyond this many nodes (a nested search can reach
/// tens of thousands; most searches reach a few dozen) are freed rather
/// than kept, so the pool stays small (under 8 MB per thread).
const KEEP: usize = 256;

thread_local! {
    static SPARE: std::cell::RefCell<Vec<Buffers>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Run {
    /// Gives the run's buffers back, emptied (the index all unset), unless
    /// the pool is full or they grew large.
    fn drop(&mut self) {
        if self.nodes.capacity() > KEEP || self.parents.capacity() > 4 * KEEP {
            return;
        }
        self.clear();
        let buffers = Buffers {
            nodes: std::mem::take(&mut self.nodes),
            parents: std::mem::take(&mut self.parents),
            index: std::mem::take(&mut self.index),
            on_list: std::mem::take(&mut self.on_list),
            off_list: std::mem::take(&mut self.off_list),
        };
        // `try_with`: a run dropped while the thread ends just frees.
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < POOL {
                spare.push(buffers);
            }
        });
    }
}

impl Run {
    /// An empty run.
    pub fn new() -> Run {
        let spare = SPARE.try_with(|spare| spare.borrow_mut().pop()).ok().flatten();
        let b = spare.unwrap_or_else(|| Buffers {
            nodes: Vec::with_capacity(64),
            parents: Vec::with_capacity(128),
            index: vec![u16::MAX; 1458],
            on_list: Vec::with_capacity(32),
            off_list: Vec::with_capacity(32),
        });
        debug_assert!(b.nodes.is_empty() && b.index.iter().all(|&i| i == u16::MAX));
        Run {
            nodes: b.nodes,
            parents: b.parents,
            index: b.index,
            on_list: b.on_list,
            off_list: b.off_list,
            keys: [0; 23],
        }
    }

    /// Adds a node (not yet in either set) and returns its index.
    pub fn push(&mut self, key: Key, cause: Cause, parents: &[u32]) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            key,
            cause,
            first_parent: self.parents.len() as u32,
            parent_count: parents.len() as u32,
            path: parents.first().map_or(1, |&p| self.nodes[p as usize].path + 1),
            nested: None,
        });
        self.parents.extend_from_slice(parents);
        id
    }

    /// Records node `id` as the one reached for its key.
    pub fn enter(&mut self, id: u32) {
        let k = self.nodes[id as usize].key;
        debug_assert!(id < u32::from(u16::MAX));
        self.index[usize::from(k)] = id as u16;
        self.keys[usize::from(k) / 64] |= 1 << (k % 64);
        if k % 2 == 1 { self.on_list.push(id) } else { self.off_list.push(id) }
    }

    /// The node reached for `k`, or [`NONE`].
    #[inline]
    pub fn get(&self, k: Key) -> u32 {
        match self.index[usize::from(k)] {
            u16::MAX => NONE,
            id => u32::from(id),
        }
    }

    /// Empties the run for reuse.
    pub fn clear(&mut self) {
        for n in &self.nodes {
            self.index[usize::from(n.key)] = u16::MAX;
        }
        self.nodes.clear();
        self.parents.clear();
        self.on_list.clear();
        self.off_list.clear();
        self.keys = [0; 23];
    }

    /// The keys reached, a bit each (bit `k % 64` of word `k / 64`): a
    /// key is reached exactly when [`Run::get`] finds a node for it.
    #[inline]
    pub fn keys(&self) -> &[u64; 23] {
        &self.keys
    }

    /// The keys every one of `runs` reached, a bit each.
    pub fn common_keys<'r>(runs: impl IntoIterator<Item = &'r Run>) -> [u64; 23] {
        runs.into_iter().fold([!0; 23], |mut common, run| {
            for (c, k) in common.iter_mut().zip(run.keys()) {
                *c &= k;
            }
            common
        })
    }

    /// The parents of node `id`.
    #[inline]
    pub fn parents(&self, id: u32) -> &[u32] {
        let n = &self.nodes[id as usize];
        &self.parents[n.first_parent as usize..(n.first_parent + n.parent_count) as usize]
    }

    /// The key of node `id`.
    #[inline]
    pub fn key_of(&self, id: u32) -> Key {
        self.nodes[id as usize].key
    }

    /// Whether `k` is among the first-parent ancestors of node `id`
    /// (`id` itself excluded).
    pub fn has_ancestor(&self, id: u32, k: Key) -> bool {
        let mut p = id;
        while let Some(&up) = self.parents(p).first() {
            if self.key_of(up) == k {
                return true;
            }
            p = up;
        }
        false
    }

    /// The distinct keys among node `id` and all its ancestors, breadth
    /// first, with the distinct nested chains met (by identity).
    pub fn ancestors(&self, id: u32, nested: &mut Vec<std::rc::Rc<Nested>>) -> u32 {
        let mut seen = [0u64; 23];
        let mut count = 0;
        let mut todo = vec![id];
        let mut next = Vec::new();
        while !todo.is_empty() {
            for &p in &todo {
                let k = usize::from(self.key_of(p));
                if seen[k / 64] >> (k % 64) & 1 != 0 {
                    continue;
                }
                seen[k / 64] |= 1 << (k % 64);
                count += 1;
                if let Some(n) = &self.nodes[p as usize].nested
                    && !nested.iter().any(|m| std::rc::Rc::ptr_eq(m, n))
                {
                    nested.push(n.clone());
                }
                next.extend_from_slice(self.parents(p));
            }
            std::mem::swap(&mut todo, &mut next);
            next.clear();
        }
        count
    }

    /// A lower bound of [`Run::path_keys`], in constant time, for runs
    /// whose nodes with children were all entered (as in
    /// [`propagate`](super::propagate)): the keys on the path above `id`
    /// are then distinct, and so is `id`'s when it was entered too.
    pub fn path_bound(&self, id: u32) -> u32 {
        let n = &self.nodes[id as usize];
        let bound = n.path - u32::from(self.get(n.key) != id);
        debug_assert!(bound <= self.path_keys(id));
        bound
    }

    /// The distinct keys on the first-parent path from node `id` up: a
    /// lower bound of [`Run::ancestors`].
    pub fn path_keys(&self, id: u32) -> u32 {
        let mut seen = [0u64; 23];
        let mut count = 0;
        let mut p = Some(id);
        while let Some(n) = p {
            let k = usize::from(self.key_of(n));
            if seen[k / 64] >> (k % 64) & 1 == 0 {
                seen[k / 64] |= 1 << (k % 64);
                count += 1;
            }
            p = self.parents(n).first().copied();
        }
        count
    }

    /// The first-parent path from the assumption to node `id`.
    pub fn path(&self, id: u32) -> Vec<u32> {
        let mut out = vec![id];
        let mut p = id;
        while let Some(&up) = self.parents(p).first() {
            out.push(up);
            p = up;
        }
        out.reverse();
        out
    }
}

/// The complexity of a step whose chains end at `targets`: the distinct
/// nodes of each chain, summed over the chains, plus the complexity of
/// every distinct nested chain they use.
pub(crate) fn complexity(targets: &[(&Run, u32)]) -> u32 {
    let mut nested = Vec::new();
    let flat: u32 = targets.iter().map(|&(run, id)| run.ancestors(id, &mut nested)).sum();
    flat + nested.iter().map(|n| n.complexity).sum::<u32>()
}

/// SE's length increment for a chain step of complexity `c`: 0.1 (one
/// tenth) each time `c - 2` exceeds a ceiling that starts at 4 and grows
/// by ×3/2 and ×4/3 in turn (4, 6, 8, 12, 16, 24, 32, …).
pub(crate) fn length_tenths(c: u32) -> u8 {
    let length = i64::from(c) - 2;
    let (mut added, mut ceil, mut odd) = (0u8, 4i64, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set of keys reached says what [`Run::get`] says, for one run
    /// and for what several runs share, before and after a clear.
    #[test]
    fn reached_keys_agree_with_the_index() {
        let mut runs: Vec<Run> = (0..3).map(|_| Run::new()).collect();
        for (i, run) in runs.iter_mut().enumerate() {
            for k in (0..1458u16).filter(|k| (k * 7 + i as u16) % (i as u16 + 2) == 0) {
                let id = run.push(k, Cause::Assumed, &[]);
                run.enter(id);
            }
        }
        let common = Run::common_keys(runs.iter());
        for k in 0..1458u16 {
            let bit = |keys: &[u64; 23]| keys[usize::from(k) / 64] >> (k % 64) & 1 != 0;
            for run in &runs {
                assert_eq!(bit(run.keys()), run.get(k) != NONE, "{k}");
            }
            assert_eq!(bit(&common), runs.iter().all(|r| r.get(k) != NONE), "{k}");
        }
        runs[0].clear();
        assert_eq!(runs[0].keys(), &[0; 23]);
    }

    #[test]
    fn keys_round_trip() {
        for cell in [0, 40, 80] {
            for d in 1..=9 {
                for on in [false, true] {
                    assert_eq!(parts(key(cell, d, on)), (cell, d, on));
                }
            }
        }
    }

    #[test]
    fn length_steps() {
        let steps: Vec<u8> =
            [2, 6, 7, 8, 9, 10, 11, 14, 18, 19, 26, 34, 35].iter().map(|&c| length_tenths(c)).collect();
        assert_eq!(steps, vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7]);
    }
}
