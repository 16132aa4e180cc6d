//! Problems: built once by a [`ProblemBuilder`](super::ProblemBuilder),
//! then immutable and shared.
//!
//! A [`Problem`] keeps the items and options as they were given (for
//! printing, checking and writing), the map between options and arena
//! nodes ([`Layout`]), and an arena in its starting state. Cloning a
//! `Problem` is an `Arc` clone; every [`Solver`](super::Solver) owns an
//! arena of its own, so solvers on several threads never share links.
//!
//! The arena is the largest part of a problem, so it is held once where
//! one will do: the build makes it (so that a problem too large for memory
//! fails there, with an error), and the first solver takes it. A second
//! solver, or a solver that must return to the starting state, uses a copy
//! made on first need ([`Problem::pristine`]). A program that builds a
//! problem and solves it once thus holds one arena, not two.

use super::arena::{Arena, Shape};
use super::bounds::Bounds;
use super::budget::Budget;
use super::entries::{Entries, OptionItems};
use super::error::BuildError;
use super::ids::{ColorId, ItemId, OptionId};
use super::layout::Layout;
use super::names::Names;
use super::tables::{DENSE, MAX_ITEMS, MAX_OPTIONS, Tables};
use std::sync::{Arc, Mutex, OnceLock};

/// The largest number of nodes, items or options the `u32` arena allows.
pub(crate) const ARENA_LIMIT: u64 = i32::MAX as u64;

/// An exact-cover problem: items (primary or secondary) and options.
///
/// Build one with [`ProblemBuilder`](super::ProblemBuilder),
/// [`Problem::from_bool_rows`], [`Problem::from_bit_rows`] or
/// [`Problem::from_dlx`], then solve it with [`Problem::solver`].
#[derive(Clone, Debug)]
pub struct Problem {
    pub(crate) inner: Arc<Inner>,
}

#[derive(Debug)]
pub(crate) struct Inner {
    pub(crate) names: Names,
    pub(crate) primary: Vec<bool>,
    /// Per item: the multiplicity `[lo, hi]` of a primary item (`[1, 1]`
    /// unless given), `[0, 1]` for a secondary one.
    pub(crate) bounds: Vec<Bounds>,
    pub(crate) colors: Vec<String>,
    pub(crate) entries: Entries,
    pub(crate) layout: Layout,
    pub(crate) ignored: Vec<OptionId>,
    /// The arena's sizes.
    pub(crate) shape: Shape,
    /// Whether a kept option gives a colour (selects Algorithm C).
    pub(crate) has_colors: bool,
    /// Whether some primary item has bounds other than `[1, 1]` (selects
    /// Algorithm M).
    pub(crate) has_bounds: bool,
    /// The arena the build made, until a solver takes it.
    pub(crate) spare: Mutex<Option<Arena>>,
    /// The arena in its starting state, made on first need.
    pub(crate) pristine: OnceLock<Arena>,
    /// The options as bit sets, for the search on them, made on first use
    /// (`None` inside: not a problem for it; see `search::bits`).
    pub(crate) bit_tables: OnceLock<Option<Arc<Tables>>>,
}

impl Inner {
    /// Builds a fresh arena, polling `budget` (see [`Arena::build`]).
    pub(crate) fn build_arena(&self, budget: &mut Budget) -> Result<Arena, BuildError> {
        // Arena items: primary items first, each group in declared order.
        let mut header = vec![0u32; self.names.len()];
        let mut next = 0;
        for pass in [true, false] {
            for (i, _) in self.primary.iter().enumerate().filter(|(_, p)| **p == pass) {
                header[i] = next;
                next += 1;
            }
        }
        let bounds = self.has_bounds.then(|| {
            let mut arena_bounds = vec![Bounds::ONCE; self.shape.n_primary];
            for (i, &b) in self.bounds.iter().enumerate().filter(|&(i, _)| self.primary[i]) {
                arena_bounds[header[i] as usize] = b;
            }
            arena_bounds
        });
        let header = &header;
        let kept = (0..self.entries.len() as u32)
            .map(OptionId::from_u32)
            .filter(|o| self.ignored.binary_search(o).is_err())
            .map(|o| self.entries.get(o).iter().map(move |(i, c)| (header[i.as_usize()], c.as_u32())));
        Arena::build(self.shape, kept, self.has_colors, bounds.as_deref(), budget)
    }
}

