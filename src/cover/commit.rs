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

use super::arena::{Arena, Link, span_in};
use super::dance::{ANY, Branch};
use super::ids::{NodeId, TrailMark};
use super::keys::COVERED;

impl Arena {
    /// The trail's length now (see `Dance::mark`).
    pub(crate) fn mark(&self) -> TrailMark {
        self.trail.mark()
    }

    /// Unhides the options hidden since `mark`, last first.
    pub(crate) fn undo_to(&mut self, mark: TrailMark) {
        if self.discarding {
            return;
        }
        let (colors, bounds) = (self.has_colors(), self.has_bounds());
        let mut dance = self.dance();
        match (bounds, colors) {
            (true, true) => dance.undo_to_m::<true, ANY>(mark),
            (true, false) => dance.undo_to_m::<false, ANY>(mark),
            (false, true) => dance.undo_to::<true, ANY>(mark),
            (false, false) => dance.undo_to::<false, ANY>(mark),
        }
    }

    /// One level of Algorithm M: opens the level on item `i` and takes
    /// its branch `k` (see `Dance::advance_m`), as the search would after
    /// trying the `k` before it. Returns the node chosen (`i` itself for
    /// the null move) and the trail's mark before its option was
    /// committed, or `None` if there is no branch `k` (then nothing
    /// changed).
    pub(crate) fn commit_level_m(&mut self, i: NodeId, k: u32) -> Option<(NodeId, TrailMark)> {
        self.commit_level_m_counted(i, k).map(|(c, mark, _)| (c, mark))
    }

    /// `commit_level_m`, also returning the updates the level makes once
    /// (opening `i`) and those of its `k`-th branch alone (the advance to
    /// it, which undoes the branch before, and its commit): a node of `t`
    /// branches makes the first plus the second of each branch, so `t`
    /// times one branch's, drawn at random, estimates them without bias.
    pub(crate) fn commit_level_m_counted(&mut self, i: NodeId, k: u32) -> Option<(NodeId, TrailMark, (u64, u64))> {
        let colors = self.has_colors();
        let start = self.mark();
        let mut dance = self.dance();
        let before = dance.updates();
        if colors {
            dance.open_level_m::<true, ANY>(i)
        } else {
            dance.open_level_m::<false, ANY>(i)
        }
        let once = dance.updates() - before;
        let mut cur = dance.down(i);
        for j in 0..=k {
            let at = dance.updates();
            let branch = if colors { dance.advance_m::<true, ANY>(cur) } else { dance.advance_m::<false, ANY>(cur) };
            match branch {
                Branch::Option(c) if j == k => {
                    let mark = dance.mark();
                    if colors {
                        dance.commit_others_m::<true, ANY>(c)
                    } else {
                        dance.commit_others_m::<false, ANY>(c)
                    }
                    return Some((c, mark, (once, dance.updates() - at)));
                }
                Branch::Option(c) => cur = dance.down(c),
                Branch::Null if j == k => return Some((i, dance.mark(), (once, dance.updates() - at))),
                Branch::Null | Branch::Exhausted => break,
            }
        }
        dance.close_level_m(i);
        drop(dance);
        self.undo_to(start);
        None
    }

    /// One level of the search: covers item `i` and commits the rest of the
    /// `k`-th option in its list, which must exist. Returns that option's
    /// node in `i`'s list and the trail's mark between the two steps.
    pub(crate) fn commit_level(&mut self, i: NodeId, k: u32) -> (NodeId, TrailMark) {
        let (c, mark, _) = self.commit_level_counted(i, k);
        (c, mark)
    }

    /// `commit_level`, also returning the updates made by covering `i`
    /// (the rest were made committing the option).
    pub(crate) fn commit_level_counted(&mut self, i: NodeId, k: u32) -> (NodeId, TrailMark, u64) {
        let colors = self.has_colors();
        let before = self.work.updates;
        let mut dance = self.dance();
        if colors {
            dance.cover::<true, ANY>(i)
        } else {
            dance.cover::<false, ANY>(i)
        }
        let mut c = dance.down(i);
        for _ in 0..k {
            c = dance.down(c);
        }
        let mark = dance.mark();
        drop(dance);
        let cover = self.work.updates - before;
        let mut dance = self.dance();
        if colors {
            dance.commit_others::<true, ANY>(c)
        } else {
            dance.commit_others::<false, ANY>(c)
        }
        (c, mark, cover)
    }

    /// Undoes `commit_level` but for the options hidden by covering the
    /// branching item, which stay on the trail below `mark`: the caller
    /// undoes them with the levels below, or with `undo_to`.
    pub(crate) fn uncommit_level(&mut self, c: NodeId, mark: TrailMark) {
        if self.discarding {
            return;
        }
        let (colors, bounds) = (self.has_colors(), self.has_bounds());
        let mut dance = self.dance();
        let i = dance.top(c);
        if bounds {
            // Algorithm M: `c` may be the null move (`c == i`).
            if colors {
                dance.undo_to_m::<true, ANY>(mark);
                if c != i {
                    dance.release_others_m::<true, ANY>(c);
                }
            } else {
                dance.undo_to_m::<false, ANY>(mark);
                if c != i {
                    dance.release_others_m::<false, ANY>(c);
                }
            }
            dance.close_level_m(i);
            return;
        }
        if colors {
            dance.undo_to::<true, ANY>(mark);
            dance.release_others::<true, ANY>(c);
        } else {
            dance.undo_to::<false, ANY>(mark);
            dance.release_others::<false, ANY>(c);
        }
        dance.release(i);
    }

    /// The nodes of the option starting at `first`, left to right.
    fn option_nodes(&self, first: NodeId) -> impl Iterator<Item = NodeId> + use<> {
        self.span_of(first).nodes()
    }

