//! The memo: states (fixed-width keys of `u64` words) to the diagram's
//! node for them.
//!
//! An open-addressing table of `u32` entry numbers over a pool of keys.
//! The hash only picks where to look: every candidate's key is compared
//! word for word with the one sought, so two states with one hash are
//! still two entries, and a collision can cost time but never change a
//! count. The hash function is a parameter, so a test can make every key
//! collide ([`Memo::with_hash`]).
//!
//! Invariant: `slots.len()` is a power of two at least twice the number of
//! entries; slot `s` holds 0 (empty) or `e + 1` for entry `e`, whose key
//! is `keys[e * width..(e + 1) * width]`, hash `hashes[e]` and value
//! `values[e]`.

use super::nodes::Node;

/// A hash of a key.
pub(crate) type HashFn = fn(&[u64]) -> u64;

/// The default hash: a multiply-rotate mix of each word (as FxHash does),
/// finished so that the high bits, which pick the slot, depend on all of
/// the key.
pub(crate) fn mix(key: &[u64]) -> u64 {
    let mut h = 0u64;
    for &w in key {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ h >> 32
}

/// States to nodes.
#[derive(Debug)]
pub(crate) struct Memo {
    width: usize,
    hash: HashFn,
    slots: Vec<u32>,
    keys: Vec<u64>,
    hashes: Vec<u32>,
    values: Vec<Node>,
}

/// Entries a new memo has room for before it grows.
const FIRST: usize = 1 << 10;

impl Memo {
    /// A memo of keys of `width` words, with the default hash.
    #[cfg(test)]
    pub(crate) fn new(width: usize) -> Memo {
        Memo::with_hash(width, mix)
    }

    /// A memo with another hash (a test's deliberately tiny one).
    pub(crate) fn with_hash(width: usize, hash: HashFn) -> Memo {
        Memo { width, hash, slots: vec![0; FIRST * 2], keys: Vec::new(), hashes: Vec::new(), values: Vec::new() }
    }

    /// The number of states held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    /// The bytes the memo holds now.
    pub(crate) fn bytes(&self) -> u64 {
        (self.slots.capacity() * 4 + self.keys.capacity() * 8 + self.hashes.capacity() * 4 + self.values.capacity() * 4)
            as u64
    }

    /// The bytes the memo would hold after its next growth.
    pub(crate) fn bytes_after_growth(&self) -> u64 {
        let entries = (self.values.len() + 1).next_power_of_two().max(FIRST) as u64;
        let grow_slots = if 2 * (self.values.len() + 1) > self.slots.len() { 2 } else { 1 };
        self.slots.len() as u64 * 4 * grow_slots + entries * 2 * (self.width as u64 * 8 + 8)
    }

    /// Whether the next insertion grows the memo.
    pub(crate) fn grows_next(&self) -> bool {
        2 * (self.values.len() + 1) > self.slots.len() || self.values.len() == self.values.capacity()
    }

    /// The node for `key`, if it is held.
    #[inline]
    pub(crate) fn get(&self, key: &[u64]) -> Option<Node> {
        let h = (self.hash)(key);
        let mask = self.slots.len() - 1;
        let mut s = (h as usize) & mask;
        loop {
            let e = self.slots[s];
            if e == 0 {
                return None;
            }
            let e = e as usize - 1;
            if self.hashes[e] == h as u32 && &self.keys[e * self.width..(e + 1) * self.width] == key {
                return Some(self.values[e]);
            }
            s = (s + 1) & mask;
        }
    }

    /// Holds `value` for `key` (not held yet). Fails, holding nothing, if
    /// memory for it can't be had.
    pub(crate) fn insert(&mut self, key: &[u64], value: Node) -> Result<(), std::collections::TryReserveError> {
        debug_assert_eq!(key.len(), self.width);
        if 2 * (self.values.len() + 1) > self.slots.len() {
            self.grow()?;
        }
        if self.values.len() == self.values.capacity() {
            let more = self.values.len().max(FIRST);
            self.keys.try_reserve_exact(more * self.width)?;
            self.hashes.try_reserve_exact(more)?;
            self.values.try_reserve_exact(more)?;
        }
        let h = (self.hash)(key);
        let e = self.values.len();
        self.keys.extend_from_slice(key);
        self.hashes.push(h as u32);
        self.values.push(value);
        self.place(h, e);
        Ok(())
    }

    fn place(&mut self, h: u64, e: usize) {
        let mask = self.slots.len() - 1;
        let mut s = (h as usize) & mask;
        while self.slots[s] != 0 {
            s = (s + 1) & mask;
        }
        self.slots[s] = e as u32 + 1;
    }

    /// Doubles the slots and places every entry again.
    fn grow(&mut self) -> Result<(), std::collections::TryReserveError> {
        let mut slots = Vec::new();
        slots.try_reserve_exact(self.slots.len() * 2)?;
        slots.resize(self.slots.len() * 2, 0);
        self.slots = slots;
        for e in 0..self.values.len() {
            let h = (self.hash)(&self.keys[e * self.width..(e + 1) * self.width]);
            self.place(h, e);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_share_a_hash_stay_apart() {
        let mut m = Memo::with_hash(2, |_| 7);
        for k in 0..3000u64 {
            m.insert(&[k, k ^ 1], Node::from_u32(k as u32 + 2)).unwrap();
        }
        assert_eq!(m.len(), 3000);
        for k in 0..3000u64 {
            assert_eq!(m.get(&[k, k ^ 1]), Some(Node::from_u32(k as u32 + 2)));
        }
        assert_eq!(m.get(&[5, 5]), None);
    }

    #[test]
    fn the_default_hash_finds_what_it_holds() {
        let mut m = Memo::new(1);
        for k in 0..100_000u64 {
            m.insert(&[k * 0x1_0000_0001], Node::from_u32(k as u32)).unwrap();
        }
        assert!((0..100_000u64).all(|k| m.get(&[k * 0x1_0000_0001]) == Some(Node::from_u32(k as u32))));
        assert!(m.bytes() < m.bytes_after_growth());
    }
}
