//! Algorithm M on bit sets: DLX3's search (see `m` and `dance::mult`),
//! node for node and update for update, on the state of the search on bit
//! sets (see `bits`) instead of lists.
//!
//! A level's node has a bit set of the *live* options (those still in
//! every list of their items) and a key per item: Algorithm M's live key
//! (see `keys`) for an active primary item, flagged [`COVERED`] for a
//! covered or retired one, and above `COVERED` for a secondary item (it
//! starts at `u32::MAX`, and its options are removed at most once each on
//! a path, which never brings it down to `COVERED`). So the smallest key
//! is DLX3's choice, as in `Dance::choose_m`. The residual bounds are not
//! copied: one array, lowered going forward and raised backing up, as the
//! dance does.
//!
//! A level that branches on item `i` lowers `i`'s bound to `b` and takes
//! `cand` = live ∧ (options of `i`), in list order. Then, as in
//! `Dance::advance_m`, by its [`Mode`]:
//! * **cover** (`b` = 0, no slack): `i` is covered (its options leave the
//!   live set) and each branch commits one of them;
//! * **solo** (`b` = 0, with slack): the same, each branch counting the
//!   tweak of one node, and a null move after them;
//! * **block** (`b` > 0): each branch first *tweaks* its option out of the
//!   live set for good (for the level's later branches too), and the null
//!   move, when the slack allows it, retires `i`. The level is exhausted
//!   once the options left and the slack no longer exceed `b`.
//!
//! `rest` and `base` hold the live set and the keys after the level's
//! cover and tweaks so far; committing an option makes the next level's
//! node from them: its other items' bounds go down, and those that reach
//! 0, and its secondary items, are covered. Backing up raises the bounds
//! again and nothing else: each level keeps its own copy.
//!
//! The updates counted are DLX3's: a cover counts 1 plus the nodes it
//! hides (each option's but one), a block tweak the option's nodes, a solo
//! tweak 1.

#![forbid(unsafe_code)]

use super::bits::{MAX_ITEMS, Tables, each_word, remove};
use crate::cover::arena::{Arena, COVERED, SOLO, TWEAK};
use crate::cover::keys::KeyBits;
use std::fmt;

/// Words of padding after the live sets, so that sets of up to `PAD`
/// words are copied by a copy of `PAD` (see [`MLevels::commit`]).
const PAD: usize = 4;

/// What `at` holds for a level that made the null move.
const NULL_MOVE: u32 = u32::MAX;

/// How a level of Algorithm M branches (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Cover,
    Solo,
    Block,
}

/// The next branch at a level (see [`MLevels::advance`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MBranch {
    Exhausted,
    Option(u32),
    Null,
}

/// The state of every level of Algorithm M on bit sets, one copy each
/// (see the module docs).
#[derive(Clone)]
pub(crate) struct MLevels {
    /// The live options at each level's node, and their word mask (as in
    /// `bits::Levels`).
    live: Vec<u64>,
    words: Vec<u64>,
    /// The options of each level's item, and their word mask.
    cand: Vec<u64>,
    cand_words: Vec<u64>,
    /// The keys at each level's node. Once the level is open, `live` and
    /// `keys` hold its state after its cover and tweaks so far, as the
    /// node's own state is no longer needed.
    keys: Vec<[u32; MAX_ITEMS]>,
    /// Per level: the item it branches on, how, the option tried (or
    /// [`NULL_MOVE`]), and at a block level the options not yet tweaked.
    item: Vec<u8>,
    mode: Vec<Mode>,
    at: Vec<u32>,
    left: Vec<u32>,
    /// Per item: the residual bound and the slack (primary items only).
    bound: [u32; MAX_ITEMS],
    slack: [u32; MAX_ITEMS],
    bits: KeyBits,
    /// The primary items, and the keys the choice scans and each level
    /// copies: the primary items', rounded up to 8.
    primary: usize,
    p8: usize,
    /// Updates counted since the search began, as DLX3 counts them.
    pub(crate) updates: u64,
}

impl MLevels {
    /// Room for `depth` levels of the arena's problem (which has live
    /// keys: see `Tables::build`).
    pub(crate) fn new(tables: &Tables, arena: &Arena, depth: usize) -> MLevels {
        let w = tables.w;
        let primary = arena.n_primary as usize;
        MLevels {
            live: vec![0; (depth + 1) * w + PAD],
            words: vec![0; depth + 1],
            cand: vec![0; depth * w],
            cand_words: vec![0; depth],
            keys: vec![[u32::MAX; MAX_ITEMS]; depth + 1],
            item: vec![0; depth],
            mode: vec![Mode::Cover; depth],
            at: vec![0; depth],
            left: vec![0; depth],
            bound: [0; MAX_ITEMS],
            slack: [0; MAX_ITEMS],
            bits: arena.key_bits.expect("Algorithm M on bit sets has live keys"),
            primary,
            p8: primary.div_ceil(8) * 8,
            updates: 0,
        }
    }

