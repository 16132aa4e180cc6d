//! The dance itself: covering and purifying on the trail, undoing the
//! trail, releasing items, and DLX1's choice.
//!
//! A [`Dance`] borrows the arena's vectors as slices and copies its
//! counters into locals, so the hot loop keeps them in registers; dropping
//! the view writes the counters back. See the `arena` module for the
//! layout and the invariants these operations keep.
//!
//! Without colours, `hide` and `unhide` run a loop of constant trip count,
//! unrolled by the compiler, when the loop is compiled for options of one
//! size (`U`), and one loop over any size otherwise (a jump to a loop per
//! size was mispredicted where sizes mix). The hot paths index through
//! `index`, private to the dance.

mod index;
mod mult;

pub(crate) use mult::{Branch, MChoice};

use super::arena::{Arena, Link, Span, Work, strided_span};
use super::ids::{NodeId, TrailMark};
use super::keys::COVERED;
use super::keys::KeyBits;
use super::trail::TrailEntry;
use index::{get, get_mut};

/// The option size for code outside the search loops (pins, prefixes,
/// estimates): any arena, its options' bounds read from `span` or, when
/// the arena keeps none, computed from its uniform size at run time. The
/// loops themselves take `0` (they run only on arenas that keep `span`)
/// or the size they are compiled for (see `Dance::span`).
pub(crate) const ANY: u32 = u32::MAX;

/// Whether `U` is a size a loop is compiled for (neither 0 nor [`ANY`]).
pub(crate) const fn sized(u: u32) -> bool {
    u > 0 && u != ANY
}

/// Lengths per block in the choice scan (one bit each in a `u32` mask).
const SCAN_BLOCK: usize = 32;

/// Above this many primary items, the choice scan stops at a length 0.
const EARLY_EXIT: usize = 64;

/// The smallest of some lengths or keys, all below bit 31, so they compare
/// as `i32` (SSE2 has no unsigned comparison).
#[inline(always)]
fn min_of(lens: &[u32]) -> u32 {
    lens.iter().fold(i32::MAX, |m, &l| m.min(l as i32)) as u32
}

/// A working view of an [`Arena`]: its vectors as slices (see the arena's
/// fields of the same names) and copies of its counters. The scalars stay
/// separate fields rather than a struct of their own, so that the
/// compiler keeps each in a register through Algorithm M's loop
/// (docs/PERFORMANCE.md, "Kept and dropped: Algorithm M's loops").
pub(crate) struct Dance<'a> {
    links: &'a mut [Link],
    top: &'a [NodeId],
    span: &'a [Span],
    color: &'a mut [i32],
    len: &'a mut [u32],
    trail: &'a mut [TrailEntry],
    /// The trail's entries in use, and its tweaks that hide no option
    /// (see `trail`).
    trail_len: u32,
    solos: u32,
    /// Residual upper bounds and slacks (Algorithm M only; else empty).
    bound: &'a mut [u32],
    slack: &'a [u32],
    n_primary: u32,
    /// The number of options (see `Trail::options`).
    n_options: u32,
    shift: u32,
    /// One node in a length word (see `Arena::step`).
    step: u32,
    /// Algorithm M's live keys if `len` holds them (see `keys`), else
    /// [`KeyBits::PLAIN`]; and which.
    keys: KeyBits,
    keyed: bool,
    /// The first option's first node, and the size of every option when
    /// the arena keeps no `span` (see `Arena::uniform`).
    first_option: NodeId,
    uniform: u32,
    work: Work,
    /// Where `trail_len`, `solos` and `work` go back on drop.
    home: (&'a mut u32, &'a mut u32, &'a mut Work),
}

impl Drop for Dance<'_> {
    #[inline]
    fn drop(&mut self) {
        *self.home.0 = self.trail_len;
        *self.home.1 = self.solos;
        *self.home.2 = self.work;
    }
}

impl Arena {
    /// A view for the dance: slices and counters held in locals, written
    /// back when the view is dropped.
    #[inline]
    pub(crate) fn dance(&mut self) -> Dance<'_> {
        Dance::new(self)
    }
}

