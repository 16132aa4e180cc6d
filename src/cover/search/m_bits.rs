//! Algorithm M on bit sets: DLX3's search (see `m_links` and
//! `dance::mult`), node for node and update for update, on the state of
//! the search on bit sets (see `x_bits`) instead of lists.
//!
//! A level's node has a bit set of the *live* options (those still in
//! every list of their items) and a key per primary item: Algorithm M's
//! live key (see `keys`) for an active item, flagged [`COVERED`] for a
//! covered or retired one, so that the smallest key is DLX3's choice, as
//! in `Dance::choose_m`. The residual bounds are not copied: one array,
//! lowered going forward and raised backing up, as the dance does.
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
//! Opening a level changes its node's live set and keys in place (the
//! node's own state is not needed again), and committing an option makes
//! the next level's node from them: its other items' bounds go down, and
//! those that reach 0, and its secondary items, are covered. Backing up
//! raises the bounds again and nothing else.
//!
//! A node without live options whose choice is no dead end ends in a
//! chain of null moves and one solution ([`MLevels::null_moves`]), which
//! is counted at once.
//!
//! **Sizes.** The loop is compiled for `K` keys and `W` words per level
//! (see [`m_shape`]), so that copying a level's state and scanning it are
//! loops of known length: `K` is 64 or 256, and covers the primary
//! items and the *sinks*, the last [`SLOTS`] keys, which the choice never
//! reads; `W` is 4, 16 or 64. Each option keeps its primary items in
//! [`SLOTS`] slots, padded with the sinks, so removing an option takes the
//! same [`SLOTS`] decrements whatever its size, and committing it and
//! backing up lower and raise [`SLOTS`] bounds without a branch: problems
//! with larger options keep the dance.
//!
//! The updates counted are DLX3's: a cover counts 1 plus the nodes it
//! hides (each option's but one), a block tweak the option's nodes, a solo
//! tweak 1.

#![forbid(unsafe_code)]

use super::{Event, OnSolution, Phase, Search, chain_room};
use crate::cover::arena::Arena;
use crate::cover::avx2::with_avx2;
use crate::cover::ids::Fork;
use crate::cover::keys::COVERED;
use crate::cover::keys::KeyBits;
use crate::cover::tables::{SLOTS, Tables, first_bits, m_shape};
use std::fmt;
use std::sync::Arc;

/// The bound of a sink: never brought to 0 (each commit lowers it by one,
/// and backing up raises it again).
const FAR: u32 = u32::MAX / 2;

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

/// An option's items in [`SLOTS`] slots each: its primary items, then
/// the sinks; its secondary items, and how many; and the updates hiding it
/// counts (its size less one).
#[derive(Clone, Copy, Debug)]
struct Slots {
    primary: [u8; SLOTS],
    secondary: [u8; SLOTS],
    n_secondary: u8,
    weight: u64,
}

/// What a level did: its item, how it branches, the option it tries (or
/// [`NULL_MOVE`]), and at a block level the options not yet tweaked.
#[derive(Clone, Copy, Debug)]
struct Step {
    item: u8,
    mode: Mode,
    at: u32,
    left: u32,
}

/// The state of every level of Algorithm M on bit sets (see the module
/// docs), `k` keys and `w` words per level.
#[derive(Clone)]
pub(crate) struct MLevels {
    k: usize,
    w: usize,
    /// The live options at each level's node, `w` words each.
    live: Vec<u64>,
    /// The options of each level's item, `w` words each.
    cand: Vec<u64>,
    /// The keys at each level's node, `k` each.
    keys: Vec<u32>,
    steps: Vec<Step>,
    /// Per option, its items; per item, the options that hold it (`w`
    /// words each).
    slots: Vec<Slots>,
    holders: Vec<u64>,
    /// Per item (and the sink): the residual bound and the slack.
    bound: [u32; 256],
    slack: [u32; 256],
    bits: KeyBits,
    /// Updates counted since the search began, as DLX3 counts them.
    pub(crate) updates: u64,
}

