//! Committing outside the hot loop: whole options (pins), single levels
//! (prefix replay and unwinding), restrictions, and reordering the
//! vertical lists (for the seeded randomisation).
//!
//! A pin commits every item of one option, as if the search had chosen it
//! at a level below level 0. Pins are undone in reverse order, which keeps
//! the arena's LIFO invariant.
//!
//! A *restriction* ([`Arena::restrict`]) reaches the state that pinning
//! some options would leave, and more, without the dance: it rebuilds
//! every vertical list from scratch to hold only a chosen subset of the
//! options, and flags the pinned options' items as covered. Its cost is
//! proportional to the items plus the nodes kept, not to the nodes hidden.
//! The state it leaves is one the search can start from: every option in
//! a list of an active item is in the lists of all its items, every
//! length counts its list, and the trail is empty. Nodes left out keep
//! stale links, which no list leads to. So the search's LIFO invariant
//! holds above it, and the state is undone by copying the problem's
//! arena back ([`Arena::restore_from`]), never by the trail.

#![forbid(unsafe_code)]

use super::arena::{Arena, COVERED, Link};
use super::ids::NodeId;

impl Arena {
    /// The trail's length now (see `Dance::mark`).
    pub(crate) fn mark(&self) -> u32 {
        self.trail_len
    }

    /// Unhides the options hidden since `mark`, last first.
    pub(crate) fn undo_to(&mut self, mark: u32) {
        let colors = self.has_colors;
        let mut dance = self.dance();
        if colors { dance.undo_to::<true>(mark) } else { dance.undo_to::<false>(mark) }
    }

    /// One level of the search: covers item `i` and commits the rest of the
    /// `k`-th option in its list, which must exist. Returns that option's
    /// node in `i`'s list and the trail's mark between the two steps.
    pub(crate) fn commit_level(&mut self, i: u32, k: u32) -> (u32, u32) {
        let (c, mark, _) = self.commit_level_counted(i, k);
        (c, mark)
    }

    /// `commit_level`, also returning the updates made by covering `i`
    /// (the rest were made committing the option).
    pub(crate) fn commit_level_counted(&mut self, i: u32, k: u32) -> (u32, u32, u64) {
        let colors = self.has_colors;
        let before = self.updates;
        let mut dance = self.dance();
        if colors {
            dance.cover::<true>(i)
        } else {
            dance.cover::<false>(i)
        }
        let mut c = dance.down(i);
        for _ in 0..k {
            c = dance.down(c);
        }
        let mark = dance.mark();
        drop(dance);
        let cover = self.updates - before;
        let mut dance = self.dance();
        if colors {
            dance.commit_others::<true>(c)
        } else {
            dance.commit_others::<false>(c)
        }
        (c, mark, cover)
    }

    /// Undoes `commit_level` but for the options hidden by covering the
    /// branching item, which stay on the trail below `mark`: the caller
    /// undoes them with the levels below, or with `undo_to`.
    pub(crate) fn uncommit_level(&mut self, c: u32, mark: u32) {
        let colors = self.has_colors;
        let mut dance = self.dance();
        let i = dance.top(c);
        if colors {
            dance.undo_to::<true>(mark);
            dance.release_others::<true>(c);
        } else {
            dance.undo_to::<false>(mark);
            dance.release_others::<false>(c);
        }
        dance.release(i);
    }

    /// The nodes of the option starting at `first`, left to right.
    fn option_nodes(&self, first: u32) -> std::ops::Range<u32> {
        first..self.span[first as usize].end
    }

    /// Commits every item of the option whose first node is `first`.
    /// Returns the trail's mark before.
    pub(crate) fn commit_option(&mut self, first: u32) -> u32 {
        let mark = self.trail_len;
        let colors = self.has_colors;
        let nodes = self.option_nodes(first);
        let mut dance = self.dance();
        for q in nodes {
            if colors { dance.commit::<true>(q) } else { dance.commit::<false>(q) }
        }
        mark
    }

    /// Undoes `commit_option(first)`, which returned `mark`.
    pub(crate) fn uncommit_option(&mut self, first: u32, mark: u32) {
        let colors = self.has_colors;
        let nodes = self.option_nodes(first);
        let mut dance = self.dance();
        if colors {
            dance.undo_to::<true>(mark);
            nodes.for_each(|q| dance.release_node::<true>(q));
        } else {
            dance.undo_to::<false>(mark);
            nodes.for_each(|q| dance.release_node::<false>(q));
        }
    }

