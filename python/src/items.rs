//! Options given as lists of hashable item names (`covers`, `Problem`),
//! turned into the engine's items and options.
//!
//! Items are numbered in the order they are declared (`primary`, then
//! `secondary`) or first met in the options. Which are primary follows
//! `xcover.covers`: with neither list, every item is; with `secondary`
//! only, the others are; with `primary` only, the others are secondary.
//! With `colored`, a string `"item:colour"` gives a secondary item a
//! colour (split at its first `:`).
//!
//! The engine names items by text with no whitespace, `:` or `|`; a
//! Python item keeps its own object, and gets a name for the DLX text: a
//! valid string is its own name, anything else its `str()` with the
//! forbidden characters replaced, made unique with a `~N` suffix.

use crate::errors::{BuildError, build_error, with_attrs};
use exactcover::cover::{Bounds, ColorId, ItemId, Limits, Problem, ProblemBuilder};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Options between two looks at the signals while reading.
const SIGNAL_EVERY: usize = 4096;

/// The problem, and the Python object of each item (by item id).
pub struct Built {
    pub problem: Problem,
    pub items: Vec<Py<PyAny>>,
}

/// The items met so far, by object.
struct Items<'py> {
    index: Bound<'py, PyDict>,
    objects: Vec<Bound<'py, PyAny>>,
}

impl<'py> Items<'py> {
    fn id(&mut self, key: &Bound<'py, PyAny>) -> PyResult<u32> {
        if let Some(i) = self.index.get_item(key)? {
            return i.extract();
        }
        let i = self.objects.len() as u32;
        self.index.set_item(key, i)?;
        self.objects.push(key.clone());
        Ok(i)
    }

    fn find(&self, key: &Bound<'py, PyAny>) -> PyResult<Option<u32>> {
        self.index.get_item(key)?.map(|i| i.extract()).transpose()
    }
}

fn error(py: Python<'_>, message: String, option: Option<usize>, item: Option<&Bound<'_, PyAny>>) -> PyErr {
    let mut attrs = Vec::new();
    if let Some(o) = option {
        attrs.push(("option", o.into_pyobject(py).expect("ints convert").into_any().unbind()));
    }
    if let Some(i) = item {
        attrs.push(("item", i.clone().unbind()));
    }
    with_attrs::<BuildError>(py, message, &attrs)
}