    /// Sets level `level`'s node to the arena's state: the options not on
    /// the trail are live, and the keys and bounds are the arena's.
    pub(crate) fn start(&mut self, tables: &Tables, arena: &Arena, level: usize) {
        let w = tables.w;
        let live = &mut self.live[level * w..][..w];
        live.fill(0);
        for k in 0..tables.option_count() {
            live[k / 64] |= 1 << (k % 64);
        }
        for &e in &arena.trail[..arena.trail_len as usize] {
            let k = tables.option_of(e & !(TWEAK | SOLO));
            live[k / 64] &= !(1 << (k % 64));
        }
        self.words[level] = live.iter().enumerate().fold(0, |m, (k, &x)| m | (u64::from(x != 0) << k));
        let keys = &mut self.keys[level];
        keys.fill(u32::MAX);
        for j in 0..self.primary {
            keys[j] = arena.len[j + 1];
            self.bound[j] = arena.bound[j + 1];
            self.slack[j] = arena.slack[j + 1];
        }
        self.updates = 0;
    }

    /// DLX3's choice at `level`: the item and its score, or `None` when no
    /// primary item is active.
    #[inline(always)]
    pub(crate) fn choose(&self, level: usize) -> Option<(u8, i64)> {
        let keys = &self.keys[level][..self.p8];
        let best = keys.iter().fold(u32::MAX, |m, &k| m.min(k));
        (best < COVERED).then(|| (self.bits.item(best) as u8, self.bits.score(best)))
    }

    /// The end of the search below a node without live options whose
    /// choice is not a dead end: each active primary item has an empty
    /// list and a score of 1, so the search makes a null move on each in
    /// turn (retiring it, or covering its empty list when its bound was 1)
    /// and finds one solution below them. Does those levels at once, if
    /// they are at most `room`: their bounds go down and they record the
    /// null move, so that backing up closes each. Returns how many levels
    /// it made (the nodes it entered, but for the solution's), and the
    /// updates are DLX3's.
    #[inline(always)]
    pub(crate) fn null_moves(&mut self, level: usize, room: u64) -> Option<usize> {
        if self.words[level] != 0 {
            return None;
        }
        let keys = &self.keys[level][..self.p8];
        let k = keys.iter().filter(|&&key| key < COVERED).count();
        if k as u64 > room {
            return None;
        }
        let mut l = level;
        for (j, _) in keys.iter().enumerate().filter(|(_, key)| **key < COVERED) {
            self.item[l] = j as u8;
            self.at[l] = NULL_MOVE;
            self.bound[j] -= 1;
            self.updates += u64::from(self.bound[j] == 0);
            l += 1;
        }
        Some(k)
    }

    /// Opens `level` on item `i`: lowers its bound, covers it if that
    /// reaches 0, and sets the level's mode and options.
    #[inline(always)]
    pub(crate) fn open<const U: usize>(&mut self, tables: &Tables, level: usize, i: u8) {
        let w = tables.w;
        let j = i as usize;
        let b = self.bound[j] - 1;
        self.bound[j] = b;
        let base = &mut self.keys[level];
        base[j] = self.bits.lowered(base[j], b + 1, self.slack[j]);
        let live = &mut self.live[level * w..][..w];
        let cand = &mut self.cand[level * w..][..w];
        let holders = &tables.holders[j * w..][..w];
        let (mut found, mut count, mut updates) = (0, 0, 1);
        let step = self.bits.step();
        for k in 0..w {
            let c = live[k] & holders[k];
            cand[k] = c;
            found |= u64::from(c != 0) << k;
            count += c.count_ones();
            if b == 0 {
                live[k] &= !c;
                updates += remove::<U>(tables, k, c, base, step);
            }
        }
        self.cand_words[level] = found;
        self.item[level] = i;
        self.mode[level] = if b != 0 {
            Mode::Block
        } else if self.slack[j] == 0 {
            Mode::Cover
        } else {
            Mode::Solo
        };
        if b == 0 {
            base[j] |= COVERED;
            self.updates += updates;
        }
        self.left[level] = count;
    }

