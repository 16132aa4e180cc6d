//! Rating throughput of the logic solver on the shared puzzle sets.
//!
//! Run: `cargo bench --bench logic`. `grade` is the whole job (the unique
//! solution by exact cover, then the logical path with guesses);
//! `logic_only` starts from precomputed solutions; `se_rating` rates the
//! puzzles of `se_rated.tsv` SE's way (ER/EP/ED, chains included). Sets
//! are read from `../shared/data` (or `$EXACTCOVER_SHARED/data`) and
//! skipped when absent; each set is sampled evenly to `SAMPLE` puzzles
//! (the default solver tries SE's static chains before guessing, which is
//! slow on 1905_11+). divan prints puzzles/s.

mod common;

use divan::counter::ItemsCount;
use exactcover::sudoku::logic::{Candidates, LogicSolver, SeRater};
use exactcover::sudoku::{Grid, InputFormat, SudokuSolver, read_puzzles};
use std::path::PathBuf;

const SAMPLE: usize = 300;

const SETS: &[&str] = &["top1465", "1905_11+"];

fn puzzles(set: &str) -> Vec<Grid> {
    let file = match set {
        "top1465" => "tdoku_puzzles3_magictour_top1465.txt",
        _ => "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
    };
    let base = std::env::var_os("EXACTCOVER_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let Ok(text) = std::fs::read_to_string(base.join("data").join(file)) else {
        eprintln!("skipped {set}: shared data not found");
        return Vec::new();
    };
    let all: Vec<Grid> = read_puzzles(&text, InputFormat::Auto).filter_map(Result::ok).map(|p| p.grid).collect();
    let step = (all.len() / SAMPLE).max(1);
    all.into_iter().step_by(step).take(SAMPLE).collect()
}

/// Grading from scratch: uniqueness by exact cover, then the logic.
#[divan::bench(args = SETS, sample_count = 3, sample_size = 1)]
fn grade(bencher: divan::Bencher, set: &str) {
    let grids = puzzles(set);
    let mut solver = LogicSolver::new();
    bencher
        .counter(ItemsCount::new(grids.len()))
        .bench_local(|| grids.iter().map(|g| solver.grade(g).map_or(0, |grade| grade.steps())).sum::<usize>());
}

/// The logical path alone, from precomputed solutions.
#[divan::bench(args = SETS, sample_count = 3, sample_size = 1)]
fn logic_only(bencher: divan::Bencher, set: &str) {
    let grids = puzzles(set);
    let mut exact = SudokuSolver::new(3).unwrap();
    let solutions: Vec<Grid> = grids.iter().map(|g| exact.solve(g).ok().flatten().expect("solvable")).collect();
    let solver = LogicSolver::new();
    bencher.counter(ItemsCount::new(grids.len())).bench_local(|| {
        grids
            .iter()
            .zip(&solutions)
            .map(|(g, s)| solver.solve_with(Candidates::new(g), s, |_, _| {}).steps())
            .sum::<usize>()
    });
}

/// The SE rating (ER/EP/ED) of the 450 puzzles of `se_rated.tsv`, one
/// thread; Sudoku Explainer's own time on them is in docs/GRADING.md.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn se_rating(bencher: divan::Bencher) {
    let base = std::env::var_os("EXACTCOVER_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let Ok(text) = std::fs::read_to_string(base.join("data/se_rated.tsv")) else {
        eprintln!("skipped se_rating: shared data not found");
        return;
    };
    let grids: Vec<Grid> = text.lines().skip(1).filter_map(|l| Grid::from_line(l.split('\t').next()?)).collect();
    let rater = SeRater::new();
    bencher
        .counter(ItemsCount::new(grids.len()))
        .bench_local(|| grids.iter().filter(|g| rater.rate(g).is_ok_and(|r| r.rating().is_some())).count());
}

fn main() {
    common::note_the_twin();
    divan::main();
}
