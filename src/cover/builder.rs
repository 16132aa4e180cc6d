//! [`ProblemBuilder`]: items, then options, checked as they come; then
//! [`ProblemBuilder::build`] lays out the arena.
//!
//! The builder keeps to the memory budget of its [`Limits`] as it grows
//! (names, options, colours) and before it makes the arena, whose size is
//! known beforehand; and it stops at the cancel flag and the deadline (see
//! `budget`).

use super::arena::{Shape, uniform_size};
use super::bounds::Bounds;
use super::budget::Budget;
use super::entries::Entries;
use super::error::BuildError;
use super::ids::{ColorId, ItemId, OptionId};
use super::layout::Layout;
use super::limits::Limits;
use super::names::{AddError, Names};
use super::problem::{ARENA_LIMIT, Inner, Problem};
use super::trail::MULTIPLICITY_NODE_LIMIT;
use smallvec::SmallVec;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

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
    names: Names,
    primary: Vec<bool>,
    bounds: Vec<Bounds>,
    colors: Vec<String>,
    color_index: HashMap<String, ColorId>,
    /// The bytes of the colours' names, held twice (list and index).
    color_bytes: u64,
    entries: Entries,
    /// `stamp[item] == generation` while the option being added uses it.
    stamp: Vec<u32>,
    generation: u32,
    budget: Budget,
}

