//! The last two levels of Algorithm X counted without the dance, for a
//! problem whose options all have `U` primary items and no secondary one.
//!
//! Two levels above the leaves exactly `2U` primary items are active (every
//! level covers `U`), so the subtree of a node there is known from the
//! lists as they stand, with nothing covered:
//!
//! * the branching item `i` is covered: 1 update, and `U - 1` for each of
//!   its `t` options;
//! * each option `c` of `i`'s list, in list order, is committed: its
//!   `U - 1` other items are covered, 1 update each, and `U - 1` for each
//!   option they hide: the active options that meet them, but for `c`
//!   and those that hold `i` (hidden with `i`);
//! * below `c`, a node: the `U` items left, `R`, are those `c` misses, and
//!   the only options still active lie within `R`, so each *is* `R`: every
//!   item of `R` has their number `m` as its length, and DLX1's choice is
//!   `R`'s first item `r`. With `m = 0` the node covers an empty list (1
//!   update); else it covers `r` (`1 + m(U - 1)`) and each of `r`'s
//!   options left is a solution, a node of its own that commits `U - 1`
//!   items with empty lists.
//!
//! So [`Dance::plan_last_two`] reads the subtree's nodes, updates and
//! solutions (the options of `r`'s list within `R`, in list order, as the
//! dance would find them), and writes nothing: the search reports the
//! solutions and skips the covering and the uncovering of two levels.
//! The figures are DLX1's, as if the levels had been made.

use super::{COVERED, Dance, SCAN_BLOCK, sized};
use crate::cover::ids::NodeId;

/// The most nodes an option may have for the plan (the sizes the loop of
/// Algorithm X is compiled for are 1, 2, 3, 4 and 6).
const MAX_U: usize = 6;

/// One branch of the plan: an option of the branching item's list, and
/// its leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Branch2 {
    /// A node of the option (in the branching item's list).
    pub(crate) option: NodeId,
    /// The item the node below chooses (`R`'s first).
    pub(crate) below: NodeId,
    /// Its solutions: `leaves[first..end]`, nodes in `below`'s list.
    pub(crate) first: u32,
    pub(crate) end: u32,
}

/// What [`Dance::plan_last_two`] found below a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Plan {
    /// Nodes below the node (those of the level below and the leaves).
    pub(crate) nodes: u64,
    pub(crate) solutions: u64,
    /// Updates of the two levels, the node's own cover included.
    pub(crate) updates: u64,
    /// Nodes of the level below with more than one branch.
    pub(crate) guesses: u64,
}

impl Dance<'_> {
    /// The items of the option of node `p` (`U` nodes), in node order.
    #[inline(always)]
    fn items_of<const U: u32>(&self, p: NodeId) -> [NodeId; MAX_U] {
        let span = self.span::<U>(p);
        let mut items = [NodeId::NULL; MAX_U];
        for (k, slot) in items.iter_mut().enumerate().take(U as usize) {
            *slot = self.top(span.first + k as u32);
        }
        items
    }

    /// The active primary items, in item order, into `out` (up to its
    /// length); returns how many there are.
    #[inline(always)]
    fn active_items(&self, out: &mut [NodeId]) -> usize {
        let lens = &self.len[1..=self.n_primary as usize];
        let mut found = 0;
        for (b, chunk) in lens.chunks(SCAN_BLOCK).enumerate() {
            let mut live = chunk.iter().enumerate().fold(0u32, |m, (k, &l)| m | (u32::from(l < COVERED) << k));
            while live != 0 && found < out.len() {
                out[found] = NodeId::header((b * SCAN_BLOCK) as u32 + live.trailing_zeros());
                found += 1;
                live &= live - 1;
            }
            if found == out.len() {
                break;
            }
        }
        found
    }

    /// Plans the subtree of a node two levels above the leaves (see the
    /// module docs) that branches on item `i`, with `t` options: fills
    /// `plan` with one [`Branch2`] per option of `i`'s list, and `leaves`
    /// with their solutions' nodes. Reads the lists, and writes nothing.
    #[inline(always)]
    pub(crate) fn plan_last_two<const U: u32>(
        &self,
        i: NodeId,
        t: u32,
        plan: &mut Vec<Branch2>,
        leaves: &mut Vec<NodeId>,
    ) -> Plan {
        debug_assert!(sized(U) && U as usize <= MAX_U);
        let u = U as usize;
        plan.clear();
        leaves.clear();
        let mut left = [NodeId::NULL; 2 * MAX_U];
        let found = self.active_items(&mut left[..2 * u]);
        debug_assert_eq!(found, 2 * u, "two levels above the leaves, 2U items are left");
        let per = u64::from(U - 1);
        let mut out = Plan { updates: 1 + u64::from(t) * per, ..Plan::default() };
        let mut c = self.down(i);
        while c != i {
            let mine = self.items_of::<U>(c);
            let mine = &mine[..u];
            let home = self.span::<U>(c).first;
            // The options the commit of `c` hides: active, meeting one of
            // its other items (counted at the first), without `i`.
            let mut hidden = 0u64;
            for (e, &j) in mine.iter().enumerate().filter(|&(_, &j)| j != i) {
                let mut q = self.down(j);
                while q != j {
                    let theirs = self.items_of::<U>(q);
                    let theirs = &theirs[..u];
                    let earlier = mine[..e].iter().any(|&k| k != i && theirs.contains(&k));
                    let other = self.span::<U>(q).first != home;
                    hidden += u64::from(other && !earlier && !theirs.contains(&i));
                    q = self.down(q);
                }
            }
            out.updates += per + per * hidden;
            // The node below: `R`'s first item, and its options within `R`.
            let r = left[..2 * u].iter().copied().find(|k| !mine.contains(k)).unwrap_or(NodeId::NULL);
            let first = leaves.len() as u32;
            let mut q = self.down(r);
            while q != r {
                let theirs = self.items_of::<U>(q);
                if theirs[..u].iter().all(|k| !mine.contains(k)) {
                    leaves.push(q);
                }
                q = self.down(q);
            }
            let m = leaves.len() as u64 - u64::from(first);
            out.nodes += 1 + m;
            out.solutions += m;
            out.guesses += u64::from(m > 1);
            out.updates += if m == 0 { 1 } else { 1 + m * per + m * per };
            plan.push(Branch2 { option: c, below: r, first, end: leaves.len() as u32 });
            c = self.down(c);
        }
        out
    }

    /// Counts `n` updates made by a plan rather than by the dance.
    #[inline(always)]
    pub(crate) fn count_updates(&mut self, n: u64) {
        self.work.updates += n;
    }
}
