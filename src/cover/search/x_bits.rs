//! The search on bit sets: DLX1's search, node for node and update for
//! update, for small problems whose options conflict with many others
//! (pentominoes), where it beats dancing.
//!
//! Instead of lists, the state of a level is a bit set of the *live*
//! options (one bit per option, `w` words) and a *key* per item: for an
//! active primary item, its number of live options shifted left by 8, with
//! the item's index below; for a covered item, [`COVERED`]; for a secondary
//! item, a value above [`LAST_PRIMARY`] (it starts at `u32::MAX` and goes
//! down by one step per live option removed, never that far). The smallest
//! key is then DLX1's choice, the first active primary item of minimum
//! length, and a smallest key above [`LAST_PRIMARY`] means every primary
//! item is covered.
//!
//! At a node of level `l` that branches on item `i`:
//! * `cand[l]` = `live[l]` ∧ (options of `i`): `i`'s list, in option order,
//!   as in DLX1 without a seed;
//! * covering `i` removes them: `base[l]` is `keys[l]` less one step per
//!   item of each, with `i` flagged;
//! * trying option `x` makes the next level: `live[l+1]` = `live[l]` ∧
//!   ¬`cand[l]` ∧ ¬`conflict[x]`, and `keys[l+1]` is `base[l]` less the
//!   options removed, with `x`'s items flagged.
//!
//! Backing up is free: each level keeps its own copy, so nothing is
//! undone. The updates counted are DLX1's: covering an item counts one,
//! and each option removed counts its nodes but one.
//!
//! The search runs on the arena's state after the pins and the prefix
//! (read from the trail: an option is live unless it is on the trail), so
//! pins, prefixes and parallel splits work as with the dance. It is used
//! when the problem has no colours, at most [`MAX_ITEMS`] items and
//! [`MAX_OPTIONS`] options, and its options conflict with many others for
//! their number ([`DENSE`]), and only without a seed and a restriction
//! (see `Search::backend_for_next_search`). With multiplicities, these
//! tables serve Algorithm M on bit sets (`m_bits`), which has limits of
//! its own (`tables::m_shape`, `tables::SLOTS`).

#![forbid(unsafe_code)]

use super::{Event, OnSolution, Phase, Search};
use crate::cover::arena::Arena;
use crate::cover::avx2::{maybe_avx2, with_avx2};
use crate::cover::ids::Fork;
use crate::cover::keys::COVERED as LEN_COVERED;
use crate::cover::tables::{MAX_ITEMS, MAX_OPTIONS, Tables, first_bits};
use std::fmt;
use std::sync::Arc;

/// One live option in a key.
const STEP: u32 = 1 << 8;

/// The key of a covered item.
const COVERED: u32 = u32::MAX;

/// Keys above this belong to no active primary item.
const LAST_PRIMARY: u32 = (MAX_OPTIONS as u32 + 1) * STEP;

/// The state of every level, one copy each (see the module docs). A bit
/// set is read only on the words that its level's *word mask* lists (bit
/// `k` for word `k`, at most 64 words): the words of the live options
/// that are not empty. Deep in the search most words are empty, so a
/// level costs what its live options take, not the whole set.
#[derive(Clone)]
pub(crate) struct Levels {
    /// The live options at each level's node, and their word mask.
    live: Vec<u64>,
    words: Vec<u64>,
    /// The options of the item each level branches on, their word mask,
    /// and the live options left once they are removed.
    cand: Vec<u64>,
    cand_words: Vec<u64>,
    rest: Vec<u64>,
    /// The keys at each level's node, and after covering its item.
    keys: Vec<[u32; MAX_ITEMS]>,
    base: Vec<[u32; MAX_ITEMS]>,
    /// The option tried at each level.
    at: Vec<u32>,
    /// Updates counted since the search began, as DLX1 counts them.
    pub(crate) updates: u64,
}

impl Levels {
    /// Room for `depth` levels.
    pub(crate) fn new(tables: &Tables, depth: usize) -> Levels {
        let w = tables.w;
        Levels {
            live: vec![0; (depth + 1) * w],
            words: vec![0; depth + 1],
            cand: vec![0; depth * w],
            cand_words: vec![0; depth],
            rest: vec![0; depth * w],
            keys: vec![[COVERED; MAX_ITEMS]; depth + 1],
            base: vec![[COVERED; MAX_ITEMS]; depth],
            at: vec![0; depth],
            updates: 0,
        }
    }