impl MLevels {
    /// Room for `depth` levels of the arena's problem, which suits them
    /// (see `Tables::build`): with `K` keys and `W` words per level as
    /// [`shape`] says, or with the largest if not `compact` (a loop
    /// compiled for every shape is worth it only with AVX2).
    pub(crate) fn new(tables: &Tables, arena: &Arena, depth: usize, compact: bool) -> MLevels {
        let primary = arena.n_primary as usize;
        let (k, w) = match m_shape(primary, tables.option_count()) {
            Some(shape) if compact => shape,
            _ => (256, 64),
        };
        // The sinks: one key per slot, so that padding an option makes no
        // chain of writes to one key.
        let sinks: [u8; SLOTS] = std::array::from_fn(|s| (k - SLOTS + s) as u8);
        let mut slots = Vec::with_capacity(tables.option_count());
        for x in 0..tables.option_count() {
            let items = tables.items::<0>(x);
            let (p, q): (Vec<u8>, Vec<u8>) = items.iter().partition(|&&j| (j as usize) < primary);
            let mut s = Slots {
                primary: sinks,
                secondary: [0; SLOTS],
                n_secondary: q.len() as u8,
                weight: items.len() as u64 - 1,
            };
            s.primary[..p.len()].copy_from_slice(&p);
            s.secondary[..q.len()].copy_from_slice(&q);
            slots.push(s);
        }
        let mut holders = vec![0; arena.n_items as usize * w];
        for (row, from) in holders.chunks_exact_mut(w).zip(tables.holders.chunks_exact(tables.w)) {
            row[..tables.w].copy_from_slice(from);
        }
        let step = Step { item: 0, mode: Mode::Cover, at: 0, left: 0 };
        MLevels {
            k,
            w,
            live: vec![0; (depth + 1) * w],
            cand: vec![0; depth * w],
            keys: vec![u32::MAX; (depth + 1) * k],
            steps: vec![step; depth],
            slots,
            holders,
            bound: [FAR; 256],
            slack: [0; 256],
            bits: arena.mult.key_bits.expect("Algorithm M on bit sets has live keys"),
            updates: 0,
        }
    }

    /// The keys and words per level.
    pub(crate) fn shape(&self) -> (usize, usize) {
        (self.k, self.w)
    }

    /// Sets level `level`'s node to the arena's state: the options not on
    /// the trail are live, and the keys and bounds are the arena's.
    pub(crate) fn start(&mut self, tables: &Tables, arena: &Arena, level: usize) {
        let w = self.w;
        let live = &mut self.live[level * w..][..w];
        first_bits(live, tables.option_count());
        for e in arena.trail.in_use() {
            let x = tables.option_of(e.node());
            live[x / 64] &= !(1 << (x % 64));
        }
        let keys = &mut self.keys[level * self.k..][..self.k];
        keys.fill(u32::MAX);
        self.bound = [FAR; 256];
        let primary = arena.n_primary as usize;
        keys[..primary].copy_from_slice(&arena.len[1..=primary]);
        self.bound[..primary].copy_from_slice(&arena.mult.bound[1..=primary]);
        self.slack[..primary].copy_from_slice(&arena.mult.slack[1..=primary]);
        self.updates = 0;
    }

    /// Level `level`'s keys.
    #[inline(always)]
    fn keys<const K: usize>(&mut self, level: usize) -> &mut [u32; K] {
        row_mut(&mut self.keys, level)
    }

    /// Level `level`'s live options.
    #[inline(always)]
    fn live<const W: usize>(&mut self, level: usize) -> &mut [u64; W] {
        row_mut(&mut self.live, level)
    }

    /// Level `level`'s candidates.
    #[inline(always)]
    fn cand<const W: usize>(&self, level: usize) -> &[u64; W] {
        row(&self.cand, level)
    }

    /// DLX3's choice at `level`: the item and its key, or `None` when no
    /// primary item is active.
    #[inline(always)]
    pub(crate) fn choose<const K: usize>(&self, level: usize) -> Option<(u8, i64)> {
        let keys = &self.keys[level * K..][..K - SLOTS];
        let best = keys.iter().fold(u32::MAX, |m, &k| m.min(k));
        (best < COVERED).then(|| (self.bits.item(best) as u8, self.bits.score(best)))
    }

    /// The end of the search below a node without live options whose
    /// choice, item `i`, is not a dead end: then each active primary item
    /// has an empty list and a score of 1, so the search would make a null
    /// move on each in turn (retiring it, or covering its empty list when
    /// its bound was 1) and find one solution below them. Counts that
    /// subtree instead of making it, as `Dance::null_moves` does, if its
    /// levels are at most `room`: returns `k`, its nodes but this one (the
    /// solution's included), and counts DLX3's updates. Nothing changes,
    /// so the node is a leaf, as a dead end is.
    #[inline(always)]
    pub(crate) fn null_moves<const K: usize, const W: usize>(&mut self, level: usize, i: u8, room: u64) -> Option<u64> {
        if self.live::<W>(level).iter().any(|&x| x != 0) {
            return None;
        }
        debug_assert_eq!(self.bits.length(self.keys::<K>(level)[i as usize]), 0);
        let keys = &self.keys[level * K..][..K - SLOTS];
        let k = keys.iter().filter(|&&key| key < COVERED).count() as u64;
        if k > room {
            return None;
        }
        let covers = keys.iter().zip(&self.bound).filter(|&(&key, &b)| key < COVERED && b == 1).count();
        self.updates += covers as u64;
        Some(k)
    }

