//! The Dancing Links arena: every node in flat `Vec`s, linked by `NodeId`s
//! (`u32` newtypes; see `ids`).
//!
//! # Layout (after Knuth's DLX1/DLX2)
//!
//! For a problem with `N` items, `P` of them primary:
//!
//! * node `0` is unused;
//! * nodes `1..=N` are the item headers, primary items first (`1..=P`) in
//!   the order declared, then the secondary items. A header's links are the
//!   ends of the item's vertical list, and its `top` names the header
//!   itself, so `top(choice)` gives the branching item both for an option
//!   node and for the header that ends the list;
//! * node `N + 1` is the first spacer; after it come the options, each a
//!   run of consecutive nodes followed by a spacer (whose `top` is 0), or
//!   by more spacers when every option has a size that [`option_stride`]
//!   pads (so that options of 2, 4 and 6 nodes start every 4, 8 and 8
//!   nodes).
//!
//! Each node's fields live in parallel vectors, split by how the search
//! uses them: [`Arena::links`] (`up`/`down`, 8 bytes) is the only node data
//! the search writes; [`Arena::top`] and [`Arena::span`] are read-only. An
//! option node's `span` holds the bounds `first..end` of its option, so the
//! search walks an option cyclically from any of its nodes with a counted
//! loop and no test for spacers.
//!
//! Instead of DLX1's doubly linked list of active items, each item's entry
//! in [`Arena::len`] carries a flag bit ([`COVERED`]) while the item is
//! covered. The active primary items are then exactly the unflagged entries
//! of the dense array `len[1..=P]`, in item order, so DLX1's choice rule
//! (the first active primary item of minimum length, stopping at length 0)
//! becomes a vectorisable scan for the first minimum, with the same result.
//! Covering an item still counts one update, as unlinking it does in DLX1.
//!
//! When the problem is small enough (see [`Arena::shift`]), the entry is a
//! *key*: the length shifted left, with the primary item's index below it.
//! The smallest key is then the first item of minimum length, so the choice
//! is a single vectorised minimum. Bit 31 is always clear, so keys compare
//! the same as `i32`, for which SSE2 has a comparison.
//!
//! # The invariant, and the trail
//!
//! `cover(i)` flags item `i` and hides every option in its vertical list
//! from the *other* items' lists. Removed nodes keep their own `up`/`down`
//! fields, so as long as hidden options are unhidden in exactly the reverse
//! order of hiding, every link returns to its previous value (Knuth,
//! "Dancing Links", 2000). Within one option the nodes lie in different
//! lists, so `unhide` may restore them in any order.
//!
//! Instead of walking each item's list back up to uncover it, the search
//! records every hidden option on a stack, [`Arena::trail`], and undoes a
//! whole level at once by unhiding the trail down to a *mark* taken before
//! the level: one loop, with no pointer chasing, however many items the
//! level covered. Clearing the covered items' flags ("release") commutes
//! with the unhiding, as the flag bit never meets the count below it, so
//! it is done separately, by a counted walk over the chosen option. The
//! search, pins and prefixes keep this LIFO discipline; the tests check
//! that the arena equals its starting state after every complete or
//! interrupted search.
//!
//! # Indices in bounds
//!
//! Every node index the arena stores (in `links`, in `span`'s bounds,
//! which are at most the number of nodes, and on the trail) is below
//! `links.len()`, the length shared by the per-node vectors, and every
//! `top` is below `len.len()`. [`Arena::build`] establishes this, and the
//! dance only ever stores indices it read from these vectors, or nodes
//! within a span, so it holds throughout; the trail never holds more than
//! one entry per option, as an option is hidden at most once at a time.
//! The dance's `index` module relies on this invariant to skip bounds checks in
//! the hot loop when the `unchecked` feature is on.
//!
//! # Colours (Algorithm C)
//!
//! [`Arena::color`] holds, per node, 0 (no colour), a positive colour, or
//! -1 once its item has been *purified* with that colour (TAOCP 7.2.2.1,
//! Algorithm C); an item header holds the colour it was purified with.
//! `purify(p)` hides (on the trail) every option whose colour on that item
//! differs from `p`'s and marks the agreeing ones with -1; `hide` and
//! `unhide` skip nodes marked -1. Releasing the item after the trail is
//! undone restores the marks. This order is safe: a node hidden by a level
//! is out of every list, so no later purification can mark it, and the
//! marks a hide skipped stay in place until that hide is undone. The hot
//! routines are generic over `const COLORS: bool`, so problems without
//! colours pay nothing.
//!
//! # Multiplicities (Algorithm M)
//!
//! When some primary item has bounds other than `[1, 1]`,
//! [`Multiplicities::bound`] holds each primary item's *residual* upper bound (how
//! many more options may still cover it) and [`Multiplicities::slack`] its `hi -
//! lo`, both indexed by header; both are empty otherwise. `shift` is 0;
//! instead, when they fit, each item's word in `len` is a *live key* of
//! Algorithm M's heuristic, which a node in its list moves by
//! [`Arena::step`] and a change of bound by another constant (see
//! `keys`). The
//! trail then also holds Algorithm M's *tweaks*, which take an option out
//! of the branching item's own list as well (see `trail` and
//! `dance::mult`).
//!
//! # Statistics
//!
//! `updates` follows DLX1: one per item covered, plus one per node removed
//! from a vertical list (while covering or purifying). `cleansings` follows
//! DLX2: one per purification plus one per node marked with -1.

