use exactcover::sudoku::{Generator, GeneratorOptions, Symmetry};
fn main() {
    for sym in [Symmetry::None, Symmetry::Rot180] {
        let mut g = Generator::new(
            3,
            GeneratorOptions {
                symmetry: sym,
                ..Default::default()
            },
        );
        let t = std::time::Instant::now();
        let n = 2000;
        let mut clues = 0;
        for i in 0..n {
            clues += g.generate(i).puzzle.givens();
        }
        println!(
            "{sym}: {:?} per puzzle, {:.1} clues avg",
            t.elapsed() / n as u32,
            clues as f64 / n as f64
        );
    }
}
