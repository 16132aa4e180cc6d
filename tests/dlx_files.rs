//! Knuth's files in `../shared/data/dlx/`: every one gives exactly his
//! solution, node and update counts from its `EXPECTED.md`, and the puzzle
//! builders emit his queens, pentomino and Sudoku problems.
//!
//! Each test is ignored, with the reason, when the shared data folder is
//! absent as it runs (see `common::harness`: this file lists its tests in
//! `main`).

mod common;

use common::harness::{self, Need::SharedData, trial};
use exactcover::cover::{Problem, read_dlx, write_dlx};
use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
use exactcover::puzzles::queens::Queens;
use exactcover::sudoku::{Grid, SudokuSolver};

fn shared_dlx_files_match_knuths_figures() {
    let dir = common::shared_data("data/dlx");
    let expected = std::fs::read_to_string(dir.join("EXPECTED.md")).unwrap();
    let rows = common::markdown_table(&expected, "file");
    assert!(rows.len() >= 11, "EXPECTED.md lists {} files", rows.len());
    for row in rows {
        let (file, solutions, updates, nodes) =
            (&row[0], common::number(&row[3]), common::number(&row[4]), common::number(&row[5]));
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let input = read_dlx(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut solver = input.problem.solver();
        let count = solver.count();
        let stats = solver.stats();
        eprintln!("{file}: {count} solutions, {} updates, {} nodes", stats.updates, stats.nodes);
        assert_eq!(
            (count, stats.updates, stats.nodes),
            (solutions, updates, nodes),
            "{file}: (solutions, updates, nodes)"
        );
        assert!(solver.links_are_pristine(), "{file}: links restored");
    }
}

fn count(p: &Problem) -> u64 {
    p.solver().count()
}

fn without_comments(text: &str) -> Vec<String> {
    text.lines().filter(|l| !l.starts_with('|')).map(|l| l.trim_end().to_string()).collect()
}

fn emitted_dlx_matches_knuths_files() {
    let dir = common::shared_data("data/dlx");
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    for n in [8, 10, 12] {
        let ours = write_dlx(Queens::new(n).unwrap().problem());
        assert_eq!(without_comments(&ours), without_comments(&read(&format!("q{n}.dlx"))), "queens {n}");
    }
    // Knuth's counts for his files, which the test above checks on them.
    for (file, h, w, known) in [("p6x10.dlx", 6, 10, 9356), ("p5x12.dlx", 5, 12, 4040), ("p3x20.dlx", 3, 20, 8)] {
        let ours = Packing::new(pentominoes(), rectangle(h, w), PackingOptions::default()).unwrap();
        let text = write_dlx(ours.problem());
        let theirs = Problem::from_dlx(&read(file)).unwrap();
        assert_eq!(Problem::from_dlx(&text).unwrap().item_count(), theirs.item_count(), "{file}");
        assert_eq!(ours.problem().option_count(), theirs.option_count(), "{file}");
        let emitted = Problem::from_dlx(&text).unwrap();
        assert_eq!(
            exactcover::cover::Parallel::new(&emitted).small_tree(0).threads(2).count().solutions,
            known,
            "{file}"
        );
        if h == 3 {
            assert_eq!(count(&emitted), count(&theirs), "{file}");
        }
    }
    let inkala =
        Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..").unwrap();
    let ours = SudokuSolver::new(3).unwrap().reduced_dlx(&inkala).unwrap();
    assert_eq!(without_comments(&ours), without_comments(&read("ink.dlx")), "sudoku-dlx's Inkala");
}

fn main() {
    harness::run(vec![
        trial!(shared_dlx_files_match_knuths_figures, SharedData),
        trial!(emitted_dlx_matches_knuths_files, SharedData),
    ]);
}
