//! The packed keys of Algorithm M's choice (see `Dance::choose_m` in
//! `dance/mult.rs`): how the score `t`, the slack `s`, the list length `l`
//! and the item's index share one `i32`, so that the smallest key names the
//! item the heuristic picks. The arena decides once, when it is built,
//! whether its lengths and slacks fit.

use super::arena::COVERED;

/// The fields of the packed keys of `choose_m`: the item's index in the
/// low `l_shift` bits, `-l` above it, then `s`, then `t` from `t_shift`,
/// all below bit 31.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KeyBits {
    l_shift: u32,
    s_shift: u32,
    pub(crate) t_shift: u32,
    /// `1 << t_shift`: keys below it have `t = 0`, a dead end.
    pub(crate) t_one: i32,
    /// The largest `l`, whose complement is stored.
    max_length: u32,
}

impl KeyBits {
    /// The fields for `n_primary` items, lists of at most `max_length`
    /// options and slacks of at most `max_slack`, if the keys fit in 31
    /// bits.
    pub(crate) fn new(n_primary: u32, max_length: u32, max_slack: u32) -> Option<KeyBits> {
        let width = |x: u32| u32::BITS - x.leading_zeros();
        let (i, l, s) = (width(n_primary.saturating_sub(1)), width(max_length), width(max_slack));
        // `s <= b`, so `t <= l + 1`.
        let t = width(max_length.checked_add(1)?);
        let (l_shift, s_shift, t_shift) = (i, i + l, i + l + s);
        (t_shift + t <= 31).then_some(KeyBits { l_shift, s_shift, t_shift, t_one: 1 << t_shift, max_length })
    }

    /// The key of item `index` (from 0): `i32::MAX` if it is not active,
    /// else `t` (at least 0), `s`, the complement of `l` and the index in
    /// their fields, so the smallest key wins by the heuristic's rule. The
    /// shifts are the same for every item, which SSE2 vectorises.
    #[inline(always)]
    pub(crate) fn key(self, len: u32, b: u32, slack: u32, index: u32) -> i32 {
        let l = len & !COVERED;
        let s = slack.min(b);
        let t = (l + s + 1).max(b) - b;
        let key = t << self.t_shift | s << self.s_shift | (self.max_length - l) << self.l_shift | index;
        if len & COVERED != 0 { i32::MAX } else { key as i32 }
    }

    /// The item index (from 0) of a key.
    pub(crate) fn item(self, key: i32) -> u32 {
        key as u32 & ((1 << self.l_shift) - 1)
    }
}
