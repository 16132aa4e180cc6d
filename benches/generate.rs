//! Generating minimal, proper 9×9 puzzles, against qqwing in the same run.
//!
//! Run: `cargo bench --bench generate`. One thread each; divan's
//! throughput line is puzzles per second. qqwing (Debian package `qqwing`)
//! is run as `qqwing --generate 50 --one-line --symmetry S` and skipped when
//! it is not installed.

mod common;

use divan::counter::ItemsCount;
use exactcover::sudoku::{Generator, GeneratorOptions, Symmetry, derive_seed};
use std::process::Command;

const PUZZLES: u64 = 50;

#[divan::bench(args = ["none", "rotate180"], sample_count = 7, sample_size = 1)]
fn exactcover(bencher: divan::Bencher, symmetry: &str) {
    let symmetry = if symmetry == "none" { Symmetry::None } else { Symmetry::Rot180 };
    let mut g = Generator::new(3, GeneratorOptions { symmetry, ..GeneratorOptions::default() }).unwrap();
    let mut run = 0;
    bencher.counter(ItemsCount::new(PUZZLES)).bench_local(|| {
        run += 1;
        (0..PUZZLES).map(|i| g.generate(derive_seed(run, i)).puzzle.givens()).sum::<usize>()
    });
}

#[divan::bench(args = ["none", "rotate180"], sample_count = 7, sample_size = 1)]
fn qqwing(bencher: divan::Bencher, symmetry: &str) {
    if Command::new("qqwing").arg("--version").output().is_err() {
        eprintln!("skipped: qqwing not installed");
        return;
    }
    let n = PUZZLES.to_string();
    bencher.counter(ItemsCount::new(PUZZLES)).bench_local(|| {
        let out =
            Command::new("qqwing").args(["--generate", &n, "--one-line", "--symmetry", symmetry]).output().unwrap();
        assert_eq!(out.stdout.split(|&b| b == b'\n').filter(|l| l.len() == 81).count() as u64, PUZZLES);
    });
}

fn main() {
    common::note_the_twin();
    divan::main();
}
