//! The memo's state: which items remain, as a fixed-width key of `u64`
//! words, and the moves on it (taking an option, closing an item).
//!
//! A state is the whole of what the rest of the problem depends on, so two
//! paths that reach the same state have the same completions:
//!
//! * one bit per item, set while the item is *open*: a primary item not
//!   yet covered (or, with a multiplicity, covered fewer than `max`
//!   times), a secondary item not yet used;
//! * one extra word per item that needs more than a bit: a primary item
//!   with a multiplicity holds its uses and its *threshold* (options with
//!   this item and a smaller index may no longer be taken, see below); a
//!   secondary item that some option colours holds its colour (0 while
//!   free or when used without a colour).
//!
//! Invariant: a closed item's extra word is 0, so states that differ only
//! in how an item was closed are one state. An option may be taken when
//! every item it names is open (a coloured secondary item may also be
//! closed with the same colour) and it lies at or past every threshold of
//! its items. Every move closes an item or adds a use, so the states along
//! any path strictly shrink and the memo's graph has no cycle.
//!
//! The threshold is what keeps multiplicities exact. When the builder
//! branches on an item with a multiplicity, it splits the completions by
//! the *least* option that covers the item in them (or none, if the item
//! may stop here), so after taking option `o` for it, options with the
//! item below `o` are out of reach. Items without multiplicities need no
//! threshold: one option covers them.

use crate::cover::ids::{ItemId, OptionId};
use crate::cover::problem::Problem;

/// What one item needs in the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A primary item covered exactly once: its bit.
    Primary,
    /// A primary item with a multiplicity: its bit and a word of uses and
    /// threshold.
    Multi { min: u32, max: u32, slot: u32 },
    /// A secondary item no option colours: its bit.
    Secondary,
    /// A secondary item some option colours: its bit and its colour.
    Colored { slot: u32 },
}

/// The problem as the memo's builder reads it: the items' kinds, the
/// options by item, and the items by option.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    /// Words of a state: the bits, then the extra words.
    pub(crate) width: usize,
    /// Words of bits.
    bit_words: usize,
    pub(crate) kinds: Vec<Kind>,
    /// The bits of the primary items without multiplicities.
    plain_primary: Vec<u64>,
    /// The items with multiplicities, in order.
    pub(crate) multis: Vec<u32>,
    /// Item `i`'s options (kept ones, in order): `by_item[item_start[i]..item_start[i + 1]]`.
    by_item: Vec<u32>,
    item_start: Vec<u32>,
    /// Option `o`'s items with their colours: `entries[option_start[o]..option_start[o + 1]]`.
    entries: Vec<(u32, u32)>,
    option_start: Vec<u32>,
    /// What option `o`'s items need beside their bits: nothing
    /// ([`PLAIN`]), thresholds ([`BOUNDED`]) or colours ([`COLORED`]).
    special: Vec<u8>,
    /// Option `o`'s items as bits, `masks[o * bit_words..][..bit_words]`,
    /// when the table is small enough (else empty, and `fits` reads the
    /// items one by one).
    masks: Vec<u64>,
}

/// An option's items need only their bits open.
const PLAIN: u8 = 0;
/// An option names an item with a multiplicity, and no coloured item:
/// its bits open and its thresholds met.
const BOUNDED: u8 = 1;
/// An option names a coloured item: each item read by its kind.
const COLORED: u8 = 2;

/// The most words of option masks the rules keep (128 MiB).
const MAX_MASK_WORDS: usize = 1 << 24;

/// Bytes a state of `width` words takes.
pub(crate) const WORD: usize = 8;

impl Rules {
    /// The rules of `problem`.
    #[cfg(test)]
    pub(crate) fn new(problem: &Problem) -> Rules {
        Rules::with_pins(problem, &[])
    }

