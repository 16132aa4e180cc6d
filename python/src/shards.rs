//! A search split over processes or machines: `Shard`s (picklable: the
//! problem's DLX text, which shard, and the limits), their results, and
//! `merge`, which checks that the results make one whole and adds them up.
//!
//! The split is `Parallel::shard`'s, the one `xc cover --shard K/N` makes
//! (shard `index` here is `K = index + 1` there): it depends only on the
//! problem and `N`, so the shards may run anywhere, in any order.

use crate::errors::{MergeError, with_attrs};
use crate::problem::Spec;
use crate::run::interruptible;
use crate::stats::{Stats, reason};
use exactcover::cover::{Parallel, StopReason, fingerprint};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The most parts a split may have: `xc`'s bound (`wire::shard::MAX_SHARDS`),
/// for `Problem.shards(n)`, `ShardResult(index, of, ...)` and `merge`.
pub const MAX_SHARDS: usize = 1 << 20;

/// One part of a search split by ``Problem.shards(n)``: picklable, so it
/// can be sent to another process or machine (Dask, multiprocessing).
/// ``run()`` counts its share and returns a ``ShardResult``.
#[pyclass(module = "exactcover", name = "Shard", frozen)]
pub struct Shard {
    dlx: Arc<String>,
    /// This shard's number, from 0.
    #[pyo3(get)]
    index: usize,
    /// The number of shards.
    #[pyo3(get)]
    of: usize,
    spec: Spec,
}

/// Refuses shard `index` of `of` unless `index < of <= MAX_SHARDS`.
fn check_split(index: usize, of: usize) -> PyResult<()> {
    if of == 0 || of > MAX_SHARDS {
        return Err(MergeError::new_err(format!(
            "shard {index} of {of}: the count must be from 1 to {MAX_SHARDS} (the cap of xc's --shard)"
        )));
    }
    if index >= of {
        return Err(MergeError::new_err(format!("shard {index} of {of}: the index must be below the count")));
    }
    Ok(())
}

impl Shard {
    pub fn new(dlx: Arc<String>, index: usize, of: usize, spec: Spec) -> Shard {
        Shard { dlx, index, of, spec }
    }
}

type ShardArgs = (String, usize, usize, Option<u64>, Option<u64>, Option<f64>);

#[pymethods]
impl Shard {
    #[new]
    #[pyo3(signature = (dlx, index, of, solutions=None, nodes=None, time=None))]
    fn py_new(
        dlx: String,
        index: usize,
        of: usize,
        solutions: Option<u64>,
        nodes: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<Shard> {
        check_split(index, of)?;
        let time = crate::problem::seconds("time", time)?;
        Ok(Shard { dlx: Arc::new(dlx), index, of, spec: Spec { solutions, nodes, time } })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, ShardArgs) {
        let s = slf.get();
        (slf.get_type(), ((*s.dlx).clone(), s.index, s.of, s.spec.solutions, s.spec.nodes, s.spec.time))
    }

    /// Counts this shard's solutions on ``threads`` threads (0: one per
    /// core).
    #[pyo3(signature = (threads=1))]
    fn run(&self, py: Python<'_>, threads: usize) -> PyResult<ShardResult> {
        let problem = crate::problem::parse_dlx(py, &self.dlx)?;
        let cancel = Arc::new(AtomicBool::new(false));
        let search = Parallel::new(&problem).threads(threads).with_limits(self.spec.limits(&cancel)).verify(false);
        let report = interruptible(py, &cancel, || search.shard(self.index, self.of))?;
        Ok(ShardResult {
            index: self.index,
            of: self.of,
            problem: format!("{:016x}", fingerprint(&problem)),
            stats: Stats::new(&report.stats, report.status),
        })
    }

    fn __repr__(&self) -> String {
        format!("Shard({} of {})", self.index, self.of)
    }
}

/// What one shard found: ``solutions``, ``nodes``, ``updates``,
/// ``seconds``, ``complete``, ``stopped``, which shard (``index`` of
/// ``of``) and the problem's fingerprint (``problem``, as ``xc merge``
/// checks it). Picklable.
#[pyclass(module = "exactcover", name = "ShardResult", frozen)]
pub struct ShardResult {
    #[pyo3(get)]
    index: usize,
    #[pyo3(get)]
    of: usize,
    #[pyo3(get)]
    problem: String,
    stats: Stats,
}

#[pymethods]
impl ShardResult {
    #[new]
    fn py_new(index: usize, of: usize, problem: String, stats: Stats) -> PyResult<ShardResult> {
        check_split(index, of)?;
        Ok(ShardResult { index, of, problem, stats })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (usize, usize, String, Stats)) {
        let s = slf.get();
        (slf.get_type(), (s.index, s.of, s.problem.clone(), s.stats.clone()))
    }

