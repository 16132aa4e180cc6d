//! `Zdd`: the decision diagram of all the solutions of a problem
//! (`Problem.zdd()`), for counting past 64 bits, indexing and uniform
//! sampling without enumerating.
//!
//! Counts and indices cross the border as Python ints of any size (in
//! decimal text when they pass `u128`), so nothing is ever rounded.

use crate::errors::{ExactCoverError, LimitReached, text, with_attrs};
use exactcover::cover::{BigCount, Zdd, ZddError};
use pyo3::exceptions::{PyIndexError, PyMemoryError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList};
use std::time::Instant;

/// The diagram of all the solutions of a problem, from ``Problem.zdd()``:
/// the exact ``count()`` at any size, the ``nth(i)`` solution, uniform
/// ``sample(k, seed)``s, and exports (``to_text()``, ``to_dot()``).
/// Solutions are lists of option indices; their order is the diagram's:
/// below each node, the solutions with its option come first, which is
/// the order a search branching on the same items finds them. Iterating
/// over a ``Zdd`` yields them in that order.
///
/// >>> import exactcover
/// >>> z = exactcover.puzzles.polyomino("AA", "4x4", piece_counts=(0, 8)).zdd()
/// >>> z.count(), z.nth(0) == next(iter(z))
/// (36, True)
/// >>> len(z.sample(5, seed=1))
/// 5
#[pyclass(module = "exactcover", name = "Zdd", frozen)]
pub struct PyZdd {
    zdd: Zdd,
}

impl PyZdd {
    pub fn new(zdd: Zdd) -> PyZdd {
        PyZdd { zdd }
    }
}

/// The most nodes `to_dot()` draws unless told (`xc cover --dot-out`'s cap).
const MAX_DOT_NODES: usize = 5_000;

/// The most memory one `sample(k)` list may take, as the package judges it.
const MAX_SAMPLE_BYTES: u128 = 2 << 30;

/// The most draws of `sample(k)` between two looks at Ctrl-C (fewer if
/// they take longer than `run::POLL`).
const SAMPLE_CHUNK: usize = 4096;

/// `n` as a Python int.
fn to_int<'py>(py: Python<'py>, n: &BigCount) -> PyResult<Bound<'py, PyAny>> {
    match n.to_u128() {
        Some(v) => Ok(v.into_pyobject(py)?.into_any()),
        None => py.get_type::<PyInt>().call1((n.to_string(),)),
    }
}

fn option_indices(solution: &[exactcover::cover::OptionId]) -> Vec<u32> {
    solution.iter().map(|o| o.as_u32()).collect()
}

