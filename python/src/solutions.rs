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
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, TryLockError};
use std::thread::{JoinHandle, ThreadId};
use std::time::Duration;

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
/// Several threads may take from one iterator: each solution goes to one
/// of them.
///
/// >>> import exactcover
/// >>> it = exactcover.covers([[1, 2], [3], [1], [2, 3]])
/// >>> sorted(sorted(s) for s in it)
/// [[0, 1], [2, 3]]
/// >>> it.stats.solutions
/// 2
#[pyclass(module = "exactcover", name = "Solutions", frozen)]
pub struct Solutions {
    /// Taken by one `__next__` or `close` at a time, always without
    /// holding the GIL while waiting for it (see [`Solutions::state`]).
    state: Mutex<State>,
    /// Raised to stop the producer; read by `stats` without the lock.
    cancel: Arc<AtomicBool>,
    shared: Shared,
    /// The thread that holds `state`, if one does (held only for a
    /// moment, never while waiting).
    holder: Mutex<Option<ThreadId>>,
}

/// The consumer's side: the feed, and the batch being handed out.
struct State {
    feed: Feed,
    batch: Batch,
    next: usize,
    done: bool,
}

impl State {
    /// Stops the producer (without the GIL) and ends the iteration.
    fn finish(&mut self, py: Python<'_>) {
        let feed = &mut self.feed;
        py.detach(|| feed.stop());
        self.done = true;
        self.batch = Batch::default();
    }
}

impl Solutions {
    /// Starts the producer: one solver, or `threads` workers (0: one per
    /// core) when `threads != 1`, whose solutions come in no fixed order.
    pub fn start(problem: Problem, limits: Limits, cancel: Arc<AtomicBool>, threads: usize) -> PyResult<Solutions> {
        let (tx, rx) = sync_channel::<Batch>(QUEUED);
        let shared: Shared = Arc::new(Mutex::new((LibStats::default(), Status::Ready)));
        let made = |feed: Feed, done: bool| Solutions {
            cancel: feed.cancel.clone(),
            shared: feed.shared.clone(),
            state: Mutex::new(State { feed, batch: Batch::default(), next: 0, done }),
            holder: Mutex::new(None),
        };
        if limits.solution_limit() == Some(0) {
            // No solution wanted: no search (the engine would stop only
            // after the first).
            *shared.lock().unwrap_or_else(PoisonError::into_inner) =
                (LibStats::default(), Status::Stopped(exactcover::cover::StopReason::Solutions));
            return Ok(made(Feed { rx: None, worker: None, cancel, shared }, true));
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
        Ok(made(Feed { rx: Some(rx), worker: Some(worker), cancel, shared }, false))
    }

    /// The consumer's state, once no other thread holds it; `None` if
    /// this thread holds it already (a signal handler that runs while
    /// `__next__` waits, and calls `next` or `close`). The holder may wait
    /// for a batch without the GIL, and takes the GIL again to look at the
    /// signals, so a thread waits here without the GIL too (else the two
    /// would wait for each other). A signal handler that raises while this
    /// thread waits (Ctrl-C) cancels the search, as it does in `__next__`.
    fn state(&self, py: Python<'_>) -> PyResult<Option<Held<'_>>> {
        let me = std::thread::current().id();
        loop {
            let state = match self.state.try_lock() {
                Ok(state) => state,
                Err(TryLockError::Poisoned(p)) => p.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    if *self.holder.lock().unwrap_or_else(PoisonError::into_inner) == Some(me) {
                        return Ok(None);
                    }
                    py.detach(|| std::thread::sleep(WAIT));
                    if let Err(e) = py.check_signals() {
                        self.cancel.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                    continue;
                }
            };
            *self.holder.lock().unwrap_or_else(PoisonError::into_inner) = Some(me);
            return Ok(Some(Held { state, holder: &self.holder }));
        }
    }
}

/// The consumer's state as one thread holds it: the thread is named in
/// `holder` until the state is let go.
struct Held<'a> {
    state: MutexGuard<'a, State>,
    holder: &'a Mutex<Option<ThreadId>>,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        *self.holder.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

impl std::ops::Deref for Held<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl std::ops::DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
}

/// How long a thread sleeps between two tries for the state another
/// thread holds.
const WAIT: Duration = Duration::from_micros(100);

/// The next batch, waiting without the GIL and looking at the signals
/// every [`POLL`]; `None` once the producer has finished.
fn receive(feed: &mut Feed, py: Python<'_>) -> PyResult<Option<Batch>> {
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

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let Some(mut state) = self.state(py)? else {
            return Err(PyRuntimeError::new_err(
                "next() of a Solutions iterator that this thread is already in (from a signal handler?)",
            ));
        };
        // A consumer in C (`list`, `set`, `deque`) runs no bytecode, so
        // no signal would be looked at while the batches keep coming.
        if let Err(e) = py.check_signals() {
            state.finish(py);
            return Err(e);
        }
        loop {
            if state.next < state.batch.len() {
                let list = PyList::new(py, state.batch.get(state.next))?;
                state.next += 1;
                return Ok(Some(list));
            }
            if state.done {
                return Ok(None);
            }
            match receive(&mut state.feed, py) {
                Ok(Some(batch)) => {
                    state.batch = batch;
                    state.next = 0;
                }
                Ok(None) => {
                    state.done = true;
                    state.batch = Batch::default();
                }
                Err(e) => {
                    state.done = true;
                    state.batch = Batch::default();
                    return Err(e);
                }
            }
        }
    }

    /// The search's statistics so far (final once the iterator is
    /// exhausted).
    #[getter]
    fn stats(&self) -> Stats {
        let (stats, mut status) = *self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        // Closed (or Ctrl-C) before its end: a search stopped, and why.
        if self.cancel.load(Ordering::Relaxed) && !matches!(status, Status::Complete | Status::Stopped(_)) {
            status = Status::Stopped(StopReason::Cancelled);
        }
        Stats::new(&stats, status)
    }

    /// Stops the search and frees its solver; the iterator then ends.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        // Another thread waiting for a batch sees the producer end, and
        // lets the state go.
        self.cancel.store(true, Ordering::Relaxed);
        // From a signal handler while this thread is in `__next__`: the
        // producer stops at the flag, and that `__next__` then ends.
        if let Some(mut state) = self.state(py)? {
            state.finish(py);
        }
        Ok(())
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.state.get_mut().unwrap_or_else(PoisonError::into_inner).feed.stop();
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
