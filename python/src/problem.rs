//! `Problem`: an exact-cover problem built once, with the limits and the
//! threads its searches use, and the statistics of its last search.

use crate::errors::{LimitReached, parse_error, with_attrs};
use crate::run::interruptible;
use crate::shards::Shard;
use crate::solutions::Solutions;
use crate::stats::{Estimate, Stats};
use crate::zdd::{PyZdd, zdd_error};
use crate::{items, matrix};
use exactcover::cover::{
    Limits, Parallel, Problem as LibProblem, Status, StopReason, Uniqueness, ZddChoice, read_dlx_from, write_dlx,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// Limits as given from Python.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec {
    pub solutions: Option<u64>,
    pub nodes: Option<u64>,
    pub time: Option<f64>,
}

impl Spec {
    /// The engine's limits, with a fresh cancel flag.
    pub fn limits(&self, cancel: &Arc<AtomicBool>) -> Limits {
        let mut l = Limits::new().cancel_flag(cancel.clone());
        if let Some(n) = self.solutions {
            l = l.solutions(n);
        }
        if let Some(n) = self.nodes {
            l = l.nodes(n);
        }
        if let Some(t) = self.time {
            l = l.time(Duration::from_secs_f64(t));
        }
        l
    }
}

/// An exact-cover problem: items (primary, each to be covered once or
/// between its bounds; secondary, at most once or with one colour) and
/// options (lists of items).
///
/// ``Problem(options, primary=None, secondary=None, colored=False,
/// bounds=None)`` takes the options as lists of hashable item names, as
/// ``covers`` does; ``bounds`` maps a primary item to ``(min, max)`` (or
/// one count), Knuth's multiplicities. ``Problem.from_bool(matrix)`` and
/// ``Problem.from_dlx(text)`` make one from a numpy matrix or Knuth's
/// text format, and ``exactcover.puzzles`` has builders.
///
/// >>> import exactcover
/// >>> p = exactcover.Problem([["a", "b"], ["a"], ["b"], ["x"]], primary=["a", "b"])
/// >>> p.count(), p.first(), p.is_unique()
/// (2, [0], False)
/// >>> exactcover.Problem([["x"], ["x"], ["x"]], bounds={"x": (2, 3)}).count()
/// 4
/// >>> print(p.to_dlx(), end="")
/// a b | x
/// a b
/// a
/// b
/// x
#[pyclass(module = "exactcover", name = "Problem", frozen)]
pub struct PyProblem {
    pub problem: LibProblem,
    items: Option<Arc<Vec<Py<PyAny>>>>,
    spec: Spec,
    threads: usize,
    last: Mutex<Option<Stats>>,
}

impl PyProblem {
    pub fn wrap(problem: LibProblem) -> PyProblem {
        PyProblem { problem, items: None, spec: Spec::default(), threads: 1, last: Mutex::new(None) }
    }

    fn record(&self, stats: Stats) {
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Some(stats);
    }

    fn copy(&self, spec: Spec, threads: usize) -> PyProblem {
        PyProblem { problem: self.problem.clone(), items: self.items.clone(), spec, threads, last: Mutex::new(None) }
    }
}

/// The longest time limit: longer is no limit (a deadline must stay
/// within what an `Instant` holds).
const LONGEST: f64 = 1e9;

/// A time in seconds from Python: a finite number, at least 0 (None, or
/// more than [`LONGEST`], is no limit).
pub fn seconds(what: &str, t: Option<f64>) -> PyResult<Option<f64>> {
    match t {
        Some(t) if t.is_nan() || t < 0.0 => Err(crate::errors::ExactCoverError::new_err(format!(
            "{what} must be a number of seconds, at least 0, not {t}"
        ))),
        Some(t) if t > LONGEST => Ok(None),
        t => Ok(t),
    }
}

fn stopped(py: Python<'_>, reason: StopReason) -> PyErr {
    let r = crate::stats::reason(reason).into_pyobject(py).expect("strings convert").into_any().unbind();
    with_attrs::<LimitReached>(
        py,
        format!("the search stopped before the answer was known: {reason}"),
        &[("reason", r)],
    )
}

