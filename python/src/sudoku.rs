//! `exactcover.sudoku`: the Sudoku front end. Each function takes one
//! puzzle as text in any format `xc` reads (an 81-character line with `.`
//! or `0` for blanks, a block of 9 lines with or without separators, a
//! comma grid, a LeetCode board, 4×4 to 25×25); the first puzzle of the
//! text is used. Grids come back as one line. `hint` and `explain` return
//! dicts of plain data, the shapes of `xc sudoku hint --format json` and
//! `explain`.

use crate::errors::{SudokuError, logic_error, sudoku_error};
use crate::run::{interruptible, interruptible_owned};
use exactcover::cover::Limits;
use exactcover::sudoku::logic::{Hint, LogicSolver, SeRater, Step};
use exactcover::sudoku::{
    Generator, GeneratorOptions, Grid, InputFormat, SudokuSolver, Symmetry, Verdict, read_puzzles,
};
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The first puzzle of `text`.
fn grid(text: &str) -> PyResult<Grid> {
    match read_puzzles(text, InputFormat::Auto).next() {
        Some(Ok(p)) => Ok(p.grid),
        Some(Err(e)) => Err(sudoku_error(&e)),
        None => Err(SudokuError::new_err("no puzzle found in the text")),
    }
}

fn solver(cancel: &Arc<AtomicBool>, g: &Grid) -> SudokuSolver {
    let mut s = SudokuSolver::for_grid(g);
    s.set_limits(Limits::new().cancel_flag(cancel.clone()));
    s
}

/// A solution of the puzzle as one line (the first found, if it has
/// several: see ``is_unique``), or None if it has none.
///
/// >>> from exactcover import sudoku
/// >>> sudoku.solve("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")[:9]
/// '812753649'
#[pyfunction]
pub fn solve(py: Python<'_>, puzzle: &str) -> PyResult<Option<String>> {
    let g = grid(puzzle)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut s = solver(&cancel, &g);
    let found = interruptible(py, &cancel, || s.solve(&g))?.map_err(|e| sudoku_error(&e))?;
    Ok(found.map(|g| g.to_line()))
}

/// The number of solutions, counting no further than ``limit``: a count
/// equal to ``limit`` means at least so many.
///
/// >>> from exactcover import sudoku
/// >>> sudoku.count("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
/// 1
#[pyfunction]
#[pyo3(signature = (puzzle, limit=None))]
pub fn count(py: Python<'_>, puzzle: &str, limit: Option<u64>) -> PyResult<u64> {
    let g = grid(puzzle)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut s = solver(&cancel, &g);
    let max = limit.unwrap_or(u64::MAX);
    interruptible(py, &cancel, || s.count_up_to(&g, max))?.map_err(|e| sudoku_error(&e))
}

/// Whether the puzzle has exactly one solution.
#[pyfunction]
pub fn is_unique(py: Python<'_>, puzzle: &str) -> PyResult<bool> {
    let g = grid(puzzle)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut s = solver(&cancel, &g);
    let v = interruptible(py, &cancel, || s.verdict(&g))?.map_err(|e| sudoku_error(&e))?;
    Ok(matches!(v, Verdict::Unique(_)))
}

