//! Counting and sampling without enumerating: the diagram of all
//! solutions, built by a search memoised on the items that remain (DXZ).
//!
//! A search visits every solution; many problems, tilings above all, reach
//! the same *remaining problem* along a great many paths. The builder
//! ([`build`]) searches once per remaining problem, keyed exactly on the
//! set of items left ([`state`], [`memo`]), and records the answers as a
//! zero-suppressed decision diagram (ZDD, [`nodes`]): a node names an
//! option and has two children, the solutions without it and those with
//! it. The diagram is often exponentially smaller than the list (the
//! 53,060,477,521,960,000 domino tilings of 12×12 take 70,000 nodes), and
//! gives at once:
//!
//! * the exact count ([`Zdd::count`], any size: [`BigCount`]);
//! * exactly uniform random solutions ([`Zdd::sample`]);
//! * the solution with a given index, and all of them in order
//!   ([`Zdd::nth`], [`Zdd::solutions`]);
//! * a compact export ([`Zdd::write_text`], [`Zdd::write_dot`]).
//!
//! Every problem the engine takes is supported: secondary items, colours
//! (the state holds each coloured item's colour) and multiplicities (the
//! state holds each such item's uses, see [`state`]). Pinned options are
//! taken before the build and come first in every solution.
//!
//! The build keeps to the memory budget ([`Limits::memory`]) and stops at
//! the node limit (on the diagram's nodes), the time limit and the cancel
//! flag with a [`ZddError`] that says how far it got; it publishes its
//! progress on the gauge of [`Limits::progress`]. Where the memo does not
//! pay (most remaining problems met once: queens, pentominoes), the
//! search is quicker and takes no memory: [`Solver::zdd_probe`] says which.
//!
//! Literature: Nishihara, Inoue, Minato et al., "Dancing with Decision
//! Diagrams: A Combined Approach to Exact Cover", AAAI 2017; Knuth, TAOCP
//! 7.2.2.1 (Algorithm Z) and 7.1.4 (ZDDs).
//!
//! [`Limits::memory`]: crate::cover::Limits::memory
//! [`Limits::progress`]: crate::cover::Limits::progress
//! [`Solver::zdd_probe`]: crate::cover::Solver::zdd_probe

mod big;
mod build;
mod choice;
mod counts;
mod entry;
mod error;
mod export;
mod live;
mod memo;
mod nodes;
mod state;
#[cfg(test)]
mod uniform;
mod walk;

pub use big::BigCount;
pub use choice::ZddChoice;
pub use entry::ZddProbe;
pub use error::ZddError;
pub use walk::{ZddSamples, ZddSolutions};

use crate::cover::ids::OptionId;
use crate::cover::problem::Problem;
use counts::Counts;
use nodes::{Node, Nodes};
use std::time::Duration;

/// The diagram of all solutions of a problem, from
/// [`Solver::zdd`](crate::cover::Solver::zdd).
///
/// ```
/// use exactcover::cover::Problem;
///
/// // Dominoes on a 2×3 board: cells a b c over d e f.
/// let p = Problem::from_dlx("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n")?;
/// let zdd = p.solver().zdd()?;
/// assert_eq!(zdd.count().to_u128(), Some(3));
/// let all: Vec<_> = zdd.solutions().collect();
/// assert_eq!(zdd.nth(1u64).as_ref(), Some(&all[1]));
/// assert_eq!(zdd.sample(5, 42).len(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Zdd {
    problem: Problem,
    nodes: Nodes,
    root: Node,
    pins: Vec<OptionId>,
    counts: Counts,
    stats: ZddStats,
}

/// How a diagram's build went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ZddStats {
    /// Remaining problems searched, each once (the memo's entries).
    pub states: u64,
    /// Lookups in the memo.
    pub lookups: u64,
    /// Lookups that found their state already searched.
    pub hits: u64,
    /// The diagram's nodes, without the two terminals.
    pub nodes: u64,
    /// The build's time, counts included.
    pub elapsed: Duration,
    /// The memory the build held at its end (memo, nodes and counts).
    pub bytes: u64,
}

impl Zdd {
    /// The number of solutions, exactly.
    pub fn count(&self) -> BigCount {
        self.counts.of(self.root)
    }

    /// The number of solutions if it fits in a `u128` (it does up to
    /// about 3.4 · 10^38).
    pub fn count_u128(&self) -> Option<u128> {
        self.counts.small(self.root)
    }

    /// The diagram's nodes, without the two terminals.
    pub fn node_count(&self) -> usize {
        self.nodes.len() - 2
    }

    /// How the build went.
    pub fn stats(&self) -> ZddStats {
        self.stats
    }

    /// The problem whose solutions these are.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }
}
