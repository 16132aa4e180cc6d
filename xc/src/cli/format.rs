//! `--format text|json`, for the commands whose output is not a grid.

use clap::ValueEnum;

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// JSON (one object; JSON Lines for batches).
    Json,
}
