//! The `exactcover` Python package's native module (`exactcover._native`):
//! the engine, its puzzle builders and the Sudoku front end, for Python.
//! The Python side (`python/exactcover/`) re-exports what is here and adds
//! the type stubs. See `docs/PYTHON.md`.

#![forbid(unsafe_code)]

mod errors;
mod items;
mod matrix;
mod problem;
mod puzzles;
mod run;
mod shards;
mod solutions;
mod stats;
mod sudoku;
mod zdd;

use problem::PyProblem;
use pyo3::prelude::*;
use solutions::Solutions;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A lazy iterator of the solutions of an exact-cover problem, each a list
/// of option indices, as ``xcover.covers`` gives them. ``options`` are
/// lists of hashable item names. With neither ``primary`` nor
/// ``secondary``, every item is primary; with one of them, the items not
/// listed are of the other kind. With ``colored``, ``"item:colour"``
/// gives a secondary item a colour: options that agree on it may share it.
///
/// >>> import exactcover
/// >>> list(exactcover.covers([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]))
/// [[1, 3, 5]]
/// >>> opts = [["a", "x:red"], ["b", "x:red"], ["a", "b", "x:blue"]]
/// >>> sorted(sorted(s) for s in exactcover.covers(opts, primary=["a", "b"], colored=True))
/// [[0, 1], [2]]
#[pyfunction]
#[pyo3(signature = (options, primary=None, secondary=None, colored=false))]
fn covers(
    py: Python<'_>,
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
) -> PyResult<Solutions> {
    let p = problem::from_options(py, options, primary, secondary, colored)?;
    start(p)
}

/// A lazy iterator of the solutions of the exact-cover problem of a 2-D
/// numpy array (rows are options, columns items; any nonzero entry is a
/// one), each a list of row indices, as ``xcover.covers_bool`` gives
/// them. The array is read in place, without a Python loop over its rows.
/// The columns listed in ``secondary`` are secondary items.
///
/// >>> import numpy as np, exactcover
/// >>> m = np.array([[0, 0, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1, 0],
/// ...               [1, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0, 1]], dtype=bool)
/// >>> [sorted(s) for s in exactcover.covers_bool(m)]
/// [[0, 3, 4]]
#[pyfunction]
#[pyo3(signature = (matrix, secondary=Vec::new()))]
fn covers_bool(py: Python<'_>, matrix: &Bound<'_, PyAny>, secondary: Vec<usize>) -> PyResult<Solutions> {
    let p = problem::from_matrix(py, matrix, &secondary)?;
    start(p)
}

fn start(p: exactcover::cover::Problem) -> PyResult<Solutions> {
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = exactcover::cover::Limits::new().cancel_flag(cancel.clone());
    Solutions::start(p, limits, cancel, 1)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    errors::register(m)?;
    m.add_class::<PyProblem>()?;
    m.add_class::<Solutions>()?;
    m.add_class::<stats::Stats>()?;
    m.add_class::<stats::Estimate>()?;
    m.add_class::<shards::Shard>()?;
    m.add_class::<shards::ShardResult>()?;
    m.add_class::<zdd::PyZdd>()?;
    m.add_class::<zdd::ZddIter>()?;
    m.add_function(wrap_pyfunction!(covers, m)?)?;
    m.add_function(wrap_pyfunction!(covers_bool, m)?)?;
    m.add_function(wrap_pyfunction!(shards::merge, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::queens, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::langford, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::polyomino, m)?)?;
    let s = PyModule::new(py, "sudoku")?;
    s.add_function(wrap_pyfunction!(sudoku::solve, &s)?)?;
    s.add_function(wrap_pyfunction!(sudoku::count, &s)?)?;
    s.add_function(wrap_pyfunction!(sudoku::is_unique, &s)?)?;
    s.add_function(wrap_pyfunction!(sudoku::generate, &s)?)?;
    s.add_function(wrap_pyfunction!(sudoku::rate, &s)?)?;
    s.add_function(wrap_pyfunction!(sudoku::hint, &s)?)?;
    s.add_function(wrap_pyfunction!(sudoku::explain, &s)?)?;
    m.add_submodule(&s)?;
    Ok(())
}
