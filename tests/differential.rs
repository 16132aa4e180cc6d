//! Cross-checks at scale: the engine against brute force on 10,000 random
//! matrices; counts unchanged by shuffling Knuth's files, by seeds, and by
//! the symmetries of Sudoku on samples of the shared sets. The tests on
//! the shared data are ignored, with the reason, when it is absent as they
//! run (see `common::harness`: this file lists its tests in `main`).

mod common;

use common::harness::{self, Need::SharedData, trial};
use exactcover::cover::{Problem, ProblemBuilder, read_dlx};
use exactcover::sudoku::batch::{Batch, BatchOutput};
use exactcover::sudoku::{Grid, InputFormat, read_puzzles};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn ten_thousand_random_matrices_agree_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(20261122);
    let mut bytes = [0u8; 64];
    for _ in 0..10_000 {
        rng.fill(&mut bytes[..]);
        exactcover::fuzzing::matrix_vs_brute(&bytes);
    }
}

/// The problem with its primary items, secondary items and options each
/// shuffled.
fn shuffled(p: &Problem, rng: &mut ChaCha8Rng) -> Problem {
    let mut ids = |primary: bool| {
        let mut v: Vec<_> = (0..p.item_count() as u32)
            .map(exactcover::cover::ItemId::from_u32)
            .filter(|&i| p.is_primary(i) == primary)
            .collect();
        v.shuffle(rng);
        v
    };
    let mut b = ProblemBuilder::new();
    for i in ids(true) {
        b.primary(p.item_name(i)).unwrap();
    }
    for i in ids(false) {
        b.secondary(p.item_name(i)).unwrap();
    }
    let mut options: Vec<String> =
        (0..p.option_count() as u32).map(|o| p.format_option(exactcover::cover::OptionId::from_u32(o))).collect();
    options.shuffle(rng);
    for o in options {
        let mut items: Vec<&str> = o.split(' ').collect();
        items.shuffle(rng);
        b.option(items).unwrap();
    }
    b.build().unwrap()
}

fn shuffles_and_seeds_change_no_count_on_knuths_files() {
    let dir = common::shared_data("data/dlx");
    let expected = std::fs::read_to_string(dir.join("EXPECTED.md")).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for row in common::markdown_table(&expected, "file") {
        if common::number(&row[4]) > 20_000_000 {
            continue; // the big pentomino boxes: covered by tests/dlx_files.rs
        }
        let want = common::number(&row[3]);
        let p = read_dlx(&std::fs::read_to_string(dir.join(&row[0])).unwrap()).unwrap().problem;
        for round in 0..3 {
            assert_eq!(shuffled(&p, &mut rng).solver().count(), want, "{} shuffled ({round})", row[0]);
            assert_eq!(p.solver().with_seed(rng.random()).count(), want, "{} seeded ({round})", row[0]);
        }
    }
}

/// A random symmetry of the Sudoku grid: digits relabelled, bands, rows in
/// bands, stacks and columns in stacks permuted, and maybe a transposition
/// (3,359,232 geometric symmetries times 9! relabellings).
fn random_symmetry(g: &Grid, rng: &mut ChaCha8Rng) -> Grid {
    let lines = |rng: &mut ChaCha8Rng| -> Vec<usize> {
        let mut bands = [0, 1, 2];
        bands.shuffle(rng);
        bands
            .iter()
            .flat_map(|&b| {
                let mut r = [0, 1, 2];
                r.shuffle(rng);
                r.map(|x| b * 3 + x)
            })
            .collect()
    };
    let (rows, cols) = (lines(rng), lines(rng));
    let mut relabel: Vec<u8> = (1..=9).collect();
    relabel.shuffle(rng);
    let transpose: bool = rng.random();
    let mut cells = vec![0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose { (cols[c], rows[r]) } else { (rows[r], cols[c]) };
            let v = g.get(sr, sc);
            cells[r * 9 + c] = if v == 0 { 0 } else { relabel[usize::from(v) - 1] };
        }
    }
    Grid::from_cells(cells).unwrap()
}

fn counts(grids: &[Grid], max: u64) -> Vec<u64> {
    let mut out = BatchOutput::default();
    Batch::new(max, Default::default()).run(grids, &mut out);
    (0..grids.len())
        .map(|k| match out.outcome(k) {
            Ok(e) => e.solutions,
            Err(_) => 0,
        })
        .collect()
}

fn sudoku_symmetries_change_no_count_on_samples_of_the_shared_sets() {
    let dir = common::shared_data("data");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut checked = 0;
    for (file, max) in [
        ("tdoku_puzzles2_17_clue.txt", 2),
        ("tdoku_puzzles3_magictour_top1465.txt", 2),
        ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 2),
        ("tdoku_puzzles7_serg_benchmark.txt", 2000),
        ("kaggle_bryanpark_first10k_puzzles.txt", 2),
        ("tdoku_test_puzzles.txt", 2000),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let all: Vec<Grid> = read_puzzles(&text, InputFormat::Auto).map(|p| p.unwrap().grid).collect();
        let sample: Vec<Grid> = (0..150).map(|_| all[rng.random_range(0..all.len())].clone()).collect();
        let moved: Vec<Grid> = sample.iter().map(|g| random_symmetry(g, &mut rng)).collect();
        assert_eq!(counts(&sample, max), counts(&moved, max), "{file}");
        checked += sample.len();
    }
    eprintln!("{checked} puzzles checked under random symmetries");
}

fn main() {
    harness::run(vec![
        trial!(ten_thousand_random_matrices_agree_with_brute_force),
        trial!(shuffles_and_seeds_change_no_count_on_knuths_files, SharedData),
        trial!(sudoku_symmetries_change_no_count_on_samples_of_the_shared_sets, SharedData),
    ]);
}
