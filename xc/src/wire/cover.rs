//! The reply of `POST /api/cover`, and the search figures it shares with
//! `xc cover --format json`.

use exactcover::cover::{Stats, Status};
use serde::Serialize;

/// A search's figures and how it ended.
#[derive(Debug, Serialize)]
pub struct SearchStats {
    /// Solutions found.
    pub solutions: u64,
    /// Whether the search ran to its end.
    pub complete: bool,
    /// Which limit stopped it, if one did.
    pub stopped: Option<String>,
    /// Search-tree nodes.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Colour cleansings.
    pub cleansings: u64,
    /// Nodes with a choice of two or more options.
    pub guesses: u64,
}

impl SearchStats {
    /// The figures of a search that ended with `status`.
    pub fn new(stats: &Stats, status: Status) -> SearchStats {
        SearchStats {
            solutions: stats.solutions,
            complete: status.is_complete(),
            stopped: status.stop_reason().map(|r| r.to_string()),
            nodes: stats.nodes,
            updates: stats.updates,
            cleansings: stats.cleansings,
            guesses: stats.guesses,
        }
    }
}

/// The end of `xc cover --format json` (and `xc merge`'s): the figures,
/// after the streamed `printed` list.
#[derive(Debug, Serialize)]
pub struct CoverTotals {
    /// The search's figures.
    #[serde(flatten)]
    pub stats: SearchStats,
    /// The whole run's wall time: reading, searching, checking, writing.
    pub seconds: f64,
    /// The search's own share of it.
    pub search_seconds: f64,
}

/// `xc cover --estimate --format json`: Knuth's Monte Carlo estimate.
#[derive(Debug, Serialize)]
pub struct EstimateReply {
    /// Probes made.
    pub probes: u64,
    /// Estimated nodes of the whole search.
    pub nodes: f64,
    /// Estimated updates.
    pub updates: f64,
    /// Estimated solutions.
    pub solutions: f64,
    /// Estimated running time, in seconds.
    pub seconds: f64,
    /// The update rate measured while probing.
    pub updates_per_second: f64,
    /// What stopped the probes early, if anything.
    pub stopped: Option<String>,
}

/// `POST /api/cover`.
#[derive(Debug, Serialize)]
pub struct CoverReply {
    /// The search's figures.
    #[serde(flatten)]
    pub stats: SearchStats,
    /// Milliseconds spent (reading the problem, searching, writing).
    pub ms: f64,
    /// The first solutions, each as its options written as in the input.
    pub printed: Vec<Vec<String>>,
    /// Whether fewer solutions were printed than asked for (and found)
    /// because the output cap or the time budget was reached.
    pub truncated: bool,
    /// The reader's warnings, `line N: …`.
    pub warnings: Vec<String>,
}

/// The bytes `text` takes as a JSON string, quotes and a comma included.
pub fn json_len(text: &str) -> usize {
    let escaped: usize = text
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
            0..0x20 => 6,
            _ => 1,
        })
        .sum();
    escaped + 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_len_is_exact() {
        for text in ["A", "p01 r12", "a\"b\\c", "tab\there", "\u{1}", "é", ""] {
            let written = serde_json::to_string(&vec![text]).unwrap();
            // `["…"]`: the brackets stand for the comma and one spare byte.
            assert_eq!(json_len(text), written.len() - 1, "{text:?}");
        }
    }
}
