//! Why a diagram could not be built.

use crate::cover::limits::StopReason;
use crate::text::show_bytes;
use thiserror::Error;

/// Why [`Solver::zdd`](crate::cover::Solver::zdd) stopped without a
/// diagram. Each carries how far the build got: the states in the memo
/// and the diagram's nodes so far.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ZddError {
    /// The memo and the diagram would pass the memory budget
    /// ([`Limits::memory`](crate::cover::Limits::memory)).
    #[error(
        "the memo needs more than the memory budget of {} ({} states and {} nodes so far, {} needed next)",
        show_bytes(*budget), states, nodes, show_bytes(*needed)
    )]
    OverBudget {
        /// The bytes the next step needs in all.
        needed: u64,
        /// The budget, in bytes.
        budget: u64,
        /// States in the memo so far.
        states: u64,
        /// Nodes in the diagram so far.
        nodes: u64,
    },
    /// Memory could not be had from the system.
    #[error("out of memory for the memo ({states} states and {nodes} nodes so far)")]
    OutOfMemory {
        /// States in the memo so far.
        states: u64,
        /// Nodes in the diagram so far.
        nodes: u64,
    },
    /// The diagram would have more nodes than a `u32` numbers.
    #[error("the diagram would have more than {} nodes", u32::MAX)]
    TooLarge,
    /// A limit stopped the build: the node limit (on the diagram's
    /// nodes), the time limit or the cancel flag.
    #[error("stopped building the diagram: {reason} ({states} states and {nodes} nodes so far)")]
    Stopped {
        /// The limit.
        reason: StopReason,
        /// States in the memo so far.
        states: u64,
        /// Nodes in the diagram so far.
        nodes: u64,
    },
}
