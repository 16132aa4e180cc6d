//! The checker's state for problems with multiplicities of up to 512
//! items: bit sets for the items used at most once, and use counts for the
//! others, both kept for every prefix of the last solution.
//!
//! An item whose upper bound is 1 (a secondary item, or a primary item
//! with bounds `[0, 1]` or `[1, 1]`) goes into [`Bits`]' sets, whose
//! `overlap` catches a second use; it is *required* when its lower bound
//! is 1. An item whose upper bound is 2 or more gets a *slot*, whose use
//! count is kept after each prefix. Slots come in blocks of [`BLOCK`]:
//! `counts[k * B + j]` holds block `j` of the counts over the first `k`
//! options of the last solution, for `B` blocks, and `delta[o * B + j]`
//! block `j` of option `o`'s own uses (0 or 1 per slot). A prefix's counts
//! are the previous prefix's plus the option's, block by block: whole
//! vectors, stored and read back at the same width, so the processor
//! forwards each store to the next level's load without a stall. A new
//! solution starts from its common prefix with the last one and only adds
//! options, never takes one away, as [`Bits`] does. It is valid when the
//! bit sets are and every slot's count lies within its bounds (the last
//! block's padding has bounds `0..=u32::MAX`).

use super::{Bits, FRESH_WORDS};
use crate::cover::bounds::Bounds;
use crate::cover::ids::{ItemId, OptionId};
use crate::cover::problem::Problem;

/// The most slots (items with an upper bound of 2 or more) this state
/// keeps; a problem with more is checked by use counts (`Bounded`).
pub(super) const MAX_SLOTS: usize = 64;

/// The most blocks of deltas (options times blocks of slots) this state
/// keeps, 32 MiB; a problem with more is checked by use counts.
pub(super) const MAX_DELTAS: usize = 1 << 20;

/// Slots per block.
const BLOCK: usize = 8;

/// The widest sets (in words) for which the state keeps `rows`, which
/// repeat the sets' words.
const ROW_WORDS: usize = 2;

/// One block of counts.
type Block = [u32; BLOCK];

/// Whether every byte of `counts` lies within the bytes of `lo` and `hi`,
/// all below 128: a byte's top bit survives subtracting `lo` from `counts`
/// (or `counts` from `hi`) with that bit set exactly when the difference is
/// not negative, and no byte borrows from the next.
fn within(counts: u64, lo: u64, hi: u64) -> bool {
    const TOP: u64 = 0x8080_8080_8080_8080;
    ((counts | TOP) - lo) & ((hi | TOP) - counts) & TOP == TOP
}

/// See the module docs.
#[derive(Clone, Debug)]
pub(super) struct Layered<const W: usize> {
    /// The items used at most once.
    bits: Bits<W>,
    /// Each option's uses of the slots, in blocks (see the module docs).
    delta: Vec<Block>,
    /// The same, one byte per slot (see [`Layered::fresh`]); empty when
    /// `rows` holds them.
    bytes: Vec<u64>,
    /// With one block of slots and sets of at most [`ROW_WORDS`] words,
    /// each option's set and its uses side by side, so that
    /// [`Layered::fresh`] finds both with one look-up; else empty.
    rows: Vec<([u64; W], u64)>,
    /// Each block's bounds, one byte per slot, saturated at 127.
    lo_bytes: Vec<u64>,
    hi_bytes: Vec<u64>,
    /// Each slot's bounds, in blocks.
    lo: Vec<Block>,
    hi: Vec<Block>,
    /// The slots' counts after each prefix, in blocks (see the module
    /// docs).
    counts: Vec<Block>,
}

/// The number of slots `problem` needs.
fn slot_count(problem: &Problem) -> usize {
    (0..problem.item_count() as u32).filter(|&i| problem.bounds(ItemId::from_u32(i)).max >= 2).count()
}

