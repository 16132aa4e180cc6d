//! Problems: built once by a [`ProblemBuilder`], then immutable and shared.
//!
//! A [`Problem`] keeps the items and options as they were given (for
//! printing, checking and writing), plus the arena in its starting state.
//! Cloning a `Problem` is an `Arc` clone; every [`Solver`](super::Solver) takes its own
//! copy of the arena, so solvers on several threads never share links.

use super::arena::{Arena, MULTIPLICITY_NODE_LIMIT, Shape, uniform_size};
use super::error::BuildError;
use super::ids::{ColorId, ItemId, NodeId, OptionId};
use super::search::{DENSE, Tables};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The largest number of nodes, items or options the `u32` arena allows.
pub(crate) const ARENA_LIMIT: u64 = i32::MAX as u64;

/// An exact-cover problem: items (primary or secondary) and options.
///
/// Build one with [`ProblemBuilder`], [`Problem::from_bool_rows`],
/// [`Problem::from_bit_rows`] or [`Problem::from_dlx`], then solve it with
/// [`Problem::solver`].
#[derive(Clone, Debug)]
pub struct Problem {
    pub(crate) inner: Arc<Inner>,
}

#[derive(Debug)]
pub(crate) struct Inner {
    pub(crate) names: Vec<String>,
    pub(crate) primary: Vec<bool>,
    /// Per item: the multiplicity `[lo, hi]` of a primary item (`[1, 1]`
    /// unless given), `[0, 1]` for a secondary one.
    pub(crate) bounds: Vec<(u32, u32)>,
    pub(crate) index: HashMap<String, ItemId>,
    pub(crate) colors: Vec<String>,
    pub(crate) option_ptr: Vec<u32>,
    pub(crate) entries: Vec<(ItemId, ColorId)>,
    /// First arena node of each option; node 0 for an ignored option.
    pub(crate) first_node: Vec<NodeId>,
    /// The option of every arena node (unused for headers and spacers).
    pub(crate) node_option: Vec<OptionId>,
    pub(crate) ignored: Vec<OptionId>,
    pub(crate) arena: Arena,
    /// The options as bit sets, for the search on them, made on first use
    /// (`None` inside: not a problem for it; see `search::bits`).
    pub(crate) bit_tables: OnceLock<Option<Arc<Tables>>>,
}

impl Problem {
    /// The options as bit sets, if the search on them suits the problem
    /// (see `search::bits`); made once.
    pub(crate) fn bit_tables(&self) -> Option<&Arc<Tables>> {
        let inner = &self.inner;
        inner
            .bit_tables
            .get_or_init(|| Tables::build(&inner.arena, &inner.first_node, &inner.node_option, DENSE).map(Arc::new))
            .as_ref()
    }

    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.inner.names.len()
    }

    /// The number of primary items.
    pub fn primary_count(&self) -> usize {
        self.inner.primary.iter().filter(|&&p| p).count()
    }

    /// The number of options, counting ignored ones.
    pub fn option_count(&self) -> usize {
        self.inner.option_ptr.len() - 1
    }

    /// The item's name.
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.inner.names[item]
    }

    /// The item with this name.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.inner.index.get(name).copied()
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
    pub fn option(&self, option: OptionId) -> &[(ItemId, ColorId)] {
        let i = option.as_usize();
        let (a, b) = (self.inner.option_ptr[i], self.inner.option_ptr[i + 1]);
        &self.inner.entries[a as usize..b as usize]
    }

    /// Options that were ignored because they contain no primary item
    /// (DLX1 ignores them too, with a warning).
    pub fn ignored_options(&self) -> &[OptionId] {
        &self.inner.ignored
    }

    /// The option written as in Knuth's format: `A D X:red`.
    pub fn format_option(&self, option: OptionId) -> String {
        let mut s = String::new();
        for (k, &(item, color)) in self.option(option).iter().enumerate() {
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
        self.inner.arena.has_colors
    }

    /// The multiplicity of an item: a solution covers a primary item
    /// between `lo` and `hi` times (`(1, 1)` unless bounds were given), a
    /// secondary item at most once, `(0, 1)`, or in agreeing colours.
    pub fn bounds(&self, item: ItemId) -> (u32, u32) {
        self.inner.bounds[item]
    }

    /// Whether some primary item has bounds other than `[1, 1]` (and so
    /// the search is Knuth's Algorithm M).
    pub fn has_multiplicities(&self) -> bool {
        self.inner.arena.has_bounds
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
            self.inner.bounds.iter().zip(&self.inner.primary).filter(|(_, p)| **p).map(|(b, _)| u64::from(b.1)).sum();
        let options = (self.option_count() - self.inner.ignored.len()) as u64;
        primary + sum.min(options) as usize + 2
    }
}

