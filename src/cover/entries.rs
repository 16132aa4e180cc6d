//! The options as they were given: each option's items, and their
//! colours if the problem has any.
//!
//! All options' items lie one after the other in `items`; `colors` is
//! empty when no option gives a colour, else parallel to `items`. Where
//! each option ends is a table, or, while every option has the same size,
//! just that size: options of one size, the common case, cost nothing
//! beyond their items (4 bytes each).
//!
//! Invariant: option `k` is `items[start(k)..end(k)]`, the ends never
//! decrease, and the last end is `items.len()`.

use super::ids::{ColorId, ItemId, OptionId};

/// The items of every option, in the order given.
#[derive(Clone, Debug, Default)]
pub(crate) struct Entries {
    items: Vec<ItemId>,
    colors: Vec<ColorId>,
    ends: Ends,
}

/// Where each option ends.
#[derive(Clone, Debug)]
enum Ends {
    /// `count` options, each of `size` items.
    Uniform { size: u32, count: u32 },
    /// Option `k` ends at `ends[k]`.
    Table(Vec<u32>),
}

impl Default for Ends {
    fn default() -> Ends {
        Ends::Uniform { size: 0, count: 0 }
    }
}

impl Entries {
    /// The number of options.
    pub(crate) fn len(&self) -> usize {
        match &self.ends {
            Ends::Uniform { count, .. } => *count as usize,
            Ends::Table(ends) => ends.len(),
        }
    }

    /// The number of items of all options together.
    pub(crate) fn total(&self) -> usize {
        self.items.len()
    }

    /// Where option `k` starts and ends in the list of all items.
    fn bounds(&self, k: usize) -> (usize, usize) {
        match &self.ends {
            Ends::Uniform { size, .. } => (k * *size as usize, (k + 1) * *size as usize),
            Ends::Table(ends) => (k.checked_sub(1).map_or(0, |p| ends[p] as usize), ends[k] as usize),
        }
    }

    /// Option `k`. Panics on an id not from here.
    pub(crate) fn get(&self, k: OptionId) -> OptionItems<'_> {
        let (a, b) = self.bounds(k.as_usize());
        OptionItems { items: &self.items[a..b], colors: if self.colors.is_empty() { &[] } else { &self.colors[a..b] } }
    }

    /// Adds an option (not empty), with a colour per item or none.
    pub(crate) fn push(&mut self, items: impl Iterator<Item = (ItemId, ColorId)>) {
        let start = self.items.len();
        for (item, color) in items {
            self.items.push(item);
            // The first colour gives every entry before it none.
            if color.is_some() || !self.colors.is_empty() {
                self.colors.resize(self.items.len() - 1, ColorId::NONE);
                self.colors.push(color);
            }
        }
        let size = (self.items.len() - start) as u32;
        let end = self.items.len() as u32;
        match &mut self.ends {
            Ends::Uniform { size: s, count } if *count == 0 || *s == size => {
                (*s, *count) = (size, *count + 1);
            }
            Ends::Uniform { size: s, count } => {
                let table = (1..=*count).map(|k| k * *s).chain([end]).collect();
                self.ends = Ends::Table(table);
            }
            Ends::Table(ends) => ends.push(end),
        }
    }

    /// The heap bytes held, for the memory budget.
    pub(crate) fn heap_bytes(&self) -> u64 {
        let ends = match &self.ends {
            Ends::Uniform { .. } => 0,
            Ends::Table(ends) => ends.capacity(),
        };
        4 * (self.items.capacity() + self.colors.capacity() + ends) as u64
    }

    /// Gives back the room kept for growth.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.items.shrink_to_fit();
        self.colors.shrink_to_fit();
        if let Ends::Table(ends) = &mut self.ends {
            ends.shrink_to_fit();
        }
    }
}