/// Reads the options and builds the problem; see the module doc.
pub fn build<'py>(
    py: Python<'py>,
    options: &Bound<'py, PyAny>,
    primary: Option<&Bound<'py, PyAny>>,
    secondary: Option<&Bound<'py, PyAny>>,
    colored: bool,
    bounds: Option<&Bound<'py, PyDict>>,
    cancel: &Arc<AtomicBool>,
) -> PyResult<Built> {
    let mut items = Items { index: PyDict::new(py), objects: Vec::new() };
    // Declared items first, so that they keep their order.
    let mut declared_primary = None;
    if let Some(p) = primary {
        let mut ids = Vec::new();
        for obj in p.try_iter()? {
            let obj = obj?;
            let before = items.objects.len();
            let id = items.id(&obj)?;
            if (id as usize) < before {
                return Err(error(py, format!("item {} is listed twice", obj.repr()?), None, Some(&obj)));
            }
            ids.push(id);
        }
        declared_primary = Some(ids.len());
    }
    let mut declared_secondary = HashSet::new();
    if let Some(s) = secondary {
        for obj in s.try_iter()? {
            let obj = obj?;
            let before = items.objects.len();
            let id = items.id(&obj)?;
            if (id as usize) < before {
                let why = if declared_primary.is_some_and(|n| (id as usize) < n) {
                    "is both primary and secondary"
                } else {
                    "is listed twice"
                };
                return Err(error(py, format!("item {} {why}", obj.repr()?), None, Some(&obj)));
            }
            declared_secondary.insert(id);
        }
    }
    let closed = primary.is_some() && secondary.is_some();
    // The options, as (item, colour) entries.
    let mut colors: Vec<String> = Vec::new();
    let mut color_ids = std::collections::HashMap::<String, u32>::new();
    let mut entries: Vec<(u32, u32)> = Vec::new();
    let mut ends: Vec<usize> = Vec::new();
    for (o, option) in options.try_iter()?.enumerate() {
        if o % SIGNAL_EVERY == SIGNAL_EVERY - 1 {
            py.check_signals()?;
        }
        let option = option?;
        if option.is_instance_of::<PyString>() {
            return Err(error(py, format!("option {o} is a string: give a list of items"), Some(o), None));
        }
        let list =
            option.try_iter().map_err(|_| error(py, format!("option {o} is not a list of items"), Some(o), None))?;
        for entry in list {
            let entry = entry?;
            let (key, color) = match (colored, entry.cast::<PyString>()) {
                (true, Ok(s)) => match s.to_cow()?.split_once(':') {
                    Some((name, c)) => {
                        if c.is_empty() {
                            let m = format!("option {o}: empty colour after `{name}:`");
                            return Err(error(py, m, Some(o), Some(&entry)));
                        }
                        (PyString::new(py, name).into_any(), Some(c.to_string()))
                    }
                    None => (entry.clone(), None),
                },
                _ => (entry.clone(), None),
            };
            let id = match (closed, items.find(&key)?) {
                (_, Some(id)) => id,
                (true, None) => {
                    let m = format!("option {o}: item {} is neither primary nor secondary", key.repr()?);
                    return Err(error(py, m, Some(o), Some(&key)));
                }
                (false, None) => items.id(&key)?,
            };
            let color = match color {
                None => 0,
                Some(c) => match color_ids.get(&c) {
                    Some(&k) => k,
                    None => {
                        colors.push(c.clone());
                        let k = colors.len() as u32;
                        color_ids.insert(c, k);
                        k
                    }
                },
            };
            entries.push((id, color));
        }
        if entries.len() == ends.last().copied().unwrap_or(0) {
            return Err(error(py, format!("option {o} is empty"), Some(o), None));
        }
        ends.push(entries.len());
    }
    // Primary or secondary, per item.
    let n = items.objects.len();
    let is_primary: Vec<bool> = (0..n)
        .map(|i| match (declared_primary, secondary.is_some()) {
            (Some(np), _) => i < np,
            (None, true) => !declared_secondary.contains(&(i as u32)),
            (None, false) => true,
        })
        .collect();
    // Bounds, by item.
    let mut item_bounds = vec![Bounds::ONCE; n];
    if let Some(bounds) = bounds {
        for (key, value) in bounds.iter() {
            let Some(id) = items.find(&key)? else {
                return Err(error(py, format!("bounds for unknown item {}", key.repr()?), None, Some(&key)));
            };
            if !is_primary[id as usize] {
                let m = format!("bounds for secondary item {}: only primary items have them", key.repr()?);
                return Err(error(py, m, None, Some(&key)));
            }
            let pair = value.extract::<u32>().map(|k| (k, k)).or_else(|_| value.extract::<(u32, u32)>());
            let Ok((lo, hi)) = pair else {
                let m = format!(
                    "bounds for item {}: give (min, max) or a count, whole numbers up to {}",
                    key.repr()?,
                    u32::MAX
                );
                return Err(error(py, m, None, Some(&key)));
            };
            if hi == 0 || lo > hi {
                let m = format!(
                    "bounds for item {}: bad multiplicity ({lo}, {hi}); need 1 <= max and min <= max",
                    key.repr()?
                );
                return Err(error(py, m, None, Some(&key)));
            }
            item_bounds[id as usize] = Bounds { min: lo, max: hi };
        }
    }
    // The engine's items: named, declared in id order.
    let names = names(&items.objects)?;
    let mut b = ProblemBuilder::new().with_limits(&Limits::new().cancel_flag(cancel.clone()));
    for (i, name) in names.iter().enumerate() {
        if is_primary[i] {
            let Bounds { min, max } = item_bounds[i];
            b.primary_with_bounds(name, min, max).map_err(|e| build_error(&e))?;
        } else {
            b.secondary(name).map_err(|e| build_error(&e))?;
        }
    }
    let palette: Vec<ColorId> = std::iter::once(ColorId::NONE).chain(colors.iter().map(|c| b.color(c))).collect();
    let mut start = 0;
    let mut row: Vec<(ItemId, ColorId)> = Vec::new();
    for (o, &end) in ends.iter().enumerate() {
        row.clear();
        row.extend(entries[start..end].iter().map(|&(i, c)| (ItemId::from_u32(i), palette[c as usize])));
        start = end;
        if let Err(e) = b.colored_option_ids(&row) {
            use exactcover::cover::BuildError as E;
            let item = |name: &str| names.iter().position(|n| n == name).map(|i| &items.objects[i]);
            return Err(match &e {
                E::RepeatedItem { name, .. } => {
                    let obj = item(name);
                    let shown = obj.map_or(Ok(name.clone()), |o| o.repr().map(|r| r.to_string()))?;
                    error(py, format!("option {o}: item {shown} appears twice"), Some(o), obj)
                }
                E::ColorOnPrimary { name, .. } => {
                    let obj = item(name);
                    let shown = obj.map_or(Ok(name.clone()), |o| o.repr().map(|r| r.to_string()))?;
                    error(py, format!("option {o}: primary item {shown} can't have a colour"), Some(o), obj)
                }
                _ => build_error(&e),
            });
        }
    }
    let problem = crate::run::interruptible_owned(py, cancel, move || b.build())?.map_err(|e| build_error(&e))?;
    Ok(Built { problem, items: items.objects.into_iter().map(Bound::unbind).collect() })
}

/// The engine's names for the items; see the module doc.
fn names(objects: &[Bound<'_, PyAny>]) -> PyResult<Vec<String>> {
    let valid = |s: &str| {
        !s.is_empty() && !s.starts_with('\u{feff}') && !s.contains(|c: char| c.is_whitespace() || c == ':' || c == '|')
    };
    let mut taken = HashSet::new();
    let mut names = Vec::with_capacity(objects.len());
    for obj in objects {
        let text = obj.str()?.to_string();
        let mut name = if valid(&text) && obj.is_instance_of::<PyString>() {
            text
        } else {
            let mut s: String =
                text.chars().map(|c| if c.is_whitespace() || c == ':' || c == '|' { '_' } else { c }).collect();
            if s.is_empty() || s.starts_with('\u{feff}') {
                s.insert(0, '_');
            }
            s
        };
        if taken.contains(&name) {
            let base = name.clone();
            let mut k = 2;
            while taken.contains(&name) {
                name = format!("{base}~{k}");
                k += 1;
            }
        }
        taken.insert(name.clone());
        names.push(name);
    }
    Ok(names)
}
