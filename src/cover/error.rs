//! Errors from building a problem and from reading Knuth's text format.

use super::limits::StopReason;
use crate::text::{Escaped, show_bytes};
use thiserror::Error;

/// Why a problem could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BuildError {
    /// An option names an item that was never declared.
    #[error("option {option}: unknown item `{}`", Escaped(.name))]
    UnknownItem {
        /// The option's number, from 0.
        option: usize,
        /// The name (or index) given.
        name: String,
    },
    /// Two items have the same name.
    #[error("duplicate item name `{}`", Escaped(.name))]
    DuplicateItem {
        /// The repeated name.
        name: String,
    },
    /// An item appears twice in one option.
    #[error("option {option}: item `{}` appears twice", Escaped(.name))]
    RepeatedItem {
        /// The option's number, from 0.
        option: usize,
        /// The repeated item.
        name: String,
    },
    /// An option has no items at all.
    #[error("option {option} is empty")]
    EmptyOption {
        /// The option's number, from 0.
        option: usize,
    },
    /// A colour was given to a primary item; only secondary items have
    /// colours.
    #[error("option {option}: primary item `{}` can't have a colour", Escaped(.name))]
    ColorOnPrimary {
        /// The option's number, from 0.
        option: usize,
        /// The primary item.
        name: String,
    },
    /// An item name is empty, contains whitespace, `:` or `|`, or starts
    /// with U+FEFF (which readers strip as a byte-order mark).
    #[error(
        "bad item name `{}`: names are non-empty, contain no whitespace, `:` or `|`, and don't start with U+FEFF",
        Escaped(.name)
    )]
    BadName {
        /// The rejected name.
        name: String,
    },
    /// A colour's name is empty or contains whitespace, so the option
    /// could not be written in the DLX format and read back the same.
    #[error(
        "option {option}: bad colour `{}` of item `{}`: colours are non-empty and contain no whitespace",
        Escaped(.color),
        Escaped(.name)
    )]
    BadColor {
        /// The option's number, from 0.
        option: usize,
        /// The coloured item.
        name: String,
        /// The rejected colour.
        color: String,
    },
    /// A primary item's multiplicity `[lo, hi]` is empty or zero: `hi`
    /// must be at least 1 and at least `lo`.
    #[error("item `{}`: bad multiplicity {lo}:{hi} (need 1 <= hi and lo <= hi)", Escaped(.name))]
    BadBounds {
        /// The item.
        name: String,
        /// The lower bound given.
        lo: u32,
        /// The upper bound given.
        hi: u32,
    },
    /// The problem has no primary items, so there is nothing to cover.
    #[error("the problem has no primary items")]
    NoPrimaryItems,
    /// The rows of a boolean matrix have different lengths.
    #[error("matrix row {row} has {len} columns, but row 0 has {expected}")]
    RaggedMatrix {
        /// The row that differs.
        row: usize,
        /// Its length.
        len: usize,
        /// The length of row 0.
        expected: usize,
    },
    /// A column marked secondary doesn't exist.
    #[error("secondary column {column} is outside the matrix ({columns} columns)")]
    NoSuchColumn {
        /// The column given.
        column: usize,
        /// The number of columns.
        columns: usize,
    },
    /// The arena would need more than `u32::MAX` nodes, items or options.
    #[error("problem too large for the u32 arena: {what} (the limit is {limit})")]
    TooLarge {
        /// What overflowed, with its size.
        what: String,
        /// The largest size allowed.
        limit: u64,
    },
    /// Memory for the arena could not be reserved.
    #[error("not enough memory for the arena ({nodes} nodes)")]
    OutOfMemory {
        /// The number of nodes asked for.
        nodes: u64,
    },
    /// The problem would take more memory than the budget allows (see
    /// [`Limits::memory`](super::Limits::memory)).
    #[error("the problem needs more than the memory budget of {} (at least {})", show_bytes(*budget), show_bytes(*needed))]
    OverBudget {
        /// The bytes needed so far, or for the next step.
        needed: u64,
        /// The budget, in bytes.
        budget: u64,
    },
    /// A limit (the cancel flag or the deadline) stopped the build.
    #[error("stopped while building the problem: {0}")]
    Stopped(StopReason),
}

/// An error in a file in Knuth's DLX text format, with its position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong in a DLX text file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The file has no item line.
    #[error("no item line: the first line that isn't a `|` comment must name the items")]
    NoItems,
    /// The item line has no primary items.
    #[error("no primary items before `|`")]
    NoPrimaryItems,
    /// `|` appears more than once on the item line.
    #[error("`|` appears twice in the item line")]
    TwoBars,
    /// An item is named twice on the item line.
    #[error("duplicate item name `{}`", Escaped(.0))]
    DuplicateItem(String),
    /// An item name contains `:` or `|` (the name as read, after any
    /// multiplicity).
    #[error("item name `{}` contains `{}`", Escaped(.0), if .0.contains(':') { ':' } else { '|' })]
    BadItemName(String),
    /// A multiplicity with no name after it (`2|`, `1:2|`).
    #[error("`{}` gives a multiplicity but no item name after the `|`", Escaped(.0))]
    MissingName(String),
    /// A multiplicity on the item line isn't a number: `a:b|name` and
    /// `b|name` take decimal bounds.
    #[error("bad multiplicity `{}`: write `a:b|name` or `b|name` with decimal numbers", Escaped(.0))]
    BadBound(String),
    /// An upper bound of 0 (`0|name`, `a:0|name`).
    #[error("item `{}`: the upper bound must be at least 1", Escaped(.0))]
    ZeroUpperBound(String),
    /// A lower bound above the upper one (`3:2|name`).
    #[error("item `{}`: the lower bound {lo} is above the upper bound {hi}", Escaped(.name))]
    ReversedBounds {
        /// The item.
        name: String,
        /// The lower bound.
        lo: u32,
        /// The upper bound.
        hi: u32,
    },
    /// A multiplicity on a secondary item (after `|`).
    #[error("secondary item `{}` can't have a multiplicity: secondary items are covered at most once", Escaped(.0))]
    BoundOnSecondary(String),
    /// An option names an unknown item.
    #[error("unknown item `{}`", Escaped(.0))]
    UnknownItem(String),
    /// An option names an item twice.
    #[error("item `{}` appears twice in this option", Escaped(.0))]
    RepeatedItem(String),
    /// A colour was given to a primary item.
    #[error("primary item `{}` can't have a colour", Escaped(.0))]
    ColorOnPrimary(String),
    /// `item:` with nothing after the colon.
    #[error("empty colour after `{}:`", Escaped(.0))]
    EmptyColor(String),
    /// The file isn't valid UTF-8.
    #[error("invalid UTF-8")]
    InvalidUtf8,
    /// The input is longer than the reader's limit (see
    /// [`read_dlx_from`](super::read_dlx_from)).
    #[error("the input is longer than the limit of {limit} bytes")]
    TooLong {
        /// The limit, in bytes.
        limit: u64,
    },
    /// Reading the input failed.
    #[error("read error: {0}")]
    Read(String),
    /// The problem could not be built.
    #[error("{0}")]
    Build(BuildError),
}
