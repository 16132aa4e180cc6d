//! `exactcover.puzzles`: the library's puzzle builders, each returning a
//! `Problem`.

use crate::errors::puzzle_error;
use crate::problem::PyProblem;
use exactcover::cover::Bounds;
use exactcover::puzzles::langford::Langford;
use exactcover::puzzles::polyomino::{
    Packing, PackingOptions, parse_board, parse_pieces, parse_size, piece_set, rectangle,
};
use exactcover::puzzles::queens::Queens;
use pyo3::prelude::*;

/// The ``n`` queens problem: one queen per row and column (primary
/// items), at most one per diagonal (secondary items).
///
/// >>> import exactcover
/// >>> exactcover.puzzles.queens(8).count()
/// 92
#[pyfunction]
pub fn queens(py: Python<'_>, n: usize) -> PyResult<PyProblem> {
    let q = py.detach(|| Queens::new(n)).map_err(|e| puzzle_error(&e))?;
    Ok(PyProblem::wrap(q.problem().clone()))
}

/// Langford pairings of ``1..n``: each pairing counted once with its
/// reversal (``distinct=True``), or both.
///
/// >>> import exactcover
/// >>> exactcover.puzzles.langford(7).count(), exactcover.puzzles.langford(7, distinct=False).count()
/// (26, 52)
#[pyfunction]
#[pyo3(signature = (n, distinct=true))]
pub fn langford(py: Python<'_>, n: usize, distinct: bool) -> PyResult<PyProblem> {
    let l = py.detach(|| if distinct { Langford::new(n) } else { Langford::raw(n) }).map_err(|e| puzzle_error(&e))?;
    Ok(PyProblem::wrap(l.problem().clone()))
}

/// Packing polyominoes into a board. ``pieces``: "pentominoes",
/// "tetrominoes", "hexominoes", or a lettered picture (each letter one
/// piece, ``.`` empty). ``board``: ``"ROWSxCOLUMNS"`` or a picture (``.``
/// or space a hole). ``piece_counts=(min, max)`` lets each piece be used
/// between ``min`` and ``max`` times (Knuth's Algorithm M);
/// ``distinct=True`` counts solutions that differ by a symmetry of the
/// board once.
///
/// >>> import exactcover
/// >>> exactcover.puzzles.polyomino("pentominoes", "3x20").count()
/// 8
/// >>> exactcover.puzzles.polyomino("AA", "6x6", piece_counts=(0, 18)).count()  # dominoes
/// 6728
#[pyfunction]
#[pyo3(signature = (pieces="pentominoes", board="6x10", rotate=true, reflect=true, distinct=false, piece_counts=None))]
pub fn polyomino(
    py: Python<'_>,
    pieces: &str,
    board: &str,
    rotate: bool,
    reflect: bool,
    distinct: bool,
    piece_counts: Option<(u32, u32)>,
) -> PyResult<PyProblem> {
    let pieces = match piece_set(pieces) {
        Ok(p) => p,
        Err(e) if pieces.trim().chars().all(char::is_alphabetic) && !pieces.contains('\n') && pieces.len() > 8 => {
            return Err(puzzle_error(&e));
        }
        Err(_) => parse_pieces(pieces).map_err(|e| puzzle_error(&e))?,
    };
    let board = if board.contains('\n') {
        parse_board(board).map_err(|e| puzzle_error(&e))?
    } else {
        let (h, w) = parse_size(board).map_err(|e| puzzle_error(&e))?;
        rectangle(h, w)
    };
    let options = PackingOptions { rotate, reflect, distinct };
    let packing = py
        .detach(move || match piece_counts {
            None => Packing::new(pieces, board, options),
            Some((min, max)) => Packing::with_piece_counts(pieces, board, options, Bounds { min, max }),
        })
        .map_err(|e| puzzle_error(&e))?;
    Ok(PyProblem::wrap(packing.problem().clone()))
}