impl Problem {
    /// The arena for a new solver: the one the build made, if no solver
    /// has taken it yet, else a copy of the starting state.
    pub(crate) fn arena_for_solver(&self) -> Arena {
        let spare = self.inner.spare.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
        spare.unwrap_or_else(|| self.pristine().clone())
    }

    /// The arena in its starting state, made on first call. Panics if
    /// memory for it can't be reserved (the build reserved as much once).
    pub(crate) fn pristine(&self) -> &Arena {
        self.inner.pristine.get_or_init(|| {
            let spare = self.inner.spare.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
            spare.unwrap_or_else(|| {
                self.inner.build_arena(&mut Budget::default()).unwrap_or_else(|e| panic!("a second arena: {e}"))
            })
        })
    }

    /// The options as bit sets, if the search on them suits the problem
    /// (see `search::bits`); made once.
    pub(crate) fn bit_tables(&self) -> Option<&Arc<Tables>> {
        let inner = &self.inner;
        inner
            .bit_tables
            .get_or_init(|| {
                let small = inner.shape.n_items <= MAX_ITEMS && inner.shape.option_count <= MAX_OPTIONS;
                let arena = (small && !inner.has_colors).then(|| self.pristine())?;
                Tables::build(arena, &inner.layout, self.option_count(), DENSE).map(Arc::new)
            })
            .as_ref()
    }

    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.inner.names.len()
    }

    /// The number of primary items.
    pub fn primary_count(&self) -> usize {
        self.inner.shape.n_primary
    }

    /// The number of options, counting ignored ones.
    pub fn option_count(&self) -> usize {
        self.inner.entries.len()
    }

    /// The item's name.
    pub fn item_name(&self, item: ItemId) -> &str {
        self.inner.names.get(item)
    }

    /// The item with this name.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.inner.names.find(name)
    }

    /// Whether the item is primary.
    pub fn is_primary(&self, item: ItemId) -> bool {
        self.inner.primary[item]
    }

    /// The colour's name (empty for [`ColorId::NONE`]).
    pub fn color_name(&self, color: ColorId) -> &str {
        &self.inner.colors[color]
    }

    /// The items of an option, each with its colour, in the order given.
    pub fn option(&self, option: OptionId) -> OptionItems<'_> {
        self.inner.entries.get(option)
    }

    /// Options that were ignored because they contain no primary item
    /// (DLX1 ignores them too, with a warning).
    pub fn ignored_options(&self) -> &[OptionId] {
        &self.inner.ignored
    }

    /// The option written as in Knuth's format: `A D X:red`.
    pub fn format_option(&self, option: OptionId) -> String {
        let mut s = String::new();
        for (k, (item, color)) in self.option(option).iter().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            s.push_str(self.item_name(item));
            if color.is_some() {
                s.push(':');
                s.push_str(self.color_name(color));
            }
        }
        s
    }

    /// Whether the problem uses colours (and so Algorithm C).
    pub fn has_colors(&self) -> bool {
        self.inner.has_colors
    }

    /// The multiplicity of an item: a solution covers a primary item
    /// between `min` and `max` times ([`Bounds::ONCE`] unless bounds were
    /// given), a secondary item at most once ([`Bounds::AT_MOST_ONCE`]), or
    /// in agreeing colours.
    pub fn bounds(&self, item: ItemId) -> Bounds {
        self.inner.bounds[item]
    }

    /// Whether some primary item has bounds other than `[1, 1]` (and so
    /// the search is Knuth's Algorithm M).
    pub fn has_multiplicities(&self) -> bool {
        self.inner.has_bounds
    }

    /// The bytes a solver of this problem takes: its arena and its search
    /// stacks (for a budget over several threads).
    pub fn solver_bytes(&self) -> u64 {
        let arena = self.inner.shape.arena_bytes(self.inner.has_colors, self.inner.has_bounds);
        arena + 40 * self.max_depth() as u64
    }

    /// The deepest the search can go: one level per primary item without
    /// multiplicities; with them, one per option chosen (at most the sum
    /// of the upper bounds, and at most the number of options) plus one
    /// per item retired by a null move. Plus room for the leaf.
    pub(crate) fn max_depth(&self) -> usize {
        let primary = self.primary_count();
        if !self.has_multiplicities() {
            return primary + 2;
        }
        let sum: u64 =
            self.inner.bounds.iter().zip(&self.inner.primary).filter(|(_, p)| **p).map(|(b, _)| u64::from(b.max)).sum();
        let options = (self.option_count() - self.inner.ignored.len()) as u64;
        primary + sum.min(options) as usize + 2
    }
}
