//! The live keys of Algorithm M's choice (see `Dance::choose_m` in
//! `dance/mult.rs`): how the score `t`, the slack `s`, the list length `l`
//! and the item's index share one word, so that the smallest key names the
//! item the heuristic picks. The arena decides once, when it is built,
//! whether its lengths, slacks and bounds fit.
//!
//! The key is *live*: it sits in the item's length word (`Arena::len`) and
//! the dance keeps it up to date. Removing a node from a list lowers `l`
//! by one, which lowers `t = l + s - b + 1` by one and raises the stored
//! complement of `l` by one; both fields change by a constant, so the
//! length word moves by the constant [`KeyBits::step`], as a plain length
//! moves by one. A change of the residual bound `b` changes `s` and `t`
//! otherwise, by an amount that depends only on whether `b` exceeds the
//! slack ([`KeyBits::lowered`], [`KeyBits::raised`]). `t` is stored plus an offset (the largest upper
//! bound), so the field never goes below 0 and no borrow crosses fields:
//! a dead end (`t <= 0`) is a key below [`KeyBits::dead_below`]. Every key
//! stays below [`COVERED`], whose flag marks a covered or retired item, so
//! the smallest word of the active items is the choice, and a smallest
//! word at or above `COVERED` means that no item is active.
//!
//! A secondary item's word holds `l` in the `t` field and the complement
//! in its own, so the same step keeps it consistent; nothing reads it but
//! the list operations.

/// The flag bit of a covered item's length word (see `Arena::len`).
/// Lengths and keys stay below it, as no item has 2^30 options within the
/// arena's limit.
pub(crate) const COVERED: u32 = 1 << 30;

/// The fields of the live keys: the item's index in the low `l_shift`
/// bits, the complement of `l` above it, then `s`, then `t` plus the
/// offset from `t_shift`, all below [`COVERED`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KeyBits {
    l_shift: u32,
    s_shift: u32,
    t_shift: u32,
    /// Added to `t`: the largest upper bound, so the field is at least 1.
    offset: u32,
    /// One in the `t` field and one in the `s` field.
    t_unit: u32,
    s_unit: u32,
    /// All ones in the `l` field, from which `l` is subtracted (so its
    /// complement is stored); 0 for [`KeyBits::PLAIN`].
    flip: u32,
}

impl KeyBits {
    /// The fields of words that are plain lengths (no live keys): `length`
    /// reads the length below the flag, and `lowered` and `raised` leave
    /// the word as it is, so Algorithm M's dance runs one code for both
    /// kinds of word. Nothing else may be asked of it.
    pub(crate) const PLAIN: KeyBits =
        KeyBits { l_shift: 0, s_shift: COVERED.trailing_zeros(), t_shift: 0, offset: 0, t_unit: 0, s_unit: 0, flip: 0 };

    /// The fields for `n_primary` items, lists of at most `max_length`
    /// options, slacks of at most `max_slack` and upper bounds of at most
    /// `max_bound`, if the keys fit below [`COVERED`].
    pub(crate) fn new(n_primary: u32, max_length: u32, max_slack: u32, max_bound: u32) -> Option<KeyBits> {
        let width = |x: u32| u32::BITS - x.leading_zeros();
        let (i, l, s) = (width(n_primary.saturating_sub(1)), width(max_length), width(max_slack));
        // `s <= b <= max_bound`, so `t + offset <= l + 1 + max_bound`.
        let t = width(max_length.checked_add(1)?.checked_add(max_bound)?);
        let (l_shift, s_shift, t_shift) = (i, i + l, i + l + s);
        (t_shift + t <= COVERED.trailing_zeros()).then(|| KeyBits {
            l_shift,
            s_shift,
            t_shift,
            offset: max_bound,
            t_unit: 1 << t_shift,
            s_unit: 1 << s_shift,
            flip: (1 << l) - 1,
        })
    }

    /// The key of primary item `index` (from 0) with a list of `l` options,
    /// residual bound `b` and slack `slack`: `t` plus the offset, `s`, the
    /// complement of `l` and the index in their fields, so the smallest key
    /// wins by the heuristic's rule (all dead ends come first).
    #[inline(always)]
    pub(crate) fn key(self, l: u32, b: u32, slack: u32, index: u32) -> u32 {
        let s = slack.min(b);
        let t = l + s + 1 + self.offset - b;
        t << self.t_shift | s << self.s_shift | (self.flip - l) << self.l_shift | index
    }

    /// The word of a secondary item with a list of `l` options.
    pub(crate) fn secondary(self, l: u32) -> u32 {
        l << self.t_shift | (self.flip - l) << self.l_shift
    }

    /// What one node adds to a word (wrapping: `t` goes up by one and the
    /// complement of `l` down by one).
    pub(crate) fn step(self) -> u32 {
        (1 << self.t_shift) - (1 << self.l_shift)
    }

