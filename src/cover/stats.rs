//! Search statistics, with Knuth's definitions (DLX1, DLX2).

use std::time::Duration;

/// What a search did.
///
/// * `nodes`: one per entry to a new level of the search tree, plus one per
///   solution found (DLX1's "nodes").
/// * `updates`: one per item removed from the active list, plus one per node
///   removed from a vertical list while covering or purifying (DLX1's
///   "updates").
/// * `cleansings`: DLX2's count for colours: one per purification plus one
///   per node that already had the purifying colour. Always 0 without colours.
/// * `guesses`: nodes whose branching item had two or more options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Colour cleansings (Algorithm C only).
    pub cleansings: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Nodes whose branching item had two or more options: the points
    /// where the search had to try alternatives ("guesses", for Sudoku).
    pub guesses: u64,
    /// Wall-clock time spent searching.
    pub elapsed: Duration,
}

impl Stats {
    /// Updates per second, or 0 for an instantaneous run.
    pub fn updates_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 { self.updates as f64 / s } else { 0.0 }
    }

    /// These figures plus another run's, or `None` if a count would
    /// overflow `u64` (or the time `Duration`).
    pub fn checked_add(&self, other: &Stats) -> Option<Stats> {
        Some(Stats {
            nodes: self.nodes.checked_add(other.nodes)?,
            updates: self.updates.checked_add(other.updates)?,
            cleansings: self.cleansings.checked_add(other.cleansings)?,
            solutions: self.solutions.checked_add(other.solutions)?,
            guesses: self.guesses.checked_add(other.guesses)?,
            elapsed: self.elapsed.checked_add(other.elapsed)?,
        })
    }

    /// Adds another run's figures to these.
    pub fn add(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.cleansings += other.cleansings;
        self.solutions += other.solutions;
        self.guesses += other.guesses;
        self.elapsed += other.elapsed;
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} solution{}, {} updates, {} nodes",
            self.solutions,
            if self.solutions == 1 { "" } else { "s" },
            self.updates,
            self.nodes
        )?;
        if self.cleansings > 0 {
            write!(f, ", {} cleansings", self.cleansings)?;
        }
        write!(f, ", {:.3} s", self.elapsed.as_secs_f64())
    }
}