    /// The shard's statistics.
    #[getter]
    fn stats(&self) -> Stats {
        self.stats.clone()
    }

    /// The shard's solutions.
    #[getter]
    fn solutions(&self) -> u64 {
        self.stats.solutions
    }

    fn __repr__(&self) -> String {
        format!(
            "ShardResult({} of {}: {} solutions, complete={})",
            self.index, self.of, self.stats.solutions, self.stats.complete
        )
    }
}

/// Adds up the results of every shard of one split: the total as
/// ``Stats`` (``solutions``, ``nodes`` and ``updates`` those of the whole
/// search; ``seconds`` the shards' sum; ``complete`` if every shard was).
/// Raises ``MergeError`` when a shard is missing or repeated, or the
/// results come from different problems or splits.
///
/// >>> import exactcover
/// >>> shards = exactcover.puzzles.langford(7).shards(4)
/// >>> exactcover.merge([s.run() for s in shards]).solutions
/// 26
#[pyfunction]
pub fn merge(py: Python<'_>, results: Vec<PyRef<'_, ShardResult>>) -> PyResult<Stats> {
    let Some(first) = results.first() else {
        return Err(MergeError::new_err("no shard results to merge"));
    };
    let (of, problem) = (first.of, first.problem.clone());
    check_split(first.index, of)?;
    let mut seen = vec![false; of];
    let mut total = Stats { nodes: 0, updates: 0, solutions: 0, seconds: 0.0, complete: true, stopped: None };
    for r in &results {
        if r.of != of || r.problem != problem {
            let m = format!(
                "shard {} of {} (problem {}) is not of the split of shard {} of {of} (problem {problem})",
                r.index, r.of, r.problem, first.index
            );
            return Err(MergeError::new_err(m));
        }
        let slot = seen
            .get_mut(r.index)
            .ok_or_else(|| MergeError::new_err(format!("shard {} of {of} is out of range", r.index)))?;
        if std::mem::replace(slot, true) {
            return Err(with_attrs::<MergeError>(py, format!("shard {} of {of} appears twice", r.index), &[]));
        }
        let s = &r.stats;
        let at = format!("shard {} of {of}", r.index);
        if !(s.seconds.is_finite() && s.seconds >= 0.0) {
            return Err(MergeError::new_err(format!(
                "{at}: \"seconds\" must be a number of seconds, not {}",
                s.seconds
            )));
        }
        match (s.complete, s.stopped.as_deref()) {
            (true, None) => {}
            (true, Some(_)) => {
                return Err(MergeError::new_err(format!("{at}: a complete shard has no \"stopped\" reason (None)")));
            }
            (false, Some(text)) => {
                if !StopReason::ALL.into_iter().any(|x| reason(x) == text) {
                    let known: Vec<String> =
                        StopReason::ALL.into_iter().map(|x| format!("\"{}\"", reason(x))).collect();
                    return Err(MergeError::new_err(format!(
                        "{at}: unknown stop reason \"{text}\" (known: {})",
                        known.join(", ")
                    )));
                }
                if total.stopped.is_none() {
                    total.stopped = Some(text.to_string());
                }
            }
            (false, None) => {
                return Err(MergeError::new_err(format!("{at}: an incomplete shard needs \"stopped\" (the reason)")));
            }
        }
        let overflow =
            || PyOverflowError::new_err(format!("{at}: the totals overflow (more than {} of something)", u64::MAX));
        total.nodes = total.nodes.checked_add(s.nodes).ok_or_else(overflow)?;
        total.updates = total.updates.checked_add(s.updates).ok_or_else(overflow)?;
        total.solutions = total.solutions.checked_add(s.solutions).ok_or_else(overflow)?;
        total.seconds += s.seconds;
        total.complete &= s.complete;
    }
    let missing: Vec<usize> = seen.iter().enumerate().filter(|(_, s)| !**s).map(|(k, _)| k).collect();
    if !missing.is_empty() {
        // The first ten by number, the rest counted (2^20 shards would
        // make a message of megabytes).
        let named: Vec<String> = missing.iter().take(10).map(usize::to_string).collect();
        let more = match missing.len().saturating_sub(10) {
            0 => String::new(),
            more => format!(" and {more} more"),
        };
        return Err(MergeError::new_err(format!("shards missing of {of}: {}{more}", named.join(", "))));
    }
    Ok(total)
}
