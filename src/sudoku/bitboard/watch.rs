//! The limits of one search as its loop reads them, and the counts they
//! bound: the nodes entered and the guesses made.
//!
//! The search calls [`Watch::enter`] before each node. The node budget is
//! checked at every node; the cancel flag and the clock (a deadline fixed
//! when the watch is made) at the first node and then every
//! [`CHECK_INTERVAL`] nodes, so a search stops within that many nodes of
//! the flag or the deadline. A node the limits refuse is not counted.
//!
//! **Invariant.** [`Watch::nodes`] is the number of nodes entered, never
//! more than the node budget, and [`Watch::status`] is `Complete` until
//! a limit refuses a node or the search stops itself
//! ([`Watch::stop`], with [`StopReason::Solutions`] when it has the
//! solutions it wants); then it is `Stopped` with the first reason.

#![forbid(unsafe_code)]

use crate::cover::{CHECK_INTERVAL, Limits, Status, StopReason};
use std::time::Instant;

/// One search's limits and counts (see the module docs).
#[derive(Debug)]
pub(crate) struct Watch<'a> {
    limits: &'a Limits,
    /// The most nodes (`u64::MAX` without a node limit).
    budget: u64,
    /// When the time limit runs out, counted from the watch's making.
    deadline: Option<Instant>,
    /// The node at which the flag and the clock are next read.
    next_check: u64,
    nodes: u64,
    guesses: u64,
    /// Why the search stopped, once it has.
    stopped: Option<StopReason>,
}

impl<'a> Watch<'a> {
    /// A watch over `limits`, whose time limit starts now.
    pub(crate) fn new(limits: &'a Limits) -> Watch<'a> {
        Watch {
            limits,
            budget: limits.node_budget().unwrap_or(u64::MAX),
            deadline: limits.deadline_from(Instant::now()),
            next_check: 1,
            nodes: 0,
            guesses: 0,
            stopped: None,
        }
    }

    /// Enters the next node and counts it, unless a limit refuses it:
    /// then the node is not counted, the reason is kept, and the answer
    /// is `false` (the search must stop).
    #[inline(always)]
    pub(crate) fn enter(&mut self) -> bool {
        let next = self.nodes + 1;
        if next > self.budget {
            return self.stop(StopReason::Nodes);
        }
        if next >= self.next_check {
            self.next_check = next + CHECK_INTERVAL;
            if let Some(reason) = self.look() {
                return self.stop(reason);
            }
        }
        self.nodes = next;
        true
    }

    /// The cancel flag and the clock.
    #[cold]
    fn look(&self) -> Option<StopReason> {
        if self.limits.cancelled() {
            return Some(StopReason::Cancelled);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Some(StopReason::Time),
            _ => None,
        }
    }

    /// Counts a guess: a node with two alternatives or more.
    #[inline(always)]
    pub(crate) fn guess(&mut self) {
        self.guesses += 1;
    }

    /// Stops the search for `reason`, unless it has stopped already.
    /// Always `false`, for [`Watch::enter`] to return.
    pub(crate) fn stop(&mut self, reason: StopReason) -> bool {
        self.stopped.get_or_insert(reason);
        false
    }

    /// The nodes entered.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The guesses counted.
    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    /// `Complete`, or the first reason the search stopped for.
    pub(crate) fn status(&self) -> Status {
        self.stopped.map_or(Status::Complete, Status::Stopped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// The node budget refuses the node past it, which is not counted; a
    /// raised flag refuses the first node; the first reason stays.
    #[test]
    fn limits_refuse_nodes_and_the_first_reason_stays() {
        let limits = Limits::new().nodes(3);
        let mut watch = Watch::new(&limits);
        assert!(watch.enter() && watch.enter() && watch.enter());
        watch.guess();
        assert_eq!(watch.status(), Status::Complete);
        assert!(!watch.enter());
        assert!(!watch.stop(StopReason::Solutions));
        assert_eq!((watch.nodes(), watch.guesses()), (3, 1));
        assert_eq!(watch.status(), Status::Stopped(StopReason::Nodes));
        let limits = Limits::new().cancel_flag(Arc::new(AtomicBool::new(true)));
        let mut watch = Watch::new(&limits);
        assert!(!watch.enter());
        assert_eq!((watch.nodes(), watch.status()), (0, Status::Stopped(StopReason::Cancelled)));
    }
}
