//! A numpy matrix (rows are options, columns items) read in place: the
//! rows are walked in Rust over the array's own memory and strides, with
//! no Python object per row or entry.
//!
//! Any nonzero entry is a one, as in `exact_cover` and `xcover`. A row of
//! zeros is an option that covers nothing, which no solution chooses; the
//! engine wants every option to name an item, so such rows get a hidden
//! secondary item, `empty`, which makes the engine keep them aside (an
//! option with no primary item is never chosen) and keeps the row numbers.

use crate::errors::{BuildError, build_error, with_attrs};
use exactcover::cover::{ItemId, Limits, Problem, ProblemBuilder};
use numpy::{Element, PyArray2, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Rows between two looks at the signals while reading.
const SIGNAL_EVERY: usize = 4096;

/// The name of the hidden item of the empty rows.
const EMPTY: &str = "empty";

/// Builds the problem of `matrix`, with the columns `secondary` secondary.
pub fn build(
    py: Python<'_>,
    matrix: &Bound<'_, PyAny>,
    secondary: &[usize],
    cancel: &Arc<AtomicBool>,
) -> PyResult<Problem> {
    let array = match matrix.cast::<PyUntypedArray>() {
        Ok(a) => a.clone(),
        Err(_) => {
            let converted = py
                .import("numpy")?
                .call_method1("asarray", (matrix,))
                .map_err(|e| bad(py, format!("the matrix is not an array: {e}")))?;
            converted.cast_into::<PyUntypedArray>().map_err(|_| bad(py, "the matrix is not an array".into()))?
        }
    };
    if array.ndim() != 2 {
        return Err(bad(py, format!("the matrix must be 2-D, not {}-D", array.ndim())));
    }
    macro_rules! try_dtype {
        ($($t:ty),*) => {
            $(if let Ok(a) = array.cast::<PyArray2<$t>>() {
                return read(py, a, secondary, cancel);
            })*
        };
    }
    try_dtype!(bool, u8, i8, u16, i16, u32, i32, u64, i64, f32, f64);
    let dtype = array.dtype().str()?.to_string();
    Err(bad(py, format!("a matrix of dtype {dtype}: give bools or numbers")))
}

fn bad(py: Python<'_>, message: String) -> PyErr {
    with_attrs::<BuildError>(py, message, &[])
}

fn read<T: Element + Copy + PartialEq + Default>(
    py: Python<'_>,
    array: &Bound<'_, PyArray2<T>>,
    secondary: &[usize],
    cancel: &Arc<AtomicBool>,
) -> PyResult<Problem> {
    let readonly = array.try_readonly().map_err(|e| bad(py, format!("can't read the matrix: {e}")))?;
    let view = readonly.as_array();
    let (rows, columns) = view.dim();
    let mut is_secondary = vec![false; columns];
    for &c in secondary {
        match is_secondary.get_mut(c) {
            Some(s) => *s = true,
            None => {
                let m = format!("secondary column {c} is outside the matrix ({columns} columns)");
                let c = c.into_pyobject(py)?.into_any().unbind();
                return Err(with_attrs::<BuildError>(py, m, &[("column", c)]));
            }
        }
    }
    let mut b = ProblemBuilder::new().with_limits(&Limits::new().cancel_flag(cancel.clone()));
    for (c, &s) in is_secondary.iter().enumerate() {
        let name = c.to_string();
        if s { b.secondary(name) } else { b.primary(name) }.map_err(|e| build_error(&e))?;
    }
    let zero = T::default();
    let mut empty = None;
    let mut ids = Vec::new();
    for (r, row) in view.outer_iter().enumerate() {
        if r % SIGNAL_EVERY == SIGNAL_EVERY - 1 {
            py.check_signals()?;
        }
        ids.clear();
        ids.extend(row.iter().enumerate().filter(|(_, v)| **v != zero).map(|(c, _)| ItemId::from_u32(c as u32)));
        if ids.is_empty() {
            let id = match empty {
                Some(id) => id,
                None => *empty.insert(b.secondary(EMPTY).map_err(|e| build_error(&e))?),
            };
            ids.push(id);
        }
        b.option_ids(&ids).map_err(|e| build_error(&e))?;
    }
    let _ = rows;
    crate::run::interruptible_owned(py, cancel, move || b.build())?.map_err(|e| build_error(&e))
}
