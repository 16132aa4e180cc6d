//! The checker's state for problems with multiplicities of up to 512
//! items: bit sets for the items used at most once, and use counts for the
//! others, both kept for every prefix of the last solution.
//!
//! An item whose upper bound is 1 (a secondary item, or a primary item
//! with bounds `[0, 1]` or `[1, 1]`) goes into [`Bits`]' sets, whose
//! `overlap` catches a second use; it is *required* when its lower bound
//! is 1. An item whose upper bound is 2 or more gets a *slot*, whose use
//! count is kept after each prefix: `counts[k * K + s]` is slot `s`'s
//! count over the first `k` options of the last solution, for `K` slots.
//! A new solution starts from its common prefix with the last one and
//! only adds options, never takes one away, as [`Bits`] does. It is valid
//! when the bit sets are and every slot's count lies within its bounds.

use super::Bits;
use crate::cover::ids::{ItemId, OptionId};
use crate::cover::problem::Problem;

/// The most slots (items with an upper bound of 2 or more) this state
/// keeps; a problem with more is checked by use counts (`Bounded`).
pub(super) const MAX_SLOTS: usize = 64;

/// See the module docs.
#[derive(Clone, Debug)]
pub(super) struct Layered<const W: usize> {
    /// The items used at most once.
    bits: Bits<W>,
    /// Option `o`'s slots: `slots[starts[o]..starts[o + 1]]`.
    slots: Vec<u32>,
    starts: Vec<u32>,
    /// Each slot's bounds.
    lo: Vec<u32>,
    hi: Vec<u32>,
    /// The slots' counts after each prefix (see the module docs).
    counts: Vec<u32>,
}

/// The number of slots `problem` needs.
pub(super) fn slot_count(problem: &Problem) -> usize {
    (0..problem.item_count() as u32).filter(|&i| problem.bounds(ItemId::from_u32(i)).1 >= 2).count()
}

impl<const W: usize> Layered<W> {
    pub(super) fn new(problem: &Problem) -> Layered<W> {
        let items = problem.item_count();
        let mut slot_of = vec![u32::MAX; items];
        let (mut lo, mut hi, mut required) = (Vec::new(), Vec::new(), Vec::new());
        for (i, slot) in slot_of.iter_mut().enumerate() {
            let (l, h) = problem.bounds(ItemId::from_u32(i as u32));
            if h >= 2 {
                *slot = lo.len() as u32;
                lo.push(l);
                hi.push(h);
            } else if l >= 1 {
                required.push(i);
            }
        }
        let (mut once, mut slots, mut starts) = (Vec::new(), Vec::new(), vec![0]);
        for o in 0..problem.option_count() {
            let option = problem.option(OptionId::from_u32(o as u32));
            let items = option.iter().map(|&(i, _)| i.as_usize());
            once.push(items.clone().filter(|&i| slot_of[i] == u32::MAX).collect::<Vec<_>>());
            slots.extend(items.filter_map(|i| (slot_of[i] != u32::MAX).then_some(slot_of[i])));
            starts.push(slots.len() as u32);
        }
        let counts = vec![0; lo.len()];
        Layered { bits: Bits::from_items(&once, &required), slots, starts, lo, hi, counts }
    }

    /// Replaces the options after the first `common` with `new`; returns
    /// whether the result satisfies every bound, or `None` if `new` names
    /// an unknown option.
    pub(super) fn update(&mut self, common: usize, new: &[OptionId]) -> Option<bool> {
        let sets = self.bits.update(common, new)?;
        let k = self.lo.len();
        let last = common + new.len();
        if self.counts.len() < (last + 1) * k {
            self.counts.resize((last + 1) * k, 0);
        }
        for (level, &o) in (common + 1..=last).zip(new) {
            self.counts.copy_within((level - 1) * k..level * k, level * k);
            let (start, end) = (self.starts[o.as_usize()] as usize, self.starts[o.as_usize() + 1] as usize);
            for &s in &self.slots[start..end] {
                self.counts[level * k + s as usize] += 1;
            }
        }
        let counts = &self.counts[last * k..(last + 1) * k];
        Some(sets && counts.iter().zip(self.lo.iter().zip(&self.hi)).all(|(&c, (&l, &h))| (l..=h).contains(&c)))
    }
}
