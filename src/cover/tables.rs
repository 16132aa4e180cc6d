//! The options of a small problem as bit sets: what the searches on bit
//! sets (`search::x_bits`, `search::m_bits`) read, built once per problem
//! and shared by its solvers (`Problem::bit_tables`).
//!
//! A problem suits them when it has no colours, at most [`MAX_ITEMS`]
//! items and [`MAX_OPTIONS`] options, and its options conflict with many
//! others for their number ([`DENSE`]); with multiplicities, when its
//! keys and words fit a compiled shape ([`m_shape`]) and no option has
//! more than [`SLOTS`] items. Invariant: option `k` of the tables is the
//! `k`-th option of the arena's layout, `option[k]` its id and `first[k]`
//! its first node, increasing with `k`; `holders` and `conflict` hold, for
//! each item and each option, the bit of every option that has the item,
//! or shares an item with the option (itself included).

#![forbid(unsafe_code)]

use crate::cover::arena::Arena;
use crate::cover::ids::{NodeId, OptionId};
use crate::cover::layout::Layout;

/// The most items, primary and secondary, that the keys' index byte holds.
pub(crate) const MAX_ITEMS: usize = 256;

/// The most options: the conflict table takes `MAX_OPTIONS² / 8` bytes at
/// most (2 MiB).
pub(crate) const MAX_OPTIONS: usize = 4096;

/// When the bit sets beat the dance: an option's *reach* (the lengths of
/// its items' lists, summed: what committing it may remove, so what the
/// dance would hide and unhide), on average, is at least `DENSE` times the
/// words a node of the bit sets copies and scans: the words of a bit set,
/// plus one per 8 keys (a 32-byte vector). Pentominoes have 24–30, and
/// there the bit sets take about half the dance's time; Langford pairs,
/// queens and dominoes fewer than 7, where the dance is as fast or faster.
/// Random problems cross over near 11 (`benches/bitsets.sh`;
/// docs/PERFORMANCE.md, "The search on bit sets"). A problem without
/// options never qualifies.
pub(crate) const DENSE: usize = 16;

/// The most items an option may have for Algorithm M on bit sets.
pub(crate) const SLOTS: usize = 8;

/// The keys and words per level to compile the loop for, for `primary`
/// primary items and `options` options, if any fits (see the module docs):
/// the keys the choice scans are all but the last [`SLOTS`], the sinks'.
pub(crate) fn m_shape(primary: usize, options: usize) -> Option<(usize, usize)> {
    let k = [64, 256].into_iter().find(|&k| primary <= k - SLOTS)?;
    let w = [4, 16, 64].into_iter().find(|&w| options <= 64 * w)?;
    Some((k, w))
}

/// The problem's options as bit sets, built once per problem.
#[derive(Clone)]
pub(crate) struct Tables {
    /// Words per bit set.
    pub(crate) w: usize,
    /// Keys scanned by the choice: the items, rounded up to 8.
    pub(crate) n8: usize,
    /// The size every option has, or 0.
    pub(crate) uniform: usize,
    /// The options' items, option `k`'s at `items[start[k]..start[k + 1]]`.
    pub(crate) items: Vec<u8>,
    pub(crate) start: Vec<u32>,
    /// Per item, the options that hold it (`w` words each).
    pub(crate) holders: Vec<u64>,
    /// Per option, the options that share an item with it, itself
    /// included (`w` words each).
    pub(crate) conflict: Vec<u64>,
    /// Per option, its id in the problem, and its first node in the arena.
    pub(crate) option: Vec<OptionId>,
    pub(crate) first: Vec<NodeId>,
    /// Per node from the first option's first node on, the option it
    /// belongs to (what a search reads from the trail's nodes when it
    /// starts below a prefix or pins).
    by_node: Vec<u16>,
}

