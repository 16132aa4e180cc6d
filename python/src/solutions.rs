//! The lazy iterator of solutions.
//!
//! A producer thread owns the solver and searches with the GIL released;
//! it hands solutions over in batches through a bounded channel, so the
//! memory held is a few batches whatever the number of solutions, and the
//! cost of a hand-over is shared by up to [`MAX_BATCH`] solutions (the
//! first batch holds one solution, and each next one twice as many, so
//! the first answer comes as soon as it is found). The Python thread turns
//! each solution into a list of ints as it is asked for.
//!
//! Dropping the iterator (or a `KeyboardInterrupt` while it waits) raises
//! the search's cancel flag and closes the channel: the producer stops at
//! once and its solver is freed before the drop returns.

use crate::run::POLL;
use crate::stats::Stats;
use exactcover::cover::{Limits, OptionId, Parallel, Problem, Stats as LibStats, Status, StopReason};
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

/// The most solutions in one batch.
const MAX_BATCH: usize = 1024;
/// Batches waiting in the channel.
const QUEUED: usize = 2;

/// Solutions, one after another: option ids, and where each ends.
#[derive(Default)]
struct Batch {
    flat: Vec<u32>,
    ends: Vec<usize>,
}

impl Batch {
    fn with_capacity(n: usize) -> Batch {
        Batch { flat: Vec::with_capacity(n * 16), ends: Vec::with_capacity(n) }
    }

    fn push(&mut self, solution: &[OptionId]) {
        self.flat.extend(solution.iter().map(|o| o.as_u32()));
        self.ends.push(self.flat.len());
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn get(&self, i: usize) -> &[u32] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.flat[start..self.ends[i]]
    }
}

/// The statistics the producer leaves: up to date at each batch, final
/// when it has finished.
type Shared = Arc<Mutex<(LibStats, Status)>>;

struct Feed {
    rx: Option<Receiver<Batch>>,
    worker: Option<JoinHandle<()>>,
    cancel: Arc<AtomicBool>,
    shared: Shared,
}

impl Feed {
    /// Stops the producer and waits for it (it stops within microseconds).
    fn stop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.rx = None;
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

/// An iterator over the solutions of a problem, each a list of option
/// indices (in the order the search chose them). Made by
/// `exactcover.covers`, `exactcover.covers_bool` and
/// `Problem.solutions`; `stats` gives the search's statistics so far.
///
/// >>> import exactcover
/// >>> it = exactcover.covers([[1, 2], [3], [1], [2, 3]])
/// >>> sorted(sorted(s) for s in it)
/// [[0, 1], [2, 3]]
/// >>> it.stats.solutions
/// 2
#[pyclass(module = "exactcover", name = "Solutions")]
pub struct Solutions {
    feed: Mutex<Feed>,
    batch: Batch,
    next: usize,
    done: bool,
}

impl Solutions {
    /// Starts the producer: one solver, or `threads` workers (0: one per
    /// core) when `threads != 1`, whose solutions come in no fixed order.
    pub fn start(problem: Problem, limits: Limits, cancel: Arc<AtomicBool>, threads: usize) -> PyResult<Solutions> {
        let (tx, rx) = sync_channel::<Batch>(QUEUED);
        let shared: Shared = Arc::new(Mutex::new((LibStats::default(), Status::Ready)));
        if limits.solution_limit() == Some(0) {
            // No solution wanted: no search (the engine would stop only
            // after the first).
            *shared.lock().unwrap_or_else(PoisonError::into_inner) =
                (LibStats::default(), Status::Stopped(exactcover::cover::StopReason::Solutions));
            return Ok(Solutions {
                feed: Mutex::new(Feed { rx: None, worker: None, cancel, shared }),
                batch: Batch::default(),
                next: 0,
                done: true,
            });
        }
        let out = shared.clone();
        let worker = std::thread::Builder::new()
            .spawn(move || {
                let result = if threads == 1 {
                    produce(&problem, limits, &tx, &out)
                } else {
                    produce_parallel(&problem, limits, threads, &tx)
                };
                *out.lock().unwrap_or_else(PoisonError::into_inner) = result;
            })
            .map_err(|e| crate::run::spawn_error(&e))?;
        Ok(Solutions {
            feed: Mutex::new(Feed { rx: Some(rx), worker: Some(worker), cancel, shared }),
            batch: Batch::default(),
            next: 0,
            done: false,
        })
    }