    /// Sets level `level`'s node to the arena's state: the options not on
    /// the trail are live, and the keys count them.
    pub(crate) fn start(&mut self, tables: &Tables, arena: &Arena, level: usize) {
        let w = tables.w;
        let live = &mut self.live[level * w..][..w];
        first_bits(live, tables.first.len());
        for e in arena.trail.in_use() {
            let k = tables.option_of(e.hidden());
            live[k / 64] &= !(1 << (k % 64));
        }
        self.words[level] = live.iter().enumerate().fold(0, |m, (k, &x)| m | (u64::from(x != 0) << k));
        let keys = &mut self.keys[level];
        keys.fill(COVERED);
        for h in 1..=arena.n_items as usize {
            let item = h - 1;
            let holders = &tables.holders[item * w..][..w];
            let count = holders.iter().zip(&*live).map(|(a, b)| (a & b).count_ones()).sum::<u32>();
            keys[item] = if h > arena.n_primary as usize {
                u32::MAX
            } else if arena.len[h] & LEN_COVERED != 0 {
                COVERED
            } else {
                (count * STEP) | item as u32
            };
        }
        self.updates = 0;
    }

    /// DLX1's choice at `level`: the first active primary item of minimum
    /// length, and its length; `None` when every primary item is covered.
    #[inline(always)]
    pub(crate) fn choose(&self, tables: &Tables, level: usize) -> Option<(u8, u32)> {
        let keys = &self.keys[level][..tables.n8];
        let best = keys.iter().fold(u32::MAX, |m, &k| m.min(k));
        (best <= LAST_PRIMARY).then_some((best as u8, best >> 8))
    }

    /// Covers item `i` at `level`: `cand[level]` gets its options,
    /// `rest[level]` the other live ones, and `base[level]` the keys
    /// without `i`'s options. Returns the first of them.
    #[inline(always)]
    pub(crate) fn cover<const U: usize>(&mut self, tables: &Tables, level: usize, i: u8) -> u32 {
        let w = tables.w;
        let live = &self.live[level * w..][..w];
        let cand = &mut self.cand[level * w..][..w];
        let rest = &mut self.rest[level * w..][..w];
        let holders = &tables.holders[i as usize * w..][..w];
        let base = &mut self.base[level];
        base[..tables.n8].copy_from_slice(&self.keys[level][..tables.n8]);
        let (mut found, mut updates) = (0, 1);
        for k in each_word(self.words[level]) {
            let c = live[k] & holders[k];
            cand[k] = c;
            rest[k] = live[k] & !c;
            found |= u64::from(c != 0) << k;
            updates += remove::<U>(tables, k, c, base);
        }
        self.updates += updates;
        base[i as usize] = COVERED;
        self.cand_words[level] = found;
        let k = found.trailing_zeros() as usize;
        (k * 64 + cand[k].trailing_zeros() as usize) as u32
    }

    /// The option after `x` in the list of `level`'s item, if any.
    #[inline(always)]
    pub(crate) fn next(&self, tables: &Tables, level: usize, x: u32) -> Option<u32> {
        let cand = &self.cand[level * tables.w..][..tables.w];
        let (k, bit) = (x as usize / 64, x % 64);
        let above = cand[k] & ((u64::MAX << bit) << 1);
        if above != 0 {
            return Some((k * 64) as u32 + above.trailing_zeros());
        }
        let later = self.cand_words[level] & ((u64::MAX << k) << 1);
        let k = each_word(later).next()?;
        Some((k * 64) as u32 + cand[k].trailing_zeros())
    }

    /// Tries option `x` at `level`: makes the node of `level + 1`.
    #[inline(always)]
    pub(crate) fn commit<const U: usize>(&mut self, tables: &Tables, level: usize, x: u32) {
        let w = tables.w;
        self.at[level] = x;
        let rest = &self.rest[level * w..][..w];
        let next = &mut self.live[(level + 1) * w..][..w];
        let conflict = &tables.conflict[x as usize * w..][..w];
        let keys = &mut self.keys[level + 1];
        keys[..tables.n8].copy_from_slice(&self.base[level][..tables.n8]);
        let x_items = tables.items::<U>(x as usize);
        let (mut left, mut updates) = (0, (x_items.len() - 1) as u64);
        for k in each_word(self.words[level]) {
            let (r, c) = (rest[k], conflict[k]);
            next[k] = r & !c;
            left |= u64::from(r & !c != 0) << k;
            updates += remove::<U>(tables, k, r & c, keys);
        }
        self.updates += updates;
        self.words[level + 1] = left;
        for &j in x_items {
            keys[j as usize] = COVERED;
        }
    }