    /// Opens `level` on item `i`: lowers its bound, covers it if that
    /// reaches 0, and sets the level's mode and options.
    #[inline(always)]
    pub(crate) fn open<const K: usize, const W: usize>(&mut self, level: usize, i: u8) {
        let j = i as usize;
        let b = self.bound[j] - 1;
        self.bound[j] = b;
        let slack = self.slack[j];
        let (bits, step) = (self.bits, self.bits.step());
        let holders: &[u64; W] = row(&self.holders, j);
        let keys: &mut [u32; K] = row_mut(&mut self.keys, level);
        keys[j] = bits.lowered(keys[j], b + 1, slack);
        let live: &mut [u64; W] = row_mut(&mut self.live, level);
        let cand: &mut [u64; W] = row_mut(&mut self.cand, level);
        let mut count = 0;
        for ((c, l), h) in cand.iter_mut().zip(live.iter()).zip(holders) {
            *c = l & h;
            count += c.count_ones();
        }
        if b == 0 {
            self.updates += cover::<K, W>(&self.slots, &self.holders, i, live, keys, step);
            keys[j] |= COVERED;
        }
        let mode = if b != 0 {
            Mode::Block
        } else if slack == 0 {
            Mode::Cover
        } else {
            Mode::Solo
        };
        self.steps[level] = Step { item: i, mode, at: NULL_MOVE, left: count };
    }

    /// The next branch at `level`, after option `from` (or from the first
    /// option): as `Dance::advance_m`, tweaking the option at a block
    /// level.
    #[inline(always)]
    pub(crate) fn advance<const K: usize, const W: usize>(&mut self, level: usize, from: Option<u32>) -> MBranch {
        let next = next_of(self.cand::<W>(level), from);
        let step = self.steps[level];
        match step.mode {
            Mode::Cover => next.map_or(MBranch::Exhausted, MBranch::Option),
            Mode::Solo => match next {
                Some(x) => {
                    self.updates += 1;
                    MBranch::Option(x)
                }
                None => MBranch::Null,
            },
            Mode::Block => {
                let i = step.item as usize;
                if step.left + self.slack[i] <= self.bound[i] {
                    return MBranch::Exhausted;
                }
                let Some(x) = next else {
                    self.keys::<K>(level)[i] |= COVERED;
                    return MBranch::Null;
                };
                let (word, bit) = (x as usize / 64, x % 64);
                self.live::<W>(level)[word] &= !(1 << bit);
                let s = self.bits.step();
                let keys: &mut [u32; K] = row_mut(&mut self.keys, level);
                self.updates += 1 + remove::<K>(&self.slots, word, 1 << bit, keys, s);
                self.steps[level].left -= 1;
                MBranch::Option(x)
            }
        }
    }

    /// Makes the node of `level + 1` from `level`'s state, with option `x`
    /// committed (`None`: the null move, which commits nothing).
    #[inline(always)]
    pub(crate) fn commit<const K: usize, const W: usize>(&mut self, level: usize, x: Option<u32>) {
        let bits = self.bits;
        let (done, below) = self.keys[level * K..].split_at_mut(K);
        let keys: &mut [u32; K] = row_mut(below, 0);
        keys.copy_from_slice(done);
        let (done, below) = self.live[level * W..].split_at_mut(W);
        let next: &mut [u64; W] = row_mut(below, 0);
        next.copy_from_slice(done);
        self.steps[level].at = x.unwrap_or(NULL_MOVE);
        let Some(x) = x else {
            return;
        };
        let i = self.steps[level].item as usize;
        let s = self.slots[x as usize];
        let mut updates = 0;
        // Every slot but `i`'s, without a branch: `i`'s bound is put back
        // after the loop, and its key raised back (the covers may have
        // removed options of `i`, so it is not restored), and meanwhile a
        // bound too far from 1 to reach 0 keeps it from being covered (as
        // the sinks').
        let saved = self.bound[i];
        self.bound[i] = FAR;
        for &j in &s.primary {
            let ju = j as usize;
            let b = self.bound[ju];
            keys[ju] = bits.lowered_wrapping(keys[ju], b, self.slack[ju]);
            self.bound[ju] = b - 1;
            if b == 1 {
                keys[ju] |= COVERED;
                updates += cover::<K, W>(&self.slots, &self.holders, j, next, keys, bits.step());
            }
        }
        self.bound[i] = saved;
        keys[i] = bits.raised_wrapping(keys[i], FAR - 1, self.slack[i]);
        for &j in &s.secondary[..s.n_secondary as usize] {
            updates += cover::<K, W>(&self.slots, &self.holders, j, next, keys, bits.step());
        }
        self.updates += updates;
    }