/// The items of one option, each with its colour ([`ColorId::NONE`] for
/// none), in the order given. See [`Problem::option`](super::Problem::option).
///
/// ```
/// use exactcover::cover::Problem;
///
/// let p = Problem::from_dlx("a b | x\na x:red\nb\n")?;
/// let o = p.option(exactcover::cover::OptionId::from_u32(0));
/// assert_eq!(o.len(), 2);
/// let names: Vec<String> = o.iter().map(|(i, c)| format!("{}:{}", p.item_name(i), p.color_name(c))).collect();
/// assert_eq!(names, ["a:", "x:red"]);
/// # Ok::<(), exactcover::cover::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionItems<'a> {
    items: &'a [ItemId],
    /// Empty when the problem has no colours.
    colors: &'a [ColorId],
}

impl<'a> OptionItems<'a> {
    /// The number of items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the option has no items (never, for a built problem).
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The items, without their colours.
    pub fn items(&self) -> &'a [ItemId] {
        self.items
    }

    /// The items with their colours.
    pub fn iter(&self) -> OptionIter<'a> {
        OptionIter { items: self.items.iter(), colors: self.colors, k: 0 }
    }
}

impl<'a> IntoIterator for OptionItems<'a> {
    type Item = (ItemId, ColorId);
    type IntoIter = OptionIter<'a>;

    fn into_iter(self) -> OptionIter<'a> {
        self.iter()
    }
}

/// The items of an option with their colours: see [`OptionItems::iter`].
#[derive(Clone, Debug)]
pub struct OptionIter<'a> {
    items: std::slice::Iter<'a, ItemId>,
    colors: &'a [ColorId],
    k: usize,
}

impl Iterator for OptionIter<'_> {
    type Item = (ItemId, ColorId);

    #[inline]
    fn next(&mut self) -> Option<(ItemId, ColorId)> {
        let &item = self.items.next()?;
        let color = self.colors.get(self.k).copied().unwrap_or(ColorId::NONE);
        self.k += 1;
        Some((item, color))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.items.size_hint()
    }
}

impl ExactSizeIterator for OptionIter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(items: &[u32], colors: &[u32]) -> Vec<(ItemId, ColorId)> {
        items
            .iter()
            .zip(colors.iter().chain(std::iter::repeat(&0)))
            .map(|(&i, &c)| (ItemId::from_u32(i), ColorId::from_u32(c)))
            .collect()
    }

    #[test]
    fn sizes_and_colours_are_kept_as_given() {
        let mut e = Entries::default();
        e.push(option(&[0, 1], &[]).into_iter());
        e.push(option(&[1, 2], &[]).into_iter());
        assert_eq!((e.len(), e.colors.len()), (2, 0));
        e.push(option(&[3], &[]).into_iter());
        assert_eq!(e.len(), 3);
        assert!(matches!(e.ends, Ends::Table(_)));
        e.push(option(&[0, 4], &[0, 7]).into_iter());
        assert_eq!(e.colors.len(), 7);
        let all: Vec<Vec<(ItemId, ColorId)>> = (0..4).map(|k| e.get(OptionId::from_u32(k)).iter().collect()).collect();
        assert_eq!(all, [option(&[0, 1], &[]), option(&[1, 2], &[]), option(&[3], &[]), option(&[0, 4], &[0, 7])]);
        assert_eq!(e.get(OptionId::from_u32(2)).items(), [ItemId::from_u32(3)]);
        assert_eq!(e.total(), 7);
    }

    /// The first entry of all may be the first coloured one: its colour
    /// is kept (it was once dropped, and the problem lost solutions).
    #[test]
    fn a_colour_on_the_very_first_entry_is_kept() {
        for first in [option(&[5, 0], &[3]), option(&[5], &[3])] {
            let mut e = Entries::default();
            e.push(first.clone().into_iter());
            e.push(option(&[5, 1], &[3]).into_iter());
            e.push(option(&[2], &[]).into_iter());
            assert_eq!(e.get(OptionId::from_u32(0)).iter().collect::<Vec<_>>(), first);
            assert_eq!(e.get(OptionId::from_u32(1)).iter().collect::<Vec<_>>(), option(&[5, 1], &[3]));
            assert_eq!(e.get(OptionId::from_u32(2)).iter().collect::<Vec<_>>(), option(&[2], &[]));
        }
        let p = crate::cover::Problem::from_dlx("A B | x\nx:a A\nx:a B\n").unwrap();
        assert_eq!(p.solver().count(), 1);
    }
}
