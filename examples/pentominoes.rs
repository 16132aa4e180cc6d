//! Packs the 12 pentominoes into a 6×10 box: 9,356 ways, or 2,339 when the
//! X piece is kept in one quarter of the box, which removes the box's four
//! symmetries. Prints one packing as a lettered picture.
//!
//! Run with `cargo run --release --example pentominoes`.

use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let raw = Packing::new(pentominoes(), rectangle(6, 10), PackingOptions::default())?;
    let mut solver = raw.problem().solver();
    let count = solver.count();
    let stats = solver.stats();
    println!("6x10, every placement: {count} solutions ({stats})");

    let distinct = Packing::new(pentominoes(), rectangle(6, 10), PackingOptions::distinct())?;
    let piece = distinct.restricted_piece().unwrap_or("none");
    let mut solver = distinct.problem().solver();
    let count = solver.count();
    println!(
        "6x10, {piece} restricted to one quarter: {count} solutions ({})",
        solver.stats()
    );

    let first = distinct
        .problem()
        .solver()
        .first()
        .expect("6x10 has packings");
    print!("\n{}", distinct.render(&first));
    Ok(())
}
