//! The dance of Algorithm M (TAOCP 7.2.2.1, items with multiplicities;
//! Knuth's DLX3): the branching heuristic, *tweaking*, and committing an
//! option that lowers residual bounds.
//!
//! Each primary item `i` has a residual upper bound `bound[i]` (how many
//! more chosen options may contain it) and a constant `slack[i] = hi - lo`.
//! Choosing an option lowers the bound of each of its primary items, and
//! an item whose bound reaches 0 is covered, as in Algorithm X. An item
//! still below its bound stays active, so the search may branch on it
//! again. (An item that a chosen option covers keeps its bound of 1 and
//! its key under the flag, which nothing reads while it is set, so that
//! releasing it only clears the flag: see [`Dance::commit_m`].)
//!
//! **Tweaking.** At a level that branches on item `i` without covering it,
//! the options of `i`'s list are tried in turn, and each is *tweaked* out
//! of every list, `i`'s included, before it is tried, so that later
//! branches (and the levels below them) never choose it again: branch `k`
//! takes the `k`-th option and excludes the ones before it. When `i` was
//! covered first (its residual bound reached 0 but its lower bound allows
//! fewer), the option is already hidden from the other lists, and the
//! tweak takes only its node out of `i`'s list. Tweaks go on the trail
//! as tagged entries (see `trail`), so undoing the trail restores them in
//! exactly the reverse order, which keeps the arena's LIFO invariant (see
//! the `arena` module).
//!
//! **Statistics** are DLX3's: a cover counts 1 plus the nodes it removes,
//! a tweak the nodes it removes (the option's, or just the one), a purify
//! the nodes it removes; retiring an item by a null move counts nothing.

use super::index::{get, get_mut};
use super::{Dance, min_of, sized};
use crate::cover::arena::Span;
use crate::cover::ids::{NodeId, TrailMark};
use crate::cover::keys::COVERED;
use crate::cover::trail::{Entry, TrailEntry};

/// What the next branch at a level of Algorithm M is (see
/// [`Dance::advance_m`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Branch {
    /// No branch is left: back up.
    Exhausted,
    /// Choose the option of this node (tweaked already at a tweak level).
    Option(NodeId),
    /// The null move: the item gets no more options (retired already when
    /// it was not covered).
    Null,
}

/// The branching item Algorithm M picks, with its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MChoice {
    /// The item's header.
    pub(crate) item: NodeId,
    /// The number of branches at this node; 0 or less is a dead end.
    pub(crate) score: i64,
}

/// Whether hiding option `d` (nodes `d`) leaves one of its items that is
/// not option `c`'s (nodes `c`) with a bound above its slack and no list;
/// `None` if `d` has a secondary item. Out of the search's loop, on
/// slices, not the dance: inlined, this rare path left the loop fewer
/// registers and cost queens with two per line more than it saves
/// (docs/PERFORMANCE.md, "Algorithm M's loops").
#[inline(never)]
fn short_once_hidden(top: &[NodeId], bound: &[u32], slack: &[u32], n_primary: u32, c: Span, d: Span) -> Option<bool> {
    let items = |span: Span| span.nodes().map(|q| top[q.as_usize()]);
    let mut short = false;
    for j in items(d) {
        if j.as_u32() > n_primary {
            return None;
        }
        if !items(c).any(|k| k == j) {
            short |= bound[j.as_usize()] > slack[j.as_usize()];
        }
    }
    Some(short)
}

