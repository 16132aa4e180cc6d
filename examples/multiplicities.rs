//! Items with multiplicities (Knuth's Algorithm M): a primary item covered
//! between `lo` and `hi` times. Three problems that need it:
//!
//! * a small hand-made problem built with `primary_with_bounds`;
//! * two queens in every row and column of a 6×6 board, at most two on
//!   each diagonal (1,097 ways);
//! * the 5×6 box packed with pentominoes, each used at most twice
//!   (18,316 ways), one of them drawn.
//!
//! Run with `cargo run --release --example multiplicities`.

use exactcover::cover::{Bounds, ProblemBuilder};
use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
use exactcover::puzzles::queens::Queens;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Choose 2 or 3 of the four workers for the night shift; Ann and Bob
    // won't work together.
    let mut b = ProblemBuilder::new();
    b.primary_with_bounds("night", 2, 3)?;
    b.secondary("ann-bob")?;
    for option in [vec!["night", "ann-bob"], vec!["night", "ann-bob"], vec!["night"], vec!["night"]] {
        b.option(option)?;
    }
    let shifts = b.build()?;
    let mut solver = shifts.solver();
    for s in solver.solutions() {
        let names: Vec<&str> = s.iter().map(|o| ["Ann", "Bob", "Cid", "Dee"][o.as_usize()]).collect();
        println!("night shift: {}", names.join(", "));
    }

    let queens = Queens::per_line(6, 2)?;
    let mut solver = queens.problem().solver();
    println!("\n6x6, two queens per row and column: {} ways ({})", solver.count(), solver.stats());
    let first = queens.problem().solver().first().expect("there are some");
    print!("{}", queens.render(&first));

    let packing = Packing::with_piece_counts(
        pentominoes(),
        rectangle(5, 6),
        PackingOptions::default(),
        Bounds { min: 0, max: 2 },
    )?;
    let mut solver = packing.problem().solver();
    println!("\n5x6 from pentominoes used at most twice: {} ways ({})", solver.count(), solver.stats());
    let first = packing.problem().solver().first().expect("there are some");
    print!("{}", packing.render(&first));
    Ok(())
}
