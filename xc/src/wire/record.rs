//! The JSON lines of the command line's Sudoku verbs (`xc sudoku … --format
//! json`, docs/CLI.md): one object per puzzle ([`PuzzleLine`]), one per
//! streamed solution ([`SolutionLine`]), one per generated puzzle
//! ([`GeneratedLine`]). A field that doesn't apply to a line is left out;
//! one that applies but has no value (an SE rating that doesn't exist) is
//! `null`.

use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// One puzzle's result. `status` says which of the optional fields are
/// present (see docs/CLI.md).
#[derive(Debug, Default, Serialize)]
pub struct PuzzleLine<'a> {
    /// The input's name.
    pub file: &'a str,
    /// The puzzle's first line in the input.
    pub line: usize,
    /// The puzzle as one line.
    pub puzzle: String,
    /// `unique`, `several`, `none`, `stopped`, `counted`, `ok`, `invalid`,
    /// `rated`, `dlx` or `error`.
    pub status: &'static str,
    /// The solution shown (the only one, or the first found).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// The number of solutions (counted so far, when stopped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Whether the count is the whole count; for `check`, whether the grid
    /// is full.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// What stopped the search short of the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Why the givens admit no solution, when they clash.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<String>,
    /// `check`: the broken rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<Vec<String>>,
    /// `rate`: the SE rating, or `null` when SE's techniques run out.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub rated: Option<RatedFields>,
    /// `rate`: why the grade could not be computed (status `none` or
    /// `several` for a puzzle without exactly one solution, else `error`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Search-tree nodes, with `--stats`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Guesses: the search's with `--stats`, else the grade's (`rate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guesses: Option<u64>,
}

/// The fields of a rated puzzle.
#[derive(Debug, Serialize)]
pub struct RatedFields {
    /// The same as `er`.
    pub rating: Option<f64>,
    /// SE's ER, EP and ED, in tenths made decimal.
    pub er: Option<f64>,
    pub ep: Option<f64>,
    pub ed: Option<f64>,
    /// SE's hardest technique.
    pub se_hardest: Option<&'static str>,
    /// Why there is no SE rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_rating: Option<String>,
    /// The hardest step of our own path (not an SE rating).
    pub path_rating: f64,
    /// Our level's name.
    pub level: &'static str,
    /// Logic steps taken.
    pub steps: u64,
    /// How often each technique was used, by name (those used only).
    pub techniques: BTreeMap<&'static str, u64>,
}

/// One solution, streamed as found (`--all`, `--limit`).
#[derive(Debug, Serialize)]
pub struct SolutionLine<'a> {
    pub file: &'a str,
    pub line: usize,
    pub puzzle: String,
    /// Always `solution`.
    pub status: &'static str,
    /// Its place among the puzzle's solutions, from 1.
    pub index: u64,
    pub solution: String,
}

/// One generated puzzle (`xc sudoku generate --format json`).
#[derive(Debug, Serialize)]
pub struct GeneratedLine {
    pub puzzle: String,
    pub solution: String,
    pub givens: usize,
    pub seed: u64,
    pub symmetry: String,
    pub variant: &'static str,
    /// With `--rate`: our path's hardest step and its level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<&'static str>,
}

/// Writes one JSON line.
pub fn write_line(out: &mut dyn Write, line: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    writeln!(out)
}