use super::bounds::Bounds;
use super::budget::Budget;
use super::error::BuildError;
use super::ids::NodeId;
use super::keys::{COVERED, KeyBits};
use super::trail::Trail;
use std::collections::TryReserveError;

/// The sizes of a problem, for [`Arena::build`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    /// Items, primary and secondary.
    pub(crate) n_items: usize,
    /// Primary items (the first `n_primary` items).
    pub(crate) n_primary: usize,
    /// Entries of all the options together.
    pub(crate) total_entries: usize,
    /// Options.
    pub(crate) option_count: usize,
    /// The size every option has and is padded for (see
    /// [`uniform_size`]), or 0.
    pub(crate) uniform: u32,
}

impl Shape {
    /// The number of nodes: node 0, the headers, the first spacer, and the
    /// options with their spacers.
    pub(crate) fn nodes(&self) -> usize {
        self.n_items + 2 + self.total_entries + self.option_count * self.spacers()
    }

    /// The bytes an arena of this shape takes (see [`Arena::build`]).
    pub(crate) fn arena_bytes(&self, has_colors: bool, has_bounds: bool) -> u64 {
        let nodes = self.nodes() as u64;
        let per_node = 8 + 4 + if computed_spans(self.uniform) { 0 } else { 8 } + if has_colors { 4 } else { 0 };
        let items = self.n_items as u64 + 1;
        let per_item = 4 + 4 + if has_bounds { 8 } else { 0 };
        let trail = 4 * self.option_count as u64 * if has_bounds { 2 } else { 1 };
        nodes * per_node + items * per_item + trail
    }

    /// Spacers after each option: 1, or as many as pad options of the
    /// uniform size to [`option_stride`] nodes.
    pub(crate) fn spacers(&self) -> usize {
        match self.uniform {
            0 => 1,
            u => (option_stride(u) - u) as usize,
        }
    }
}

/// The size to lay the options out by (see [`Arena::uniform`]), given
/// the size every option has, if they all have the same one: that size, if
/// the problem has no colours (whose loop reads `span`) and it is below
/// 2^16, and with multiplicities only 3 or 4 (the sizes Algorithm M's loop
/// is compiled for: padding would cost the others nodes for nothing); else
/// 0.
pub(crate) fn uniform_size(size: Option<u32>, has_colors: bool, has_bounds: bool) -> u32 {
    match size {
        Some(3 | 4) if !has_colors => size.unwrap_or(0),
        Some(s) if !has_colors && !has_bounds && (1..1 << 16).contains(&s) => s,
        _ => 0,
    }
}

/// Whether the search loop is compiled for options of this uniform size
/// (see [`uniform_size`]), and so computes an option's bounds from a
/// node's index: then the arena keeps no `span`, and the problem no table
/// of options by node.
pub(crate) const fn computed_spans(uniform: u32) -> bool {
    matches!(uniform, 1 | 2 | 3 | 4 | 6)
}