/// A new puzzle with one solution, as one line: from ``seed`` (the same
/// seed gives the same puzzle), with givens symmetric under ``symmetry``
/// ("rot180", "none", "rot90", "mirror", "diagonal", ..., "random"), box
/// size ``box`` (2, 3 or 4: 3 for 9×9; 5 is refused, as ``xc sudoku
/// generate`` refuses 25×25, since nothing bounds its time), minimal (no given can go) unless
/// ``max_clues`` asks for at most so many givens. When no puzzle with so
/// few is found, the one with the fewest is returned with a
/// ``UserWarning`` saying so (as ``xc sudoku generate --clues`` notes).
///
/// >>> from exactcover import sudoku
/// >>> p = sudoku.generate(seed=7)
/// >>> len(p), sudoku.is_unique(p)
/// (81, True)
#[pyfunction]
#[pyo3(signature = (seed=0, symmetry="rot180", r#box=3, max_clues=None))]
pub fn generate(py: Python<'_>, seed: u64, symmetry: &str, r#box: usize, max_clues: Option<usize>) -> PyResult<String> {
    if r#box < 2 {
        return Err(SudokuError::new_err(format!(
            "generate() makes boxes of 2, 3 or 4 (grids of 4, 9 or 16, as xc sudoku generate --size), not {}",
            r#box
        )));
    }
    if r#box > 4 {
        return Err(SudokuError::new_err(format!(
            "generate() makes boxes of 2, 3 or 4 (grids of 4, 9 or 16, as xc sudoku generate --size), not {}: \
             a {n}x{n} grid can take minutes to hours and there is no time limit to stop it",
            r#box,
            n = r#box.saturating_mul(r#box)
        )));
    }
    let symmetry: Symmetry = symmetry.parse().map_err(SudokuError::new_err)?;
    let options = GeneratorOptions { symmetry, max_clues, ..GeneratorOptions::default() };
    let mut generator = Generator::new(r#box, options).map_err(|e| sudoku_error(&e))?;
    let cancel = Arc::new(AtomicBool::new(false));
    let made = interruptible(py, &cancel, || generator.try_generate(seed, &cancel))?;
    // `None` only once the flag is up, which `interruptible` reports.
    let made = made.ok_or_else(|| SudokuError::new_err("generation stopped"))?;
    if !made.clues_met {
        let note = format!(
            "no puzzle with at most {} givens was found in {} attempts; this one has {}",
            max_clues.unwrap_or_default(),
            made.attempts,
            made.puzzle.givens()
        );
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &std::ffi::CString::new(note)?, 1)?;
    }
    Ok(made.puzzle.to_line())
}

/// The Sudoku Explainer rating of a 9×9 puzzle with one solution:
/// ``{"er": ..., "ep": ..., "ed": ..., "hardest": technique}``, worked out
/// SE's way with SE's techniques; None when those don't solve it.
///
/// >>> from exactcover import sudoku
/// >>> sudoku.rate("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")["er"]
/// 1.2
#[pyfunction]
pub fn rate<'py>(py: Python<'py>, puzzle: &str) -> PyResult<Option<Bound<'py, PyDict>>> {
    let g = grid(puzzle)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let rater = SeRater::new().with_cancel(Some(cancel.clone()));
    // Owned: SE's chains look at the flag only between techniques, so
    // Ctrl-C comes back at once and the rater stops on its own thread.
    let grade = interruptible_owned(py, &cancel, move || rater.rate(&g))?.map_err(|e| logic_error(&e))?;
    let Some(r) = grade.rating() else { return Ok(None) };
    let d = PyDict::new(py);
    d.set_item("er", rating(r.er.tenths()))?;
    d.set_item("ep", rating(r.ep.tenths()))?;
    d.set_item("ed", rating(r.ed.tenths()))?;
    d.set_item("hardest", r.hardest.name())?;
    Ok(Some(d))
}

fn rating(tenths: u8) -> f64 {
    f64::from(tenths) / 10.0
}

/// One step as a dict: technique, sentence, rating, cells, digits,
/// houses, placements and eliminations (``(cell, digit)``, cells from 0
/// row by row), and the grid it applies to.
fn step_dict<'py>(py: Python<'py>, step: &Step, before: &Grid) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("technique", step.technique().map_or("Guess", |t| t.name()))?;
    d.set_item("text", step.explanation())?;
    d.set_item("rating", rating(step.rating().tenths()))?;
    d.set_item("guess", step.is_guess())?;
    d.set_item("cells", step.pattern_cells())?;
    d.set_item("digits", PyList::new(py, step.pattern_digits())?)?;
    d.set_item("houses", step.houses())?;
    d.set_item("placements", step.placements())?;
    d.set_item("eliminations", step.eliminations())?;
    d.set_item("grid", before.to_line())?;
    Ok(d)
}

