//! Committing outside the hot loop: whole options (pins), single levels
//! (prefix replay and unwinding), and reordering the vertical lists (for
//! the seeded randomisation).
//!
//! A pin commits every item of one option, as if the search had chosen it
//! at a level below level 0. Pins are undone in reverse order, which keeps
//! the arena's LIFO invariant.

use super::arena::{Arena, COVERED};
use super::dance::Branch;
use super::ids::NodeId;

impl Arena {
    /// The trail's length now (see `Dance::mark`).
    pub(crate) fn mark(&self) -> u32 {
        self.trail_len
    }

    /// Unhides the options hidden since `mark`, last first.
    pub(crate) fn undo_to(&mut self, mark: u32) {
        let (colors, bounds) = (self.has_colors, self.has_bounds);
        let mut dance = self.dance();
        match (bounds, colors) {
            (true, true) => dance.undo_to_m::<true>(mark),
            (true, false) => dance.undo_to_m::<false>(mark),
            (false, true) => dance.undo_to::<true>(mark),
            (false, false) => dance.undo_to::<false>(mark),
        }
    }

    /// One level of Algorithm M: opens the level on item `i` and takes
    /// its branch `k` (see `Dance::advance_m`), as the search would after
    /// trying the `k` before it. Returns the node chosen (`i` itself for
    /// the null move) and the trail's mark before its option was
    /// committed, or `None` if there is no branch `k` (then nothing
    /// changed).
    pub(crate) fn commit_level_m(&mut self, i: u32, k: u32) -> Option<(u32, u32)> {
        let colors = self.has_colors;
        let start = self.trail_len;
        let mut dance = self.dance();
        if colors {
            dance.open_level_m::<true>(i)
        } else {
            dance.open_level_m::<false>(i)
        }
        let mut cur = dance.down(i);
        for j in 0..=k {
            let branch = if colors { dance.advance_m::<true>(cur) } else { dance.advance_m::<false>(cur) };
            match branch {
                Branch::Option(c) if j == k => {
                    let mark = dance.mark();
                    if colors {
                        dance.commit_others_m::<true>(c)
                    } else {
                        dance.commit_others_m::<false>(c)
                    }
                    return Some((c, mark));
                }
                Branch::Option(c) => cur = dance.down(c),
                Branch::Null if j == k => return Some((i, dance.mark())),
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
        let (colors, bounds) = (self.has_colors, self.has_bounds);
        let mut dance = self.dance();
        let i = dance.top(c);
        if bounds {
            // Algorithm M: `c` may be the null move (`c == i`).
            if colors {
                dance.undo_to_m::<true>(mark);
                if c != i {
                    dance.release_others_m::<true>(c);
                }
            } else {
                dance.undo_to_m::<false>(mark);
                if c != i {
                    dance.release_others_m::<false>(c);
                }
            }
            dance.close_level_m(i);
            return;
        }
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
        let (colors, bounds) = (self.has_colors, self.has_bounds);
        let nodes = self.option_nodes(first);
        let mut dance = self.dance();
        for q in nodes {
            match (bounds, colors) {
                (true, true) => dance.commit_m::<true>(q),
                (true, false) => dance.commit_m::<false>(q),
                (false, true) => dance.commit::<true>(q),
                (false, false) => dance.commit::<false>(q),
            }
        }
        mark
    }

    /// Undoes `commit_option(first)`, which returned `mark`.
    pub(crate) fn uncommit_option(&mut self, first: u32, mark: u32) {
        let colors = self.has_colors;
        let nodes = self.option_nodes(first);
        if self.has_bounds {
            self.undo_to(mark);
            let mut dance = self.dance();
            if colors {
                nodes.for_each(|q| dance.release_m::<true>(q));
            } else {
                nodes.for_each(|q| dance.release_m::<false>(q));
            }
            return;
        }
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

    /// Relinks every vertical list in the order given by `reorder`, which
    /// receives each item's nodes (top to bottom) and may permute them.
    /// Must be called with nothing covered.
    pub(crate) fn relink_vertical(&mut self, mut reorder: impl FnMut(&mut [u32])) {
        debug_assert!(self.len[1..].iter().all(|&l| l & COVERED == 0));
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
