//! The exceptions: one base, `ExactCoverError` (a `ValueError`), and one
//! subclass per failure domain, each carrying the position of the fault as
//! attributes (`line`/`column`, `option`/`item`, `row`/`column`), so that
//! no error reaches Python as a panic or without its place.

use exactcover::cover::{BuildError as LibBuildError, ParseError as LibParseError};
use exactcover::puzzles::PuzzleError as LibPuzzleError;
use exactcover::sudoku::SudokuError as LibSudokuError;
use exactcover::sudoku::logic::LogicError;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(exactcover, ExactCoverError, PyValueError, "Bad input to exactcover (a ValueError).");
pyo3::create_exception!(
    exactcover,
    BuildError,
    ExactCoverError,
    "A problem that can't be built: attributes `option` (the option's index), `item`, `row`, `column` where they apply."
);
pyo3::create_exception!(
    exactcover,
    ParseError,
    ExactCoverError,
    "Text in Knuth's DLX format that can't be read: attributes `line` and `column` (from 1)."
);
pyo3::create_exception!(
    exactcover,
    PuzzleError,
    ExactCoverError,
    "A puzzle builder's bad parameter or picture: `line` and `column` for pictures."
);
pyo3::create_exception!(
    exactcover,
    SudokuError,
    ExactCoverError,
    "A Sudoku that can't be read or has no answer: `line` and `column` (from 1) for text, `cell` (from 0) where one is named."
);
pyo3::create_exception!(
    exactcover,
    MergeError,
    ExactCoverError,
    "Shard results that don't make one whole: missing, repeated, or of different problems."
);
pyo3::create_exception!(
    exactcover,
    LimitReached,
    PyRuntimeError,
    "A limit (nodes, time) stopped a search before it could answer; `reason` says which."
);

/// An exception of type `T` with `message` and the attributes `attrs`.
pub fn with_attrs<T: pyo3::PyTypeInfo>(py: Python<'_>, message: String, attrs: &[(&str, Py<PyAny>)]) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    let value = err.value(py);
    for (name, v) in attrs {
        // Setting an attribute on a fresh exception object can't fail.
        let _ = value.setattr(*name, v.bind(py));
    }
    err
}

fn int(py: Python<'_>, v: usize) -> Py<PyAny> {
    v.into_pyobject(py).expect("ints convert").into_any().unbind()
}

pub fn text(py: Python<'_>, v: &str) -> Py<PyAny> {
    v.into_pyobject(py).expect("strings convert").into_any().unbind()
}

/// A build error, with `option` and `item` where it names them.
pub fn build_error(e: &LibBuildError) -> PyErr {
    Python::attach(|py| {
        let mut attrs = Vec::new();
        match e {
            LibBuildError::UnknownItem { option, name } | LibBuildError::RepeatedItem { option, name } => {
                attrs.push(("option", int(py, *option)));
                attrs.push(("item", text(py, name)));
            }
            LibBuildError::ColorOnPrimary { option, name } | LibBuildError::BadColor { option, name, .. } => {
                attrs.push(("option", int(py, *option)));
                attrs.push(("item", text(py, name)));
            }
            LibBuildError::EmptyOption { option } => attrs.push(("option", int(py, *option))),
            LibBuildError::DuplicateItem { name }
            | LibBuildError::BadName { name }
            | LibBuildError::BadBounds { name, .. } => attrs.push(("item", text(py, name))),
            LibBuildError::RaggedMatrix { row, .. } => attrs.push(("row", int(py, *row))),
            LibBuildError::NoSuchColumn { column, .. } => attrs.push(("column", int(py, *column))),
            _ => {}
        }
        with_attrs::<BuildError>(py, e.to_string(), &attrs)
    })
}

/// A DLX text error, with its line and column.
pub fn parse_error(e: &LibParseError) -> PyErr {
    Python::attach(|py| {
        let attrs = [("line", int(py, e.line)), ("column", int(py, e.column))];
        with_attrs::<ParseError>(py, e.to_string(), &attrs)
    })
}

/// A puzzle builder's error, with the picture's line and column.
pub fn puzzle_error(e: &LibPuzzleError) -> PyErr {
    Python::attach(|py| match e {
        LibPuzzleError::BadPicture { line, column, .. } => {
            let attrs = [("line", int(py, *line)), ("column", int(py, *column))];
            with_attrs::<PuzzleError>(py, e.to_string(), &attrs)
        }
        LibPuzzleError::Build(b) => build_error(b),
        _ => PuzzleError::new_err(e.to_string()),
    })
}

/// A Sudoku front end error, with its line and column.
pub fn sudoku_error(e: &LibSudokuError) -> PyErr {
    Python::attach(|py| match e {
        LibSudokuError::Parse { line, column, .. } => {
            let attrs = [("line", int(py, *line)), ("column", int(py, *column))];
            with_attrs::<SudokuError>(py, e.to_string(), &attrs)
        }
        _ => SudokuError::new_err(e.to_string()),
    })
}

/// A logic solver's error, with the cell it names.
pub fn logic_error(e: &LogicError) -> PyErr {
    Python::attach(|py| match e {
        LogicError::GivenChanged { cell, .. } => {
            with_attrs::<SudokuError>(py, e.to_string(), &[("cell", int(py, *cell))])
        }
        LogicError::Stopped(why) => {
            with_attrs::<LimitReached>(py, e.to_string(), &[("reason", text(py, crate::stats::reason(*why)))])
        }
        _ => SudokuError::new_err(e.to_string()),
    })
}

/// Registers the exceptions under their Python names.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ExactCoverError", py.get_type::<ExactCoverError>())?;
    m.add("BuildError", py.get_type::<BuildError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("PuzzleError", py.get_type::<PuzzleError>())?;
    m.add("SudokuError", py.get_type::<SudokuError>())?;
    m.add("MergeError", py.get_type::<MergeError>())?;
    m.add("LimitReached", py.get_type::<LimitReached>())?;
    Ok(())
}