    /// The next branch at `level`, after option `from` (or from the first
    /// option): as `Dance::advance_m`, tweaking the option at a block
    /// level.
    #[inline(always)]
    pub(crate) fn advance<const U: usize>(&mut self, tables: &Tables, level: usize, from: Option<u32>) -> MBranch {
        let next = match from {
            None => self.first(tables, level),
            Some(x) => self.next(tables, level, x),
        };
        match self.mode[level] {
            Mode::Cover => next.map_or(MBranch::Exhausted, MBranch::Option),
            Mode::Solo => match next {
                Some(x) => {
                    self.updates += 1;
                    MBranch::Option(x)
                }
                None => MBranch::Null,
            },
            Mode::Block => {
                let i = self.item[level] as usize;
                if self.left[level] + self.slack[i] <= self.bound[i] {
                    return MBranch::Exhausted;
                }
                let Some(x) = next else {
                    self.keys[level][i] |= COVERED;
                    return MBranch::Null;
                };
                let (k, bit) = (x as usize / 64, x % 64);
                self.live[level * tables.w + k] &= !(1 << bit);
                let step = self.bits.step();
                self.updates += 1 + remove::<U>(tables, k, 1 << bit, &mut self.keys[level], step);
                self.left[level] -= 1;
                MBranch::Option(x)
            }
        }
    }

    /// The first option of `level`'s item.
    #[inline(always)]
    fn first(&self, tables: &Tables, level: usize) -> Option<u32> {
        let found = self.cand_words[level];
        let k = each_word(found).next()?;
        Some((k * 64) as u32 + self.cand[level * tables.w + k].trailing_zeros())
    }

    /// The option after `x` in the list of `level`'s item, if any.
    #[inline(always)]
    fn next(&self, tables: &Tables, level: usize, x: u32) -> Option<u32> {
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

    /// Makes the node of `level + 1` from `level`'s state, with option `x`
    /// committed (`None`: the null move, which commits nothing).
    #[inline(always)]
    pub(crate) fn commit<const U: usize>(&mut self, tables: &Tables, level: usize, x: Option<u32>) {
        let w = tables.w;
        let (p8, primary, bits) = (self.p8, self.primary, self.bits);
        let (done, below) = self.keys.split_at_mut(level + 1);
        let keys = &mut below[0];
        copy_keys(keys, &done[level], p8);
        if w <= PAD {
            // One vector move, past the end of the sets into the next
            // levels' (whose state is not made yet) or the padding.
            self.live.copy_within(level * w..level * w + PAD, (level + 1) * w);
        } else {
            self.live.copy_within(level * w..(level + 1) * w, (level + 1) * w);
        }
        let next = &mut self.live[(level + 1) * w..][..w];
        let mut updates = 0;
        let step = bits.step();
        self.at[level] = x.unwrap_or(NULL_MOVE);
        if let Some(x) = x {
            let i = self.item[level];
            for &j in tables.items::<U>(x as usize) {
                let ju = j as usize;
                if j == i {
                    continue;
                }
                if ju < primary {
                    let b = self.bound[ju];
                    keys[ju] = bits.lowered(keys[ju], b, self.slack[ju]);
                    self.bound[ju] = b - 1;
                    if b != 1 {
                        continue;
                    }
                    keys[ju] |= COVERED;
                }
                // Cover `j`: its live options go.
                updates += 1;
                let holders = &tables.holders[ju * w..][..w];
                for k in 0..w {
                    let gone = next[k] & holders[k];
                    if gone != 0 {
                        next[k] &= !gone;
                        updates += remove::<U>(tables, k, gone, keys, step);
                    }
                }
            }
        }
        self.updates += updates;
        self.words[level + 1] = next.iter().fold(0, |m, &x| m | x);
    }

    /// Backs up to `level`: raises the bounds that its option lowered.
    /// Returns the option, or `None` after the null move (then the level
    /// is done: [`MLevels::close`] it).
    #[inline(always)]
    pub(crate) fn back<const U: usize>(&mut self, tables: &Tables, level: usize) -> Option<u32> {
        let x = self.at[level];
        if x == NULL_MOVE {
            return None;
        }
        let i = self.item[level];
        for &j in tables.items::<U>(x as usize) {
            if j != i && (j as usize) < self.primary {
                self.bound[j as usize] += 1;
            }
        }
        Some(x)
    }

    /// Closes `level`: raises its item's bound again.
    #[inline(always)]
    pub(crate) fn close(&mut self, level: usize) {
        self.bound[self.item[level] as usize] += 1;
    }
}

/// Copies the first `n` keys of `from` to `to`: up to 64, by copying 64,
/// which is eight vector moves with AVX2, where a copy of a length known
/// only at run time calls `memcpy` (the keys past `n` are never read).
#[inline(always)]
fn copy_keys(to: &mut [u32; MAX_ITEMS], from: &[u32; MAX_ITEMS], n: usize) {
    if n <= 64 {
        to[..64].copy_from_slice(&from[..64]);
    } else {
        to[..n].copy_from_slice(&from[..n]);
    }
}

/// A summary: the levels hold two key arrays of 1 KiB each per level.
impl fmt::Debug for MLevels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MLevels {{ depth: {}, updates: {} }}", self.at.len(), self.updates)
    }
}