/// Whether this state can check `problem`'s solutions (see
/// [`MAX_SLOTS`] and [`MAX_DELTAS`]).
pub(super) fn fits(problem: &Problem) -> bool {
    let slots = slot_count(problem);
    slots <= MAX_SLOTS && problem.option_count().saturating_mul(slots.div_ceil(BLOCK)) <= MAX_DELTAS
}

impl<const W: usize> Layered<W> {
    pub(super) fn new(problem: &Problem) -> Layered<W> {
        let items = problem.item_count();
        let mut slot_of = vec![u32::MAX; items];
        let (mut lo, mut hi, mut required) = (Vec::new(), Vec::new(), Vec::new());
        for (i, slot) in slot_of.iter_mut().enumerate() {
            let Bounds { min: l, max: h } = problem.bounds(ItemId::from_u32(i as u32));
            if h >= 2 {
                *slot = lo.len() as u32;
                lo.push(l);
                hi.push(h);
            } else if l >= 1 {
                required.push(i);
            }
        }
        let blocks = lo.len().div_ceil(BLOCK);
        let (mut once, mut delta) = (Vec::new(), Vec::new());
        for o in 0..problem.option_count() {
            let option = problem.option(OptionId::from_u32(o as u32));
            let items = option.items().iter().map(|i| i.as_usize());
            once.push(items.clone().filter(|&i| slot_of[i] == u32::MAX).collect::<Vec<_>>());
            let first = delta.len();
            delta.resize(first + blocks, [0; BLOCK]);
            for s in items.filter_map(|i| (slot_of[i] != u32::MAX).then_some(slot_of[i] as usize)) {
                delta[first + s / BLOCK][s % BLOCK] += 1;
            }
        }
        let padded = |v: &[u32], pad: u32| -> Vec<Block> {
            v.chunks(BLOCK).map(|c| std::array::from_fn(|j| c.get(j).copied().unwrap_or(pad))).collect()
        };
        let (lo, hi) = (padded(&lo, 0), padded(&hi, u32::MAX));
        let counts = vec![[0; BLOCK]; blocks];
        let mut bytes: Vec<u64> = delta.iter().map(|d| u64::from_le_bytes(d.map(|x| x as u8))).collect();
        let saturated = |v: &[Block]| v.iter().map(|b| u64::from_le_bytes(b.map(|x| x.min(127) as u8))).collect();
        let (lo_bytes, hi_bytes) = (saturated(&lo), saturated(&hi));
        let bits = Bits::from_items(once.iter().map(|o| o.iter().copied()), &required);
        let rows = if blocks == 1 && W <= ROW_WORDS {
            std::mem::take(&mut bytes).into_iter().zip(&bits.masks).map(|(add, &m)| (m, add)).collect()
        } else {
            Vec::new()
        };
        Layered { bits, delta, bytes, rows, lo_bytes, hi_bytes, lo, hi, counts }
    }

    /// Whether `solution` satisfies every bound, from scratch and without
    /// touching the state: [`Bits::fresh`] for the items used at most once,
    /// and for the slots the sum of the options' uses, a byte per slot, so
    /// a block is one word and adding an option's is one addition. Only
    /// solutions of at most [`FRESH_WORDS`] words of sets and blocks are
    /// taken, so at most 32 options when there are slots: no count carries
    /// from one byte into the next or reaches its top bit, so the bounds,
    /// saturated at 127, compare a word at a time ([`within`]). `None` for
    /// an unknown option, or for a longer solution, for which the state
    /// costs less.
    pub(super) fn fresh(&self, solution: &[OptionId]) -> Option<bool> {
        const { assert!(FRESH_WORDS / 2 < 128, "a count stays below a byte's top bit") };
        let b = self.lo.len();
        if solution.len() * (W + b) > FRESH_WORDS {
            return None;
        }
        if !self.rows.is_empty() {
            // One block and narrow sets, the common case: the sets and the
            // counts in one pass.
            let (mut union, mut overlap, mut counts) = ([0; W], [0; W], 0);
            for o in solution {
                let (m, add) = self.rows.get(o.as_usize())?;
                overlap = std::array::from_fn(|j| overlap[j] | (union[j] & m[j]));
                union = std::array::from_fn(|j| union[j] | m[j]);
                counts += add;
            }
            return Some(self.bits.covers(&union, &overlap) & within(counts, self.lo_bytes[0], self.hi_bytes[0]));
        }
        let sets = self.bits.fresh(solution)?;
        let sum = |j: usize| solution.iter().try_fold(0u64, |sum, o| Some(sum + self.bytes.get(o.as_usize() * b + j)?));
        let within = |j: usize| Some(within(sum(j)?, self.lo_bytes[j], self.hi_bytes[j]));
        Some(sets & (0..b).try_fold(true, |all, j| Some(all & within(j)?))?)
    }

