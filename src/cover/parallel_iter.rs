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
//! thread outlives the iterator. If the driver thread can't start (the
//! system has no room for another), the iterator searches on the calling
//! thread instead, one solution per call, in the single-threaded order:
//! the same solutions and counts, never a panic.

use super::ids::OptionId;
use super::parallel::Parallel;
use super::report::Report;
use super::solver::{Solution, Solver};
use std::io;
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
    /// The search on the calling thread, when the driver could not start.
    inline: Option<Box<Solver>>,
    report: Option<Report>,
}

/// The search a driver thread runs, sending each solution it finds.
type Drive = Box<dyn FnOnce(&SyncSender<Solution>) -> Report + Send>;

impl Parallel {
    /// Every solution, lazily, in no particular order (see
    /// [`ParallelSolutions`]).
    pub fn solutions(&self) -> ParallelSolutions {
        let search = self.clone();
        ParallelSolutions::start(self, Box::new(move |sender| search.for_each(|s| send(sender, s)).1), spawn)
    }

    /// Every solution, lazily, in the single-threaded search's order.
    pub fn solutions_ordered(&self) -> ParallelSolutions {
        let search = self.clone();
        ParallelSolutions::start(self, Box::new(move |sender| search.for_each_ordered(|s| send(sender, s)).1), spawn)
    }
}

/// Sends one solution; `Break` once the consumer has gone.
fn send(sender: &SyncSender<Solution>, solution: &[OptionId]) -> ControlFlow<()> {
    match sender.send(solution.to_vec()) {
        Ok(()) => ControlFlow::Continue(()),
        Err(_) => ControlFlow::Break(()),
    }
}

/// Starts a driver thread.
fn spawn(drive: Box<dyn FnOnce() -> Report + Send>) -> io::Result<JoinHandle<Report>> {
    std::thread::Builder::new().spawn(drive)
}

impl ParallelSolutions {
    /// Runs `search` on a driver thread started by `spawn`, or `parallel`'s
    /// search on this thread if it can't start.
    fn start(
        parallel: &Parallel,
        search: Drive,
        spawn: impl FnOnce(Box<dyn FnOnce() -> Report + Send>) -> io::Result<JoinHandle<Report>>,
    ) -> ParallelSolutions {
        let (sender, receiver) = sync_channel(BUFFER);
        match spawn(Box::new(move || search(&sender))) {
            Ok(driver) => {
                ParallelSolutions { receiver: Some(receiver), driver: Some(driver), inline: None, report: None }
            }
            Err(_) => {
                let inline = Some(Box::new(parallel.one_thread()));
                ParallelSolutions { receiver: None, driver: None, inline, report: None }
            }
        }
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
        if let Some(solver) = &mut self.inline {
            let next = solver.next_solution().map(<[OptionId]>::to_vec);
            if next.is_none() {
                self.report = Some(Report::of_one_thread(solver));
                self.inline = None;
            }
            return next;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::Status;
    use crate::puzzles::queens::Queens;

    /// A system with no room for another thread.
    fn refuse(_: Box<dyn FnOnce() -> Report + Send>) -> io::Result<JoinHandle<Report>> {
        Err(io::Error::from(io::ErrorKind::OutOfMemory))
    }

    #[test]
    fn with_no_thread_to_start_it_searches_on_the_callers_thread() {
        let queens = Queens::new(8).unwrap();
        let parallel = Parallel::new(queens.problem()).threads(2).verify(true);
        let ordered = parallel.clone();
        let search: Drive = Box::new(move |sender| ordered.for_each_ordered(|s| send(sender, s)).1);
        let mut inline = ParallelSolutions::start(&parallel, search, refuse);
        let found: Vec<Solution> = inline.by_ref().collect();
        let mut solver = queens.problem().solver();
        let expected: Vec<Solution> = solver.solutions().collect();
        assert_eq!(found, expected);
        assert_eq!(found.len(), 92);
        let report = inline.report().expect("a report once it ends");
        assert_eq!((report.solutions, report.status), (92, Status::Complete));
        assert_eq!(report.stats.nodes, solver.stats().nodes);
        // A limit holds as it holds on threads.
        let limited = parallel.with_limits(crate::cover::Limits::new().solutions(5));
        let search: Drive = Box::new(|_| Report::empty(0));
        let mut inline = ParallelSolutions::start(&limited, search, refuse);
        assert_eq!(inline.by_ref().count(), 5);
        assert_eq!(inline.report().map(|r| r.status), Some(Status::Stopped(crate::cover::StopReason::Solutions)));
    }
}