/// The nodes an option of `size` nodes takes, spacers included, when every
/// option has that size (see [`Arena::uniform`]): for the sizes the search
/// loop is compiled for, the power of two at or above the size (1, 2 and 4
/// need no spacer; 3 takes 4 and 6 takes 8), so that the dance finds an
/// option's first node with a mask instead of a remainder; else `size +
/// 1`, one spacer.
pub(crate) const fn option_stride(size: u32) -> u32 {
    match size {
        1 | 2 | 4 => size,
        3 => 4,
        6 => 8,
        _ => size + 1,
    }
}

/// The mutable part of a node: its neighbours in its item's vertical list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
pub(crate) struct Link {
    /// The node above.
    pub(crate) up: NodeId,
    /// The node below.
    pub(crate) down: NodeId,
}

/// The span of option node `p` in an arena whose options of `size` nodes
/// start at `first_option`, [`option_stride`] apart.
#[inline(always)]
pub(crate) fn strided_span(p: NodeId, first_option: NodeId, size: u32) -> Span {
    let first = p - (p - first_option) % option_stride(size);
    Span { first, end: first + size }
}

/// The span of option node `p`: read from `span`, or when it is empty
/// computed as [`strided_span`] does (see [`Arena::span_of`]).
#[inline]
pub(crate) fn span_in(span: &[Span], p: NodeId, first_option: NodeId, size: u32) -> Span {
    if span.is_empty() { strided_span(p, first_option, size) } else { span[p] }
}

/// The nodes `first..end` of one option (read-only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    /// The option's first node.
    pub(crate) first: NodeId,
    /// One past its last node (the spacer that follows it).
    pub(crate) end: NodeId,
}

impl Span {
    /// The option's nodes, left to right. (Counted from the option's size,
    /// which compiles to fewer instructions in Algorithm M's loop than a
    /// range of node indices: docs/PERFORMANCE.md, "Algorithm M's loops".)
    #[inline(always)]
    pub(crate) fn nodes(self) -> impl Iterator<Item = NodeId> + Clone {
        (0..self.end - self.first).map(move |j| self.first + j)
    }
}

/// The linked structure and its counters. Cloning copies flat `Vec`s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Arena {
    /// Per node: the vertical links (the only node data the search writes).
    pub(crate) links: Vec<Link>,
    /// Per node: the item header of an option node, the item itself for a
    /// header, [`NodeId::NULL`] for a spacer.
    pub(crate) top: Vec<NodeId>,
    /// Per node: the option an option node belongs to (default for
    /// headers and spacers); empty when the search computes it from the
    /// node's index (see [`computed_spans`] and [`Arena::span_of`]).
    pub(crate) span: Vec<Span>,
    /// Per node: colour state (empty when the problem has no colours).
    pub(crate) color: Vec<i32>,
    /// Per item header (index 0 unused): `length << shift | tag`, where
    /// `length` is the length of its vertical list and `tag` the item's
    /// index from 0 for a primary item when `shift > 0`, else 0; with
    /// [`COVERED`] set while the item is covered.
    pub(crate) len: Vec<u32>,
    /// 0, or the number of bits that hold the tag when every key fits
    /// below [`COVERED`] (see the module docs).
    pub(crate) shift: u32,
    /// What one node in an item's list adds to its word in `len`: `1 <<
    /// shift`, or with Algorithm M's live keys `KeyBits::step`.
    pub(crate) step: u32,
    /// The size of every option when they all have the same one and the
    /// problem has no colours, and with multiplicities only 3 or 4 (see
    /// [`uniform_size`]), else 0. Option `k` then starts at node
    /// `n_items + 2 + k * option_stride(uniform)`, so the dance computes an
    /// option's bounds from a node's index instead of reading `span`.
    pub(crate) uniform: u32,
    /// The options hidden so far, in order (see `trail`).
    pub(crate) trail: Trail,
    /// Number of items `N`.
    pub(crate) n_items: u32,
    /// Number of primary items `P`.
    pub(crate) n_primary: u32,
    /// Algorithm M's per-item state (empty without multiplicities).
    pub(crate) mult: Multiplicities,
    /// Whether the lists were rebuilt to hold a chosen subset of the
    /// options (see `Arena::restrict` in `commit.rs`), so that only a copy
    /// of the problem's arena restores them.
    pub(crate) restricted: bool,
    /// Set while a search is abandoned just before the arena is rebuilt or
    /// copied over (see `Solver::pin_within`): undoing then does nothing.
    pub(crate) discarding: bool,
    /// What the dance has done since the counts were last reset.
    pub(crate) work: Work,
}

