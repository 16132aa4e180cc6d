//! A lazy iterator over the solutions of a parallel search.
//!
//! A driver thread runs the search ([`Parallel::for_each`], or
//! [`Parallel::for_each_ordered`]) and sends each solution through a
//! bounded channel, so at most [`BUFFER`] solutions wait in memory however
//! many there are. The search runs ahead of the consumer only that far.
//!
//! Invariants: dropping the iterator drops the receiver first, so a worker
//! blocked on a full channel wakes with an error, its callback answers
//! `Break`, and the search stops; then the driver thread is joined. No
//! thread outlives the iterator.

use super::ids::OptionId;
use super::parallel::Parallel;
use super::report::Report;
use super::solver::Solution;
use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

/// Solutions that may wait between the workers and the consumer.
const BUFFER: usize = 1024;

/// The solutions of a [`Parallel`] search, found on several threads. Made
/// by [`Parallel::solutions`] or [`Parallel::solutions_ordered`].
///
/// ```
/// use exactcover::cover::Parallel;
/// use exactcover::puzzles::queens::Queens;
///
/// let queens = Queens::new(8)?;
/// let mut all = Parallel::new(queens.problem()).threads(2).solutions();
/// assert_eq!(all.by_ref().count(), 92);
/// assert_eq!(all.report().map(|r| r.solutions), Some(92));
/// // Lazily: take three, and the search stops when the iterator is dropped.
/// let three: Vec<_> = Parallel::new(queens.problem()).solutions().take(3).collect();
/// assert_eq!(three.len(), 3);
/// # Ok::<(), exactcover::puzzles::PuzzleError>(())
/// ```
#[derive(Debug)]
pub struct ParallelSolutions {
    receiver: Option<Receiver<Solution>>,
    driver: Option<JoinHandle<Report>>,
    report: Option<Report>,
}

impl Parallel {
    /// Every solution, lazily, in no particular order (see
    /// [`ParallelSolutions`]).
    pub fn solutions(&self) -> ParallelSolutions {
        let search = self.clone();
        ParallelSolutions::spawn(move |sender| search.for_each(|s| send(sender, s)).1)
    }

    /// Every solution, lazily, in the single-threaded search's order.
    pub fn solutions_ordered(&self) -> ParallelSolutions {
        let search = self.clone();
        ParallelSolutions::spawn(move |sender| search.for_each_ordered(|s| send(sender, s)).1)
    }
}

/// Sends one solution; `Break` once the consumer has gone.
fn send(sender: &SyncSender<Solution>, solution: &[OptionId]) -> ControlFlow<()> {
    match sender.send(solution.to_vec()) {
        Ok(()) => ControlFlow::Continue(()),
        Err(_) => ControlFlow::Break(()),
    }
}

impl ParallelSolutions {
    fn spawn(search: impl FnOnce(&SyncSender<Solution>) -> Report + Send + 'static) -> ParallelSolutions {
        let (sender, receiver) = sync_channel(BUFFER);
        let driver = std::thread::spawn(move || search(&sender));
        ParallelSolutions { receiver: Some(receiver), driver: Some(driver), report: None }
    }

    /// The search's report, once the iterator has returned `None`.
    pub fn report(&self) -> Option<&Report> {
        self.report.as_ref()
    }

    /// Stops the search (if running) and waits for the driver thread.
    fn finish(&mut self) {
        self.receiver = None;
        if let Some(driver) = self.driver.take() {
            match driver.join() {
                Ok(report) => self.report = Some(report),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    }
}

impl Iterator for ParallelSolutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        let next = self.receiver.as_ref()?.recv().ok();
        if next.is_none() {
            self.finish();
        }
        next
    }
}

impl Drop for ParallelSolutions {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            self.finish();
        }
    }
}
