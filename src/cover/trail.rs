//! The trail: the options hidden so far, in the order they were hidden,
//! so that the search undoes a whole level by unhiding down to a mark
//! (see the `arena` module for why that restores every link).
//!
//! An entry names a node of the hidden option. With multiplicities
//! (Algorithm M, see `dance::mult`) an entry may also be a *tweak*, which
//! took the node itself out of its own item's list too, either with the
//! rest of its option ([`Entry::Tweak`]) or alone, its option being
//! hidden already ([`Entry::Solo`]). The kind lives in the two top bits of
//! the entry's word, so node indices stay below [`MULTIPLICITY_NODE_LIMIT`]
//! when the problem has multiplicities; without them every entry is a
//! plain hide and the word is the node's index.
//!
//! **Invariants.** `len` entries are in use, and `entries` has room for
//! every entry there can be at once: one per option (each is hidden at
//! most once at a time), two with multiplicities (hidden by a cover, then
//! its node tweaked in the covered branching item's list). Every entry
//! but a `Solo` tweak hides an option no other entry hides, and `solos`
//! counts the `Solo` tweaks, so `len - solos` options are hidden.

use super::ids::{NodeId, TrailMark};

/// The tag of a tweak.
const TWEAK: u32 = 1 << 31;

/// With [`TWEAK`]: the tweak took only the node itself out.
const SOLO: u32 = 1 << 30;

/// With multiplicities, node indices stay below this, clear of the tags.
pub(crate) const MULTIPLICITY_NODE_LIMIT: u32 = SOLO;

/// One entry of the trail: a node and what was done to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct TrailEntry(u32);

/// What a [`TrailEntry`] records, with the node it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// The node's option was hidden from the other items' lists.
    Hide(NodeId),
    /// The node was taken out of its own list, and its option hidden.
    Tweak(NodeId),
    /// Only the node was taken out of its own list.
    Solo(NodeId),
}

impl TrailEntry {
    /// The option of node `p` hidden from the other lists.
    #[inline(always)]
    pub(crate) fn hide(p: NodeId) -> TrailEntry {
        TrailEntry(p.as_u32())
    }

    /// Node `p` tweaked out of its own list, with its option (`block`)
    /// or alone.
    #[inline(always)]
    pub(crate) fn tweak(p: NodeId, block: bool) -> TrailEntry {
        debug_assert!(p.as_u32() < MULTIPLICITY_NODE_LIMIT);
        TrailEntry(p.as_u32() | if block { TWEAK } else { TWEAK | SOLO })
    }

    /// The node of an entry that is a plain hide, as every entry is
    /// without multiplicities: no tag to mask in the undo loop.
    #[inline(always)]
    pub(crate) fn hidden(self) -> NodeId {
        debug_assert!(self.0 & TWEAK == 0, "a tweak read as a hide");
        NodeId::from_u32(self.0)
    }

    /// The node the entry names, whatever its kind.
    #[inline(always)]
    pub(crate) fn node(self) -> NodeId {
        NodeId::from_u32(self.0 & !(TWEAK | SOLO))
    }

    /// What the entry records.
    #[inline(always)]
    pub(crate) fn entry(self) -> Entry {
        let p = self.node();
        match (self.0 & TWEAK != 0, self.0 & SOLO != 0) {
            (false, _) => Entry::Hide(p),
            (true, false) => Entry::Tweak(p),
            (true, true) => Entry::Solo(p),
        }
    }
}

/// The trail of an arena (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Trail {
    pub(crate) entries: Vec<TrailEntry>,
    /// The entries in use.
    pub(crate) len: u32,
    /// How many of them are `Solo` tweaks.
    pub(crate) solos: u32,
    /// The number of options of the arena.
    pub(crate) options: u32,
}

impl Trail {
    /// An empty trail with room for `room` entries, over `options`
    /// options.
    pub(crate) fn new(room: usize, options: u32) -> Result<Trail, std::collections::TryReserveError> {
        let mut entries = Vec::new();
        entries.try_reserve_exact(room)?;
        entries.resize(room, TrailEntry::default());
        Ok(Trail { entries, len: 0, solos: 0, options })
    }

    /// The entries in use, oldest first.
    pub(crate) fn in_use(&self) -> &[TrailEntry] {
        &self.entries[..self.len as usize]
    }

    /// The trail's length: undoing to it undoes every later entry.
    pub(crate) fn mark(&self) -> TrailMark {
        TrailMark::from_u32(self.len)
    }

    /// Forgets every entry (the lists they name are rebuilt or copied).
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.solos = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_keep_their_node_and_kind() {
        let p = NodeId::from_u32(MULTIPLICITY_NODE_LIMIT - 1);
        assert_eq!(TrailEntry::hide(p).entry(), Entry::Hide(p));
        assert_eq!(TrailEntry::hide(p).hidden(), p);
        assert_eq!(TrailEntry::tweak(p, true).entry(), Entry::Tweak(p));
        assert_eq!(TrailEntry::tweak(p, false).entry(), Entry::Solo(p));
        assert_eq!(TrailEntry::tweak(p, false).node(), p);
    }
}