impl Tables {
    /// The tables of the arena's options, in the order of its lists, if the
    /// problem is one for the bit sets (see the module docs) and dense
    /// enough by the measure of [`DENSE`] with `dense` for it (0 for the
    /// tests, which compare the two searches on any problem).
    pub(crate) fn build(arena: &Arena, layout: &Layout, option_count: usize, dense: usize) -> Option<Tables> {
        let n_items = arena.n_items as usize;
        // Multiplicities need the live keys of Algorithm M (see `search::m_bits`).
        if arena.has_colors() || (arena.has_bounds() && arena.mult.key_bits.is_none()) || n_items > MAX_ITEMS {
            return None;
        }
        let first: Vec<NodeId> = (0..option_count as u32)
            .filter_map(|o| layout.first_node(OptionId::from_u32(o), option_count))
            .filter(|&f| f != NodeId::NULL)
            .collect();
        if first.len() > MAX_OPTIONS || first.windows(2).any(|p| p[0] >= p[1]) {
            return None;
        }
        let (n_opt, w) = (first.len(), first.len().div_ceil(64).max(1));
        let size = |f: &NodeId| (arena.span_of(*f).end.as_u32() - f.as_u32()) as usize;
        let shape = m_shape(arena.n_primary as usize, n_opt);
        if arena.has_bounds() && (shape.is_none() || first.iter().any(|f| size(f) > SLOTS)) {
            return None;
        }
        let mut items = Vec::new();
        let mut start = vec![0u32];
        let mut holders = vec![0u64; n_items * w];
        for (k, &f) in first.iter().enumerate() {
            for p in arena.span_of(f).nodes() {
                let item = arena.top[p].item() as usize;
                items.push(item as u8);
                holders[item * w + k / 64] |= 1 << (k % 64);
            }
            start.push(items.len() as u32);
        }
        let length =
            |item: u8| holders[item as usize * w..][..w].iter().map(|x| x.count_ones() as usize).sum::<usize>();
        let reach: usize = items.iter().map(|&j| length(j)).sum();
        let n8 = n_items.div_ceil(8) * 8;
        if dense > 0 && (reach == 0 || reach < dense * n_opt * (w + n8 / 8)) {
            return None;
        }
        // Algorithm M covers items by their bounds, so it has no use for
        // the conflicts.
        let mut conflict = vec![0u64; if arena.has_bounds() { 0 } else { n_opt * w }];
        for (k, row) in conflict.chunks_exact_mut(w).enumerate() {
            for &j in &items[start[k] as usize..start[k + 1] as usize] {
                for (c, h) in row.iter_mut().zip(&holders[j as usize * w..][..w]) {
                    *c |= h;
                }
            }
        }
        let size = start.get(1).map_or(0, |&e| e as usize);
        let uniform = if start.windows(2).all(|p| (p[1] - p[0]) as usize == size) { size } else { 0 };
        let option = first.iter().map(|&f| layout.option_at(f)).collect();
        let mut by_node = Vec::new();
        if let (Some(&base), Some(&last)) = (first.first(), first.last()) {
            by_node.resize((arena.span_of(last).end.as_u32() - base.as_u32()) as usize, 0);
            for (k, &f) in first.iter().enumerate() {
                let span =
                    (f.as_u32() - base.as_u32()) as usize..(arena.span_of(f).end.as_u32() - base.as_u32()) as usize;
                // At most MAX_OPTIONS options.
                by_node[span].fill(k as u16);
            }
        }
        Some(Tables { w, n8, uniform, items, start, holders, conflict, option, first, by_node })
    }

    /// The size every option has, or 0.
    pub(crate) fn uniform(&self) -> usize {
        self.uniform
    }

    /// The number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.first.len()
    }

    /// The problem's id of option `k`.
    #[inline(always)]
    pub(crate) fn option(&self, k: u32) -> OptionId {
        self.option[k as usize]
    }

    /// Option `k`'s items: `U` of them when every option has `U` (0: read
    /// the bounds).
    #[inline(always)]
    pub(crate) fn items<const U: usize>(&self, k: usize) -> &[u8] {
        if U > 0 { &self.items[k * U..][..U] } else { &self.items[self.start[k] as usize..self.start[k + 1] as usize] }
    }

    /// The option whose nodes include node `p`.
    #[inline(always)]
    pub(crate) fn option_of(&self, p: NodeId) -> usize {
        usize::from(self.by_node[(p.as_u32() - self.first[0].as_u32()) as usize])
    }
}

/// Sets the first `n` bits of `set` (every option live) and clears the
/// rest: a word at a time.
pub(crate) fn first_bits(set: &mut [u64], n: usize) {
    for (k, word) in set.iter_mut().enumerate() {
        let below = n.saturating_sub(k * 64);
        *word = if below >= 64 { u64::MAX } else { (1u64 << below) - 1 };
    }
}

#[cfg(test)]
mod tests {
    use super::{Tables, first_bits};
    use crate::cover::Problem;
    use crate::cover::brute::random_dlx;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// `first_bits` sets the bits a bit-by-bit loop sets.
    #[test]
    fn first_bits_sets_the_first_n() {
        for w in [1, 2, 4] {
            for n in 0..=w * 64 {
                let mut set = vec![0x5555_5555_5555_5555u64; w];
                first_bits(&mut set, n);
                let mut want = vec![0u64; w];
                for k in 0..n {
                    want[k / 64] |= 1 << (k % 64);
                }
                assert_eq!(set, want, "{w} words, {n} bits");
            }
        }
    }
    /// Every node of every option maps to that option, the first and last
    /// nodes included, with options of different lengths.
    #[test]
    fn each_node_names_its_option() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..200 {
            let (items, options) = (rng.random_range(1..12), rng.random_range(1..40));
            let text = random_dlx(&mut rng, items, options, 0.3, false);
            let Ok(problem) = Problem::from_dlx(&text) else { continue };
            let arena = problem.pristine();
            let Some(tables) = Tables::build(arena, &problem.inner.layout, problem.option_count(), 0) else {
                continue;
            };
            for (k, &f) in tables.first.iter().enumerate() {
                for p in arena.span_of(f).nodes() {
                    assert_eq!(tables.option_of(p), k, "{text}");
                }
            }
        }
    }
}