    /// The rules of `problem` with the options `pinned` taken before the
    /// build: each keeps its items (for [`Rules::take`]) but is in no
    /// item's list, so no branch takes it again (an item with a
    /// multiplicity would otherwise offer it once more).
    pub(crate) fn with_pins(problem: &Problem, pinned: &[OptionId]) -> Rules {
        let n = problem.item_count();
        let mut kinds = Vec::with_capacity(n);
        let mut colored = vec![false; n];
        let options = problem.option_count();
        for o in 0..options {
            for (item, color) in problem.option(OptionId::from_u32(o as u32)).iter() {
                if color.is_some() {
                    colored[item.as_usize()] = true;
                }
            }
        }
        let bit_words = n.div_ceil(64).max(1);
        let mut slots = 0u32;
        let mut plain_primary = vec![0u64; bit_words];
        let mut multis = Vec::new();
        for i in 0..n {
            let item = ItemId::from_u32(i as u32);
            let bounds = problem.bounds(item);
            let kind = if problem.is_primary(item) {
                if bounds.min == 1 && bounds.max == 1 {
                    plain_primary[i / 64] |= 1 << (i % 64);
                    Kind::Primary
                } else {
                    multis.push(i as u32);
                    slots += 1;
                    Kind::Multi { min: bounds.min, max: bounds.max, slot: slots - 1 }
                }
            } else if colored[i] {
                slots += 1;
                Kind::Colored { slot: slots - 1 }
            } else {
                Kind::Secondary
            };
            kinds.push(kind);
        }
        let ignored = problem.ignored_options();
        let mut entries = Vec::with_capacity(options * 2);
        let mut option_start = Vec::with_capacity(options + 1);
        let mut special = Vec::with_capacity(options);
        let mut per_item = vec![0u32; n + 1];
        option_start.push(0);
        for o in 0..options {
            let id = OptionId::from_u32(o as u32);
            let kept = ignored.binary_search(&id).is_err();
            let mut needs = PLAIN;
            if kept {
                for (item, color) in problem.option(id).iter() {
                    entries.push((item.as_u32(), color.as_u32()));
                    per_item[item.as_usize()] += 1;
                    needs = needs.max(match kinds[item.as_usize()] {
                        Kind::Primary | Kind::Secondary => PLAIN,
                        Kind::Multi { .. } => BOUNDED,
                        Kind::Colored { .. } => COLORED,
                    });
                }
            }
            option_start.push(entries.len() as u32);
            special.push(needs);
        }
        let mut listed = vec![true; options];
        for &o in pinned {
            if std::mem::replace(&mut listed[o.as_usize()], false) {
                for &(item, _) in &entries[option_start[o.as_usize()] as usize..option_start[o.as_usize() + 1] as usize]
                {
                    per_item[item as usize] -= 1;
                }
            }
        }
        // Options by item, in option order.
        let mut item_start = Vec::with_capacity(n + 1);
        let mut total = 0;
        for &c in &per_item[..n] {
            item_start.push(total);
            total += c;
        }
        item_start.push(total);
        let mut fill = item_start.clone();
        let mut by_item = vec![0u32; total as usize];
        for o in (0..options).filter(|&o| listed[o]) {
            for &(item, _) in &entries[option_start[o] as usize..option_start[o + 1] as usize] {
                by_item[fill[item as usize] as usize] = o as u32;
                fill[item as usize] += 1;
            }
        }
        let mut masks = Vec::new();
        if options.saturating_mul(bit_words) <= MAX_MASK_WORDS {
            masks = vec![0u64; options * bit_words];
            for o in 0..options {
                for &(i, _) in &entries[option_start[o] as usize..option_start[o + 1] as usize] {
                    masks[o * bit_words + i as usize / 64] |= 1 << (i % 64);
                }
            }
        }
        Rules {
            width: bit_words + slots as usize,
            bit_words,
            kinds,
            plain_primary,
            multis,
            by_item,
            item_start,
            entries,
            option_start,
            special,
            masks,
        }
    }

    /// Whether every item is a bit of the state (no multiplicities, no
    /// colours): then an option fits exactly when its items are open.
    pub(crate) fn is_plain(&self) -> bool {
        self.width == self.bit_words
    }

    /// The options, ignored ones included.
    pub(crate) fn option_count(&self) -> usize {
        self.option_start.len() - 1
    }

    /// The bytes these rules take (for the memory budget).
    pub(crate) fn bytes(&self) -> u64 {
        (self.by_item.len() * 4
            + self.item_start.len() * 4
            + self.entries.len() * 8
            + self.option_start.len() * 5
            + self.masks.len() * 8) as u64
    }

    /// The starting state: every item open, no uses, no colours.
    pub(crate) fn start(&self) -> Vec<u64> {
        let mut state = vec![0u64; self.width];
        for i in 0..self.kinds.len() {
            state[i / 64] |= 1 << (i % 64);
        }
        state
    }

    /// Whether item `i` is open in `state`.
    #[inline]
    pub(crate) fn is_open(state: &[u64], i: u32) -> bool {
        state[i as usize / 64] >> (i % 64) & 1 != 0
    }

    #[inline]
    fn clear(state: &mut [u64], i: u32) {
        state[i as usize / 64] &= !(1 << (i % 64));
    }

    /// Item `i`'s options.
    #[inline]
    pub(crate) fn options_of(&self, i: u32) -> &[u32] {
        &self.by_item[self.item_start[i as usize] as usize..self.item_start[i as usize + 1] as usize]
    }

    /// Option `o`'s items with their colours.
    #[inline]
    pub(crate) fn items_of(&self, o: u32) -> &[(u32, u32)] {
        &self.entries[self.option_start[o as usize] as usize..self.option_start[o as usize + 1] as usize]
    }

    /// The extra word of an item with a slot.
    #[inline]
    fn slot(&self, state: &[u64], slot: u32) -> u64 {
        state[self.bit_words + slot as usize]
    }

