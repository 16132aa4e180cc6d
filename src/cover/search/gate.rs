//! The gate of the search loops: before each node, the depth cap, then
//! the [`Watch`]'s look when it is due, then the node is counted in the
//! loop's local count.

use super::{Event, Phase};
use crate::cover::ids::Fork;
use crate::cover::watch::{Run, Watch};

impl Watch {
    /// Before a loop enters a node at `level`: the depth `cap` (a node
    /// there is a frontier, not entered), then the look, when the loop's
    /// node count `nodes` has reached its next stop `stop_at`; then the
    /// node is counted. `Some` stop to end the loop with, else `None`.
    /// `position` gives the branches of the levels and the solutions so
    /// far, read only when the look is due.
    #[inline(always)]
    pub(super) fn enter<'p>(
        &mut self,
        (level, cap): (usize, usize),
        nodes: &mut u64,
        stop_at: &mut u64,
        run: &Run,
        position: impl FnOnce() -> (&'p [Fork], u64),
    ) -> Option<(Event, Phase)> {
        if level >= cap {
            return Some((Event::Frontier, Phase::AfterSolution));
        }
        if *nodes >= *stop_at {
            let (branches, solutions) = position();
            match self.look(*nodes, run.budget, &branches[..level], solutions) {
                Ok(next) => *stop_at = next,
                Err(r) => return Some((Event::Stopped(r), Phase::Forward)),
            }
        }
        *nodes += 1;
        None
    }
}