impl Dance<'_> {
    /// Knuth's heuristic for multiplicities (DLX3): over the active
    /// primary items in item order, with `b` the residual bound, `l` the
    /// list's length and `s = min(slack, b)`, the score `t = l + s - b + 1`
    /// is the number of branches. The item with the least `t` wins; ties go
    /// to the smaller `s`, then the larger `l`, then the first. A score of
    /// 0 or less is a dead end (which dead end is reported changes no
    /// count). `None`: no active item, a solution.
    ///
    /// With live keys (see `keys`), each active item's word in `len` is
    /// its key, so the smallest word names the winner: one vectorised
    /// minimum, as in Algorithm X's choice. With more than [`EARLY_EXIT`]
    /// primary items, it is taken over blocks of 32 items, stopping after
    /// a block that holds a dead end. Else a plain scan.
    #[inline(always)]
    pub(crate) fn choose_m(&self) -> Option<MChoice> {
        let p = self.n_primary as usize;
        let lens = &self.len[1..=p];
        if !self.keyed {
            return choose_scan(lens, &self.bound[1..=p], &self.slack[1..=p]);
        }
        let bits = self.keys;
        let best = if p <= EARLY_EXIT {
            // Fewer items cost less to scan than the mispredicted exits.
            min_of(lens)
        } else {
            let dead = bits.dead_below();
            let mut best = u32::MAX;
            for block in lens.chunks(BLOCK) {
                best = best.min(min_of(block));
                if best < dead {
                    break;
                }
            }
            best
        };
        let choice =
            (best < COVERED).then(|| MChoice { item: NodeId::header(bits.item(best)), score: bits.score(best) });
        #[cfg(debug_assertions)]
        self.check_choice(choice);
        choice
    }

    /// Checks a choice made with live keys against the plain scan of the
    /// lengths, bounds and slacks: the same item and score, or both dead
    /// ends (not necessarily the same one).
    #[cfg(debug_assertions)]
    fn check_choice(&self, choice: Option<MChoice>) {
        let p = self.n_primary as usize;
        let items = (1..=self.n_primary).map(NodeId::from_u32);
        let lens: Vec<u32> = items.map(|i| self.length(i) | get(self.len, i) & COVERED).collect();
        let plain = choose_scan(&lens, &self.bound[1..=p], &self.slack[1..=p]);
        match (choice, plain) {
            (Some(a), Some(b)) if a.score <= 0 => assert!(b.score <= 0, "{a:?} {b:?}"),
            (a, b) => assert_eq!(a, b),
        }
    }

    /// The end of the search below a node that is no dead end, when every
    /// option is hidden: then every active primary item has an empty list
    /// and scores 1 (none scores less than the choice), so the search would
    /// make a null move on each in turn, touching no list, and find one
    /// solution below them. Counts that subtree instead of making it, if its
    /// levels are at most `room`: returns `k`, its nodes but this one (a
    /// level per active item, the solution's included), and counts the
    /// updates: the cover of each empty list whose bound reaches 0. `None`
    /// (nothing counted) if the levels do not fit. Nothing changes, so the
    /// node is a leaf, as a dead end is. Only when [`Dance::all_hidden`].
    #[inline(always)]
    pub(crate) fn null_moves(&mut self, room: u64) -> Option<u64> {
        debug_assert!(self.all_hidden());
        let (k, covers) = self.active_and_ones();
        if u64::from(k) > room {
            return None;
        }
        self.work.updates += u64::from(covers);
        Some(u64::from(k))
    }

    /// The number of active primary items, and of those whose bound is 1,
    /// in one pass with no branch.
    #[inline(always)]
    fn active_and_ones(&self) -> (u32, u32) {
        let p = self.n_primary as usize;
        let (mut k, mut ones) = (0, 0);
        // A loop, not a fold: a fold called from two places is not
        // inlined into the search's loop.
        for (&word, &b) in self.len[1..=p].iter().zip(&self.bound[1..=p]) {
            let active = u32::from(word < COVERED);
            k += active;
            ones += active & u32::from(b == 1);
        }
        (k, ones)
    }

    /// The end of the search below a node whose choice, primary item `i`,
    /// is a cover level (bound 1, no slack) with score 1, so that its list
    /// holds one option `c`, when at most one other option `d` is left
    /// that no trail entry hides, and every item of both is primary (no
    /// colours). Covering `i` hides `c`; committing `c` covers each of its
    /// items whose bound is 1 (one update each, plus hiding `d` once if `d`
    /// is in one of their lists) and lowers the others' bounds. With `d`
    /// not hidden so, this does not apply. Else every active list is now
    /// empty, and the node below is a dead end if one of `c`'s items is
    /// left with a bound above its slack, or one of `d`'s that is not
    /// `c`'s has a bound above its slack. No other active item can be: its
    /// list, holding no node of `c` or `d`, was empty already, so it would
    /// score 0 or less and the choice would not score 1. Else the node
    /// below starts a chain of null moves and a solution, as in
    /// [`Dance::null_moves`]. Counts that subtree instead of making it, if
    /// its levels are at most `room`: returns its nodes but this one, and
    /// whether it holds a solution, and counts the updates. `None`
    /// (nothing counted) if it does not apply or does not fit. Nothing
    /// changes, so the node is a leaf.
    #[inline(always)]
    pub(crate) fn last_option<const U: u32>(&mut self, i: NodeId, room: u64) -> Option<(u64, bool)> {
        let visible = self.n_options - (self.trail_len - self.solos);
        if visible > 2 || self.bound(i) != 1 || self.slack(i) != 0 {
            return None;
        }
        let c = self.down(i);
        let span = self.span::<U>(c);
        // `c`'s items (`i` included): those covered, those whose bound
        // goes down to 1, and whether one is left short of its lower bound;
        // and a node of the other option left, `d`, in the list of one
        // that is covered, which covering it hides.
        let (mut covers, mut to_one, mut dead, mut other) = (0, 0, false, None);
        for q in span.nodes() {
            let j = self.top(q);
            if j.as_u32() > self.n_primary {
                return None;
            }
            let (b, s) = (self.bound(j), self.slack(j));
            if b == 1 {
                covers += 1;
                if visible == 2 && j != i && other.is_none() {
                    let x = if self.down(j) == q { self.down(q) } else { self.down(j) };
                    other = (x != j).then_some(x);
                }
            } else {
                to_one += u32::from(b == 2);
                dead |= b - 1 > s;
            }
        }
        // With two options left, `d` must be hidden so: then its items
        // that are not `c`'s keep their bounds and lose their lists.
        let mut hidden = 0;
        if visible == 2 {
            let d = self.span::<U>(other?);
            dead |= short_once_hidden(self.top, self.bound, self.slack, self.n_primary, span, d)?;
            hidden = d.end - d.first - 1;
        }
        // The chain below: the active items left, and the covers of those
        // whose bound is then 1.
        let (below, ones) = if dead {
            (0, 0)
        } else {
            let (k, ones) = self.active_and_ones();
            (k - covers, ones - covers + to_one)
        };
        if 1 + u64::from(below) > room {
            return None;
        }
        // Covering `i` (its cover and `c`'s other nodes), covering the
        // other items of bound 1 (one of them hiding `d`'s other nodes),
        // and the chain's covers.
        let size = span.end - span.first;
        self.work.updates += u64::from(size - 1 + covers + hidden + ones);
        Some((1 + u64::from(below), !dead))
    }

    /// Whether every option is hidden (see [`Dance::null_moves`]): every
    /// trail entry but a `SOLO` tweak hides an option that no other entry
    /// hides (a hidden option is in no list that a cover or a tweak walks),
    /// so `trail_len - solos` counts the hidden options.
    #[inline(always)]
    pub(crate) fn all_hidden(&self) -> bool {
        self.trail_len - self.solos == self.n_options
    }

    /// Opens a level that branches on item `i`: lowers its bound, and
    /// covers it when the bound reaches 0. Then [`Dance::advance_m`] gives
    /// the branches from the first node of its list.
    #[inline(always)]
    pub(crate) fn open_level_m<const COLORS: bool, const U: u32>(&mut self, i: NodeId) {
        if self.lower_bound(i) == 0 {
            self.hide_list::<COLORS, U>(i);
        }
    }

    /// Undoes [`Dance::open_level_m`] but for the trail, which the caller
    /// undoes with the level above (releasing commutes with it).
    #[inline(always)]
    pub(crate) fn close_level_m(&mut self, i: NodeId) {
        self.raise_bound(i);
    }

    /// The branch at node `cur` of the branching item `i = top(cur)`'s list
    /// (`cur == i`: the list is exhausted). At a *cover level* (the item's
    /// bound is now 0 and it has no slack) the branches are its options,
    /// as in Algorithm X. Otherwise (a *tweak level*) each option is
    /// tweaked before it is tried, the level stops once fewer options are
    /// left than the lower bound still needs, and after the options comes
    /// the null move, which retires the item if it was not covered.
    #[inline(always)]
    pub(crate) fn advance_m<const COLORS: bool, const U: u32>(&mut self, cur: NodeId) -> Branch {
        let i = self.top(cur);
        let (b, slack) = (self.bound(i), self.slack(i));
        if b == 0 && slack == 0 {
            return if cur == i { Branch::Exhausted } else { Branch::Option(cur) };
        }
        if u64::from(self.length(i)) + u64::from(slack) <= u64::from(b) {
            return Branch::Exhausted;
        }
        if cur != i {
            self.tweak::<COLORS, U>(cur, b != 0);
            return Branch::Option(cur);
        }
        if b != 0 {
            self.retire(i);
        }
        Branch::Null
    }

    /// The residual bound of primary item `i`.
    #[inline(always)]
    pub(crate) fn bound(&self, i: NodeId) -> u32 {
        get(self.bound, i)
    }

    /// Lowers the residual bound of primary item `i` by one, moves its key
    /// with it and, when the bound reaches 0, flags the item covered (the
    /// caller then hides its list), all in one write of its word; returns
    /// the bound.
    #[inline(always)]
    pub(crate) fn lower_bound(&mut self, i: NodeId) -> u32 {
        let b = self.bound[i];
        let mut word = self.keys.lowered(get(self.len, i), b, self.slack(i));
        if b == 1 {
            word |= COVERED;
        }
        *self.len_mut(i) = word;
        self.bound[i] = b - 1;
        b - 1
    }

    /// Raises the residual bound of primary item `i` by one and moves its
    /// key with it, clearing its flag, in one write of its word.
    #[inline(always)]
    pub(crate) fn raise_bound(&mut self, i: NodeId) {
        let b = self.bound[i];
        let word = self.keys.raised(get(self.len, i) & !COVERED, b, self.slack(i));
        *self.len_mut(i) = word;
        self.bound[i] = b + 1;
    }

    /// `hi - lo` of primary item `i`.
    #[inline(always)]
    pub(crate) fn slack(&self, i: NodeId) -> u32 {
        get(self.slack, i)
    }

    /// The length of primary item `i`'s list, covered or not.
    #[inline(always)]
    pub(crate) fn length(&self, i: NodeId) -> u32 {
        self.keys.length(get(self.len, i))
    }

    /// Retires item `i` (a null move): it leaves the active items, its
    /// list untouched (every option in it has been tweaked out already).
    /// [`Dance::release`] brings it back.
    #[inline(always)]
    pub(crate) fn retire(&mut self, i: NodeId) {
        *self.len_mut(i) |= COVERED;
    }

    /// Tweaks node `p`, the first in its item's list: takes it out of that
    /// list and, if `block`, hides the rest of its option from the other
    /// lists; records it on the trail.
    #[inline(always)]
    pub(crate) fn tweak<const COLORS: bool, const U: u32>(&mut self, p: NodeId, block: bool) {
        *get_mut(self.trail, self.trail_len) = TrailEntry::tweak(p, block);
        self.trail_len += 1;
        self.solos += u32::from(!block);
        self.remove(p);
        let others = if block { self.hide::<COLORS, U>(p) } else { 0 };
        self.work.updates += 1 + others;
    }

    /// Undoes the trail above `mark`, last first, tweaks included.
    #[inline(always)]
    pub(crate) fn undo_to_m<const COLORS: bool, const U: u32>(&mut self, mark: TrailMark) {
        while self.trail_len > mark.as_u32() {
            self.trail_len -= 1;
            match get(self.trail, self.trail_len).entry() {
                Entry::Hide(p) => self.unhide::<COLORS, U>(p),
                Entry::Tweak(p) => {
                    self.unhide::<COLORS, U>(p);
                    self.restore(p);
                }
                Entry::Solo(p) => {
                    self.solos -= 1;
                    self.restore(p);
                }
            }
        }
    }

    /// Commits node `q`'s item for a chosen option: a primary item's bound
    /// goes down, and the item is covered when it would reach 0; a
    /// secondary item is committed as in Algorithm C. An item covered so
    /// keeps its bound of 1 and its key under the flag, which no one reads
    /// while it is set (choices, chains and tweaks look at active items
    /// only), so [`Dance::release_m`] just clears the flag: a plain item
    /// (bounds `[1, 1]`, the cells of a packing) is covered and released
    /// as in Algorithm X.
    #[inline(always)]
    pub(crate) fn commit_m<const COLORS: bool, const U: u32>(&mut self, q: NodeId) {
        let top = self.top(q);
        if top.as_u32() <= self.n_primary {
            if self.bound(top) == 1 {
                self.cover::<COLORS, U>(top);
            } else {
                self.lower_bound(top);
            }
        } else {
            self.commit::<COLORS, U>(q);
        }
    }

    /// What is left of undoing `commit_m(q)` once the trail has been
    /// undone: a primary item flagged was covered by it, with its bound
    /// and key kept; else its bound goes back up.
    #[inline(always)]
    pub(crate) fn release_m<const COLORS: bool, const U: u32>(&mut self, q: NodeId) {
        let top = self.top(q);
        if top.as_u32() <= self.n_primary {
            // Both cases with no branch: which one varies from node to node.
            let (word, b) = (get(self.len, top), self.bound[top]);
            let covered = word & COVERED != 0;
            let raised = self.keys.raised(word, b, self.slack(top));
            *self.len_mut(top) = if covered { word & !COVERED } else { raised };
            self.bound[top] = b + u32::from(!covered);
        } else {
            self.release_node::<COLORS>(q);
        }
    }

    /// `commit_m` for every node of `p`'s option but `p`: cyclically from
    /// `p` (DLX3's order), or for options of `U` nodes in index order,
    /// unrolled (faster on queens with two per line; docs/PERFORMANCE.md,
    /// "Algorithm M's loops"). The order
    /// changes no figure: the items are distinct, an option hidden by one
    /// item's cover is hidden once whichever comes first, and the trail
    /// undoes it all exactly.
    #[inline(always)]
    pub(crate) fn commit_others_m<const COLORS: bool, const U: u32>(&mut self, p: NodeId) {
        let span = self.span::<U>(p);
        if sized(U) {
            Self::others::<U>(p, span).for_each(|q| self.commit_m::<COLORS, U>(q));
            return;
        }
        let mut q = p;
        for _ in 1..span.end - span.first {
            q = Self::succ(q, span);
            self.commit_m::<COLORS, U>(q);
        }
    }

    /// What is left of undoing `commit_others_m(p)` once the trail has
    /// been undone (in any order: the items are distinct).
    #[inline(always)]
    pub(crate) fn release_others_m<const COLORS: bool, const U: u32>(&mut self, p: NodeId) {
        let span = self.span::<U>(p);
        if sized(U) {
            Self::others::<U>(p, span).for_each(|q| self.release_m::<COLORS, U>(q));
            return;
        }
        let mut q = p;
        for _ in 1..span.end - span.first {
            q = Self::succ(q, span);
            self.release_m::<COLORS, U>(q);
        }
    }
}

/// Items per block of the choice scan: a dead end stops it after its block.
const BLOCK: usize = 32;

/// Up to this many primary items, the choice scan has no early exit.
const EARLY_EXIT: usize = 64;

/// `choose_m` for any lengths and slacks: the heuristic, item by item,
/// stopping at a dead end.
fn choose_scan(lens: &[u32], bounds: &[u32], slacks: &[u32]) -> Option<MChoice> {
    let (mut best, mut score, mut best_s, mut best_l) = (0, i64::MAX, u32::MAX, 0);
    for (k, ((&l, &b), &slack)) in lens.iter().zip(bounds).zip(slacks).enumerate() {
        if l & COVERED != 0 {
            continue;
        }
        let s = slack.min(b);
        let t = i64::from(l) + i64::from(s) - i64::from(b) + 1;
        if t < score || (t == score && (s < best_s || (s == best_s && l > best_l))) {
            (best, score, best_s, best_l) = (k as u32 + 1, t, s, l);
            if t <= 0 {
                break;
            }
        }
    }
    (best != 0).then_some(MChoice { item: NodeId::from_u32(best), score })
}
