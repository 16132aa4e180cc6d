//! Sudoku throughput on the shared puzzle sets, *including the uniqueness
//! proof* (every puzzle is searched for a second solution), single-threaded
//! and on every core; the `sudoku` crate as a same-run anchor; and the seed
//! articles' backtracking baseline.
//!
//! Run: `cargo bench --bench sudoku`. Each set is sampled evenly to at most
//! `SAMPLE` puzzles; divan prints the throughput (puzzles/s), and µs per
//! puzzle is its inverse. Sets are read from `../shared/data` (or
//! `$EXACTCOVER_SHARED/data`) and skipped when absent.

#[path = "../examples/backtracking.rs"]
mod backtracking;

mod common;

use divan::counter::ItemsCount;
use exactcover::cover::Limits;
use exactcover::sudoku::batch::{Batch, BatchOutput};
use exactcover::sudoku::{Grid, InputFormat, SudokuSolver, read_puzzles};
use std::path::PathBuf;

const SAMPLE: usize = 2000;

const SETS: &[&str] = &["17-clue", "top1465", "1905_11+", "1106", "serg", "kaggle"];

fn file(set: &str) -> &'static str {
    match set {
        "17-clue" => "tdoku_puzzles2_17_clue.txt",
        "top1465" => "tdoku_puzzles3_magictour_top1465.txt",
        "1905_11+" => "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
        "1106" => "tdoku_puzzles6_forum_hardest_1106.txt",
        "serg" => "tdoku_puzzles7_serg_benchmark.txt",
        _ => "kaggle_bryanpark_first10k_puzzles.txt",
    }
}

fn puzzles(set: &str) -> Vec<Grid> {
    let base = std::env::var_os("EXACTCOVER_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let Ok(text) = std::fs::read_to_string(base.join("data").join(file(set))) else {
        eprintln!("skipped {set}: shared data not found");
        return Vec::new();
    };
    let all: Vec<Grid> = read_puzzles(&text, InputFormat::Auto).filter_map(Result::ok).map(|p| p.grid).collect();
    let step = (all.len() / SAMPLE).max(1);
    all.into_iter().step_by(step).take(SAMPLE).collect()
}

/// One thread, one reused solver: solve and prove unique.
#[divan::bench(args = SETS, sample_count = 5, sample_size = 1)]
fn one_thread(bencher: divan::Bencher, set: &str) {
    let grids = puzzles(set);
    let mut solver = SudokuSolver::new(3).unwrap();
    let mut out = vec![0u8; 81];
    bencher.counter(ItemsCount::new(grids.len())).bench_local(|| {
        let mut solved = 0;
        for g in &grids {
            solved += solver.examine(g.cells(), 2, &mut out).solutions.min(1);
        }
        solved
    });
}

/// Same-run anchor: the `sudoku` crate (a bit-parallel solver in the
/// JCZSolve family, not exact cover) on the same puzzles, also counting up
/// to 2. It calibrates this machine against the peers' published figures.
#[divan::bench(args = SETS, sample_count = 5, sample_size = 1)]
fn sudoku_crate(bencher: divan::Bencher, set: &str) {
    let grids: Vec<sudoku::Sudoku> = puzzles(set)
        .iter()
        .map(|g| sudoku::Sudoku::from_bytes_slice(g.cells()).expect("a 9x9 grid of 0..=9"))
        .collect();
    bencher
        .counter(ItemsCount::new(grids.len()))
        .bench_local(|| grids.iter().map(|s| s.solutions_count_up_to(2).min(1)).sum::<usize>());
}

/// Every core (rayon's global pool), through the batch API.
#[divan::bench(args = SETS, sample_count = 5, sample_size = 1)]
fn all_cores(bencher: divan::Bencher, set: &str) {
    let grids = puzzles(set);
    let batch = Batch::new(2, Limits::new());
    let mut out = BatchOutput::default();
    bencher.counter(ItemsCount::new(grids.len())).bench_local(|| {
        batch.run(&grids, &mut out);
        out.len()
    });
}

/// The seed articles' plain backtracking, on the same puzzles (hard sets
/// sampled to 100 puzzles, as it is slow).
#[divan::bench(args = ["top1465", "1106", "kaggle"], sample_count = 3, sample_size = 1)]
fn backtracking_baseline(bencher: divan::Bencher, set: &str) {
    let grids: Vec<[u8; 81]> =
        puzzles(set).iter().take(100).map(|g| <[u8; 81]>::try_from(g.cells()).expect("9x9")).collect();
    bencher
        .counter(ItemsCount::new(grids.len()))
        .bench_local(|| grids.iter().map(|g| backtracking::backtrack_count(&mut g.clone(), 2)).sum::<u64>());
}

/// The same 100 puzzles with Dancing Links, for the ratio.
#[divan::bench(args = ["top1465", "1106", "kaggle"], sample_count = 3, sample_size = 1)]
fn dancing_links_on_the_baseline_sample(bencher: divan::Bencher, set: &str) {
    let grids: Vec<Grid> = puzzles(set).into_iter().take(100).collect();
    let mut solver = SudokuSolver::new(3).unwrap();
    let mut out = vec![0u8; 81];
    bencher
        .counter(ItemsCount::new(grids.len()))
        .bench_local(|| grids.iter().map(|g| solver.examine(g.cells(), 2, &mut out).solutions).sum::<u64>());
}

fn main() {
    common::note_the_twin();
    divan::main();
}