    /// Whether the option starting at `first` is compatible with everything
    /// committed so far: each uncoloured item is active and unpurified, and
    /// each coloured item is active and unpurified or purified with the
    /// same colour.
    pub(crate) fn option_available(&self, first: u32) -> bool {
        self.option_nodes(first).all(|q| {
            let top = self.top(q);
            if !self.is_active(top) {
                return false;
            }
            if !self.has_colors {
                return true;
            }
            let (color, header) = (self.color[q as usize], self.color[top as usize]);
            match color {
                0 => header == 0,
                c if c < 0 => true,
                c => header == 0 || header == c,
            }
        })
    }

    /// The length word of item header `h` with an empty list: its tag
    /// (see [`Arena::shift`]), uncovered.
    fn empty_len(&self, h: u32) -> u32 {
        if self.shift > 0 && h <= self.n_primary { h - 1 } else { 0 }
    }

    /// Empties every vertical list (uncovered, length 0) and the trail.
    fn clear_lists(&mut self) {
        for h in 1..=self.n_items {
            let id = NodeId::from_u32(h);
            self.links[h as usize] = Link { up: id, down: id };
            self.len[h as usize] = self.empty_len(h);
        }
        self.trail_len = 0;
    }

    /// Appends node `q` to the bottom of its item's list.
    fn append(&mut self, q: u32) {
        let h = self.top[q as usize];
        let last = self.links[h as usize].up;
        let (h_id, q_id) = (NodeId::from_u32(h), NodeId::from_u32(q));
        self.links[q as usize] = Link { up: last, down: h_id };
        self.links[last.as_usize()].down = q_id;
        self.links[h as usize].up = q_id;
        self.len[h as usize] += 1 << self.shift;
    }

    /// Rebuilds the lists (of a problem without colours) so that they
    /// hold only the options whose first nodes `allowed` yields, in that
    /// order, less those that share an item with a pin, and covers the
    /// items of the options whose first nodes are `pins`. The options must
    /// be distinct. Fails with the position of the first pin that shares
    /// an item with an earlier one, leaving the arena to be restored. See
    /// the module docs for the state this leaves.
    pub(crate) fn restrict(
        &mut self,
        pins: impl Iterator<Item = u32>,
        allowed: impl Iterator<Item = u32>,
    ) -> Result<(), usize> {
        debug_assert!(!self.has_colors, "a restriction has no colour states");
        self.clear_lists();
        self.restricted = true;
        for (k, first) in pins.enumerate() {
            for q in self.option_nodes(first) {
                let h = self.top[q as usize] as usize;
                if self.len[h] & COVERED != 0 {
                    return Err(k);
                }
                self.len[h] |= COVERED;
            }
        }
        for first in allowed {
            let nodes = self.option_nodes(first);
            if nodes.clone().all(|q| self.is_active(self.top[q as usize])) {
                nodes.for_each(|q| self.append(q));
            }
        }
        Ok(())
    }

    /// Copies the links, lengths and colour states of `pristine`, the
    /// problem's own arena, and empties the trail: the way back from a
    /// restriction (or from any state) in one copy.
    pub(crate) fn restore_from(&mut self, pristine: &Arena) {
        self.links.copy_from_slice(&pristine.links);
        self.len.copy_from_slice(&pristine.len);
        self.color.copy_from_slice(&pristine.color);
        self.trail_len = 0;
        self.restricted = false;
    }

    /// Relinks every vertical list in the order given by `reorder`, which
    /// receives each item's nodes (in the problem's order) and may permute
    /// them. The lists are rebuilt from the nodes' items, whatever they
    /// held before (a restriction included), and every item is uncovered;
    /// nothing may be purified.
    pub(crate) fn relink_vertical(&mut self, mut reorder: impl FnMut(&mut [u32])) {
        debug_assert!(self.color.iter().all(|&c| c >= 0), "nothing purified");
        self.clear_lists();
        self.restricted = false;
        let first_option_node = self.n_items + 2;
        for q in first_option_node..self.node_count() as u32 {
            if self.top[q as usize] != 0 {
                self.append(q);
            }
        }
        let mut column = Vec::new();
        for h in 1..=self.n_items {
            column.clear();
            let mut p = self.down(h);
            while p != h {
                column.push(p);
                p = self.down(p);
            }
            reorder(&mut column);
            let mut prev = h;
            for &q in &column {
                self.links[prev as usize].down = NodeId::from_u32(q);
                self.links[q as usize].up = NodeId::from_u32(prev);
                prev = q;
            }
            self.links[prev as usize].down = NodeId::from_u32(h);
            self.links[h as usize].up = NodeId::from_u32(prev);
        }
    }
}
