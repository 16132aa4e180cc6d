//! Counts the ways to place n non-attacking queens for n = 1…12 (or the
//! sizes given on the command line), and shows one 8×8 board.
//!
//! Rows and columns are primary items (exactly one queen each); diagonals
//! are secondary (at most one). See `src/puzzles/queens.rs`.
//!
//! Run with `cargo run --release --example n_queens [N...]`.

use exactcover::puzzles::queens::Queens;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sizes: Vec<usize> = match std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<Vec<_>, _>>()?
    {
        s if s.is_empty() => (1..=12).collect(),
        s => s,
    };
    for n in sizes {
        let queens = Queens::new(n)?;
        let mut solver = queens.problem().solver();
        let count = solver.count();
        println!(
            "{n:>2} queens: {count} solutions ({} nodes)",
            solver.stats().nodes
        );
    }
    let eight = Queens::new(8)?;
    let first = eight
        .problem()
        .solver()
        .first()
        .expect("8 queens has solutions");
    print!("\none solution for 8 queens:\n{}", eight.render(&first));
    Ok(())
}