impl<'a> Dance<'a> {
    #[inline]
    pub(crate) fn new(arena: &'a mut Arena) -> Dance<'a> {
        // The same length for the per-node slices lets the compiler share
        // one bounds check between them (without the `unchecked` feature).
        let n = arena.links.len();
        let first_option = arena.first_option();
        let trail = &mut arena.trail;
        Dance {
            links: &mut arena.links[..n],
            top: &arena.top[..n],
            // Empty when computed (see `Arena::span`): read only with `ANY`.
            span: &arena.span[..n.min(arena.span.len())],
            color: &mut arena.color,
            len: &mut arena.len,
            trail: &mut trail.entries,
            trail_len: trail.len,
            solos: trail.solos,
            bound: &mut arena.mult.bound,
            slack: &arena.mult.slack,
            n_primary: arena.n_primary,
            n_options: trail.options,
            shift: arena.shift,
            step: arena.step,
            keys: arena.mult.key_bits.unwrap_or(KeyBits::PLAIN),
            keyed: arena.mult.key_bits.is_some(),
            first_option,
            uniform: arena.uniform,
            work: arena.work,
            home: (&mut trail.len, &mut trail.solos, &mut arena.work),
        }
    }

    /// The node below `p` in its vertical list.
    #[inline(always)]
    pub(crate) fn down(&self, p: NodeId) -> NodeId {
        get(self.links, p).down
    }

    /// The item header of node `p` (the item itself for a header).
    #[inline(always)]
    pub(crate) fn top(&self, p: NodeId) -> NodeId {
        get(self.top, p)
    }

    /// The links of node `q`.
    #[inline(always)]
    fn link_mut(&mut self, q: NodeId) -> &mut Link {
        get_mut(self.links, q)
    }

    /// The option of node `p`, read from `span`, or for a size the loop
    /// is compiled for (every option has `U` nodes: see `Arena::uniform`)
    /// computed from `p`'s index: its offset from the first option, modulo
    /// `option_stride(U)` (an option and its spacers), is its place in its
    /// option. That is a mask for every size the loop is compiled for (1,
    /// 2, 3, 4 and 6 nodes), cheaper than the load. With [`ANY`], code
    /// outside the loops reads `span`, or computes the bounds from the
    /// uniform size when the arena keeps no `span` (see `computed_spans`).
    #[inline(always)]
    fn span<const U: u32>(&self, p: NodeId) -> Span {
        if sized(U) {
            return strided_span(p, self.first_option, U);
        }
        if U == ANY && self.span.is_empty() {
            return strided_span(p, self.first_option, self.uniform);
        }
        get(self.span, p)
    }

    /// The length (or key) of item header `i`.
    #[inline(always)]
    fn len_mut(&mut self, i: NodeId) -> &mut u32 {
        get_mut(self.len, i)
    }

    /// DLX1's choice: the first active primary item of minimum length,
    /// stopping at length 0. Returns `(item header, length)`, or `None` if
    /// every primary item is covered (a solution): covered items carry
    /// [`COVERED`], so they win only if no item is active. This replaces
    /// DLX1's test for an empty list of active items.
    ///
    /// With keys (`shift > 0`), the smallest key names the item: one
    /// vectorised minimum. Without, the minimum is found first and then
    /// its first position, through a bit mask per block, so few branches
    /// depend on the data. With more than [`EARLY_EXIT`] primary items
    /// the scan stops at a block holding a length 0; with fewer, a full
    /// scan costs less than the mispredicted exits.
    ///
    /// Compiled inside the search loop, it uses AVX2 when the loop does
    /// (see `avx2::Avx2`).
    #[inline(always)]
    pub(crate) fn choose_first_min(&self) -> Option<(NodeId, u32)> {
        let lens = &self.len[1..=self.n_primary as usize];
        let zero = 1 << self.shift;
        let (best, block) = if lens.len() <= EARLY_EXIT {
            (min_of(lens), 0)
        } else {
            let (mut best, mut block) = (u32::MAX, 0);
            for (b, chunk) in lens.chunks(SCAN_BLOCK).enumerate() {
                let m = min_of(chunk);
                block = if m < best { b } else { block };
                best = best.min(m);
                if best < zero {
                    break;
                }
            }
            (best, block)
        };
        if best >= COVERED {
            return None;
        }
        if self.shift > 0 {
            return Some((NodeId::header(best & (zero - 1)), best >> self.shift));
        }
        let mut base = block * SCAN_BLOCK;
        for chunk in lens[base..].chunks(SCAN_BLOCK) {
            let hits = chunk.iter().enumerate().fold(0u32, |m, (k, &l)| m | (u32::from(l == best) << k));
            if hits != 0 {
                return Some((NodeId::header(base as u32 + hits.trailing_zeros()), best));
            }
            base += SCAN_BLOCK;
        }
        unreachable!("the minimum is in the scanned slice")
    }

    /// The same rule with ties broken at random (reservoir sampling, as
    /// DLX1 does when randomising). `below(n)` returns a value in `0..n`.
    pub(crate) fn choose_random_tie(&self, mut below: impl FnMut(u32) -> u32) -> Option<(NodeId, u32)> {
        let mut best = 0;
        let mut t = u32::MAX;
        let mut ties = 0;
        let covered = COVERED >> self.shift;
        for h in 1..=self.n_primary {
            let l = self.len[h as usize] >> self.shift;
            if l < t {
                (best, t, ties) = (h, l, 1);
                if l == 0 {
                    break;
                }
            } else if l == t && l < covered {
                ties += 1;
                if below(ties) == 0 {
                    best = h;
                }
            }
        }
        (t < covered).then_some((NodeId::from_u32(best), t))
    }

    /// The node after `q` in its option, cyclically.
    #[inline(always)]
    fn succ(q: NodeId, span: Span) -> NodeId {
        if q + 1 == span.end { span.first } else { q + 1 }
    }

    /// The node before `q` in its option, cyclically.
    #[inline(always)]
    fn pred(q: NodeId, span: Span) -> NodeId {
        if q == span.first { span.end - 1 } else { q - 1 }
    }

    /// Removes node `q` from its vertical list.
    #[inline(always)]
    fn remove(&mut self, q: NodeId) {
        let Link { up, down } = get(self.links, q);
        self.link_mut(up).down = down;
        self.link_mut(down).up = up;
        let step = self.step;
        *self.len_mut(self.top(q)) -= step;
    }

    /// Puts node `q` back into its vertical list.
    #[inline(always)]
    fn restore(&mut self, q: NodeId) {
        let Link { up, down } = get(self.links, q);
        self.link_mut(up).down = q;
        self.link_mut(down).up = q;
        let step = self.step;
        *self.len_mut(self.top(q)) += step;
    }

    /// Removes every node of `p`'s option except `p` itself (and, with
    /// colours, nodes marked -1) from its vertical list. The nodes lie in
    /// different lists, so any order will do. Returns the number of nodes
    /// removed. Options of any size (`U` is 0 or [`ANY`]) go through one
    /// loop: a jump to a loop unrolled for each size was mispredicted where
    /// sizes mix, and slower on the brick packings with multiplicities
    /// (docs/PERFORMANCE.md, "Algorithm X's loops").
    #[inline(always)]
    fn hide<const COLORS: bool, const U: u32>(&mut self, p: NodeId) -> u64 {
        let span = self.span::<U>(p);
        let size = span.end - span.first;
        if !COLORS {
            self.hide_fixed::<U>(p, span);
            return u64::from(size - 1);
        }
        let mut removed = 0;
        let mut q = p;
        for _ in 1..size {
            q = Self::succ(q, span);
            if self.color[q] >= 0 {
                self.remove(q);
                removed += 1;
            }
        }
        removed
    }

    /// `hide` without colours for an option of `N` nodes, unrolled, or of
    /// any size (cyclically from `p`) if `N` is 0 or [`ANY`].
    #[inline(always)]
    fn hide_fixed<const N: u32>(&mut self, p: NodeId, span: Span) {
        if !sized(N) {
            let mut q = p;
            for _ in 1..span.end - span.first {
                q = Self::succ(q, span);
                self.remove(q);
            }
        } else {
            Self::others::<N>(p, span).for_each(|q| self.remove(q));
        }
    }

    /// The nodes of `p`'s option of `N` nodes (`sized(N)`) but `p`, in order: each
    /// index is computed on its own, with no chain from one node to the
    /// next, so a loop over them unrolls with no branch.
    #[inline(always)]
    pub(crate) fn others<const N: u32>(p: NodeId, span: Span) -> impl DoubleEndedIterator<Item = NodeId> {
        let k = p - span.first;
        (0..N - 1).map(move |j| span.first + j + u32::from(j >= k))
    }

    /// Puts back what `hide(p)` removed.
    #[inline(always)]
    fn unhide<const COLORS: bool, const U: u32>(&mut self, p: NodeId) {
        let span = self.span::<U>(p);
        let size = span.end - span.first;
        if !COLORS {
            self.unhide_fixed::<U>(p, span);
            return;
        }
        let mut q = p;
        for _ in 1..size {
            q = Self::pred(q, span);
            if self.color[q] >= 0 {
                self.restore(q);
            }
        }
    }

    /// `unhide` without colours for an option of `N` nodes (any if 0 or
    /// [`ANY`]).
    #[inline(always)]
    fn unhide_fixed<const N: u32>(&mut self, p: NodeId, span: Span) {
        if !sized(N) {
            let mut q = p;
            for _ in 1..span.end - span.first {
                q = Self::pred(q, span);
                self.restore(q);
            }
        } else {
            Self::others::<N>(p, span).rev().for_each(|q| self.restore(q));
        }
    }

    /// The updates counted so far (see `Work`).
    pub(crate) fn updates(&self) -> u64 {
        self.work.updates
    }

    /// The trail's length: pass it to [`Dance::undo_to`] to undo every
    /// hide made since.
    #[inline(always)]
    pub(crate) fn mark(&self) -> TrailMark {
        TrailMark::from_u32(self.trail_len)
    }

    /// Hides option `p` and records it on the trail.
    #[inline(always)]
    fn hide_on_trail<const COLORS: bool, const U: u32>(&mut self, p: NodeId) -> u64 {
        *get_mut(self.trail, self.trail_len) = TrailEntry::hide(p);
        self.trail_len += 1;
        self.hide::<COLORS, U>(p)
    }

    /// Covers item header `i`: flags it and hides every option in its list.
    #[inline(always)]
    pub(crate) fn cover<const COLORS: bool, const U: u32>(&mut self, i: NodeId) {
        *self.len_mut(i) |= COVERED;
        self.hide_list::<COLORS, U>(i);
    }

    /// What is left of covering item header `i` once it is flagged: hides
    /// every option in its list, and counts the updates.
    #[inline(always)]
    pub(crate) fn hide_list<const COLORS: bool, const U: u32>(&mut self, i: NodeId) {
        let mut removed = 1;
        let mut p = self.down(i);
        while p != i {
            let next = self.down(p);
            removed += self.hide_on_trail::<COLORS, U>(p);
            p = next;
        }
        self.work.updates += removed;
    }

    /// Counts the update of covering an item whose list is empty, which
    /// changes nothing else.
    #[inline(always)]
    pub(crate) fn count_empty_cover(&mut self) {
        self.work.updates += 1;
    }

    /// Counts the updates of covering item `i` on the last level of a
    /// search whose options all have `U` primary items (see `Search::run`),
    /// without doing them: `i`'s `t` options each cover exactly the `U`
    /// items left, and `U - 1` nodes of each are hidden.
    #[inline(always)]
    pub(crate) fn count_last_cover<const U: u32>(&mut self, t: u32) {
        debug_assert!(sized(U));
        self.work.updates += 1 + u64::from(t) * u64::from(U - 1);
    }

    /// Counts the updates of committing one option on that last level:
    /// covering its `U - 1` other items, whose lists the cover emptied.
    #[inline(always)]
    pub(crate) fn count_last_commit<const U: u32>(&mut self) {
        self.work.updates += u64::from(U - 1);
    }

    /// Does what the last level counted by `count_last_cover` and
    /// `count_last_commit` skipped, up to option `c` of item `i`'s list:
    /// covers `i` and commits `c`'s other items, counting no update (they
    /// are counted already), so the search can pause there. Returns the
    /// trail's mark between the two. (Inlined, though rare: a call would
    /// take the view's address and keep its fields out of registers in
    /// the whole loop; docs/PERFORMANCE.md, "Algorithm X's loops".)
    #[inline(always)]
    pub(crate) fn enter_last_level<const U: u32>(&mut self, i: NodeId, c: NodeId) -> TrailMark {
        let counted = self.work.updates;
        self.cover::<false, U>(i);
        let mark = self.mark();
        self.commit_others::<false, U>(c);
        self.work.updates = counted;
        mark
    }

    /// Unhides the options on the trail above `mark`, last first.
    #[inline(always)]
    pub(crate) fn undo_to<const COLORS: bool, const U: u32>(&mut self, mark: TrailMark) {
        while self.trail_len > mark.as_u32() {
            self.trail_len -= 1;
            let p = get(self.trail, self.trail_len).hidden();
            self.unhide::<COLORS, U>(p);
        }
    }

    /// Clears the flag of a covered item: what is left of `uncover(i)`
    /// once the trail has been undone.
    #[inline(always)]
    pub(crate) fn release(&mut self, i: NodeId) {
        *self.len_mut(i) &= !COVERED;
    }

    /// Keeps only the options that agree with node `p`'s colour on its
    /// item: hides (on the trail) the others, and marks the agreeing nodes
    /// with -1.
    fn purify(&mut self, p: NodeId) {
        let x = self.color[p];
        let i = self.top[p];
        self.color[i] = x;
        self.work.cleansings += 1;
        let mut removed = 0;
        let mut r = self.down(i);
        while r != i {
            let next = self.down(r);
            if self.color[r] != x {
                removed += self.hide_on_trail::<true, 0>(r);
            } else if r != p {
                self.color[r] = -1;
                self.work.cleansings += 1;
            }
            r = next;
        }
        self.work.updates += removed;
    }

    /// What is left of undoing `purify(p)` once the trail has been undone:
    /// the marks go back to the colour, and the item is unpurified.
    fn unmark(&mut self, p: NodeId) {
        let x = self.color[p];
        let i = self.top[p];
        let mut r = self.down(i);
        while r != i {
            if self.color[r] < 0 {
                self.color[r] = x;
            }
            r = self.down(r);
        }
        self.color[i] = 0;
    }

    /// Commits node `q`'s item: covers it, or purifies it for a colour, or
    /// does nothing when it is already purified with that colour.
    #[inline(always)]
    pub(crate) fn commit<const COLORS: bool, const U: u32>(&mut self, q: NodeId) {
        let top = self.top(q);
        if !COLORS {
            self.cover::<false, U>(top);
        } else {
            let color = self.color[q];
            if color == 0 {
                self.cover::<true, 0>(top);
            } else if color > 0 {
                self.purify(q);
            }
        }
    }

    /// What is left of undoing `commit(q)` once the trail has been undone.
    #[inline(always)]
    pub(crate) fn release_node<const COLORS: bool>(&mut self, q: NodeId) {
        let top = self.top(q);
        if !COLORS {
            self.release(top);
        } else {
            let color = self.color[q];
            if color == 0 {
                self.release(top);
            } else if color > 0 {
                self.unmark(q);
            }
        }
    }

    /// Commits every item of `p`'s option except `p`'s own, cyclically
    /// from `p` (DLX2's order, which the cleansing count depends on).
    #[inline(always)]
    pub(crate) fn commit_others<const COLORS: bool, const U: u32>(&mut self, p: NodeId) {
        let span = self.span::<U>(p);
        let mut q = p;
        for _ in 1..span.end - span.first {
            q = Self::succ(q, span);
            self.commit::<COLORS, U>(q);
        }
    }

    /// What is left of undoing `commit_others(p)` once the trail has been
    /// undone (in any order: the items are distinct).
    #[inline(always)]
    pub(crate) fn release_others<const COLORS: bool, const U: u32>(&mut self, p: NodeId) {
        let span = self.span::<U>(p);
        let mut q = p;
        for _ in 1..span.end - span.first {
            q = Self::succ(q, span);
            self.release_node::<COLORS>(q);
        }
    }
}