    /// The list length in a word (covered or not).
    #[inline(always)]
    pub(crate) fn length(self, word: u32) -> u32 {
        let mask = (1 << (self.s_shift - self.l_shift)) - 1;
        ((word >> self.l_shift) & mask) ^ self.flip
    }

    /// The word of a primary item with word `word`, residual bound `b`
    /// and slack `slack` once the bound is `b - 1`: if `b > slack`, `s`
    /// stays `slack` and `t` goes up by one, else `s` goes down by one and
    /// `t` stays. The flag is kept.
    #[inline(always)]
    pub(crate) fn lowered(self, word: u32, b: u32, slack: u32) -> u32 {
        if b > slack { word + self.t_unit } else { word - self.s_unit }
    }

    /// [`KeyBits::lowered`], wrapping: for Algorithm M on bit sets, which
    /// also moves the keys of its sinks, which nothing reads (see
    /// `search::m_bits`).
    #[inline(always)]
    pub(crate) fn lowered_wrapping(self, word: u32, b: u32, slack: u32) -> u32 {
        if b > slack { word.wrapping_add(self.t_unit) } else { word.wrapping_sub(self.s_unit) }
    }

    /// The inverse of [`KeyBits::lowered`]: the word once the bound `b`
    /// is `b + 1`.
    #[inline(always)]
    pub(crate) fn raised(self, word: u32, b: u32, slack: u32) -> u32 {
        if b >= slack { word - self.t_unit } else { word + self.s_unit }
    }

    /// [`KeyBits::raised`], wrapping (see [`KeyBits::lowered_wrapping`]).
    #[inline(always)]
    pub(crate) fn raised_wrapping(self, word: u32, b: u32, slack: u32) -> u32 {
        if b >= slack { word.wrapping_sub(self.t_unit) } else { word.wrapping_add(self.s_unit) }
    }

    /// The item index (from 0) of a key.
    #[inline(always)]
    pub(crate) fn item(self, key: u32) -> u32 {
        key & ((1 << self.l_shift) - 1)
    }

    /// The score `t` of a key: the number of branches, a dead end if 0
    /// or less.
    #[inline(always)]
    pub(crate) fn score(self, key: u32) -> i64 {
        i64::from(key >> self.t_shift) - i64::from(self.offset)
    }

    /// Keys below this one are dead ends (`t <= 0`).
    #[inline(always)]
    pub(crate) fn dead_below(self) -> u32 {
        (self.offset + 1) << self.t_shift
    }
}

#[cfg(test)]
mod tests {
    use super::COVERED;
    use super::KeyBits;

    /// The live key moves by `step` per node, and `lowered` and `raised`
    /// give the key made from scratch; the order of keys is the
    /// heuristic's.
    #[test]
    fn live_keys_follow_lengths_and_bounds() {
        let k = KeyBits::new(40, 30, 3, 5).unwrap();
        for l in 1..=30 {
            for b in 1..=5 {
                for slack in 0..=3.min(b) {
                    let word = k.key(l, b, slack, 17);
                    assert!(word < COVERED);
                    assert_eq!(word.wrapping_sub(k.step()), k.key(l - 1, b, slack, 17));
                    assert_eq!(k.length(word), l);
                    assert_eq!(k.item(word), 17);
                    let t = i64::from(l) + i64::from(slack.min(b)) - i64::from(b) + 1;
                    assert_eq!(k.score(word), t);
                    assert_eq!(word < k.dead_below(), t <= 0);
                    let lower = k.key(l, b - 1, slack, 17);
                    assert_eq!(k.lowered(word | COVERED, b, slack), lower | COVERED);
                    assert_eq!(k.raised(lower, b - 1, slack), word);
                }
            }
        }
        // Less t wins, then less s, then more l, then the first.
        assert!(k.key(3, 2, 0, 5) < k.key(2, 1, 1, 0));
        assert!(k.key(4, 3, 1, 5) < k.key(3, 3, 2, 0));
        assert!(k.key(5, 3, 1, 9) < k.key(4, 2, 1, 0));
        assert!(k.key(5, 3, 1, 3) < k.key(5, 3, 1, 4));
        assert_eq!(k.secondary(7).wrapping_sub(k.step()), k.secondary(6));
        assert_eq!(k.length(k.secondary(7)), 7);
        assert!(KeyBits::new(1 << 20, 1 << 12, 1, 1).is_none());
        // Plain lengths: read below the flag, and moved by no bound.
        let plain = KeyBits::PLAIN;
        for word in [0, 1, 29, COVERED - 1] {
            assert_eq!(plain.length(word), word);
            assert_eq!(plain.length(word | COVERED), word);
            assert_eq!((plain.lowered(word, 3, 1), plain.raised(word | COVERED, 0, 0)), (word, word | COVERED));
        }
    }
}
