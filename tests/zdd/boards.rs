//! Tiling problems for the diagram's tests: dominoes (and trominoes) on a
//! board, items the cells in sweep order (along the longer side), so that
//! the leftmost rule's states are the frontiers of a sweep.

use exactcover::cover::{Problem, ProblemBuilder};

/// The cells of an `h`×`w` board as offsets; `(dr, dc)` lists per piece.
fn tiling(h: usize, w: usize, pieces: &[&[(usize, usize)]]) -> Problem {
    // Sweep along the longer side: item names are `r_c`, declared column
    // by column when the board is wider than high.
    let mut b = ProblemBuilder::new();
    let cells: Vec<(usize, usize)> = if w >= h {
        (0..w).flat_map(|c| (0..h).map(move |r| (r, c))).collect()
    } else {
        (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect()
    };
    b.primary_items(cells.iter().map(|(r, c)| format!("{r}_{c}"))).unwrap();
    for &(r, c) in &cells {
        for piece in pieces {
            let placed: Option<Vec<String>> = piece
                .iter()
                .map(|&(dr, dc)| (r + dr < h && c + dc < w).then(|| format!("{}_{}", r + dr, c + dc)))
                .collect();
            if let Some(items) = placed {
                b.option(items).unwrap();
            }
        }
    }
    b.build().unwrap()
}

/// Dominoes on an `h`×`w` board.
pub fn dominoes(h: usize, w: usize) -> Problem {
    tiling(h, w, &[&[(0, 0), (0, 1)], &[(0, 0), (1, 0)]])
}

/// Dominoes and trominoes of both shapes (straight and L, every turn) on
/// an `h`×`w` board (OEIS A364460 for `h` = 3).
pub fn dominoes_and_trominoes(h: usize, w: usize) -> Problem {
    tiling(
        h,
        w,
        &[
            &[(0, 0), (0, 1)],
            &[(0, 0), (1, 0)],
            &[(0, 0), (0, 1), (0, 2)],
            &[(0, 0), (1, 0), (2, 0)],
            &[(0, 0), (0, 1), (1, 0)],
            &[(0, 0), (0, 1), (1, 1)],
            &[(0, 0), (1, 0), (1, 1)],
            &[(0, 1), (1, 0), (1, 1)],
        ],
    )
}
