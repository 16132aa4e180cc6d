//! The search's stack: the node chosen at each level, the trail's mark
//! before it was committed, and each level's branches; below the search's
//! own levels, the fixed ones (the pins, then a prefix's levels).
//!
//! Invariant: levels `floor..level` are the search's, committed in order
//! above `floor_mark`; levels `0..floor` are the prefix's, level `l`
//! committed above `prefix_marks[l]`; the pins lie below both. Undoing
//! the trail to a level's mark undoes that level and everything above it
//! (see `arena`). Between searches the prefix's levels may stay
//! committed (a completed search leaves them for the next prefix to
//! share): then they are `prefix[..floor]`, and nothing of the search's
//! lies above them.

use super::Phase;
use crate::cover::ids::{Fork, NodeId, TrailMark};

/// The levels of a search.
#[derive(Clone, Debug)]
pub(super) struct Stack {
    /// Where the search resumes (see [`Phase`]).
    pub(super) phase: Phase,
    pub(super) level: usize,
    /// The node chosen at each level (with multiplicities, the item's
    /// header for a null move).
    pub(super) choice: Vec<NodeId>,
    /// The trail's mark at each level, between covering the branching item
    /// and committing the chosen option: undoing the trail to it undoes the
    /// option (and whatever deeper levels left on the trail).
    pub(super) marks: Vec<TrailMark>,
    /// For each level: how many branches it has, and which is being
    /// explored. Used for progress estimates and to address subproblems.
    pub(super) branch: Vec<Fork>,
    /// Levels below `floor` belong to the prefix.
    pub(super) floor: usize,
    /// The trail's mark when the floor level began (after the prefix).
    pub(super) floor_mark: TrailMark,
    /// The branch to take at each level of the prefix: a position in the
    /// branching item's list (as `Fork::taken`), not a node.
    pub(super) prefix: Vec<u32>,
    /// For each level of the prefix, the trail's mark before it was
    /// committed (the first: after the pins). Uncommitting a level leaves
    /// its item's cover on the trail; undoing to this mark removes it.
    pub(super) prefix_marks: Vec<TrailMark>,
    /// The first node of each pinned option, with the trail's mark before
    /// it was committed.
    pub(super) pins: Vec<(NodeId, TrailMark)>,
    /// With multiplicities, the options chosen on the current path below
    /// the pins (levels that made a null move choose none).
    pub(super) opts: usize,
}

impl Stack {
    /// Room for `depth` levels.
    pub(super) fn new(depth: usize) -> Stack {
        Stack {
            phase: Phase::Done,
            level: 0,
            choice: vec![NodeId::NULL; depth],
            marks: vec![TrailMark::default(); depth],
            branch: vec![Fork::default(); depth],
            floor: 0,
            floor_mark: TrailMark::default(),
            prefix: Vec::new(),
            prefix_marks: vec![TrailMark::default(); depth],
            pins: Vec::new(),
            opts: 0,
        }
    }

    /// Whether the next run resumes after a solution (by backing up),
    /// rather than entering a node.
    pub(super) fn resumes(&self) -> bool {
        self.phase == Phase::AfterSolution
    }
}