/// The state of Algorithm M, per item header: empty vectors and no keys
/// when no primary item has bounds other than `[1, 1]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Multiplicities {
    /// The residual upper bound of a primary item; meaningless while the
    /// item is covered (one covered by a chosen option keeps 1: see
    /// `Dance::commit_m`).
    pub(crate) bound: Vec<u32>,
    /// `max - min` of a primary item.
    pub(crate) slack: Vec<u32>,
    /// The fields of the packed keys, when every list length and slack is
    /// small enough for them (see `keys::KeyBits`).
    pub(crate) key_bits: Option<KeyBits>,
}

/// The dance's statistics: `updates` as DLX1 counts them, `cleansings` as
/// DLX2 does (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Work {
    pub(crate) updates: u64,
    pub(crate) cleansings: u64,
}

impl Arena {
    /// Builds the arena. Items are numbered `0..n` with the `n_primary`
    /// primary items first; `options` yields each option as its `(item,
    /// colour)` pairs, colour 0 for none. `bounds`, if given, holds each
    /// primary item's [`Bounds`]. Option `k` starts at node `n + 2`, plus
    /// the nodes of the options before it and their spacers.
    /// Steps `budget` once per option (see `budget`), and fails with
    /// [`BuildError::OutOfMemory`] if the memory can't be reserved.
    pub(crate) fn build<O>(
        shape: Shape,
        options: impl Iterator<Item = O>,
        has_colors: bool,
        bounds: Option<&[Bounds]>,
        budget: &mut Budget,
    ) -> Result<Arena, BuildError>
    where
        O: ExactSizeIterator<Item = (u32, u32)>,
    {
        let out_of_memory = |_: TryReserveError| BuildError::OutOfMemory { nodes: shape.nodes() as u64 };
        Arena::build_reserved(shape, options, has_colors, bounds, budget).map_err(out_of_memory)?
    }

