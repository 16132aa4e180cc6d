//! The textbook Sudoku solver, as tutorials on Sudoku and Dancing Links
//! write it: plain backtracking over the cells in order, trying each
//! digit that doesn't clash with its row, column and box. It is the
//! baseline the Dancing Links adapter is measured against
//! (`benches/sudoku.rs`); such tutorials report about 250 ms for it
//! against about 50 ms for Dancing Links on Inkala's "world's hardest"
//! puzzle, a ratio of 5 that this crate's adapter far exceeds
//! (docs/PERFORMANCE.md).
//!
//! Run with `cargo run --release --example backtracking [PUZZLE]`.

use exactcover::sudoku::{SudokuSolver, Verdict};
use std::time::Instant;

/// Counts solutions of an 81-cell puzzle (0 for empty), up to `max`, by
/// backtracking; fills `grid` with the first solution found.
pub fn backtrack_count(grid: &mut [u8; 81], max: u64) -> u64 {
    let mut first: Option<[u8; 81]> = None;
    let count = go(grid, 0, max, &mut first);
    if let Some(f) = first {
        *grid = f;
    }
    count
}

fn fits(grid: &[u8; 81], cell: usize, d: u8) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    (0..9).all(|k| grid[r * 9 + k] != d && grid[k * 9 + c] != d && grid[(br + k / 3) * 9 + bc + k % 3] != d)
}

fn go(grid: &mut [u8; 81], from: usize, max: u64, first: &mut Option<[u8; 81]>) -> u64 {
    let Some(cell) = (from..81).find(|&k| grid[k] == 0) else {
        first.get_or_insert(*grid);
        return 1;
    };
    let mut found = 0;
    for d in 1..=9 {
        if found >= max {
            break;
        }
        if fits(grid, cell, d) {
            grid[cell] = d;
            found += go(grid, cell + 1, max - found, first);
            grid[cell] = 0;
        }
    }
    found
}

/// Parses an 81-character line.
pub fn parse(line: &str) -> Option<[u8; 81]> {
    let mut grid = [0u8; 81];
    let mut n = 0;
    for (k, ch) in line.chars().take(81).enumerate() {
        grid[k] = match ch {
            '1'..='9' => ch as u8 - b'0',
            '.' | '0' => 0,
            _ => return None,
        };
        n += 1;
    }
    (n == 81).then_some(grid)
}

#[allow(dead_code)]
fn main() {
    let line = std::env::args().nth(1).unwrap_or_else(|| {
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".to_string()
    });
    let mut grid = parse(&line).expect("an 81-character puzzle");
    let start = Instant::now();
    let count = backtrack_count(&mut grid, 2);
    let backtracking = start.elapsed();
    let puzzle = exactcover::sudoku::Grid::from_line(&line).expect("a puzzle");
    let mut solver = SudokuSolver::new(3).unwrap();
    let start = Instant::now();
    let verdict = solver.verdict(&puzzle).expect("9x9");
    let dlx = start.elapsed();
    let solution: String = grid.iter().map(|d| char::from(b'0' + d)).collect();
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    let plural = if count == 1 { "" } else { "s" };
    println!("backtracking:  {count} solution{plural} (counting up to 2) in {:.3} ms: {solution}", ms(backtracking));
    let answer = match verdict {
        Verdict::Unique(g) => format!("the unique solution {g}"),
        Verdict::Several(g) => format!("several solutions, the first {g}"),
        Verdict::None(_) => "no solution".to_string(),
        Verdict::Unknown(reason, _) => format!("stopped: {reason}"),
    };
    println!("dancing links: {answer}, in {:.3} ms", ms(dlx));
    println!("dancing links is {:.0} times as fast here", backtracking.as_secs_f64() / dlx.as_secs_f64());
}