/// Builds a [`Problem`], checking its input.
///
/// Items come first, by name; then options, as lists of item names (with
/// `item:colour` for a coloured secondary item) or of [`ItemId`]s.
///
/// ```
/// use exactcover::cover::ProblemBuilder;
///
/// let mut b = ProblemBuilder::new();
/// b.primary_items(["a", "b"])?;
/// b.secondary("x")?;
/// b.option(["a", "x:red"])?;
/// b.option(["b", "x:red"])?;
/// b.option(["a", "b", "x"])?;
/// let problem = b.build()?;
/// assert_eq!(problem.solver().count(), 2);
/// # Ok::<(), exactcover::cover::BuildError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    names: Vec<String>,
    primary: Vec<bool>,
    bounds: Vec<(u32, u32)>,
    index: HashMap<String, ItemId>,
    colors: Vec<String>,
    color_index: HashMap<String, ColorId>,
    option_ptr: Vec<u32>,
    entries: Vec<(ItemId, ColorId)>,
    /// `stamp[item] == generation` while the option being added uses it.
    stamp: Vec<u32>,
    generation: u32,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> ProblemBuilder {
        ProblemBuilder { colors: vec![String::new()], option_ptr: vec![0], ..ProblemBuilder::default() }
    }

    /// A builder with `primary` primary and `secondary` secondary items,
    /// named by their index ("0", "1", ...), for problems given by index.
    pub fn with_items(primary: usize, secondary: usize) -> ProblemBuilder {
        let mut b = ProblemBuilder::new();
        for i in 0..primary + secondary {
            b.add_item(i.to_string(), i < primary).expect("index names are distinct and valid");
        }
        b
    }

    /// Declares a primary item (it must be covered exactly once).
    pub fn primary(&mut self, name: impl Into<String>) -> Result<ItemId, BuildError> {
        self.add_item(name.into(), true)
    }

    /// Declares a primary item with a multiplicity: a solution must cover
    /// it at least `lo` and at most `hi` times (Knuth's `lo:hi|name`).
    /// Needs `1 <= hi` and `lo <= hi`. Any item with bounds other than
    /// `[1, 1]` makes the search Knuth's Algorithm M (see
    /// `docs/ARCHITECTURE.md`).
    ///
    /// ```
    /// use exactcover::cover::ProblemBuilder;
    ///
    /// // Two of the three options, or all three.
    /// let mut b = ProblemBuilder::new();
    /// b.primary_with_bounds("x", 2, 3)?;
    /// for _ in 0..3 {
    ///     b.option(["x"])?;
    /// }
    /// assert_eq!(b.build()?.solver().count(), 4);
    /// # Ok::<(), exactcover::cover::BuildError>(())
    /// ```
    pub fn primary_with_bounds(&mut self, name: impl Into<String>, lo: u32, hi: u32) -> Result<ItemId, BuildError> {
        let name = name.into();
        if hi == 0 || lo > hi {
            return Err(BuildError::BadBounds { name, lo, hi });
        }
        let id = self.add_item(name, true)?;
        self.bounds[id] = (lo, hi);
        Ok(id)
    }

    /// Declares a secondary item (covered at most once, or shared by
    /// options that agree on its colour).
    pub fn secondary(&mut self, name: impl Into<String>) -> Result<ItemId, BuildError> {
        self.add_item(name.into(), false)
    }

    /// Declares several primary items.
    pub fn primary_items<S: Into<String>>(
        &mut self,
        names: impl IntoIterator<Item = S>,
    ) -> Result<Vec<ItemId>, BuildError> {
        names.into_iter().map(|n| self.primary(n)).collect()
    }

    /// Declares several secondary items.
    pub fn secondary_items<S: Into<String>>(
        &mut self,
        names: impl IntoIterator<Item = S>,
    ) -> Result<Vec<ItemId>, BuildError> {
        names.into_iter().map(|n| self.secondary(n)).collect()
    }

    fn add_item(&mut self, name: String, primary: bool) -> Result<ItemId, BuildError> {
        // A leading U+FEFF would be taken for a byte-order mark, and
        // stripped, when the DLX text written with this name first is read.
        let bad = name.starts_with('\u{feff}') || name.contains(|c: char| c.is_whitespace() || c == ':' || c == '|');
        if name.is_empty() || bad {
            return Err(BuildError::BadName { name });
        }
        if self.index.contains_key(&name) {
            return Err(BuildError::DuplicateItem { name });
        }
        let id = ItemId::new(self.names.len())
            .filter(|id| u64::from(id.as_u32()) < ARENA_LIMIT)
            .ok_or_else(|| too_large("items", self.names.len() as u64 + 1))?;
        self.index.insert(name.clone(), id);
        self.names.push(name);
        self.primary.push(primary);
        self.bounds.push(if primary { (1, 1) } else { (0, 1) });
        self.stamp.push(0);
        Ok(id)
    }

    /// The item with this name, if declared.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.index.get(name).copied()
    }

    /// Whether the item is primary. Panics on an id not from this builder.
    pub fn is_primary(&self, item: ItemId) -> bool {
        self.primary[item]
    }

    /// The colour with this name, created on first use.
    pub fn color(&mut self, name: &str) -> ColorId {
        if let Some(&c) = self.color_index.get(name) {
            return c;
        }
        let c = ColorId::from_u32(self.colors.len() as u32);
        self.colors.push(name.to_string());
        self.color_index.insert(name.to_string(), c);
        c
    }

    /// The number of options added so far.
    pub fn option_count(&self) -> usize {
        self.option_ptr.len() - 1
    }

    /// Adds an option given by item names; `item:colour` gives a secondary
    /// item a colour.
    pub fn option<S: AsRef<str>>(&mut self, items: impl IntoIterator<Item = S>) -> Result<OptionId, BuildError> {
        let option = self.option_count();
        let mut entries = Vec::new();
        for s in items {
            let s = s.as_ref();
            let (name, color) = match s.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (s, None),
            };
            let item = self.item(name).ok_or_else(|| BuildError::UnknownItem { option, name: name.to_string() })?;
            let color = color.map_or(ColorId::NONE, |c| self.color(c));
            entries.push((item, color));
        }
        self.colored_option_ids(&entries)
    }

    /// Adds an option given by item ids, without colours.
    pub fn option_ids(&mut self, items: &[ItemId]) -> Result<OptionId, BuildError> {
        let entries: Vec<_> = items.iter().map(|&i| (i, ColorId::NONE)).collect();
        self.colored_option_ids(&entries)
    }

    /// Adds an option given by item ids, each with a colour (or
    /// [`ColorId::NONE`]).
    pub fn colored_option_ids(&mut self, entries: &[(ItemId, ColorId)]) -> Result<OptionId, BuildError> {
        let option = self.option_count();
        if entries.is_empty() {
            return Err(BuildError::EmptyOption { option });
        }
        if option as u64 + 1 >= ARENA_LIMIT {
            return Err(too_large("options", option as u64 + 1));
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        let stamp = self.generation;
        for &(item, color) in entries {
            let i = item.as_usize();
            if i >= self.names.len() {
                return Err(BuildError::UnknownItem { option, name: i.to_string() });
            }
            if color.as_usize() >= self.colors.len() {
                return Err(BuildError::UnknownItem { option, name: format!("{}:#{}", self.names[i], color) });
            }
            if self.stamp[i] == stamp {
                return Err(BuildError::RepeatedItem { option, name: self.names[i].clone() });
            }
            self.stamp[i] = stamp;
            if color.is_some() && self.primary[i] {
                return Err(BuildError::ColorOnPrimary { option, name: self.names[i].clone() });
            }
        }
        let total = self.entries.len() as u64 + entries.len() as u64;
        if total >= ARENA_LIMIT {
            return Err(too_large("option entries", total));
        }
        self.entries.extend_from_slice(entries);
        self.option_ptr.push(self.entries.len() as u32);
        Ok(OptionId::from_u32(option as u32))
    }

    /// Checks the whole problem and builds its arena.
    pub fn build(self) -> Result<Problem, BuildError> {
        if !self.primary.iter().any(|&p| p) {
            return Err(BuildError::NoPrimaryItems);
        }
        let n_options = self.option_ptr.len() - 1;
        // Arena items: primary items first, each group in declared order.
        let mut header = vec![0u32; self.names.len()];
        let mut next = 0;
        for pass in [true, false] {
            for (i, _) in self.primary.iter().enumerate().filter(|(_, p)| **p == pass) {
                header[i] = next;
                next += 1;
            }
        }
        let n_primary = self.primary.iter().filter(|&&p| p).count();
        let mut ignored = Vec::new();
        let mut raw: Vec<(u32, u32)> = Vec::new();
        raw.try_reserve_exact(self.entries.len())
            .map_err(|_| BuildError::OutOfMemory { nodes: self.entries.len() as u64 })?;
        let mut kept_ptr = vec![0u32];
        for o in 0..n_options {
            let (a, b) = (self.option_ptr[o] as usize, self.option_ptr[o + 1] as usize);
            let option = &self.entries[a..b];
            if option.iter().any(|&(i, _)| self.primary[i]) {
                raw.extend(option.iter().map(|&(i, c)| (header[i], c.as_u32())));
                kept_ptr.push(raw.len() as u32);
            } else {
                ignored.push(OptionId::from_u32(o as u32));
            }
        }
        let n_kept = kept_ptr.len() - 1;
        let has_colors = raw.iter().any(|&(_, c)| c != 0);
        let has_bounds = self.bounds.iter().zip(&self.primary).any(|(&b, &p)| p && b != (1, 1));
        let shape = Shape {
            n_items: self.names.len(),
            n_primary,
            total_entries: raw.len(),
            option_count: n_kept,
            uniform: uniform_size(&kept_ptr, has_colors, has_bounds),
        };
        let n_nodes = arena_size(self.names.len(), raw.len(), n_kept * shape.spacers())?;
        // Bounds in arena order (primary items first), if any differ from
        // [1, 1]; the tagged trail of Algorithm M needs nodes below 2^30.
        let mut arena_bounds = vec![(1, 1); n_primary];
        for (i, &b) in self.bounds.iter().enumerate().filter(|&(i, _)| self.primary[i]) {
            arena_bounds[header[i] as usize] = b;
        }
        debug_assert_eq!(has_bounds, arena_bounds.iter().any(|&b| b != (1, 1)));
        if has_bounds && n_nodes >= u64::from(MULTIPLICITY_NODE_LIMIT) {
            return Err(BuildError::TooLarge {
                what: format!("{n_nodes} nodes with multiplicities"),
                limit: u64::from(MULTIPLICITY_NODE_LIMIT) - 1,
            });
        }
        let mut first_kept = Vec::new();
        let options = kept_ptr.windows(2).map(|w| &raw[w[0] as usize..w[1] as usize]);
        let bounds = has_bounds.then_some(arena_bounds.as_slice());
        let arena = Arena::build(shape, options, has_colors, bounds, &mut first_kept)
            .map_err(|_| BuildError::OutOfMemory { nodes: n_nodes })?;

        let mut first_node = Vec::with_capacity(n_options);
        let mut node_option = Vec::new();
        node_option.try_reserve_exact(arena.node_count()).map_err(|_| BuildError::OutOfMemory { nodes: n_nodes })?;
        node_option.resize(arena.node_count(), OptionId::default());
        let mut kept = first_kept.iter();
        for o in 0..n_options {
            let id = OptionId::from_u32(o as u32);
            if ignored.binary_search(&id).is_ok() {
                first_node.push(NodeId::from_u32(0));
                continue;
            }
            let &start = kept.next().expect("one first node per kept option");
            let len = (self.option_ptr[o + 1] - self.option_ptr[o]) as usize;
            node_option[start.as_usize()..][..len].fill(id);
            first_node.push(start);
        }
        Ok(Problem {
            inner: Arc::new(Inner {
                names: self.names,
                primary: self.primary,
                bounds: self.bounds,
                index: self.index,
                colors: self.colors,
                option_ptr: self.option_ptr,
                entries: self.entries,
                first_node,
                node_option,
                ignored,
                arena,
                bit_tables: OnceLock::new(),
            }),
        })
    }
}

/// The number of arena nodes for these counts, if it fits the `u32` arena.
fn arena_size(items: usize, entries: usize, options: usize) -> Result<u64, BuildError> {
    let n_nodes = (items as u64).saturating_add(2).saturating_add(entries as u64).saturating_add(options as u64);
    if n_nodes >= ARENA_LIMIT {
        return Err(too_large("nodes", n_nodes));
    }
    Ok(n_nodes)
}

fn too_large(what: &str, size: u64) -> BuildError {
    BuildError::TooLarge { what: format!("{size} {what}"), limit: ARENA_LIMIT - 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_beyond_the_u32_arena_are_refused() {
        assert_eq!(arena_size(10, 100, 20), Ok(132));
        let e = arena_size(5, 3_000_000_000, 1_000_000).unwrap_err();
        assert_eq!(e.to_string(), "problem too large for the u32 arena: 3001000007 nodes (the limit is 2147483646)");
        assert!(arena_size(usize::MAX, usize::MAX, usize::MAX).is_err());
    }
}
