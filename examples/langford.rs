//! Langford pairings: two copies of 1..n in a row, with k numbers between
//! the two k's. Counts each pairing once with its reversal, for the n
//! given (default 1..=12), and prints the first pairing found.
//!
//! Run with `cargo run --release --example langford [N...]`.

use exactcover::puzzles::langford::Langford;

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
        let langford = Langford::new(n)?;
        let mut solver = langford.problem().solver();
        let count = solver.count();
        let example = match langford.problem().solver().first() {
            Some(s) => langford
                .sequence(&s)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            None => "-".to_string(),
        };
        println!("n = {n:>2}: {count:>7} pairings   e.g. {example}");
    }
    Ok(())
}