    /// [`Arena::build`], with its reservations' errors apart.
    fn build_reserved<O>(
        shape: Shape,
        options: impl Iterator<Item = O>,
        has_colors: bool,
        bounds: Option<&[Bounds]>,
        budget: &mut Budget,
    ) -> Result<Result<Arena, BuildError>, TryReserveError>
    where
        O: ExactSizeIterator<Item = (u32, u32)>,
    {
        let Shape { n_items, n_primary, option_count, uniform, .. } = shape;
        let spacers = shape.spacers();
        let has_bounds = bounds.is_some();
        let keep_spans = !computed_spans(uniform);
        let n = n_items;
        let n_nodes = shape.nodes();
        let mut links: Vec<Link> = Vec::new();
        links.try_reserve_exact(n_nodes)?;
        let mut top: Vec<NodeId> = Vec::new();
        top.try_reserve_exact(n_nodes)?;
        let mut span: Vec<Span> = Vec::new();
        if keep_spans {
            span.try_reserve_exact(n_nodes)?;
        }
        let mut len: Vec<u32> = Vec::new();
        len.try_reserve_exact(n + 1)?;
        let trail_room = if has_bounds { 2 * option_count } else { option_count };
        let trail = Trail::new(trail_room, option_count as u32)?;
        let (mut bound, mut slack) = (Vec::new(), Vec::new());
        if let Some(bounds) = bounds {
            bound.try_reserve_exact(n + 1)?;
            slack.try_reserve_exact(n + 1)?;
            bound.push(0);
            slack.push(0);
            for h in 0..n {
                let b = bounds.get(h).copied().unwrap_or(Bounds { min: 0, max: 0 });
                bound.push(b.max);
                slack.push(b.slack());
            }
        }
        let mut color: Vec<i32> = Vec::new();
        if has_colors {
            color.try_reserve_exact(n_nodes)?;
            color.resize(n_nodes, 0);
        }

        // Node 0 (scratch), the headers, and the first spacer.
        links.extend((0..=n as u32).map(|h| {
            let h = NodeId::from_u32(h);
            Link { up: h, down: h }
        }));
        top.extend((0..=n as u32).map(NodeId::from_u32));
        links.push(Link::default());
        top.push(NodeId::NULL);
        if keep_spans {
            span.resize(n + 2, Span::default());
        }
        len.resize(n + 1, 0);
        let mut counts: Vec<u32> = Vec::new();
        counts.try_reserve_exact(n + 1)?;
        counts.resize(n + 1, 0);
        let mut built = 0;
        for option in options {
            if let Err(e) = budget.step() {
                return Ok(Err(e));
            }
            let first = NodeId::from_u32(links.len() as u32);
            let end = first + option.len() as u32;
            debug_assert!(uniform == 0 || option.len() == uniform as usize);
            built += 1;
            for (item, c) in option {
                let h = NodeId::header(item);
                let q = NodeId::from_u32(links.len() as u32);
                let last = links[h].up;
                links.push(Link { up: last, down: h });
                links[last].down = q;
                links[h].up = q;
                top.push(h);
                if keep_spans {
                    span.push(Span { first, end });
                }
                counts[h] += 1;
                if has_colors {
                    color[q] = c as i32;
                }
            }
            for _ in 0..spacers {
                links.push(Link::default());
                top.push(NodeId::NULL);
                if keep_spans {
                    span.push(Span::default());
                }
            }
        }
        // `n_options` must count every option built (see `Arena::solos`).
        debug_assert_eq!(built, option_count);
        debug_assert_eq!(links.len(), n_nodes);
        let max_length = counts.iter().copied().max().unwrap_or(0);
        let shift = if has_bounds { 0 } else { key_shift(n_primary as u32, max_length) };
        let key_bits = if has_bounds {
            let max = |v: &[u32]| v.iter().copied().max().unwrap_or(0);
            KeyBits::new(n_primary as u32, max_length, max(&slack), max(&bound))
        } else {
            None
        };
        let step = key_bits.map_or(1 << shift, KeyBits::step);
        let mut arena = Arena {
            links,
            top,
            span,
            color,
            len,
            shift,
            step,
            uniform,
            trail,
            n_items: n as u32,
            n_primary: n_primary as u32,
            mult: Multiplicities { bound, slack, key_bits },
            restricted: false,
            discarding: false,
            work: Work::default(),
        };
        for (h, &count) in counts.iter().enumerate().skip(1) {
            let word = arena.empty_len(NodeId::from_u32(h as u32)).wrapping_add(count.wrapping_mul(step));
            arena.len[h] = word;
        }
        Ok(Ok(arena))
    }

    /// The nodes of option node `p`'s option: read from `span`, or
    /// computed from `p`'s index when the arena keeps no `span` (see
    /// [`computed_spans`]).
    pub(crate) fn span_of(&self, p: NodeId) -> Span {
        span_in(&self.span, p, self.first_option(), self.uniform)
    }

    /// The first node of the first option, after the headers and the
    /// first spacer.
    #[inline]
    pub(crate) fn first_option(&self) -> NodeId {
        NodeId::header(self.n_items) + 1
    }

    /// The word in `len` of item header `h` with an empty list, uncovered:
    /// its tag (see [`Arena::shift`]), or its live key (see `keys`), or 0.
    pub(crate) fn empty_len(&self, h: NodeId) -> u32 {
        let primary = h.is_primary_header(self.n_primary);
        let m = &self.mult;
        match m.key_bits {
            Some(k) if primary => k.key(0, m.bound[h], m.slack[h], h.item()),
            Some(k) => k.secondary(0),
            None if self.shift > 0 && primary => h.item(),
            None => 0,
        }
    }

    /// Whether any node carries a colour (Algorithm C).
    #[inline]
    pub(crate) fn has_colors(&self) -> bool {
        !self.color.is_empty()
    }

    /// Whether some primary item has bounds other than `[1, 1]`
    /// (Algorithm M).
    #[inline]
    pub(crate) fn has_bounds(&self) -> bool {
        !self.mult.bound.is_empty()
    }

    /// The node below `p` in its vertical list.
    #[inline]
    pub(crate) fn down(&self, p: NodeId) -> NodeId {
        self.links[p].down
    }

    /// The item header of node `p` (the item itself for a header).
    #[inline]
    pub(crate) fn top(&self, p: NodeId) -> NodeId {
        self.top[p]
    }