    /// Replaces the options after the first `common` with `new`, copying
    /// them into `ids` as `Bits::update` does; returns whether the result
    /// satisfies every bound, or `None` if `new` names an unknown option.
    pub(super) fn update(&mut self, common: usize, new: &[OptionId], ids: &mut [OptionId]) -> Option<bool> {
        let sets = self.bits.update(common, new, ids)?;
        let b = self.lo.len();
        let last = common + new.len();
        if self.counts.len() < (last + 1) * b {
            self.counts.resize((last + 1) * b, [0; BLOCK]);
        }
        if b == 1 {
            // Up to eight slots, the common case: the running block stays
            // in a register.
            let mut c = self.counts[common];
            for (next, &o) in self.counts[common + 1..=last].iter_mut().zip(new) {
                let add = self.delta[o.as_usize()];
                c = std::array::from_fn(|j| c[j] + add[j]);
                *next = c;
            }
        } else {
            for (level, &o) in (common + 1..=last).zip(new) {
                let (before, after) = self.counts.split_at_mut(level * b);
                let delta = &self.delta[o.as_usize() * b..][..b];
                for ((next, prev), add) in after[..b].iter_mut().zip(&before[(level - 1) * b..]).zip(delta) {
                    *next = std::array::from_fn(|j| prev[j] + add[j]);
                }
            }
        }
        let counts = &self.counts[last * b..][..b];
        // Every lane, with no branch on the data.
        let within =
            |(c, (l, h)): (&Block, (&Block, &Block))| (0..BLOCK).fold(true, |a, j| a & (l[j] <= c[j]) & (c[j] <= h[j]));
        Some(sets && counts.iter().zip(self.lo.iter().zip(&self.hi)).all(within))
    }
}

#[cfg(test)]
mod tests {
    use super::within;

    /// `within` agrees with comparing byte by byte: every count and pair
    /// of bounds below 128 in one lane, with the other lanes within their
    /// bounds at the edges of the range (a borrow from one lane into the
    /// next would show), or one of them out of its bounds.
    #[test]
    fn bytes_compare_a_word_at_a_time() {
        let lanes =
            |x: u64, lane: usize, rest: u64| (0..8).fold(0, |w, k| w | (if k == lane { x } else { rest }) << (8 * k));
        for (lane, rest) in [(0, 0), (3, 127), (7, 64), (5, 1)] {
            for c in 0..128 {
                for lo in 0..128 {
                    for hi in [0, lo, c, 127] {
                        let (counts, los, his) = (lanes(c, lane, rest), lanes(lo, lane, rest), lanes(hi, lane, rest));
                        assert_eq!(within(counts, los, his), lo <= c && c <= hi, "{c} {lo} {hi} lane {lane}");
                        // Another lane's count one below its lower bound.
                        let other = (lane + 1) % 8;
                        let low = los | 1 << (8 * other + 6);
                        assert!(rest >= 64 || !within(counts, low, his | 0x7f << (8 * other)), "{c} {lo} {hi}");
                    }
                }
            }
        }
    }
}