/// What a colour's name costs beside its bytes: two `String`s and an index
/// entry.
const COLOR_OVERHEAD: u64 = 64;

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> ProblemBuilder {
        ProblemBuilder { colors: vec![String::new()], ..ProblemBuilder::default() }
    }

    /// A builder that keeps to `limits`: it fails with
    /// [`BuildError::OverBudget`] before the problem would pass the memory
    /// budget ([`Limits::memory`]), and with [`BuildError::Stopped`] when
    /// the cancel flag goes up or the deadline passes.
    ///
    /// ```
    /// use exactcover::cover::{BuildError, Limits, ProblemBuilder};
    ///
    /// let mut b = ProblemBuilder::new().with_limits(&Limits::new().memory(100_000));
    /// b.primary_items(["a", "b"])?;
    /// let too_many = (0..100_000).try_for_each(|_| b.option(["a", "b"]).map(drop));
    /// assert!(matches!(too_many, Err(BuildError::OverBudget { budget: 100_000, .. })));
    /// # Ok::<(), BuildError>(())
    /// ```
    pub fn with_limits(mut self, limits: &Limits) -> ProblemBuilder {
        self.budget = Budget::new(limits);
        self
    }

    /// A builder with `primary` primary and `secondary` secondary items,
    /// named by their index ("0", "1", ...), for problems given by index.
    pub fn with_items(primary: usize, secondary: usize) -> ProblemBuilder {
        let mut b = ProblemBuilder::new();
        for i in 0..primary + secondary {
            b.add_item(&i.to_string(), i < primary).expect("index names are distinct and valid");
        }
        b
    }

    /// Declares a primary item (it must be covered exactly once).
    pub fn primary(&mut self, name: impl AsRef<str>) -> Result<ItemId, BuildError> {
        self.add_item(name.as_ref(), true)
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
    pub fn primary_with_bounds(&mut self, name: impl AsRef<str>, lo: u32, hi: u32) -> Result<ItemId, BuildError> {
        let name = name.as_ref();
        if hi == 0 || lo > hi {
            return Err(BuildError::BadBounds { name: name.to_string(), lo, hi });
        }
        let id = self.add_item(name, true)?;
        self.bounds[id] = Bounds { min: lo, max: hi };
        Ok(id)
    }

    /// Declares a secondary item (covered at most once, or shared by
    /// options that agree on its colour).
    pub fn secondary(&mut self, name: impl AsRef<str>) -> Result<ItemId, BuildError> {
        self.add_item(name.as_ref(), false)
    }

    /// Declares several primary items.
    pub fn primary_items<S: AsRef<str>>(
        &mut self,
        names: impl IntoIterator<Item = S>,
    ) -> Result<Vec<ItemId>, BuildError> {
        names.into_iter().map(|n| self.primary(n)).collect()
    }

    /// Declares several secondary items.
    pub fn secondary_items<S: AsRef<str>>(
        &mut self,
        names: impl IntoIterator<Item = S>,
    ) -> Result<Vec<ItemId>, BuildError> {
        names.into_iter().map(|n| self.secondary(n)).collect()
    }

    fn add_item(&mut self, name: &str, primary: bool) -> Result<ItemId, BuildError> {
        // A leading U+FEFF would be taken for a byte-order mark, and
        // stripped, when the DLX text written with this name first is read.
        let bad = name.starts_with('\u{feff}') || name.contains(|c: char| c.is_whitespace() || c == ':' || c == '|');
        if name.is_empty() || bad {
            return Err(BuildError::BadName { name: name.to_string() });
        }
        if u64::from(self.names.len() as u32) + 1 >= ARENA_LIMIT {
            return Err(too_large("items", self.names.len() as u64 + 1));
        }
        let id = self.names.add(name).map_err(|e| match e {
            AddError::Taken(_) => BuildError::DuplicateItem { name: name.to_string() },
            AddError::Full => too_large("bytes of item names", u64::from(u32::MAX) + 1),
        })?;
        self.primary.push(primary);
        self.bounds.push(if primary { Bounds::ONCE } else { Bounds::AT_MOST_ONCE });
        self.stamp.push(0);
        self.budget.fits(self.heap_bytes())?;
        self.budget.step()?;
        Ok(id)
    }

    /// The item with this name, if declared.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.names.find(name)
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
        self.color_bytes += 2 * name.len() as u64 + COLOR_OVERHEAD;
        c
    }

    /// The number of options added so far.
    pub fn option_count(&self) -> usize {
        self.entries.len()
    }

    /// Adds an option given by item names; `item:colour` gives a secondary
    /// item a colour.
    pub fn option<S: AsRef<str>>(&mut self, items: impl IntoIterator<Item = S>) -> Result<OptionId, BuildError> {
        let option = self.option_count();
        let mut entries: SmallVec<[(ItemId, ColorId); 16]> = SmallVec::new();
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
        let entries: SmallVec<[(ItemId, ColorId); 16]> = items.iter().map(|&i| (i, ColorId::NONE)).collect();
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
                let name = format!("{}:#{}", self.names.get(item), color);
                return Err(BuildError::UnknownItem { option, name });
            }
            if self.stamp[i] == stamp {
                return Err(BuildError::RepeatedItem { option, name: self.names.get(item).to_string() });
            }
            self.stamp[i] = stamp;
            if color.is_some() && self.primary[i] {
                return Err(BuildError::ColorOnPrimary { option, name: self.names.get(item).to_string() });
            }
            // A colour must read back from the DLX text as written: the
            // fingerprint of shards and `write_dlx` depend on it.
            let name = &self.colors[color.as_usize()];
            if color.is_some() && (name.is_empty() || name.contains(char::is_whitespace)) {
                let (name, color) = (self.names.get(item).to_string(), name.clone());
                return Err(BuildError::BadColor { option, name, color });
            }
        }
        let total = self.entries.total() as u64 + entries.len() as u64;
        if total >= ARENA_LIMIT {
            return Err(too_large("option entries", total));
        }
        self.entries.push(entries.iter().copied());
        self.budget.fits(self.heap_bytes())?;
        self.budget.step()?;
        Ok(OptionId::from_u32(option as u32))
    }

    /// The heap bytes the builder holds, for the memory budget.
    fn heap_bytes(&self) -> u64 {
        self.names.heap_bytes()
            + self.primary.capacity() as u64
            + 8 * self.bounds.capacity() as u64
            + 4 * self.stamp.capacity() as u64
            + self.color_bytes
            + self.entries.heap_bytes()
    }

    /// Checks the whole problem and builds its arena.
    pub fn build(mut self) -> Result<Problem, BuildError> {
        if !self.primary.iter().any(|&p| p) {
            return Err(BuildError::NoPrimaryItems);
        }
        self.budget.poll()?;
        self.names.shrink_to_fit();
        self.entries.shrink_to_fit();
        self.stamp = Vec::new();
        let n_primary = self.primary.iter().filter(|&&p| p).count();
        // The options kept (those with a primary item): their number, sizes
        // and colours.
        let (mut ignored, mut total, mut size, mut has_colors) = (Vec::new(), 0, None, false);
        let mut mixed = false;
        for o in (0..self.entries.len() as u32).map(OptionId::from_u32) {
            let option = self.entries.get(o);
            if !option.items().iter().any(|&i| self.primary[i]) {
                ignored.push(o);
                continue;
            }
            total += option.len();
            mixed |= size.is_some_and(|s| s != option.len());
            size = Some(option.len());
            has_colors |= option.iter().any(|(_, c)| c.is_some());
            self.budget.step()?;
        }
        let n_kept = self.entries.len() - ignored.len();
        let has_bounds = self.bounds.iter().zip(&self.primary).any(|(&b, &p)| p && b != Bounds::ONCE);
        let size = if mixed { None } else { Some(size.unwrap_or(0) as u32) };
        let uniform = if n_kept == 0 { 0 } else { uniform_size(size, has_colors, has_bounds) };
        let shape = Shape { n_items: self.names.len(), n_primary, total_entries: total, option_count: n_kept, uniform };
        let n_nodes = arena_size(self.names.len(), total, n_kept * shape.spacers())?;
        // The tagged trail of Algorithm M needs nodes below 2^30.
        if has_bounds && n_nodes >= u64::from(MULTIPLICITY_NODE_LIMIT) {
            return Err(BuildError::TooLarge {
                what: format!("{n_nodes} nodes with multiplicities"),
                limit: u64::from(MULTIPLICITY_NODE_LIMIT) - 1,
            });
        }
        // Everything the problem holds once built, with its arena and the
        // arena's item map, before any of it is made.
        let needed = self.heap_bytes()
            + 4 * ignored.len() as u64
            + Layout::bytes_for(&shape, ignored.len())
            + shape.arena_bytes(has_colors, has_bounds)
            + 4 * self.names.len() as u64;
        self.budget.fits(needed)?;
        let sizes = (0..self.entries.len() as u32).map(OptionId::from_u32).map(|o| {
            let kept = ignored.binary_search(&o).is_err();
            kept.then(|| self.entries.get(o).len() as u32)
        });
        let layout =
            Layout::new(&shape, ignored.len(), sizes).map_err(|_| BuildError::OutOfMemory { nodes: n_nodes })?;
        let inner = Inner {
            names: self.names,
            primary: self.primary,
            bounds: self.bounds,
            colors: self.colors,
            entries: self.entries,
            layout,
            ignored,
            shape,
            has_colors,
            has_bounds,
            spare: Mutex::new(None),
            pristine: OnceLock::new(),
            bit_tables: OnceLock::new(),
        };
        let arena = inner.build_arena(&mut self.budget)?;
        *inner.spare.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(arena);
        Ok(Problem { inner: Arc::new(inner) })
    }
}

/// The number of arena nodes for these counts, if it fits the `u32` arena.
fn arena_size(items: usize, entries: usize, spacers: usize) -> Result<u64, BuildError> {
    let n_nodes = (items as u64).saturating_add(2).saturating_add(entries as u64).saturating_add(spacers as u64);
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