    /// Backs up to `level`: raises the bounds that its option lowered.
    /// Returns the option, or `None` after the null move (then the level
    /// is done: [`MLevels::close`] it).
    #[inline(always)]
    pub(crate) fn back<const K: usize>(&mut self, level: usize) -> Option<u32> {
        let step = self.steps[level];
        if step.at == NULL_MOVE {
            return None;
        }
        // Every slot's, without a branch, and `i`'s lowered back.
        for &j in &self.slots[step.at as usize].primary {
            self.bound[j as usize] += 1;
        }
        self.bound[step.item as usize] -= 1;
        Some(step.at)
    }

    /// Closes `level`: raises its item's bound again.
    #[inline(always)]
    pub(crate) fn close(&mut self, level: usize) {
        self.bound[self.steps[level].item as usize] += 1;
    }
}

/// Row `i` of a flat vector of rows of `N`.
#[inline(always)]
fn row<T, const N: usize>(rows: &[T], i: usize) -> &[T; N] {
    (&rows[i * N..][..N]).try_into().expect("a row of N")
}

/// [`row`], to change.
#[inline(always)]
fn row_mut<T, const N: usize>(rows: &mut [T], i: usize) -> &mut [T; N] {
    (&mut rows[i * N..][..N]).try_into().expect("a row of N")
}

/// The option after `from` (or the first) in a bit set, if any.
#[inline(always)]
fn next_of<const W: usize>(cand: &[u64; W], from: Option<u32>) -> Option<u32> {
    let (start, mask) = match from {
        None => (0, u64::MAX),
        Some(x) => ((x / 64) as usize, (u64::MAX << (x % 64)) << 1),
    };
    let first = cand[start] & mask;
    if first != 0 {
        return Some(start as u32 * 64 + first.trailing_zeros());
    }
    (start + 1..W).find(|&k| cand[k] != 0).map(|k| k as u32 * 64 + cand[k].trailing_zeros())
}

/// Covers item `j` in the node being made: its live options leave `live`
/// and `keys`. Returns the updates: 1 and each option's weight.
#[inline(always)]
fn cover<const K: usize, const W: usize>(
    slots: &[Slots],
    holders: &[u64],
    j: u8,
    live: &mut [u64; W],
    keys: &mut [u32; K],
    step: u32,
) -> u64 {
    let holders: &[u64; W] = row(holders, j as usize);
    let mut updates = 1;
    for (word, (l, h)) in live.iter_mut().zip(holders).enumerate() {
        let gone = *l & h;
        if gone != 0 {
            *l &= !gone;
            updates += remove::<K>(slots, word, gone, keys, step);
        }
    }
    updates
}

/// Takes the options in word `word` of a bit set, `gone`, out of `keys`
/// (`step` per primary item each, and the sink's key for the empty
/// slots), and returns the updates DLX3 counts for hiding them.
#[inline(always)]
fn remove<const K: usize>(slots: &[Slots], word: usize, gone: u64, keys: &mut [u32; K], step: u32) -> u64 {
    let (mut m, mut updates) = (gone, 0);
    while m != 0 {
        let s = &slots[word * 64 + m.trailing_zeros() as usize];
        m &= m - 1;
        for &j in &s.primary {
            // Always below K: the remainder only spares a bounds check.
            let j = j as usize % K;
            keys[j] = keys[j].wrapping_sub(step);
        }
        updates += s.weight;
    }
    updates
}

/// A summary: the levels run to kilobytes.
impl fmt::Debug for MLevels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MLevels {{ keys: {}, words: {}, depth: {} }}", self.k, self.w, self.steps.len())
    }
}
/// Where the loop goes next (as in `m_links`).
#[derive(Clone, Copy)]
enum Next {
    Forward,
    /// The next branch at `level`, after this option (or from the first).
    Advance(Option<u32>),
    Backdown,
}

