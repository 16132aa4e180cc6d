//! The engine against the `dlx` crate (0.8.5, a faithful port of Knuth's
//! programs) on the same instances, single-threaded, in one run.
//!
//! Run: `cargo bench --bench engine`. The instances are built by our
//! builders and handed to both engines as the same DLX text, so both see
//! the same items and options in the same order. `ink` (the "world's
//! hardest" Sudoku) is read from `../shared/data/dlx/ink.dlx` (or
//! `$EXACTCOVER_SHARED/data/dlx/ink.dlx`) and skipped when absent.
//!
//! After the timings, the harness prints the update count of each
//! instance, to turn the medians into updates per second.

mod common;

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use exactcover::cover::{Problem, write_dlx};
use exactcover::puzzles::langford::Langford;
use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
use exactcover::puzzles::queens::Queens;
use std::path::PathBuf;
use std::sync::OnceLock;

const INSTANCES: &[&str] = &["queens12", "queens13", "langford11", "pentominoes6x10", "ink"];

fn shared_ink() -> Option<String> {
    let base = std::env::var_os("EXACTCOVER_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    std::fs::read_to_string(base.join("data/dlx/ink.dlx")).ok()
}

/// The DLX text of an instance, built once.
fn text(name: &str) -> Option<&'static str> {
    static TEXTS: OnceLock<Vec<(String, Option<String>)>> = OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        INSTANCES
            .iter()
            .map(|&n| {
                let problem = match n {
                    "queens12" => Some(Queens::new(12).unwrap().problem().clone()),
                    "queens13" => Some(Queens::new(13).unwrap().problem().clone()),
                    "langford11" => Some(Langford::raw(11).unwrap().problem().clone()),
                    "pentominoes6x10" => Some(
                        Packing::new(pentominoes(), rectangle(6, 10), PackingOptions::default())
                            .unwrap()
                            .problem()
                            .clone(),
                    ),
                    _ => None,
                };
                let text = problem.map(|p| write_dlx(&p)).or_else(shared_ink);
                (n.to_string(), text)
            })
            .collect()
    });
    texts.iter().find(|(n, _)| n == name).and_then(|(_, t)| t.as_deref())
}

fn problem(name: &str) -> Option<Problem> {
    text(name).map(|t| Problem::from_dlx(t).unwrap())
}

#[divan::bench(args = INSTANCES, sample_count = 7, sample_size = 1)]
fn exactcover(bencher: divan::Bencher, name: &str) {
    let Some(problem) = problem(name) else { return };
    bencher.bench_local(|| problem.solver().count());
}

#[divan::bench(args = INSTANCES, sample_count = 7, sample_size = 1)]
fn dlx_crate(bencher: divan::Bencher, name: &str) {
    let Some(text) = text(name) else { return };
    let spec = dlx::Spec::new(text, false).unwrap();
    bencher.with_inputs(|| dlx::x::Problem::from_spec(&spec, dlx::OptOrder::Seq).unwrap()).bench_local_refs(
        |problem| {
            let mut solver = dlx::Solver::new(problem);
            let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
            let mut count = 0u64;
            while solver.next_solution(&mut chooser) {
                count += 1;
            }
            count
        },
    );
}

/// The parallel search on 1 and 2 threads (`cargo bench --bench engine --
/// parallel`): the ratio is the speed-up.
#[divan::bench(args = ["queens14", "langford12", "pentominoes6x10"], consts = [1, 2], sample_count = 5, sample_size = 1)]
fn parallel<const THREADS: usize>(bencher: divan::Bencher, name: &str) {
    let problem = match name {
        "queens14" => Queens::new(14).unwrap().problem().clone(),
        "langford12" => Langford::new(12).unwrap().problem().clone(),
        _ => Packing::new(pentominoes(), rectangle(6, 10), PackingOptions::default()).unwrap().problem().clone(),
    };
    bencher.bench_local(|| exactcover::cover::Parallel::new(&problem).threads(THREADS).verify(false).count().solutions);
}

fn main() {
    common::note_the_twin();
    divan::main();
    println!("\nupdates per instance (identical for both engines):");
    for &name in INSTANCES {
        match problem(name) {
            Some(p) => {
                let mut solver = p.solver();
                let count = solver.count();
                println!("  {name:<16} {count:>7} solutions {:>14} updates", solver.stats().updates);
            }
            None => println!("  {name:<16} skipped: ../shared/data/dlx/ink.dlx not found"),
        }
    }
}
