//! Committing whole options outside the search (pins), and reordering the
//! vertical lists (for the seeded randomisation).
//!
//! A pin commits every item of one option, as if the search had chosen it
//! at a level below level 0. Pins are undone in reverse order, which keeps
//! the arena's LIFO invariant.

use super::arena::{Arena, COVERED};
use super::ids::NodeId;

impl Arena {
    /// The nodes of the option starting at `first`, left to right.
    fn option_nodes(&self, first: u32) -> impl DoubleEndedIterator<Item = u32> + '_ {
        let end = (first..)
            .find(|&q| self.nodes[q as usize].top == 0)
            .unwrap_or(first);
        first..end
    }

    /// Commits every item of the option whose first node is `first`.
    pub(crate) fn commit_option(&mut self, first: u32) {
        let mut q = first;
        while self.nodes[q as usize].top != 0 {
            self.commit_node(q);
            q += 1;
        }
    }

    /// Undoes `commit_option(first)`.
    pub(crate) fn uncommit_option(&mut self, first: u32) {
        let mut q = first;
        while self.nodes[q as usize + 1].top != 0 {
            q += 1;
        }
        while q >= first {
            self.uncommit_node(q);
            q -= 1;
        }
    }

    /// Whether the option starting at `first` is compatible with everything
    /// committed so far: each uncoloured item is active and unpurified, and
    /// each coloured item is active and unpurified or purified with the
    /// same colour.
    pub(crate) fn option_available(&self, first: u32) -> bool {
        self.option_nodes(first).all(|q| {
            let top = self.nodes[q as usize].top;
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
    pub(crate) fn relink_vertical(&mut self, mut reorder: impl FnMut(&mut [NodeId])) {
        debug_assert!(self.len[1..].iter().all(|&l| l & COVERED == 0));
        let mut column = Vec::new();
        for h in 1..=self.n_items {
            column.clear();
            let mut p = self.nodes[h as usize].down;
            while p.as_u32() != h {
                column.push(p);
                p = self.nodes[p.as_usize()].down;
            }
            reorder(&mut column);
            let mut prev = NodeId::from_u32(h);
            for &q in &column {
                self.nodes[prev.as_usize()].down = q;
                self.nodes[q.as_usize()].up = prev;
                prev = q;
            }
            self.nodes[prev.as_usize()].down = NodeId::from_u32(h);
            self.nodes[h as usize].up = prev;
        }
    }
}
