//! The checker's state for big problems: use counts per item, read from
//! the problem's own option lists, without colours ([`Counts`]) or with
//! multiplicities ([`Bounded`]).

use crate::cover::bounds::Bounds;
use crate::cover::ids::{ItemId, OptionId};
use crate::cover::problem::Problem;

/// The counting state: `uses[i]` is the number of options of `current`
/// containing item `i`, `excess` the number of items used twice or more,
/// and `primary_uses` the sum of `uses` over the primary items. It is
/// valid when `excess` is 0 and `primary_uses` is the number of primary
/// items. An option given twice uses its items twice, so it shows in
/// `excess` too.
#[derive(Clone, Debug)]
pub(super) struct Counts {
    /// The options are read from the problem, where they are stored once.
    problem: Problem,
    uses: Vec<u32>,
    excess: u64,
    primary_uses: u64,
    primary: u64,
}

impl Counts {
    pub(super) fn new(problem: &Problem) -> Counts {
        let primary = problem.primary_count() as u64;
        Counts { problem: problem.clone(), uses: vec![0; problem.item_count()], excess: 0, primary_uses: 0, primary }
    }

    /// The items of option `o` and how many of them are primary, or `None`
    /// for an unknown option.
    pub(super) fn option(problem: &Problem, o: OptionId) -> Option<(&[ItemId], u64)> {
        let items = (o.as_usize() < problem.option_count()).then(|| problem.option(o).items())?;
        Some((items, items.iter().filter(|&&i| problem.is_primary(i)).count() as u64))
    }

    /// Replaces the options `old` (the end of the last solution) with
    /// `new`; returns whether the result is a cover, or `None` (leaving
    /// the state to be rebuilt) if `new` names an unknown option.
    pub(super) fn update(&mut self, old: &[OptionId], new: &[OptionId]) -> Option<bool> {
        let (mut excess, mut primary_uses) = (self.excess, self.primary_uses);
        let (problem, uses) = (&self.problem, &mut self.uses);
        for &o in old {
            let (items, primaries) = Counts::option(problem, o)?;
            primary_uses -= primaries;
            for &item in items {
                let uses = &mut uses[item];
                excess -= u64::from(*uses == 2);
                *uses -= 1;
            }
        }
        for &o in new {
            let (items, primaries) = Counts::option(problem, o)?;
            primary_uses += primaries;
            for &item in items {
                let uses = &mut uses[item];
                *uses += 1;
                excess += u64::from(*uses == 2);
            }
        }
        (self.excess, self.primary_uses) = (excess, primary_uses);
        Some(excess == 0 && primary_uses == self.primary)
    }
}

/// The counting state with multiplicities: `uses[i]` is the number of
/// options of `current` containing item `i`, and `bad` the number of items
/// whose count lies outside `lo[i]..=hi[i]` (secondary items: `0..=1`). It
/// is valid when `bad` is 0. An option given twice uses its items twice
/// (a repeat that stays within the bounds is caught by `Checker::seen`).
#[derive(Clone, Debug)]
pub(super) struct Bounded {
    /// The options are read from the problem, where they are stored once.
    problem: Problem,
    uses: Vec<u32>,
    lo: Vec<u32>,
    hi: Vec<u32>,
    bad: u64,
}

impl Bounded {
    pub(super) fn new(problem: &Problem) -> Bounded {
        let bounds: Vec<Bounds> =
            (0..problem.item_count() as u32).map(|i| problem.bounds(ItemId::from_u32(i))).collect();
        let bad = bounds.iter().filter(|b| b.min > 0).count() as u64;
        Bounded {
            problem: problem.clone(),
            uses: vec![0; bounds.len()],
            lo: bounds.iter().map(|b| b.min).collect(),
            hi: bounds.iter().map(|b| b.max).collect(),
            bad,
        }
    }

    /// Replaces the options `old` (the end of the last solution) with
    /// `new`; returns whether the result satisfies every bound, or `None`
    /// (leaving the state to be rebuilt) if `new` names an unknown option.
    pub(super) fn update(&mut self, old: &[OptionId], new: &[OptionId]) -> Option<bool> {
        for (list, up) in [(old, false), (new, true)] {
            for &o in list {
                if o.as_usize() >= self.problem.option_count() {
                    return None;
                }
                for &item in self.problem.option(o).items() {
                    let i = item.as_usize();
                    let (lo, hi) = (self.lo[i], self.hi[i]);
                    let was = (lo..=hi).contains(&self.uses[i]);
                    self.uses[i] = if up { self.uses[i] + 1 } else { self.uses[i] - 1 };
                    let is = (lo..=hi).contains(&self.uses[i]);
                    self.bad = self.bad + u64::from(was && !is) - u64::from(is && !was);
                }
            }
        }
        Some(self.bad == 0)
    }
}