/// Runs Algorithm M on bit sets, compiled for the keys and words its
/// levels have (see [`m_shape`]), with AVX2 when the CPU has it.
#[inline(never)]
pub(super) fn run(search: &mut Search, on: &mut OnSolution) -> Event {
    let tables = Arc::clone(search.bits.tables.as_ref().expect("the search on bit sets has its tables"));
    let t = &tables;
    let shape = search.bits.m_levels.as_ref().expect("Algorithm M on bit sets has its levels").shape();
    match (shape, search.avx2) {
        ((64, 4), Some(avx2)) => with_avx2!(avx2, run_loop::<64, 4>(search, t, on)),
        ((64, 16), Some(avx2)) => with_avx2!(avx2, run_loop::<64, 16>(search, t, on)),
        ((64, 64), Some(avx2)) => with_avx2!(avx2, run_loop::<64, 64>(search, t, on)),
        ((256, 4), Some(avx2)) => with_avx2!(avx2, run_loop::<256, 4>(search, t, on)),
        ((256, 16), Some(avx2)) => with_avx2!(avx2, run_loop::<256, 16>(search, t, on)),
        ((256, 64), Some(avx2)) => with_avx2!(avx2, run_loop::<256, 64>(search, t, on)),
        // Without AVX2 the levels are made with the largest shape.
        ((256, 64), None) => run_loop::<256, 64>(search, t, on),
        (shape, _) => unreachable!("levels of shape {shape:?} without AVX2"),
    }
}

/// The loop itself, for `K` keys and `W` words per level: `m_links`'s
/// steps, stops and counts, with each level's state in [`MLevels`]. Only
/// the bounds are undone backing up; the rest of a level's state is its
/// own copy.
#[inline(always)]
fn run_loop<const K: usize, const W: usize>(search: &mut Search, tables: &Tables, on: &mut OnSolution) -> Event {
    let Search { problem, arena, stack, watch, sink, bits, cap, .. } = search;
    let cap = *cap;
    let run = watch.run();
    let mut stop_at = run.stop_at;
    let mut step = if stack.resumes() { Next::Backdown } else { Next::Forward };
    let floor = stack.floor;
    let (mut level, mut nodes, mut guesses, mut opts) = (stack.level, watch.nodes, watch.guesses, stack.opts);
    let base = stack.pins.len();
    let levels = bits.m_levels.as_deref_mut().expect("Algorithm M on bit sets has its levels");
    let (event, phase) = loop {
        match step {
            Next::Forward => {
                let position = || (&stack.branch[..], sink.solutions);
                if let Some(stop) = watch.enter((level, cap), &mut nodes, &mut stop_at, &run, position) {
                    break stop;
                }
                step = Next::Backdown;
                let Some((i, score)) = levels.choose::<K>(level) else {
                    if let Some(stop) = sink.report(problem, base + opts, on, run.max_solutions) {
                        break stop;
                    }
                    continue;
                };
                if score <= 0 {
                    stack.branch[level] = Fork::default();
                    continue;
                }
                // No live option left: only null moves, then a solution.
                if let Some(k) = levels.null_moves::<K, W>(level, i, chain_room(cap, level, stop_at, nodes)) {
                    nodes += k;
                    if let Some(stop) = sink.report(problem, base + opts, on, run.max_solutions) {
                        break stop;
                    }
                    continue;
                }
                let t = u32::try_from(score).unwrap_or(u32::MAX);
                stack.branch[level] = Fork { ways: t, taken: 0 };
                guesses += u64::from(t > 1);
                levels.open::<K, W>(level, i);
                step = Next::Advance(None);
            }
            Next::Advance(from) => match levels.advance::<K, W>(level, from) {
                MBranch::Option(x) => {
                    levels.commit::<K, W>(level, Some(x));
                    sink.path[base + opts] = tables.option(x);
                    sink.changed = sink.changed.min(base + opts);
                    opts += 1;
                    level += 1;
                    step = Next::Forward;
                }
                MBranch::Null => {
                    levels.commit::<K, W>(level, None);
                    level += 1;
                    step = Next::Forward;
                }
                MBranch::Exhausted => {
                    levels.close(level);
                    step = Next::Backdown;
                }
            },
            Next::Backdown => {
                if level == floor {
                    break (Event::Done, Phase::Done);
                }
                level -= 1;
                match levels.back::<K>(level) {
                    None => levels.close(level),
                    Some(x) => {
                        opts -= 1;
                        stack.branch[level].taken += 1;
                        step = Next::Advance(Some(x));
                    }
                }
            }
        }
    };
    arena.work.updates += std::mem::take(&mut levels.updates);
    stack.level = level;
    watch.nodes = nodes;
    watch.guesses = guesses;
    stack.opts = opts;
    stack.phase = phase;
    event
}
