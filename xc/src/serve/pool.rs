//! The solver workers: at most `workers` calls run at once, each on a
//! blocking thread of its own with a [`Worker`]'s cached solvers, never on
//! the runtime's threads.
//!
//! Admission: a call waits for a permit at most `queue_wait` (and never
//! past its own time budget), then gets [`Busy::Saturated`], a 503. A call
//! asking for more than the default time budget also needs one of
//! `max(1, workers / 2)` *long* permits, so with two workers or more, long
//! calls never hold them all: the calls within the default budget share
//! the rest, and none of those holds a worker for more than the default
//! two seconds. Both semaphores are fair (first come, first served).
//!
//! The permits and the worker travel with the blocking task, so they are
//! held until the search ends even if the client has gone. A worker whose
//! call panicked is dropped, not reused.

use super::api::Call;
use super::handler::Answer;
use super::worker::Worker;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Why a call did not run.
#[derive(Debug)]
pub enum Busy {
    /// No worker was free in time.
    Saturated,
    /// The call panicked (a bug); its worker was dropped.
    Failed,
}

/// The workers.
pub struct Pool {
    all: Arc<Semaphore>,
    long: Arc<Semaphore>,
    idle: Arc<Mutex<Vec<Worker>>>,
    queue_wait: Duration,
}

async fn acquire(semaphore: &Arc<Semaphore>, until: Instant) -> Result<OwnedSemaphorePermit, Busy> {
    match tokio::time::timeout_at(until.into(), semaphore.clone().acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(Busy::Saturated),
    }
}

impl Pool {
    /// `workers` workers; a call waits at most `queue_wait` for one.
    pub fn new(workers: usize, queue_wait: Duration) -> Pool {
        Pool {
            all: Arc::new(Semaphore::new(workers)),
            long: Arc::new(Semaphore::new((workers / 2).max(1))),
            idle: Arc::new(Mutex::new(Vec::with_capacity(workers))),
            queue_wait,
        }
    }

    /// Runs `call`, whose body was read at `arrived`, on a worker: the
    /// reply's JSON, or why it was refused.
    pub async fn run(&self, call: Call, arrived: Instant) -> Result<Answer, Busy> {
        let budget = call.budget();
        let deadline = arrived + budget.time;
        let (permits, worker) = if call.needs_worker() {
            let until = arrived + self.queue_wait.min(budget.time);
            let long = if budget.is_long() { Some(acquire(&self.long, until).await?) } else { None };
            let permit = acquire(&self.all, until).await?;
            (Some((permit, long)), Some(self.idle.clone()))
        } else {
            (None, None)
        };
        let task = tokio::task::spawn_blocking(move || {
            let _permits = permits;
            let Some(idle) = worker else {
                return call.run(&mut Worker::default(), deadline);
            };
            let taken = idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let mut worker = taken.unwrap_or_default();
            let reply = call.run(&mut worker, deadline);
            idle.lock().unwrap_or_else(PoisonError::into_inner).push(worker);
            reply
        });
        task.await.map_err(|_| Busy::Failed)
    }
}