#[pymethods]
impl PyProblem {
    #[new]
    #[pyo3(signature = (options, primary=None, secondary=None, colored=false, bounds=None))]
    fn py_new(
        py: Python<'_>,
        options: &Bound<'_, PyAny>,
        primary: Option<&Bound<'_, PyAny>>,
        secondary: Option<&Bound<'_, PyAny>>,
        colored: bool,
        bounds: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyProblem> {
        let cancel = Arc::new(AtomicBool::new(false));
        let built = items::build(py, options, primary, secondary, colored, bounds, &cancel)?;
        let mut p = PyProblem::wrap(built.problem);
        p.items = Some(Arc::new(built.items));
        Ok(p)
    }

    /// A problem from a 2-D numpy array (or anything ``numpy.asarray``
    /// takes): rows are options, columns items, any nonzero entry a one.
    /// The columns listed in ``secondary`` are secondary items.
    ///
    /// >>> import numpy as np, exactcover
    /// >>> exactcover.Problem.from_bool(np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0]]), secondary=[2]).count()
    /// 2
    #[staticmethod]
    #[pyo3(signature = (matrix, secondary=Vec::new()))]
    fn from_bool(py: Python<'_>, matrix: &Bound<'_, PyAny>, secondary: Vec<usize>) -> PyResult<PyProblem> {
        let cancel = Arc::new(AtomicBool::new(false));
        Ok(PyProblem::wrap(matrix::build(py, matrix, &secondary, &cancel)?))
    }

    /// A problem in Knuth's DLX text format (items on the first line,
    /// secondary ones after ``|``, ``a:b|name`` for multiplicities; one
    /// option a line). Errors name the line and column.
    ///
    /// >>> import exactcover
    /// >>> exactcover.Problem.from_dlx("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n").count()
    /// 1
    #[staticmethod]
    fn from_dlx(py: Python<'_>, text: &str) -> PyResult<PyProblem> {
        Ok(PyProblem::wrap(parse_dlx(py, text)?))
    }

    /// The problem in Knuth's DLX text format.
    fn to_dlx(&self, py: Python<'_>) -> String {
        let p = self.problem.clone();
        py.detach(move || write_dlx(&p))
    }

    /// A copy of this problem whose searches stop after ``solutions``
    /// solutions, ``nodes`` search-tree nodes, or ``time`` seconds (None,
    /// or inf for the time: no such limit). ``stats.complete`` and
    /// ``stats.stopped`` tell whether a limit stopped a search.
    #[pyo3(signature = (solutions=None, nodes=None, time=None))]
    fn with_limits(&self, solutions: Option<u64>, nodes: Option<u64>, time: Option<f64>) -> PyResult<PyProblem> {
        let time = seconds("time", time)?;
        Ok(self.copy(Spec { solutions, nodes, time }, self.threads))
    }

    /// A copy of this problem whose searches run on ``threads`` threads
    /// (0: one per core). Counts and statistics are those of one thread;
    /// ``solutions()`` then yields solutions in no fixed order.
    fn with_threads(&self, threads: usize) -> PyProblem {
        self.copy(self.spec, threads)
    }

    /// The number of items, primary and secondary.
    #[getter]
    fn item_count(&self) -> usize {
        self.problem.item_count()
    }

    /// The number of primary items.
    #[getter]
    fn primary_count(&self) -> usize {
        self.problem.primary_count()
    }

    /// The number of options.
    #[getter]
    fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// The item objects, in item order (primary first as declared, then
    /// secondary), for a problem made from lists; None otherwise.
    #[getter]
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.items.as_ref().map(|items| PyList::new(py, items.iter().map(|o| o.bind(py)))).transpose()
    }

    /// Option ``i`` as a line of the DLX text (``"a b x:red"``).
    fn format_option(&self, i: usize) -> PyResult<String> {
        if i >= self.problem.option_count() {
            let m = format!("no option {i}: the problem has {}", self.problem.option_count());
            return Err(pyo3::exceptions::PyIndexError::new_err(m));
        }
        Ok(self.problem.format_option(exactcover::cover::OptionId::from_u32(i as u32)))
    }