    /// Whether item header `h` is not covered.
    #[inline]
    pub(crate) fn is_active(&self, h: NodeId) -> bool {
        self.len[h] & COVERED == 0
    }
}

/// The shift that makes room for a tag below every length (see
/// [`Arena::shift`]), or 0 if some key would reach [`COVERED`].
fn key_shift(n_primary: u32, max_length: u32) -> u32 {
    let shift = u32::BITS - n_primary.saturating_sub(1).leading_zeros();
    let fits = u64::from(max_length) << shift | u64::from(n_primary) < u64::from(COVERED);
    if shift > 0 && fits { shift } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::{COVERED, NodeId, Span, option_stride};
    use crate::cover::{Problem, Solver};
    use crate::puzzles::langford::Langford;
    use crate::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
    use crate::puzzles::queens::Queens;

    /// A solver whose arena holds plain lengths (`shift` 0), as for
    /// problems whose keys would not fit.
    fn untagged(problem: &Problem) -> Solver {
        let mut solver = problem.solver();
        let arena = solver.search.arena_mut();
        for l in &mut arena.len {
            *l = (*l & !COVERED) >> arena.shift;
        }
        arena.shift = 0;
        arena.step = 1;
        solver
    }

    /// A solver of Algorithm M whose arena holds plain lengths instead of
    /// live keys, as for problems whose keys would not fit.
    fn unkeyed(problem: &Problem, limits: crate::cover::Limits) -> Solver {
        let mut solver = problem.solver().with_limits(limits);
        let arena = solver.search.arena_mut();
        let bits = arena.mult.key_bits.take().expect("live keys");
        for l in &mut arena.len[1..] {
            *l = bits.length(*l) | *l & COVERED;
        }
        arena.step = 1;
        solver
    }

    /// Options of one size the loop is compiled for are laid out
    /// `option_stride` nodes apart (1, 2 and 4 with no spacer, 3 and 6
    /// padded to 4 and 8) and walked with computed bounds (`Dance::span`
    /// with `U > 0`), with no `span` kept: the same counts, nodes and
    /// updates as an arena given the `span` table and searched by the loop
    /// that reads it, for each size; mixed sizes and colours keep the
    /// table. The sized loops run only on a CPU with AVX2 (as the
    /// project's machines have); elsewhere both solvers read the bounds.
    #[test]
    fn options_of_one_size_give_the_same_search() {
        let domino = "a b c d e f\n".to_string() + "a b\nc d\ne f\na c\nb d\nc e\nd f\n";
        let problems = [
            (Problem::from_dlx("a b c\na\nb\nc\nb\na\n").unwrap(), 1),
            (Problem::from_dlx(&domino).unwrap(), 2),
            (Langford::raw(8).unwrap().problem().clone(), 3),
            (crate::sudoku::SudokuSolver::new(3).unwrap().problem().clone(), 4),
            (Packing::new(pentominoes(), rectangle(3, 20), PackingOptions::default()).unwrap().problem().clone(), 6),
        ];
        assert_eq!([1, 2, 3, 4, 5, 6, 7, 8].map(option_stride), [1, 2, 4, 4, 6, 8, 8, 9]);
        for (problem, size) in &problems {
            let mut uniform = problem.solver();
            let arena = uniform.search.arena_mut();
            assert_eq!((arena.uniform, arena.span.len()), (*size, 0));
            let (stride, start) = (option_stride(*size), arena.first_option().as_u32());
            let layout = &problem.inner.layout;
            for k in 0..problem.option_count() as u32 {
                let first = layout.first_node(crate::cover::OptionId::from_u32(k), problem.option_count()).unwrap();
                assert_eq!(first.as_u32(), start + k * stride);
                assert_eq!(layout.option_at(first + (*size - 1)).as_u32(), k);
            }
            uniform.set_limits(crate::cover::Limits::new().nodes(200_000));
            // The same problem with an ignored option (of secondary items
            // only) has a table of options by node, which the loop that
            // reads `span` needs.
            let text = crate::cover::write_dlx(problem);
            let (items, options) = text.split_once('\n').unwrap();
            let secondary: Vec<String> = (0..*size).map(|k| format!("extra-secondary-{k}")).collect();
            let tabled = Problem::from_dlx(&format!("{items} | {0}\n{options}{0}\n", secondary.join(" "))).unwrap();
            let mut read = tabled.solver().with_limits(crate::cover::Limits::new().nodes(200_000));
            let arena = read.search.arena_mut();
            let first = arena.first_option().as_u32();
            arena.span = (0..arena.links.len() as u32)
                .map(NodeId::from_u32)
                .map(|p| {
                    if p.as_u32() >= first && arena.top[p] != NodeId::NULL { arena.span_of(p) } else { Span::default() }
                })
                .collect();
            arena.uniform = 0;
            assert_eq!(uniform.count(), read.count());
            let (a, b) = (uniform.stats(), read.stats());
            assert_eq!((a.nodes, a.updates), (b.nodes, b.updates));
            assert!(a.nodes > 10 || a.solutions > 0);
            assert!(uniform.links_are_pristine());
        }
        let mut queens = Queens::new(6).unwrap().problem().solver();
        assert_eq!(queens.search.arena_mut().uniform, 0);
        assert!(!queens.search.arena_mut().span.is_empty());
        let colors = Problem::from_dlx("a | x\na x:1\na x:2\n").unwrap();
        assert_eq!(colors.solver().search.arena_mut().uniform, 0);
    }

    #[test]
    fn keys_and_plain_lengths_make_the_same_choices() {
        let problems = [
            Queens::new(8).unwrap().problem().clone(),
            Langford::raw(7).unwrap().problem().clone(),
            // 72 primary items: the scan with early exits.
            Packing::new(pentominoes(), rectangle(3, 20), PackingOptions::default()).unwrap().problem().clone(),
        ];
        for problem in &problems {
            assert!(problem.solver().search.arena_mut().shift > 0);
            let mut keyed = problem.solver();
            let mut plain = untagged(problem);
            assert_eq!(plain.count(), keyed.count());
            let (a, b) = (plain.stats(), keyed.stats());
            assert_eq!((a.nodes, a.updates), (b.nodes, b.updates));
        }
    }

    /// Algorithm M's live keys choose as its plain scan does: the same
    /// counts, nodes and updates on every multiplicity fixture (one with
    /// 45 primary items).
    #[test]
    fn packed_keys_and_the_plain_scan_of_algorithm_m_agree() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dlx3");
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.retain(|f| f.extension().is_some_and(|e| e == "dlx"));
        files.sort();
        assert!(files.len() >= 10);
        let mut blocks = false;
        for file in &files {
            let problem = Problem::from_dlx(&std::fs::read_to_string(file).unwrap()).unwrap();
            let mut keyed = problem.solver();
            assert!(keyed.search.arena_mut().mult.key_bits.is_some(), "{}", file.display());
            blocks |= keyed.search.arena_mut().n_primary > 32;
            let mut plain = unkeyed(&problem, crate::cover::Limits::new());
            assert_eq!(plain.count(), keyed.count(), "{}", file.display());
            let (a, b) = (plain.stats(), keyed.stats());
            assert_eq!((a.nodes, a.updates), (b.nodes, b.updates), "{}", file.display());
        }
        assert!(blocks);
        // 72 primary items (two queens per row and column): the blocks
        // with early exits, up to a node limit.
        let problem = Queens::per_line(36, 2).unwrap().problem().clone();
        let limits = || crate::cover::Limits::new().nodes(300_000);
        let mut keyed = problem.solver().with_limits(limits());
        assert!(keyed.search.arena_mut().mult.key_bits.is_some() && keyed.search.arena_mut().n_primary > 64);
        let mut plain = unkeyed(&problem, limits());
        assert_eq!(plain.count(), keyed.count());
        let (a, b) = (plain.stats(), keyed.stats());
        assert_eq!((a.nodes, a.updates), (b.nodes, b.updates));
        assert!(a.nodes >= 300_000);
    }

    #[test]
    fn an_arena_that_cannot_be_reserved_is_an_error_not_an_abort() {
        let shape =
            super::Shape { n_items: 1, n_primary: 1, total_entries: usize::MAX / 64, option_count: 0, uniform: 0 };
        let none = std::iter::empty::<std::iter::Empty<(u32, u32)>>();
        let r = super::Arena::build(shape, none, false, None, &mut crate::cover::budget::Budget::default());
        assert!(matches!(r, Err(crate::cover::BuildError::OutOfMemory { .. })), "{r:?}");
    }
}
