//! The classic exact-cover demo (the worked example of the Wikipedia
//! articles "Exact cover" and "Knuth's Algorithm X"): which of the sets
//! A={1,4,7}, B={1,4}, C={4,5,7}, D={3,5,6}, E={2,3,6,7}, F={2,7}
//! cover the numbers 1–7 exactly once?
//!
//! Run with `cargo run --release --example set_cover`.

use exactcover::cover::{ProblemBuilder, Uniqueness};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sets: [(&str, &[u32]); 6] =
        [("A", &[1, 4, 7]), ("B", &[1, 4]), ("C", &[4, 5, 7]), ("D", &[3, 5, 6]), ("E", &[2, 3, 6, 7]), ("F", &[2, 7])];
    // The numbers are the items: each must be covered exactly once.
    let mut b = ProblemBuilder::new();
    b.primary_items((1..=7).map(|k| k.to_string()))?;
    // Each set is an option: the numbers it contains.
    for (_, numbers) in &sets {
        b.option(numbers.iter().map(|k| k.to_string()))?;
    }
    let problem = b.build()?;

    match problem.solver().uniqueness() {
        Uniqueness::Unique(solution) => {
            let mut names: Vec<&str> = solution.iter().map(|o| sets[o.as_usize()].0).collect();
            names.sort_unstable();
            println!("exact cover: {{{}}}", names.join(", "));
            println!("it is the only one");
        }
        Uniqueness::None => println!("no exact cover"),
        Uniqueness::Several => println!("several exact covers"),
        Uniqueness::Unknown(reason) => println!("unknown: {reason}"),
    }
    Ok(())
}
