//! Writes the problems of the memo's benchmark (benches/zdd.sh) in
//! Knuth's DLX format: dominoes on 8x8, 10x10 and 12x12, dominoes and
//! trominoes on 3x12, pentominoes on 6x10, and 12 queens.
//!
//! ```text
//! cargo run --release --example zdd_problems -- /tmp/zdd-problems
//! ```

#[path = "../tests/zdd/boards.rs"]
mod boards;

use exactcover::cover::write_dlx;
use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
use exactcover::puzzles::queens::Queens;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".to_string());
    let pento = Packing::new(pentominoes(), rectangle(6, 10), PackingOptions::default())?;
    let problems = [
        ("dom8", boards::dominoes(8, 8)),
        ("dom10", boards::dominoes(10, 10)),
        ("dom12", boards::dominoes(12, 12)),
        ("dt3x12", boards::dominoes_and_trominoes(3, 12)),
        ("pento", pento.problem().clone()),
        ("queens12", Queens::new(12)?.problem().clone()),
    ];
    for (name, problem) in &problems {
        std::fs::write(format!("{dir}/{name}.dlx"), write_dlx(problem))?;
    }
    Ok(())
}