    /// Commits every item of the option whose first node is `first`.
    /// Returns the trail's mark before.
    ///
    /// With multiplicities, an item may stay active after its bound goes
    /// down, so the option is first tweaked out of every list (as the
    /// search does with the option it tries): otherwise the search could
    /// choose it a second time.
    pub(crate) fn commit_option(&mut self, first: NodeId) -> TrailMark {
        let mark = self.mark();
        let (colors, bounds) = (self.has_colors(), self.has_bounds());
        let nodes = self.option_nodes(first);
        let mut dance = self.dance();
        match (bounds, colors) {
            (true, true) => dance.tweak::<true, ANY>(first, true),
            (true, false) => dance.tweak::<false, ANY>(first, true),
            (false, _) => {}
        }
        for q in nodes {
            match (bounds, colors) {
                (true, true) => dance.commit_m::<true, ANY>(q),
                (true, false) => dance.commit_m::<false, ANY>(q),
                (false, true) => dance.commit::<true, ANY>(q),
                (false, false) => dance.commit::<false, ANY>(q),
            }
        }
        mark
    }

    /// Undoes `commit_option(first)`, which returned `mark`.
    pub(crate) fn uncommit_option(&mut self, first: NodeId, mark: TrailMark) {
        let colors = self.has_colors();
        let nodes = self.option_nodes(first);
        if self.has_bounds() {
            self.undo_to(mark);
            let mut dance = self.dance();
            if colors {
                nodes.for_each(|q| dance.release_m::<true, ANY>(q));
            } else {
                nodes.for_each(|q| dance.release_m::<false, ANY>(q));
            }
            return;
        }
        let mut dance = self.dance();
        if colors {
            dance.undo_to::<true, ANY>(mark);
            nodes.for_each(|q| dance.release_node::<true>(q));
        } else {
            dance.undo_to::<false, ANY>(mark);
            nodes.for_each(|q| dance.release_node::<false>(q));
        }
    }

    /// Whether the option starting at `first` is compatible with everything
    /// committed so far: each uncoloured item is active and unpurified, and
    /// each coloured item is active and unpurified or purified with the
    /// same colour.
    pub(crate) fn option_available(&self, first: NodeId) -> bool {
        self.option_nodes(first).all(|q| {
            let top = self.top(q);
            if !self.is_active(top) {
                return false;
            }
            if !self.has_colors() {
                return true;
            }
            let (color, header) = (self.color[q], self.color[top]);
            match color {
                0 => header == 0,
                c if c < 0 => true,
                c => header == 0 || header == c,
            }
        })
    }

    /// Empties every vertical list (uncovered, length 0, keeping the
    /// tags and keys: see [`Arena::empty_len`]) and the trail.
    fn clear_lists(&mut self) {
        for h in (0..self.n_items).map(NodeId::header) {
            self.links[h] = Link { up: h, down: h };
            self.len[h] = self.empty_len(h);
        }
        self.trail.clear();
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
        pins: impl Iterator<Item = NodeId>,
        allowed: impl Iterator<Item = NodeId>,
    ) -> Result<(), usize> {
        debug_assert!(!self.has_colors(), "a restriction has no colour states");
        self.clear_lists();
        self.restricted = true;
        let step = self.step;
        // Locals that don't alias, so the loops keep them in registers.
        let (first_option, uniform) = (self.first_option(), self.uniform);
        let (links, top, span, len) = (&mut self.links[..], &self.top[..], &self.span[..], &mut self.len[..]);
        let span_of = |p: NodeId| span_in(span, p, first_option, uniform);
        for (k, first) in pins.enumerate() {
            for q in span_of(first).nodes() {
                let h = top[q];
                if len[h] & COVERED != 0 {
                    return Err(k);
                }
                len[h] |= COVERED;
            }
        }
        for first in allowed {
            let option = span_of(first).nodes();
            if option.clone().any(|q| len[top[q]] & COVERED != 0) {
                continue;
            }
            for q in option {
                append(links, len, top[q], q, step);
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
        self.trail.clear();
        self.restricted = false;
    }

    /// Relinks every vertical list in the order given by `reorder`, which
    /// receives each item's nodes (in the problem's order) and may permute
    /// them. The lists are rebuilt from the nodes' items, whatever they
    /// held before (a restriction included), and every item is uncovered;
    /// nothing may be purified.
    pub(crate) fn relink_vertical(&mut self, mut reorder: impl FnMut(&mut [NodeId])) {
        debug_assert!(self.color.iter().all(|&c| c >= 0), "nothing purified");
        self.clear_lists();
        self.restricted = false;
        let first_option_node = self.n_items as usize + 2;
        for (q, &h) in self.top.iter().enumerate().skip(first_option_node) {
            if h != NodeId::NULL {
                append(&mut self.links, &mut self.len, h, NodeId::from_u32(q as u32), self.step);
            }
        }
        let mut column = Vec::new();
        for h in (1..=self.n_items).map(NodeId::from_u32) {
            column.clear();
            let mut p = self.down(h);
            while p != h {
                column.push(p);
                p = self.down(p);
            }
            reorder(&mut column);
            let mut prev = h;
            for &q in &column {
                self.links[prev].down = q;
                self.links[q].up = prev;
                prev = q;
            }
            self.links[prev].down = h;
            self.links[h].up = prev;
        }
    }
}

/// Appends node `q` at the bottom of the list of item `h` (its item),
/// whose length word grows by `step`.
#[inline(always)]
fn append(links: &mut [Link], len: &mut [u32], h: NodeId, q: NodeId, step: u32) {
    let last = links[h].up;
    links[q] = Link { up: last, down: h };
    links[last].down = q;
    links[h].up = q;
    len[h] += step;
}
