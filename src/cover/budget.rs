//! What keeps a build bounded: the memory budget, the cancel flag and the
//! deadline of the [`Limits`] it was given.
//!
//! A builder charges its bytes as it grows (its vectors' capacities,
//! which is what the allocator holds) and asks the budget before each
//! large allocation (the arena, whose size is known before it is made),
//! so a problem either fits or fails with [`BuildError::OverBudget`]
//! before the memory is taken. Every [`POLL_INTERVAL`] steps (options
//! added, lines read, options laid out) it looks at the cancel flag and
//! the clock, and stops with [`BuildError::Stopped`].

use super::error::BuildError;
use super::limits::{Limits, StopReason};
use std::time::Instant;

/// Steps between two looks at the cancel flag and the clock.
pub(crate) const POLL_INTERVAL: u32 = 4096;

/// The budget of one build.
#[derive(Clone, Debug, Default)]
pub(crate) struct Budget {
    limits: Limits,
    deadline: Option<Instant>,
    /// Steps until the next look.
    countdown: u32,
}

impl Budget {
    /// The budget that `limits` set, its clock starting now.
    pub(crate) fn new(limits: &Limits) -> Budget {
        Budget { limits: limits.clone(), deadline: limits.deadline_from_now(), countdown: POLL_INTERVAL }
    }

    /// The memory budget in bytes, if any.
    pub(crate) fn bytes(&self) -> Option<u64> {
        self.limits.memory_budget()
    }

    /// Fails if `bytes` in all would pass the memory budget.
    pub(crate) fn fits(&self, bytes: u64) -> Result<(), BuildError> {
        match self.bytes() {
            Some(budget) if bytes > budget => Err(BuildError::OverBudget { needed: bytes, budget }),
            _ => Ok(()),
        }
    }

    /// One step of the build: every [`POLL_INTERVAL`] steps, fails if the
    /// cancel flag is up or the deadline has passed.
    #[inline]
    pub(crate) fn step(&mut self) -> Result<(), BuildError> {
        if self.countdown > 1 {
            self.countdown -= 1;
            return Ok(());
        }
        self.countdown = POLL_INTERVAL;
        self.poll()
    }

    /// Fails now if the cancel flag is up or the deadline has passed.
    pub(crate) fn poll(&self) -> Result<(), BuildError> {
        if self.limits.cancelled() {
            return Err(BuildError::Stopped(StopReason::Cancelled));
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(BuildError::Stopped(StopReason::Time)),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn the_budget_refuses_what_passes_it() {
        let b = Budget::new(&Limits::new().memory(1000));
        assert_eq!(b.fits(1000), Ok(()));
        assert_eq!(b.fits(1001), Err(BuildError::OverBudget { needed: 1001, budget: 1000 }));
        assert_eq!(Budget::new(&Limits::new()).fits(u64::MAX), Ok(()));
    }

    #[test]
    fn steps_look_at_the_flag_every_interval() {
        let flag = Arc::new(AtomicBool::new(true));
        let mut b = Budget::new(&Limits::new().cancel_flag(flag));
        for _ in 1..POLL_INTERVAL {
            assert_eq!(b.step(), Ok(()));
        }
        assert_eq!(b.step(), Err(BuildError::Stopped(StopReason::Cancelled)));
    }
}
