use exactcover::sudoku::logic::Level;
use exactcover::sudoku::{Generator, GeneratorOptions};
fn main() {
    let mut g = Generator::new(3, GeneratorOptions { grade: true, ..Default::default() });
    let mut counts = std::collections::BTreeMap::new();
    let t = std::time::Instant::now();
    for i in 0..500 {
        *counts.entry(g.generate(i).grade.unwrap().level()).or_insert(0) += 1;
    }
    println!("{:?} per puzzle: {counts:?}", t.elapsed() / 500);
    for d in [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::NeedsGuessing] {
        let mut g = Generator::new(3, GeneratorOptions { difficulty: Some(d), ..Default::default() });
        let t = std::time::Instant::now();
        let mut att = 0;
        for i in 0..20 {
            let x = g.generate(i);
            att += x.attempts;
            assert!(x.clues_met);
        }
        println!("{d}: {:?} per puzzle, {:.1} attempts", t.elapsed() / 20, att as f64 / 20.0);
    }
}
