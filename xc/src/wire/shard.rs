//! The result of one shard of a search, as `xc cover --shard K/N` writes it
//! (one JSON object on one line) and `xc merge` reads it back: one type for
//! both directions, so the two can't disagree. A field it doesn't know is
//! refused, so a misspelt or forged one is never silently dropped.

use super::fields::Whole;
use serde::{Deserialize, Serialize};

/// The most shards a search is cut into, for `--shard` and `xc merge`
/// alike (far more than any real run has: a split into N shards holds
/// at least 16 N subproblems).
pub const MAX_SHARDS: u64 = 1 << 20;

/// One shard's figures and the solutions it printed.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardResult {
    /// Which part this is, from 1.
    pub shard: Whole,
    /// Of how many parts.
    pub of: Whole,
    /// The problem's fingerprint (16 hex digits): shards of different
    /// problems don't merge.
    pub problem: String,
    /// Solutions found.
    pub solutions: Whole,
    /// Whether the shard's search ran to its end.
    pub complete: bool,
    /// Which limit stopped it, if one did.
    #[serde(default)]
    pub stopped: Option<String>,
    /// Search-tree nodes.
    pub nodes: Whole,
    /// Link updates.
    pub updates: Whole,
    /// Colour cleansings.
    #[serde(default)]
    pub cleansings: Whole,
    /// Nodes with a choice of two or more options.
    #[serde(default)]
    pub guesses: Whole,
    /// Seconds the shard took.
    #[serde(default)]
    pub seconds: f64,
    /// The depth at which the tree was split (the same in every shard of
    /// one search).
    pub depth: Whole,
    /// Subproblems at that depth, in all (the same in every shard of one
    /// search).
    pub split_into: Whole,
    /// The subproblems this shard solved: every `of`-th from the `shard`-th.
    pub subproblems: Whole,
    /// The solutions printed, each as its options written as in the input.
    #[serde(default)]
    pub printed: Vec<Vec<String>>,
}
