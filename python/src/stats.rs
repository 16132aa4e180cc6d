//! What a search did, as Python values: `Stats` (Knuth's nodes and
//! updates, the solutions, the time, and whether it finished) and
//! `Estimate` (Knuth's random-probe estimate of a search's size).

use exactcover::cover::{Estimate as LibEstimate, Stats as LibStats, Status, StopReason};

/// A stop reason's short name: "solutions", "nodes", "time" or
/// "cancelled".
pub fn reason(r: StopReason) -> &'static str {
    match r {
        StopReason::Solutions => "solutions",
        StopReason::Nodes => "nodes",
        StopReason::Time => "time",
        StopReason::Cancelled => "cancelled",
    }
}
use pyo3::prelude::*;

/// The statistics of a search: `nodes` and `updates` as Knuth counts them
/// (so they compare with his DLX programs), `solutions` found, `seconds`
/// of wall-clock time, `complete` (the whole tree was searched) and
/// `stopped` (the limit that stopped it: "solutions", "nodes", "time",
/// "cancelled", or None).
///
/// >>> import exactcover
/// >>> p = exactcover.puzzles.queens(8)
/// >>> p.count()
/// 92
/// >>> (p.stats.nodes, p.stats.updates, p.stats.complete)
/// (1049, 16680, True)
#[pyclass(module = "exactcover", name = "Stats", frozen, get_all, from_py_object)]
#[derive(Clone, Debug)]
pub struct Stats {
    /// Search-tree nodes.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Whether the whole search tree was explored.
    pub complete: bool,
    /// The limit that stopped the search, if one did.
    pub stopped: Option<String>,
}

impl Stats {
    pub fn new(stats: &LibStats, status: Status) -> Stats {
        Stats {
            nodes: stats.nodes,
            updates: stats.updates,
            solutions: stats.solutions,
            seconds: stats.elapsed.as_secs_f64(),
            complete: status.is_complete(),
            stopped: status.stop_reason().map(|r| reason(r).to_string()),
        }
    }
}

type StatsArgs = (u64, u64, u64, f64, bool, Option<String>);

#[pymethods]
impl Stats {
    #[new]
    #[pyo3(signature = (nodes=0, updates=0, solutions=0, seconds=0.0, complete=false, stopped=None))]
    fn py_new(
        nodes: u64,
        updates: u64,
        solutions: u64,
        seconds: f64,
        complete: bool,
        stopped: Option<String>,
    ) -> Stats {
        Stats { nodes, updates, solutions, seconds, complete, stopped }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, pyo3::types::PyType>, StatsArgs)> {
        let s = slf.get();
        Ok((slf.get_type(), (s.nodes, s.updates, s.solutions, s.seconds, s.complete, s.stopped.clone())))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Stats>().is_ok_and(|o| {
            let o = o.get();
            (o.nodes, o.updates, o.solutions, o.complete, &o.stopped)
                == (self.nodes, self.updates, self.solutions, self.complete, &self.stopped)
        })
    }

    fn __repr__(&self) -> String {
        let stopped = self.stopped.as_deref().map_or("None".to_string(), |s| format!("'{s}'"));
        format!(
            "Stats(nodes={}, updates={}, solutions={}, seconds={:.6}, complete={}, stopped={stopped})",
            self.nodes,
            self.updates,
            self.solutions,
            self.seconds,
            if self.complete { "True" } else { "False" }
        )
    }
}

/// Knuth's estimate of a search's size from random probes: `nodes`,
/// `updates` and `solutions` of the whole search, `seconds` it would take
/// on one thread (from the speed of a short real search; None if a limit
/// stopped it before it measured one), `probes` made,
/// and `stopped` if a limit cut the probes short.
///
/// >>> import exactcover
/// >>> e = exactcover.puzzles.queens(10).estimate(probes=4000, seed=1)
/// >>> 474 < e.solutions < 974   # the count is 724
/// True
#[pyclass(module = "exactcover", name = "Estimate", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Estimate {
    /// Probes made.
    pub probes: u64,
    /// Estimated nodes.
    pub nodes: f64,
    /// Estimated updates.
    pub updates: f64,
    /// Estimated solutions.
    pub solutions: f64,
    /// Estimated seconds on one thread; None when no calibration ran (a
    /// limit stopped the work before the short real search measured a
    /// speed), as `xc cover --estimate` then leaves the time out.
    pub seconds: Option<f64>,
    /// What stopped the probes early, if anything.
    pub stopped: Option<String>,
}

impl Estimate {
    pub fn new(e: &LibEstimate) -> Estimate {
        Estimate {
            probes: e.probes,
            nodes: e.nodes,
            updates: e.updates,
            solutions: e.solutions,
            seconds: (e.updates_per_second > 0.0).then(|| e.seconds()),
            stopped: e.stopped.map(|r| reason(r).to_string()),
        }
    }
}

#[pymethods]
impl Estimate {
    fn __repr__(&self) -> String {
        format!(
            "Estimate(probes={}, nodes={:.4e}, updates={:.4e}, solutions={:.4e}, seconds={})",
            self.probes,
            self.nodes,
            self.updates,
            self.solutions,
            self.seconds.map_or("None".to_string(), |s| format!("{s:.4e}"))
        )
    }
}
