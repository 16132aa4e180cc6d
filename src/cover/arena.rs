//! The Dancing Links arena: every node in one flat `Vec`, linked by `u32`.
//!
//! # Layout (after Knuth's DLX1/DLX2)
//!
//! For a problem with `N` items, `P` of them primary:
//!
//! * node `0` is unused;
//! * nodes `1..=N` are the item headers, primary items first (`1..=P`) in
//!   the order declared, then the secondary items. A header's `up`/`down`
//!   fields are the ends of the item's vertical list, and its `top` field
//!   names the header itself, so `top(choice)` gives the branching item both
//!   for an option node and for the header that ends the list;
//! * node `N + 1` is the first spacer; after it come the options, each a
//!   run of consecutive nodes followed by a spacer. An option node's `top`
//!   is its item's header, and its `next` is the following node of the same
//!   option, cyclically, so `hide` walks an option without testing for
//!   spacers. A spacer's `top` is 0; its `up` is the first node of the
//!   option before it and its `down` the last node of the option after it,
//!   so `commit_others` and `uncommit_others` can walk an option either way.
//!
//! Instead of DLX1's doubly linked list of active items, each item's length
//! [`Arena::len`] carries a flag bit ([`COVERED`]) while the item is
//! covered. The active primary items are then exactly the unflagged entries
//! of the dense array `len[1..=P]`, in item order, so DLX1's choice rule
//! (the first active primary item of minimum length, stopping at length 0)
//! becomes a vectorisable scan for the first minimum, with the same result.
//! Covering an item still counts one update, as unlinking it does in DLX1.
//!
//! # The invariant
//!
//! `cover(i)` flags item `i` and hides every option in its vertical list
//! from the *other* items' lists; `uncover(i)` undoes it, walking the list
//! in the opposite direction. Removed nodes keep their own `up`/`down`
//! fields, so as long as uncovering happens in exactly the reverse order of
//! covering, every link returns to its previous value (Knuth, "Dancing
//! Links", 2000). Within one option the nodes lie in different lists, so
//! `unhide` may restore them in any order. The search keeps this LIFO
//! discipline; the tests check that the arena equals its starting state
//! after every complete or interrupted search.
//!
//! # Colours (Algorithm C)
//!
//! [`Arena::color`] holds, per node, 0 (no colour), a positive colour, or
//! -1 once its item has been *purified* with that colour (TAOCP 7.2.2.1,
//! Algorithm C); an item header holds the colour it was purified with.
//! `purify(p)` hides every option whose colour on that item differs from
//! `p`'s and marks the agreeing ones with -1; `hide` and `unhide` skip nodes
//! marked -1, and `unpurify` restores them. The hot routines are generic
//! over `const COLORS: bool`, so problems without colours pay nothing.
//!
//! # Statistics
//!
//! `updates` follows DLX1: one per item covered, plus one per node removed
//! from a vertical list (while covering or purifying). `cleansings` follows
//! DLX2: one per purification plus one per node marked with -1.

use super::ids::NodeId;
use std::collections::TryReserveError;

/// The flag bit of a covered item's length.
pub(crate) const COVERED: u32 = 1 << 31;

/// Elements per block in the choice scan.
const SCAN_BLOCK: usize = 16;

/// One node of the arena: 16 bytes, so four share a cache line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct Node {
    /// The node above in the item's vertical list.
    pub(crate) up: NodeId,
    /// The node below in the item's vertical list.
    pub(crate) down: NodeId,
    /// The item header of an option node, the item itself for a header, or
    /// 0 for a spacer.
    pub(crate) top: u32,
    /// The next node of the same option, cyclically (option nodes only).
    pub(crate) next: NodeId,
}

/// The linked structure and its counters. Cloning copies flat `Vec`s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Arena {
    pub(crate) nodes: Vec<Node>,
    /// Per node: colour state (empty when the problem has no colours).
    pub(crate) color: Vec<i32>,
    /// Per item header (index 0 unused): the length of its vertical list,
    /// with [`COVERED`] set while the item is covered.
    pub(crate) len: Vec<u32>,
    /// Number of items `N`.
    pub(crate) n_items: u32,
    /// Number of primary items `P`.
    pub(crate) n_primary: u32,
    /// Number of primary items not covered.
    pub(crate) active: u32,
    /// Whether any node carries a colour (selects Algorithm C).
    pub(crate) has_colors: bool,
    pub(crate) updates: u64,
    pub(crate) cleansings: u64,
}

