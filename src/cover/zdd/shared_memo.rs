//! The memo of a build on several threads: states to nodes, shared by the
//! threads, in shards behind locks; and each thread's builder's door to
//! it ([`Sharing`], a [`Table`]).
//!
//! Invariants: a key is in the shard its hash's top bits pick, held at most
//! once; the first node inserted for a key stays, and a later insertion
//! gets it back (two threads that built one state at once then go on with
//! the same node). `bytes` is the sum of the shards' bytes, kept as each
//! insertion changes them.

use super::memo::{HashFn, Memo, Table};
use super::nodes::Node;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The shards: many more than threads, so two threads seldom wait for one.
const SHARD_BITS: u32 = 5;

/// States to nodes, for every thread of a build.
#[derive(Debug)]
pub(crate) struct SharedMemo {
    hash: HashFn,
    shards: Vec<Mutex<Memo>>,
    bytes: AtomicU64,
}

impl SharedMemo {
    /// An empty memo of keys of `width` words.
    pub(crate) fn new(width: usize, hash: HashFn) -> SharedMemo {
        let shards: Vec<_> = (0..1 << SHARD_BITS).map(|_| Mutex::new(Memo::with_hash(width, hash))).collect();
        let bytes = shards.iter().map(|s| lock(s).bytes()).sum();
        SharedMemo { hash, shards, bytes: AtomicU64::new(bytes) }
    }

    /// The key's hash, and its shard.
    fn shard(&self, key: &[u64]) -> (u64, &Mutex<Memo>) {
        let h = (self.hash)(key);
        (h, &self.shards[(h >> (64 - SHARD_BITS)) as usize])
    }

    fn get(&self, key: &[u64]) -> Option<Node> {
        let (h, shard) = self.shard(key);
        lock(shard).get_hashed(key, h)
    }

    /// Holds `value` for `key` unless a node is held for it already;
    /// returns the node held.
    fn insert(&self, key: &[u64], value: Node) -> Result<Node, std::collections::TryReserveError> {
        let (h, shard) = self.shard(key);
        let mut shard = lock(shard);
        if let Some(held) = shard.get_hashed(key, h) {
            return Ok(held);
        }
        let before = shard.bytes();
        shard.insert_hashed(key, h, value)?;
        self.bytes.fetch_add(shard.bytes() - before, Ordering::Relaxed);
        Ok(value)
    }

    /// The bytes the shards hold.
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
}

/// A shard, whether or not a thread panicked holding it (a panic ends the
/// build: what it held is never read again).
fn lock(shard: &Mutex<Memo>) -> std::sync::MutexGuard<'_, Memo> {
    shard.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A builder's door to the shared memo, as thread `thread`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sharing<'a> {
    pub(crate) memo: &'a SharedMemo,
    pub(crate) thread: u32,
}

impl Table for Sharing<'_> {
    #[inline]
    fn get(&self, key: &[u64]) -> Option<Node> {
        self.memo.get(key)
    }

    fn insert(&mut self, key: &[u64], value: Node) -> Result<Node, std::collections::TryReserveError> {
        self.memo.insert(key, value)
    }

    fn bytes(&self) -> u64 {
        self.memo.bytes()
    }

    /// A shard may grow by its share of the whole.
    fn bytes_after_growth(&self) -> u64 {
        let bytes = self.memo.bytes();
        bytes + 2 * bytes / (1 << SHARD_BITS)
    }

    /// A shard's growth is not known before: always.
    fn grows_next(&self) -> bool {
        true
    }

    #[inline]
    fn thread(&self) -> u32 {
        self.thread
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::zdd::memo::mix;

    /// Threads inserting the same keys at once: each key held once, with
    /// the first node inserted, which every later insertion gets back.
    #[test]
    fn the_first_node_inserted_stays() {
        let memo = SharedMemo::new(2, mix);
        let got: Vec<Vec<Node>> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..4u32)
                .map(|t| {
                    let memo = &memo;
                    s.spawn(move || {
                        (0..5000u64)
                            .map(|k| memo.insert(&[k, !k], Node::from_u32(2 + t * 10_000 + k as u32)).unwrap())
                            .collect()
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        for k in 0..5000usize {
            let held = memo.get(&[k as u64, !(k as u64)]).unwrap();
            assert!(got.iter().all(|g| g[k] == held), "key {k}");
            assert_eq!(held.as_u32() % 10_000, 2 + k as u32);
        }
        assert_eq!(memo.get(&[1, 1]), None);
        let held: u64 = memo.shards.iter().map(|s| lock(s).bytes()).sum();
        assert_eq!(memo.bytes(), held);
    }
}