    /// Whether option `o` may be taken in `state`.
    #[inline]
    pub(crate) fn fits(&self, state: &[u64], o: u32) -> bool {
        let needs = self.special[o as usize];
        if needs != COLORED {
            let open = if self.masks.is_empty() {
                self.items_of(o).iter().all(|&(i, _)| Self::is_open(state, i))
            } else {
                let w = self.bit_words;
                let mask = &self.masks[o as usize * w..(o as usize + 1) * w];
                mask.iter().zip(state).all(|(&m, &s)| m & !s == 0)
            };
            // Most options that don't fit name an item already closed,
            // so the thresholds are read only for those that pass.
            return open
                && (needs == PLAIN
                    || self.items_of(o).iter().all(|&(i, _)| match self.kinds[i as usize] {
                        Kind::Multi { slot, .. } => o as u64 >= self.slot(state, slot) & 0xffff_ffff,
                        _ => true,
                    }));
        }
        let items = self.items_of(o);
        items.iter().all(|&(i, color)| match self.kinds[i as usize] {
            Kind::Primary | Kind::Secondary => Self::is_open(state, i),
            Kind::Multi { slot, .. } => Self::is_open(state, i) && o as u64 >= self.slot(state, slot) & 0xffff_ffff,
            Kind::Colored { slot } => {
                Self::is_open(state, i) || (color != 0 && self.slot(state, slot) == u64::from(color))
            }
        })
    }

    /// Takes option `o` (which fits) in `state`. `chosen` is the item the
    /// builder branched on: an item with a multiplicity gets its threshold
    /// past `o` only then.
    #[inline]
    pub(crate) fn take(&self, state: &mut [u64], o: u32, chosen: u32) {
        for &(i, color) in self.items_of(o) {
            match self.kinds[i as usize] {
                Kind::Primary | Kind::Secondary => Self::clear(state, i),
                Kind::Multi { max, slot, .. } => {
                    let word = &mut state[self.bit_words + slot as usize];
                    let uses = (*word >> 32) as u32 + 1;
                    let threshold = if i == chosen { u64::from(o) + 1 } else { *word & 0xffff_ffff };
                    if uses >= max {
                        *word = 0;
                        Self::clear(state, i);
                    } else {
                        *word = u64::from(uses) << 32 | threshold;
                    }
                }
                Kind::Colored { slot } => {
                    if Self::is_open(state, i) {
                        Self::clear(state, i);
                        state[self.bit_words + slot as usize] = u64::from(color);
                    }
                }
            }
        }
    }

    /// Closes item `i` (an item with a multiplicity, covered enough).
    pub(crate) fn close(&self, state: &mut [u64], i: u32) {
        if let Kind::Multi { slot, .. } = self.kinds[i as usize] {
            state[self.bit_words + slot as usize] = 0;
        }
        Self::clear(state, i);
    }

    /// The uses so far of an open item with a multiplicity.
    #[inline]
    pub(crate) fn uses(&self, state: &[u64], i: u32) -> u32 {
        match self.kinds[i as usize] {
            Kind::Multi { slot, .. } => (self.slot(state, slot) >> 32) as u32,
            _ => 0,
        }
    }

    /// The first open primary item without a multiplicity, if any.
    #[inline]
    pub(crate) fn first_plain_open(&self, state: &[u64]) -> Option<u32> {
        for (w, (&bits, &mask)) in state.iter().zip(&self.plain_primary).enumerate() {
            let open = bits & mask;
            if open != 0 {
                return Some(w as u32 * 64 + open.trailing_zeros());
            }
        }
        None
    }

    /// The open primary items without multiplicities, in order.
    pub(crate) fn plain_open<'s>(&'s self, state: &'s [u64]) -> impl Iterator<Item = u32> + 's {
        ones(state.iter().zip(&self.plain_primary).map(|(&b, &m)| b & m))
    }

    /// The lower bound of an item with a multiplicity.
    pub(crate) fn min_of(&self, i: u32) -> u32 {
        match self.kinds[i as usize] {
            Kind::Multi { min, .. } => min,
            _ => 1,
        }
    }
}

/// The positions of the set bits of `words` (bit `b` of word `w` is
/// position `64 w + b`), in order.
pub(crate) fn ones(words: impl Iterator<Item = u64>) -> impl Iterator<Item = u32> {
    words.enumerate().flat_map(|(w, mut bits)| {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                w as u32 * 64 + b
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::ProblemBuilder;

    #[test]
    fn taking_and_closing_change_the_state_as_documented() {
        let mut b = ProblemBuilder::new();
        b.primary("a").unwrap();
        b.primary_with_bounds("m", 1, 2).unwrap();
        b.secondary("s").unwrap();
        b.option(["a", "m"]).unwrap();
        b.option(["m", "s:red"]).unwrap();
        b.option(["m", "s:blue"]).unwrap();
        b.option(["m", "s:red"]).unwrap();
        let p = b.build().unwrap();
        let r = Rules::new(&p);
        assert_eq!(r.width, 3);
        let mut s = r.start();
        assert_eq!(s, [0b111, 0, 0]);
        r.take(&mut s, 1, 1);
        // m used once, threshold 2; s red (colour 1), closed.
        assert_eq!(s, [0b011, 1 << 32 | 2, 1]);
        assert!(!r.fits(&s, 0) && !r.fits(&s, 2) && r.fits(&s, 3));
        r.take(&mut s, 3, 0);
        assert_eq!(s, [0b001, 0, 1]);
        let mut t = r.start();
        r.close(&mut t, 1);
        assert_eq!(t, [0b101, 0, 0]);
    }
}