    /// The next batch, waiting without the GIL and looking at the signals
    /// every [`POLL`]; `None` once the producer has finished.
    fn receive(&mut self, py: Python<'_>) -> PyResult<Option<Batch>> {
        let feed = self.feed.get_mut().unwrap_or_else(PoisonError::into_inner);
        loop {
            let Some(rx) = feed.rx.take() else { return Ok(None) };
            let (rx, got) = py.detach(move || {
                let got = rx.recv_timeout(POLL);
                (rx, got)
            });
            match got {
                Ok(batch) => {
                    feed.rx = Some(rx);
                    return Ok(Some(batch));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // The producer has finished: its statistics are final.
                    if let Some(w) = feed.worker.take() {
                        let _ = py.detach(move || w.join());
                    }
                    return Ok(None);
                }
                Err(RecvTimeoutError::Timeout) => {
                    feed.rx = Some(rx);
                    if let Err(e) = py.check_signals() {
                        py.detach(|| feed.stop());
                        return Err(e);
                    }
                }
            }
        }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        // A consumer in C (`list`, `set`, `deque`) runs no bytecode, so
        // no signal would be looked at while the batches keep coming.
        if let Err(e) = py.check_signals() {
            let feed = self.feed.get_mut().unwrap_or_else(PoisonError::into_inner);
            py.detach(|| feed.stop());
            self.done = true;
            self.batch = Batch::default();
            return Err(e);
        }
        loop {
            if self.next < self.batch.len() {
                let list = PyList::new(py, self.batch.get(self.next))?;
                self.next += 1;
                return Ok(Some(list));
            }
            if self.done {
                return Ok(None);
            }
            match self.receive(py) {
                Ok(Some(batch)) => {
                    self.batch = batch;
                    self.next = 0;
                }
                Ok(None) => {
                    self.done = true;
                    self.batch = Batch::default();
                }
                Err(e) => {
                    self.done = true;
                    self.batch = Batch::default();
                    return Err(e);
                }
            }
        }
    }

    /// The search's statistics so far (final once the iterator is
    /// exhausted).
    #[getter]
    fn stats(&self) -> Stats {
        let feed = self.feed.lock().unwrap_or_else(PoisonError::into_inner);
        let (stats, mut status) = *feed.shared.lock().unwrap_or_else(PoisonError::into_inner);
        // Closed (or Ctrl-C) before its end: a search stopped, and why.
        if feed.cancel.load(Ordering::Relaxed) && !matches!(status, Status::Complete | Status::Stopped(_)) {
            status = Status::Stopped(StopReason::Cancelled);
        }
        Stats::new(&stats, status)
    }

    /// Stops the search and frees its solver; the iterator then ends.
    fn close(&mut self, py: Python<'_>) {
        let feed = self.feed.get_mut().unwrap_or_else(PoisonError::into_inner);
        py.detach(|| feed.stop());
        self.done = true;
        self.batch = Batch::default();
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.feed.get_mut().unwrap_or_else(PoisonError::into_inner).stop();
    }
}

/// One solver's solutions, in batches; returns its statistics.
fn produce(problem: &Problem, limits: Limits, tx: &SyncSender<Batch>, shared: &Shared) -> (LibStats, Status) {
    let mut solver = problem.solver();
    solver.set_limits(limits);
    let mut size = 1;
    let mut batch = Batch::with_capacity(size);
    while let Some(s) = solver.next_solution() {
        batch.push(s);
        if batch.len() >= size {
            *shared.lock().unwrap_or_else(PoisonError::into_inner) = (solver.stats(), solver.status());
            size = (size * 2).min(MAX_BATCH);
            if tx.send(std::mem::replace(&mut batch, Batch::with_capacity(size))).is_err() {
                break;
            }
        }
    }
    if batch.len() > 0 {
        let _ = tx.send(batch);
    }
    (solver.stats(), solver.status())
}

/// A worker's batch, sent when full and when the worker ends.
struct Batcher<'a> {
    tx: &'a SyncSender<Batch>,
    batch: Batch,
}

impl Drop for Batcher<'_> {
    fn drop(&mut self) {
        if self.batch.len() > 0 {
            let _ = self.tx.send(std::mem::take(&mut self.batch));
        }
    }
}

/// The solutions of a parallel search, in batches from each worker.
fn produce_parallel(problem: &Problem, limits: Limits, threads: usize, tx: &SyncSender<Batch>) -> (LibStats, Status) {
    let search = Parallel::new(problem).threads(threads).with_limits(limits).verify(false);
    let (_, report) = search.for_each_init(
        || Batcher { tx, batch: Batch::with_capacity(MAX_BATCH) },
        |b, s| {
            b.batch.push(s);
            if b.batch.len() >= MAX_BATCH && tx.send(std::mem::take(&mut b.batch)).is_err() {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        },
    );
    (report.stats, report.status)
}