    /// The option tried at `level`.
    #[inline(always)]
    pub(crate) fn at(&self, level: usize) -> u32 {
        self.at[level]
    }
}

/// A summary: the tables run to megabytes.
impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (options, words) = (self.option.len(), self.w);
        write!(f, "Tables {{ options: {options}, words: {words}, uniform: {} }}", self.uniform)
    }
}

/// A summary: the levels hold two key arrays of 1 KiB each per level.
impl fmt::Debug for Levels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Levels {{ depth: {}, updates: {} }}", self.at.len(), self.updates)
    }
}

/// The words a word mask lists, in order.
#[inline(always)]
fn each_word(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let k = (mask != 0).then(|| mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(k)
    })
}

/// Takes the options in word `word` of a bit set, `gone`, out of `keys`
/// (one step per item each), and returns the updates DLX1 counts for
/// hiding them.
#[inline(always)]
fn remove<const U: usize>(tables: &Tables, word: usize, gone: u64, keys: &mut [u32; MAX_ITEMS]) -> u64 {
    let (mut m, mut updates) = (gone, 0);
    while m != 0 {
        let k = word * 64 + m.trailing_zeros() as usize;
        m &= m - 1;
        let items = tables.items::<U>(k);
        for &j in items {
            keys[j as usize] = keys[j as usize].wrapping_sub(STEP);
        }
        updates += items.len() as u64 - 1;
    }
    updates
}
/// Runs the search on bit sets, compiled for the size every option has
/// when the problem's options have one of the usual sizes (pieces of 4 to
/// 6 cells, and their name), and with AVX2 when the CPU has it.
#[inline(never)]
pub(super) fn run(search: &mut Search, on: &mut OnSolution) -> Event {
    let tables = Arc::clone(search.bits.tables.as_ref().expect("the search on bit sets has its tables"));
    let (t, avx2) = (&tables, search.avx2);
    match (tables.uniform(), avx2) {
        (5, Some(avx2)) => with_avx2!(avx2, run_loop::<5>(search, t, on)),
        (6, _) => maybe_avx2!(avx2, run_loop::<6>(search, t, on)),
        (7, Some(avx2)) => with_avx2!(avx2, run_loop::<7>(search, t, on)),
        _ => maybe_avx2!(avx2, run_loop::<0>(search, t, on)),
    }
}

/// The loop itself, for options of `U` items (0: any sizes): `x_links`'s
/// steps and stops, with each level's state in [`Levels`].
#[inline(always)]
fn run_loop<const U: usize>(search: &mut Search, tables: &Tables, on: &mut OnSolution) -> Event {
    let Search { problem, arena, stack, watch, sink, bits, cap, .. } = search;
    let cap = *cap;
    let run = watch.run();
    let mut resume = stack.resumes();
    let mut stop_at = run.stop_at;
    let floor = stack.floor;
    let mut level = stack.level;
    let mut nodes = watch.nodes;
    let mut guesses = watch.guesses;
    let base = stack.pins.len();
    let levels = bits.levels.as_deref_mut().expect("the search on bit sets has its levels");
    let (event, phase) = 'search: loop {
        if !resume {
            loop {
                let position = || (&stack.branch[..], sink.solutions);
                if let Some(stop) = watch.enter((level, cap), &mut nodes, &mut stop_at, &run, position) {
                    break 'search stop;
                }
                let Some((i, t)) = levels.choose(tables, level) else {
                    if let Some(stop) = sink.report(problem, base + level, on, run.max_solutions) {
                        break 'search stop;
                    }
                    break;
                };
                stack.branch[level] = Fork { ways: t, taken: 0 };
                guesses += u64::from(t > 1);
                if t == 0 {
                    // DLX1 covers the item and finds its list empty.
                    levels.updates += 1;
                    break;
                }
                let x = levels.cover::<U>(tables, level, i);
                levels.commit::<U>(tables, level, x);
                sink.path[base + level] = tables.option(x);
                level += 1;
            }
        }
        resume = false;
        // Back up to the next untried option.
        loop {
            if level == floor {
                break 'search (Event::Done, Phase::Done);
            }
            level -= 1;
            if let Some(x) = levels.next(tables, level, levels.at(level)) {
                levels.commit::<U>(tables, level, x);
                sink.path[base + level] = tables.option(x);
                sink.changed = sink.changed.min(base + level);
                stack.branch[level].taken += 1;
                level += 1;
                break;
            }
        }
    };
    arena.work.updates += std::mem::take(&mut levels.updates);
    stack.level = level;
    watch.nodes = nodes;
    watch.guesses = guesses;
    stack.phase = phase;
    event
}