impl Arena {
    /// Builds the arena. Items are numbered `0..n` with the `n_primary`
    /// primary items first; each option is a list of `(item, colour)`
    /// pairs, colour 0 for none. `first_nodes` receives each option's first
    /// node.
    pub(crate) fn build<'a>(
        n_items: usize,
        n_primary: usize,
        options: impl Iterator<Item = &'a [(u32, u32)]>,
        total_entries: usize,
        option_count: usize,
        has_colors: bool,
        first_nodes: &mut Vec<NodeId>,
    ) -> Result<Arena, TryReserveError> {
        let n = n_items;
        let n_nodes = n + 2 + total_entries + option_count;
        let mut nodes: Vec<Node> = Vec::new();
        nodes.try_reserve_exact(n_nodes)?;
        let mut len: Vec<u32> = Vec::new();
        len.try_reserve_exact(n + 1)?;
        first_nodes.try_reserve_exact(option_count)?;
        let mut color: Vec<i32> = Vec::new();
        if has_colors {
            color.try_reserve_exact(n_nodes)?;
            color.resize(n_nodes, 0);
        }

        nodes.push(Node::default());
        for h in 1..=n as u32 {
            let id = NodeId::from_u32(h);
            nodes.push(Node {
                up: id,
                down: id,
                top: h,
                next: id,
            });
        }
        len.resize(n + 1, 0);
        // The first spacer.
        let mut spacer = nodes.len();
        nodes.push(Node::default());
        for option in options {
            let start = nodes.len() as u32;
            first_nodes.push(NodeId::from_u32(start));
            for (k, &(item, c)) in option.iter().enumerate() {
                let h = item + 1;
                let q = nodes.len() as u32;
                let last = nodes[h as usize].up;
                let next = if k + 1 == option.len() { start } else { q + 1 };
                nodes.push(Node {
                    up: last,
                    down: NodeId::from_u32(h),
                    top: h,
                    next: NodeId::from_u32(next),
                });
                nodes[last.as_usize()].down = NodeId::from_u32(q);
                nodes[h as usize].up = NodeId::from_u32(q);
                len[h as usize] += 1;
                if has_colors {
                    color[q as usize] = c as i32;
                }
            }
            let end = nodes.len() as u32 - 1;
            nodes[spacer].down = NodeId::from_u32(end);
            spacer = nodes.len();
            nodes.push(Node {
                up: NodeId::from_u32(start),
                ..Node::default()
            });
        }
        Ok(Arena {
            nodes,
            color,
            len,
            n_items: n as u32,
            n_primary: n_primary as u32,
            active: n_primary as u32,
            has_colors,
            updates: 0,
            cleansings: 0,
        })
    }

    /// Whether no primary item is left to cover.
    #[inline]
    pub(crate) fn all_covered(&self) -> bool {
        self.active == 0
    }

    /// Whether item header `h` is not covered.
    #[inline]
    pub(crate) fn is_active(&self, h: u32) -> bool {
        self.len[h as usize] & COVERED == 0
    }

    /// DLX1's choice: the first active primary item of minimum length,
    /// stopping at length 0. Returns `(item header, length)`. Must not be
    /// called when every primary item is covered.
    #[inline]
    pub(crate) fn choose_first_min(&self) -> (u32, u32) {
        let lens = &self.len[1..=self.n_primary as usize];
        let mut best = u32::MAX;
        let mut block = 0;
        for (b, chunk) in lens.chunks(SCAN_BLOCK).enumerate() {
            let m = chunk.iter().fold(u32::MAX, |m, &l| m.min(l));
            if m < best {
                best = m;
                block = b;
                if m == 0 {
                    break;
                }
            }
        }
        let base = block * SCAN_BLOCK;
        let offset = lens[base..].iter().position(|&l| l == best).unwrap_or(0);
        ((base + offset + 1) as u32, best)
    }

    /// The same rule with ties broken at random (reservoir sampling, as
    /// DLX1 does when randomising). `below(n)` returns a value in `0..n`.
    pub(crate) fn choose_random_tie(&self, mut below: impl FnMut(u32) -> u32) -> (u32, u32) {
        let mut best = 0;
        let mut t = u32::MAX;
        let mut ties = 0;
        for h in 1..=self.n_primary {
            let l = self.len[h as usize];
            if l < t {
                (best, t, ties) = (h, l, 1);
                if l == 0 {
                    break;
                }
            } else if l == t && l & COVERED == 0 {
                ties += 1;
                if below(ties) == 0 {
                    best = h;
                }
            }
        }
        (best, t)
    }

    /// Removes every other node of `p`'s option from its vertical list.
    /// Returns the number of nodes removed.
    #[inline(always)]
    fn hide<const COLORS: bool>(&mut self, p: u32) -> u64 {
        let mut removed = 0;
        let mut q = self.nodes[p as usize].next;
        while q.as_u32() != p {
            let node = self.nodes[q.as_usize()];
            if !COLORS || self.color[q.as_usize()] >= 0 {
                self.nodes[node.up.as_usize()].down = node.down;
                self.nodes[node.down.as_usize()].up = node.up;
                self.len[node.top as usize] -= 1;
                removed += 1;
            }
            q = node.next;
        }
        removed
    }

    /// Puts back what `hide(p)` removed.
    #[inline(always)]
    fn unhide<const COLORS: bool>(&mut self, p: u32) {
        let mut q = self.nodes[p as usize].next;
        while q.as_u32() != p {
            let node = self.nodes[q.as_usize()];
            if !COLORS || self.color[q.as_usize()] >= 0 {
                self.nodes[node.up.as_usize()].down = q;
                self.nodes[node.down.as_usize()].up = q;
                self.len[node.top as usize] += 1;
            }
            q = node.next;
        }
    }

    /// Covers item header `i`.
    #[inline]
    pub(crate) fn cover<const COLORS: bool>(&mut self, i: u32) {
        self.len[i as usize] |= COVERED;
        self.active -= u32::from(i <= self.n_primary);
        let mut removed = 1;
        let mut p = self.nodes[i as usize].down.as_u32();
        while p != i {
            removed += self.hide::<COLORS>(p);
            p = self.nodes[p as usize].down.as_u32();
        }
        self.updates += removed;
    }

    /// Undoes `cover(i)`.
    #[inline]
    pub(crate) fn uncover<const COLORS: bool>(&mut self, i: u32) {
        let mut p = self.nodes[i as usize].up.as_u32();
        while p != i {
            self.unhide::<COLORS>(p);
            p = self.nodes[p as usize].up.as_u32();
        }
        self.len[i as usize] &= !COVERED;
        self.active += u32::from(i <= self.n_primary);
    }

    /// Keeps only the options that agree with node `p`'s colour on its item.
    fn purify(&mut self, p: u32) {
        let x = self.color[p as usize];
        let i = self.nodes[p as usize].top;
        self.color[i as usize] = x;
        self.cleansings += 1;
        let mut removed = 0;
        let mut r = self.nodes[i as usize].down.as_u32();
        while r != i {
            if self.color[r as usize] != x {
                removed += self.hide::<true>(r);
            } else if r != p {
                self.color[r as usize] = -1;
                self.cleansings += 1;
            }
            r = self.nodes[r as usize].down.as_u32();
        }
        self.updates += removed;
    }

    /// Undoes `purify(p)`.
    fn unpurify(&mut self, p: u32) {
        let x = self.color[p as usize];
        let i = self.nodes[p as usize].top;
        let mut r = self.nodes[i as usize].up.as_u32();
        while r != i {
            if self.color[r as usize] < 0 {
                self.color[r as usize] = x;
            } else if r != p {
                self.unhide::<true>(r);
            }
            r = self.nodes[r as usize].up.as_u32();
        }
        self.color[i as usize] = 0;
    }

    /// Commits node `p`'s item: covers it, or purifies it for a colour, or
    /// does nothing when it is already purified with that colour.
    #[inline(always)]
    fn commit<const COLORS: bool>(&mut self, p: u32, top: u32) {
        if !COLORS {
            self.cover::<false>(top);
        } else {
            let color = self.color[p as usize];
            if color == 0 {
                self.cover::<true>(top);
            } else if color > 0 {
                self.purify(p);
            }
        }
    }

    /// Undoes `commit(p)`.
    #[inline(always)]
    fn uncommit<const COLORS: bool>(&mut self, p: u32, top: u32) {
        if !COLORS {
            self.uncover::<false>(top);
        } else {
            let color = self.color[p as usize];
            if color == 0 {
                self.uncover::<true>(top);
            } else if color > 0 {
                self.unpurify(p);
            }
        }
    }

    /// `commit` for either kind of problem (outside the hot loop).
    pub(crate) fn commit_node(&mut self, q: u32) {
        let top = self.nodes[q as usize].top;
        if self.has_colors {
            self.commit::<true>(q, top)
        } else {
            self.commit::<false>(q, top)
        }
    }

    /// `uncommit` for either kind of problem (outside the hot loop).
    pub(crate) fn uncommit_node(&mut self, q: u32) {
        let top = self.nodes[q as usize].top;
        if self.has_colors {
            self.uncommit::<true>(q, top)
        } else {
            self.uncommit::<false>(q, top)
        }
    }

    /// Commits every item of `p`'s option except `p`'s own, left to right.
    #[inline]
    pub(crate) fn commit_others<const COLORS: bool>(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let node = self.nodes[q as usize];
            if node.top == 0 {
                q = node.up.as_u32();
            } else {
                self.commit::<COLORS>(q, node.top);
                q += 1;
            }
        }
    }

    /// Undoes `commit_others(p)`, right to left.
    #[inline]
    pub(crate) fn uncommit_others<const COLORS: bool>(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let node = self.nodes[q as usize];
            if node.top == 0 {
                q = node.down.as_u32();
            } else {
                self.uncommit::<COLORS>(q, node.top);
                q -= 1;
            }
        }
    }
}