    /// The statistics of the last search run on this object (None before
    /// the first).
    #[getter]
    fn stats(&self) -> Option<Stats> {
        self.last.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// The number of solutions (at most ``limit`` if given). With limits,
    /// the number found before one stopped the search: see ``stats``.
    #[pyo3(signature = (limit=None))]
    fn count(&self, py: Python<'_>, limit: Option<u64>) -> PyResult<u64> {
        let cancel = Arc::new(AtomicBool::new(false));
        let mut spec = self.spec;
        if let Some(l) = limit {
            spec.solutions = Some(spec.solutions.map_or(l, |s| s.min(l)));
        }
        if spec.solutions == Some(0) {
            self.record(Stats::new(&Default::default(), Status::Stopped(StopReason::Solutions)));
            return Ok(0);
        }
        let limits = spec.limits(&cancel);
        let (count, stats) = if self.threads == 1 {
            let mut solver = self.problem.solver();
            solver.set_limits(limits);
            interruptible(py, &cancel, || {
                let n = solver.count();
                (n, Stats::new(&solver.stats(), solver.status()))
            })?
        } else {
            let search = Parallel::new(&self.problem).threads(self.threads).with_limits(limits).verify(false);
            let report = interruptible(py, &cancel, || search.count())?;
            (report.solutions, Stats::new(&report.stats, report.status))
        };
        self.record(stats);
        Ok(count)
    }

    /// The first solution, as a list of option indices, or None.
    fn first<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<u32>>> {
        let cancel = Arc::new(AtomicBool::new(false));
        if self.spec.solutions == Some(0) {
            self.record(Stats::new(&Default::default(), Status::Stopped(StopReason::Solutions)));
            return Ok(None);
        }
        let limits = self.spec.limits(&cancel);
        let (first, stats) = if self.threads == 1 {
            let mut solver = self.problem.solver();
            solver.set_limits(limits);
            interruptible(py, &cancel, || {
                let s = solver.first();
                (s, Stats::new(&solver.stats(), solver.status()))
            })?
        } else {
            let search = Parallel::new(&self.problem).threads(self.threads).with_limits(limits).verify(false);
            let (s, report) = interruptible(py, &cancel, || search.first())?;
            (s, Stats::new(&report.stats, report.status))
        };
        self.record(stats);
        Ok(first.map(|s| s.iter().map(|o| o.as_u32()).collect()))
    }

    /// Whether the problem has exactly one solution. Raises
    /// ``LimitReached`` if a node or time limit stops the search first.
    fn is_unique(&self, py: Python<'_>) -> PyResult<bool> {
        let cancel = Arc::new(AtomicBool::new(false));
        let mut spec = self.spec;
        spec.solutions = None;
        let limits = spec.limits(&cancel);
        if self.threads == 1 {
            let mut solver = self.problem.solver();
            solver.set_limits(limits);
            let (answer, stats) = interruptible(py, &cancel, || {
                let u = solver.uniqueness();
                (u, Stats::new(&solver.stats(), solver.status()))
            })?;
            self.record(stats);
            match answer {
                Uniqueness::Unique(_) => Ok(true),
                Uniqueness::None | Uniqueness::Several => Ok(false),
                Uniqueness::Unknown(r) => Err(stopped(py, r)),
            }
        } else {
            let search =
                Parallel::new(&self.problem).threads(self.threads).with_limits(limits.solutions(2)).verify(false);
            let report = interruptible(py, &cancel, || search.count())?;
            self.record(Stats::new(&report.stats, report.status));
            match report.status {
                Status::Stopped(StopReason::Solutions) => Ok(false),
                Status::Stopped(r) => Err(stopped(py, r)),
                _ => Ok(report.solutions == 1),
            }
        }
    }

    /// A lazy iterator of the solutions (at most ``limit``), each a list of
    /// option indices. It searches on a thread of its own, a few batches
    /// ahead, so memory stays bounded; dropping it stops the search.
    #[pyo3(signature = (limit=None))]
    fn solutions(&self, limit: Option<u64>) -> PyResult<Solutions> {
        let cancel = Arc::new(AtomicBool::new(false));
        let mut spec = self.spec;
        if let Some(l) = limit {
            spec.solutions = Some(spec.solutions.map_or(l, |s| s.min(l)));
        }
        Solutions::start(self.problem.clone(), spec.limits(&cancel), cancel, self.threads)
    }

    /// The decision diagram of all the solutions (``Zdd``), built by the
    /// dance memoised on the items left to cover (Nishihara et al.'s DXZ):
    /// the exact count at any size, the i-th solution and uniform samples
    /// without enumerating. It pays where many partial solutions leave the
    /// same items, as in tilings. ``choice`` is the item to branch on:
    /// ``"leftmost"`` (the first left, best on boards swept in order) or
    /// ``"fewest"`` (the fewest options that fit). The limits apply: nodes
    /// (the diagram's), time and Ctrl-C raise ``LimitReached``; a memo
    /// past the memory budget raises ``MemoryError``.
    ///
    /// >>> import exactcover
    /// >>> exactcover.puzzles.polyomino("AA", "8x8", piece_counts=(0, 32)).zdd().count()
    /// 12988816
    #[pyo3(signature = (choice="leftmost"))]
    fn zdd(&self, py: Python<'_>, choice: &str) -> PyResult<PyZdd> {
        let choice = match choice {
            "leftmost" => ZddChoice::Leftmost,
            "fewest" => ZddChoice::FewestOptions,
            other => {
                let m = format!("choice must be \"leftmost\" or \"fewest\", not {other:?}");
                return Err(crate::errors::ExactCoverError::new_err(m));
            }
        };
        if let Some(limit) = self.spec.solutions {
            let m = format!(
                "zdd() holds every solution, so it can't keep to with_limits(solutions={limit}) \
                 (as xc cover refuses --memo with --limit); drop the solution limit, or use count()"
            );
            return Err(crate::errors::ExactCoverError::new_err(m));
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let mut solver = self.problem.solver();
        solver.set_limits(self.spec.limits(&cancel));
        let built = interruptible(py, &cancel, || solver.zdd_with(choice))?;
        built.map(PyZdd::new).map_err(|e| zdd_error(py, &e))
    }

    /// Knuth's estimate of the search's size from ``probes`` random
    /// probes (seeded, so repeatable), and of its time from a short real
    /// search of at most ``calibrate`` seconds.
    #[pyo3(signature = (probes=1000, seed=0, calibrate=0.05))]
    fn estimate(&self, py: Python<'_>, probes: u64, seed: u64, calibrate: f64) -> PyResult<Estimate> {
        if probes == 0 {
            return Err(pyo3::exceptions::PyValueError::new_err("probes must be at least 1, as for xc cover --probes"));
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let mut solver = self.problem.solver();
        solver.set_limits(self.spec.limits(&cancel));
        let calibrate = Duration::from_secs_f64(seconds("calibrate", Some(calibrate))?.unwrap_or(LONGEST));
        let e = interruptible(py, &cancel, || solver.estimate(probes, seed, calibrate))?;
        Ok(Estimate::new(&e))
    }

    /// The search split into ``n`` parts, the split of ``xc cover --shard
    /// K/N``: each part is a picklable ``Shard`` whose ``run()`` counts its
    /// share; ``exactcover.merge`` adds the results up.
    ///
    /// >>> import exactcover
    /// >>> p = exactcover.puzzles.queens(8)
    /// >>> exactcover.merge([s.run() for s in p.shards(3)]).solutions
    /// 92
    fn shards(&self, py: Python<'_>, n: usize) -> PyResult<Vec<Shard>> {
        if n == 0 || n > crate::shards::MAX_SHARDS {
            let m =
                format!("shards(n) needs n from 1 to {} (the cap of xc's --shard), not {n}", crate::shards::MAX_SHARDS);
            return Err(with_attrs::<crate::errors::ExactCoverError>(py, m, &[]));
        }
        let dlx = Arc::new(self.to_dlx(py));
        Ok((0..n).map(|k| Shard::new(dlx.clone(), k, n, self.spec)).collect())
    }

    fn __repr__(&self) -> String {
        format!(
            "Problem({} items ({} primary), {} options)",
            self.problem.item_count(),
            self.problem.primary_count(),
            self.problem.option_count()
        )
    }
}

/// Reads DLX text with the GIL released, stopping at Ctrl-C (the reader
/// looks at the cancel flag as it goes, as `xc`'s does).
pub fn parse_dlx(py: Python<'_>, text: &str) -> PyResult<LibProblem> {
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = exactcover::cover::Limits::new().cancel_flag(cancel.clone());
    let parsed = interruptible(py, &cancel, || read_dlx_from(text.as_bytes(), u64::MAX, &limits))?;
    parsed.map(|input| input.problem).map_err(|e| parse_error(&e))
}

/// Builds the problem of `matrix` (see `Problem.from_bool`).
pub fn from_matrix(py: Python<'_>, matrix: &Bound<'_, PyAny>, secondary: &[usize]) -> PyResult<LibProblem> {
    let cancel = Arc::new(AtomicBool::new(false));
    matrix::build(py, matrix, secondary, &cancel)
}

/// Builds the problem of lists of items (see `Problem`).
pub fn from_options(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
) -> PyResult<LibProblem> {
    let cancel = Arc::new(AtomicBool::new(false));
    Ok(items::build(py, options, primary, secondary, colored, None, &cancel)?.problem)
}
