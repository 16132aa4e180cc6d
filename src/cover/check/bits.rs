//! The checker's state for problems of up to 512 items: a bit set per
//! option, and the union and overlap of the sets of each prefix of the
//! last solution (see [`Bits`]).

use crate::cover::ids::{ItemId, OptionId};
use crate::cover::problem::Problem;

/// The bit-set state, for problems of up to `64 * W` items: after the
/// first `k` options of `current`, `union[k]` is the set of items they
/// cover and `overlap[k]` the set of items covered twice or more, kept for
/// every `k`, so a new solution starts from its common prefix with the
/// last one. A solution is valid when its final `overlap` is empty and its
/// `union` holds every required item (the primary items; see `layered`
/// for problems with multiplicities).
#[derive(Clone, Debug)]
pub(super) struct Bits<const W: usize> {
    /// The items of each option.
    pub(super) masks: Vec<[u64; W]>,
    required: [u64; W],
    /// `[union[k], overlap[k]]` for every `k`, side by side.
    levels: Vec<[[u64; W]; 2]>,
}

impl<const W: usize> Bits<W> {
    pub(super) fn new(problem: &Problem) -> Bits<W> {
        let options = (0..problem.option_count() as u32)
            .map(|o| problem.option(OptionId::from_u32(o)).items().iter().map(|i| i.as_usize()));
        let primary: Vec<usize> =
            (0..problem.item_count()).filter(|&i| problem.is_primary(ItemId::from_u32(i as u32))).collect();
        Bits::from_items(options, &primary)
    }

    /// The state for options with these items (each below `64 * W`), of
    /// which `required` must be covered.
    pub(super) fn from_items<O: IntoIterator<Item = usize>>(
        options: impl Iterator<Item = O>,
        required: &[usize],
    ) -> Bits<W> {
        let set = |items: O| {
            let mut s = [0; W];
            items.into_iter().for_each(|i| s[i / 64] |= 1 << (i % 64));
            s
        };
        let masks = options.map(set).collect();
        let mut all = [0; W];
        required.iter().for_each(|&i| all[i / 64] |= 1 << (i % 64));
        Bits { masks, required: all, levels: vec![[[0; W]; 2]] }
    }

    /// Whether `solution` is a cover, from scratch and without touching
    /// the state: no item is covered twice (an option given twice would
    /// cover its items twice), and the required ones are covered. `None`
    /// for an unknown option. For short solutions this is cheaper than
    /// finding the common prefix: one load and three operations per option
    /// and word, with no branch on the data, in two independent halves.
    pub(super) fn fresh(&self, solution: &[OptionId]) -> Option<bool> {
        // Adds option `o`'s set to a half (union, overlap).
        let add = |(u, v): &mut ([u64; W], [u64; W]), o: OptionId| -> Option<()> {
            let m = self.masks.get(o.as_usize())?;
            *v = std::array::from_fn(|j| v[j] | (u[j] & m[j]));
            *u = std::array::from_fn(|j| u[j] | m[j]);
            Some(())
        };
        let (mut a, mut b) = (([0u64; W], [0u64; W]), ([0u64; W], [0u64; W]));
        let mut pairs = solution.chunks_exact(2);
        for pair in &mut pairs {
            add(&mut a, pair[0])?;
            add(&mut b, pair[1])?;
        }
        for &o in pairs.remainder() {
            add(&mut a, o)?;
        }
        let union = std::array::from_fn(|j| a.0[j] | b.0[j]);
        Some(self.covers(&union, &std::array::from_fn(|j| a.1[j] | b.1[j] | (a.0[j] & b.0[j]))))
    }

    /// Whether options whose sets have this union and overlap (the items
    /// that two of them share) are a cover: no overlap, every required
    /// item in the union.
    #[inline(always)]
    pub(super) fn covers(&self, union: &[u64; W], overlap: &[u64; W]) -> bool {
        (0..W).all(|j| overlap[j] == 0 && union[j] & self.required[j] == self.required[j])
    }

    /// Replaces the options after the first `common` with `new`, and
    /// copies each into `ids` (the checker's record of its last solution,
    /// from `common` on: as long as `new`) in the same pass; returns
    /// whether the result is a cover, or `None` if `new` names an unknown
    /// option. (Inlined, with the copy fused in: on the domino tilings a
    /// call and a second pass over the new options cost more than the
    /// update; docs/PERFORMANCE.md, "The check".)
    #[inline(always)]
    pub(super) fn update(&mut self, common: usize, new: &[OptionId], ids: &mut [OptionId]) -> Option<bool> {
        let last = common + new.len();
        if self.levels.len() <= last {
            self.levels.resize(last + 1, [[0; W]; 2]);
        }
        let [mut u, mut v] = self.levels[common];
        // Three slices of one length, indexed together.
        let n = new.len();
        let (levels, ids) = (&mut self.levels[common + 1..][..n], &mut ids[..n]);
        for k in 0..n {
            let o = new[k];
            let m = *self.masks.get(o.as_usize())?;
            v = std::array::from_fn(|j| v[j] | (u[j] & m[j]));
            u = std::array::from_fn(|j| u[j] | m[j]);
            levels[k] = [u, v];
            ids[k] = o;
        }
        Some((0..W).all(|j| v[j] == 0 && u[j] & self.required[j] == self.required[j]))
    }
}
