//! Peer anchor for `benches/peers.sh`: count every solution of an exact-cover
//! problem in Knuth's DLX text format with the `dlx` crate (=0.8.5).
//!
//! Usage: `dlx-count FILE` (or `-` / no argument for stdin). Prints the count.
//! The chooser is the crate's MRV rule without tie-breaking, as in
//! `benches/engine.rs`. Colours are not supported (none of the timed
//! instances uses them): an option with `item:colour` is rejected.

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use std::io::Read;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "-".into());
    let mut text = String::new();
    if path == "-" {
        std::io::stdin().read_to_string(&mut text).expect("read stdin");
    } else {
        text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let spec = dlx::Spec::new(&text, false).expect("a DLX spec");
    if spec.opts.iter().flatten().any(|i| i.contains(':')) {
        eprintln!("dlx-count: colours are not supported");
        std::process::exit(2);
    }
    let mut problem = dlx::x::Problem::from_spec(&spec, dlx::OptOrder::Seq).expect("a valid problem");
    let mut solver = dlx::Solver::new(&mut problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut count = 0u64;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    println!("{count}");
}