fn logic_solver(cancel: &Arc<AtomicBool>) -> LogicSolver {
    let mut s = LogicSolver::for_hints();
    s.set_limits(Limits::new().cancel_flag(cancel.clone()));
    s
}

/// The next step for a player at ``current`` (the puzzle itself if not
/// given), as a dict tagged by ``kind``: "step" (with the ``step``),
/// "wrong" (a wrong digit in ``cell``), "missing", or "solved".
///
/// >>> from exactcover import sudoku
/// >>> h = sudoku.hint("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
/// >>> h["kind"], h["step"]["technique"]
/// ('step', 'Hidden single')
#[pyfunction]
#[pyo3(signature = (puzzle, current=None))]
pub fn hint<'py>(py: Python<'py>, puzzle: &str, current: Option<&str>) -> PyResult<Bound<'py, PyDict>> {
    let givens = grid(puzzle)?;
    let now = match current {
        Some(c) => grid(c)?,
        None => givens.clone(),
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let mut s = logic_solver(&cancel);
    let (g, n) = (givens.clone(), now.clone());
    let hint = interruptible_owned(py, &cancel, move || s.hint(&g, &n))?.map_err(|e| logic_error(&e))?;
    let d = PyDict::new(py);
    match &hint {
        Hint::Mistake { cell, entered, text } => {
            d.set_item("kind", "wrong")?;
            d.set_item("cell", cell)?;
            d.set_item("entered", entered)?;
            d.set_item("text", text)?;
        }
        Hint::MissingCandidate { cell, text } => {
            d.set_item("kind", "missing")?;
            d.set_item("cell", cell)?;
            d.set_item("text", text)?;
        }
        Hint::Step(step) => {
            d.set_item("kind", "step")?;
            d.set_item("text", step.explanation())?;
            d.set_item("step", step_dict(py, step, &now)?)?;
        }
        _ => {
            d.set_item("kind", "solved")?;
            d.set_item("text", hint.text())?;
        }
    }
    Ok(d)
}

/// The whole logical solution path, as a dict: ``steps`` (each as in
/// ``hint``), ``rating`` (SE's ER, or None), ``path_rating`` (the hardest
/// step of this path), ``level``, ``guesses`` and the ``solution``.
///
/// >>> from exactcover import sudoku
/// >>> e = sudoku.explain("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
/// >>> e["level"], e["guesses"], len(e["steps"]) > 0
/// ('easy', 0, True)
#[pyfunction]
pub fn explain<'py>(py: Python<'py>, puzzle: &str) -> PyResult<Bound<'py, PyDict>> {
    let g = grid(puzzle)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut s = logic_solver(&cancel);
    let puzzle = g.clone();
    let path = interruptible_owned(py, &cancel, move || {
        let path = s.path(&puzzle)?;
        // The SE rating is worked out on first use: here, off the GIL.
        let _ = path.grade().se();
        Ok(path)
    })?
    .map_err(|e| logic_error(&e))?;
    let steps = PyList::empty(py);
    let mut before = g.clone();
    for (step, after) in path.iter() {
        steps.append(step_dict(py, step, &before)?)?;
        before = after.to_grid();
    }
    let grade = path.grade();
    let d = PyDict::new(py);
    d.set_item("steps", steps)?;
    d.set_item("rating", grade.se().and_then(|s| s.rating()).map(|r| rating(r.er.tenths())))?;
    d.set_item("path_rating", rating(grade.rating().tenths()))?;
    d.set_item("level", grade.level().name())?;
    d.set_item("guesses", grade.guesses())?;
    d.set_item("solution", path.solution().to_line())?;
    Ok(d)
}