#[pymethods]
impl PyZdd {
    /// The number of solutions, exactly (a Python int of any size).
    fn count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_int(py, &self.zdd.count())
    }

    /// The diagram's nodes, without its two terminals.
    #[getter]
    fn node_count(&self) -> usize {
        self.zdd.node_count()
    }

    /// How the build went: ``states`` (remaining problems searched, each
    /// once), ``lookups`` and ``hits`` of the memo, ``nodes``, ``seconds``
    /// and ``bytes`` (the memory held at the end).
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.zdd.stats();
        let d = PyDict::new(py);
        d.set_item("states", s.states)?;
        d.set_item("lookups", s.lookups)?;
        d.set_item("hits", s.hits)?;
        d.set_item("nodes", s.nodes)?;
        d.set_item("seconds", s.elapsed.as_secs_f64())?;
        d.set_item("bytes", s.bytes)?;
        Ok(d)
    }

    /// Solution ``i`` (from 0; negative counts from the end, as for a
    /// list) in the diagram's order. Raises ``IndexError`` out of range.
    fn nth(&self, py: Python<'_>, i: &Bound<'_, PyInt>) -> PyResult<Vec<u32>> {
        let count = self.count(py)?;
        let index = if i.lt(0)? { i.add(&count)? } else { i.clone().into_any() };
        if index.lt(0)? || index.ge(&count)? {
            return Err(PyIndexError::new_err(format!("no solution {i}: there are {count}")));
        }
        let index: BigCount = index.str()?.extract::<String>()?.parse().map_err(PyIndexError::new_err)?;
        let solution = py.detach(|| self.zdd.nth(index));
        Ok(option_indices(&solution.expect("the index is below the count")))
    }

    /// ``k`` solutions drawn independently and exactly uniformly (so one
    /// may come twice), the same for the same ``seed``; none if there is
    /// no solution.
    ///
    /// The draws come in chunks of at most 50 ms, with Ctrl-C looked at
    /// between two. A
    /// ``k`` whose list would pass 2 GiB (judged by the first draw's size)
    /// raises ``MemoryError`` before any is drawn.
    #[pyo3(signature = (k, seed=0))]
    fn sample<'py>(&self, py: Python<'py>, k: usize, seed: u64) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        let mut draws = self.zdd.samples(seed);
        let Some(first) = (k > 0).then(|| draws.next()).flatten() else { return Ok(list) };
        // A list of k lists of `first.len()` ints: the outer slot, the
        // inner list's header and its slots, and an int object for each.
        let each = 8 + 56 + 40 * first.len() as u128;
        let bytes = each * k as u128;
        if bytes > MAX_SAMPLE_BYTES {
            return Err(PyMemoryError::new_err(format!(
                "sample({k}): {k} solutions of about {} options would take about {} MB, past the {} MB \
                 one sample may take; draw fewer",
                first.len(),
                bytes >> 20,
                MAX_SAMPLE_BYTES >> 20
            )));
        }
        list.append(option_indices(&first))?;
        let mut left = k - 1;
        while left > 0 {
            py.check_signals()?;
            let n = left.min(SAMPLE_CHUNK);
            let chunk: Vec<Vec<u32>> = py.detach(|| {
                let start = Instant::now();
                let mut chunk = Vec::with_capacity(n);
                while chunk.len() < n && start.elapsed() < crate::run::POLL {
                    chunk.extend(draws.next().map(|s| option_indices(&s)));
                }
                chunk
            });
            left -= chunk.len();
            for s in chunk {
                list.append(s)?;
            }
        }
        Ok(list)
    }

    /// The diagram in the text format of docs/FORMATS.md ("ZDD text").
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        let mut out = Vec::new();
        py.detach(|| self.zdd.write_text(&mut out))?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// The diagram for Graphviz's ``dot`` (for small diagrams: at most
    /// ``max_nodes``, 5,000 unless told, the cap of ``xc cover
    /// --dot-out``; ``ValueError`` past it).
    #[pyo3(signature = (max_nodes=MAX_DOT_NODES))]
    fn to_dot(&self, py: Python<'_>, max_nodes: usize) -> PyResult<String> {
        if self.zdd.node_count() > max_nodes {
            return Err(ExactCoverError::new_err(format!(
                "the diagram has {} nodes, too many to draw (at most {max_nodes}; \
                 pass max_nodes= to draw more); write it with to_text()",
                self.zdd.node_count()
            )));
        }
        let mut out = Vec::new();
        py.detach(|| self.zdd.write_dot(&mut out))?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    fn __iter__(slf: Bound<'_, Self>) -> ZddIter {
        ZddIter { zdd: slf.unbind(), next: 0 }
    }

    fn __repr__(&self) -> String {
        format!("Zdd({} solutions, {} nodes)", self.zdd.count(), self.zdd.node_count())
    }
}

/// The solutions of a ``Zdd``, in its order.
#[pyclass(module = "exactcover", name = "ZddIter")]
pub struct ZddIter {
    zdd: Py<PyZdd>,
    next: u128,
}

#[pymethods]
impl ZddIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Vec<u32>>> {
        // `list(zdd)` runs no bytecode between two: Ctrl-C is looked at here.
        py.check_signals()?;
        let Some(solution) = self.zdd.get().zdd.nth(self.next) else { return Ok(None) };
        self.next += 1;
        Ok(Some(option_indices(&solution)))
    }
}

/// The Python exception for a diagram that could not be built.
pub fn zdd_error(py: Python<'_>, e: &ZddError) -> PyErr {
    match e {
        ZddError::Stopped { reason, .. } => {
            with_attrs::<LimitReached>(py, e.to_string(), &[("reason", text(py, crate::stats::reason(*reason)))])
        }
        ZddError::OverBudget { .. } | ZddError::OutOfMemory { .. } => PyMemoryError::new_err(e.to_string()),
        _ => ExactCoverError::new_err(e.to_string()),
    }
}
