//! Item names, stored once, with an index from name to id.
//!
//! Every name lives in one `String`, one after the other; `ends[i]` is
//! where name `i` ends, so name `i` is `text[ends[i - 1]..ends[i]]`. The
//! index is a hash table of ids alone: it hashes a name where it is
//! stored, so no name is held twice. A name thus costs its bytes plus
//! about 9 bytes, against some 90 for a `String` in a `Vec` and another as
//! a `HashMap` key; a problem of ten million items with short names takes
//! about 150 MB less.
//!
//! Invariant: `ends` is non-decreasing, its last entry is `text.len()`,
//! and the table holds each id below `ends.len()` exactly once, under the
//! hash of its name.

use super::ids::ItemId;
use hashbrown::{DefaultHashBuilder, HashTable};
use std::hash::BuildHasher;

/// Names by id, and ids by name.
#[derive(Clone, Default)]
pub(crate) struct Names {
    text: String,
    ends: Vec<u32>,
    index: HashTable<ItemId>,
    hasher: DefaultHashBuilder,
}

impl std::fmt::Debug for Names {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries((0..self.len()).map(|i| self.get(ItemId::from_u32(i as u32)))).finish()
    }
}

/// Why a name could not be added.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum AddError {
    /// The name is there already, with this id.
    Taken(ItemId),
    /// The names would pass 4 GiB of text.
    Full,
}

impl Names {
    /// The number of names.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Name `i`. Panics on an id not from here.
    pub(crate) fn get(&self, i: ItemId) -> &str {
        name_at(&self.text, &self.ends, i)
    }

    /// The id of a name, if it is here.
    pub(crate) fn find(&self, name: &str) -> Option<ItemId> {
        let hash = self.hasher.hash_one(name);
        self.index.find(hash, |&i| self.get(i) == name).copied()
    }

    /// Adds a name, as the next id.
    pub(crate) fn add(&mut self, name: &str) -> Result<ItemId, AddError> {
        let hash = self.hasher.hash_one(name);
        if let Some(&i) = self.index.find(hash, |&i| self.get(i) == name) {
            return Err(AddError::Taken(i));
        }
        let end = u32::try_from(self.text.len() + name.len()).map_err(|_| AddError::Full)?;
        let id = ItemId::from_u32(self.ends.len() as u32);
        self.text.push_str(name);
        self.ends.push(end);
        let (text, ends, hasher) = (&self.text, &self.ends, &self.hasher);
        self.index.insert_unique(hash, id, |&i| hasher.hash_one(name_at(text, ends, i)));
        Ok(id)
    }

    /// The heap bytes held, for the memory budget.
    pub(crate) fn heap_bytes(&self) -> u64 {
        (self.text.capacity() + 4 * self.ends.capacity() + 5 * self.index.capacity()) as u64
    }

    /// Gives back the room kept for growth.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
        self.ends.shrink_to_fit();
        let (text, ends, hasher) = (&self.text, &self.ends, &self.hasher);
        self.index.shrink_to_fit(|&i| hasher.hash_one(name_at(text, ends, i)));
    }
}

/// Name `i` of `text` cut at `ends`.
fn name_at<'a>(text: &'a str, ends: &[u32], i: ItemId) -> &'a str {
    let start = i.as_usize().checked_sub(1).map_or(0, |p| ends[p] as usize);
    &text[start..ends[i] as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_by_id_and_by_name() {
        let mut names = Names::default();
        let words = ["a", "bb", "", "ccc", "☺"];
        for (k, w) in words.iter().enumerate() {
            assert_eq!(names.add(w), Ok(ItemId::from_u32(k as u32)));
        }
        assert_eq!(names.add("bb"), Err(AddError::Taken(ItemId::from_u32(1))));
        for (k, w) in words.iter().enumerate() {
            assert_eq!(names.get(ItemId::from_u32(k as u32)), *w);
            assert_eq!(names.find(w), Some(ItemId::from_u32(k as u32)));
        }
        assert_eq!(names.find("d"), None);
        assert_eq!(names.len(), 5);
        // Many names, past the table's growth.
        for k in 0..10_000 {
            names.add(&format!("x{k}")).unwrap();
        }
        names.shrink_to_fit();
        assert_eq!(names.find("x9999"), Some(ItemId::from_u32(5 + 9999)));
        assert_eq!(names.get(ItemId::from_u32(5 + 123)), "x123");
    }
}
