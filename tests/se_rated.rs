//! Our SE-compatible rating against Sudoku Explainer 1.2.1.3's own ratings
//! (`serate`), on files of rated puzzles (puzzle, ER, EP, ED, hardest
//! technique, source; a header line first).
//!
//! * `agrees_with_sudoku_explainer` rates the shared set `se_rated.tsv`:
//!   every puzzle must get SE's ER, EP and ED. Ignored with the reason
//!   (and counted in `cargo test`'s summary) when the shared data is
//!   absent as the test runs.
//! * `agrees_on_the_file_given` does the same for the file that
//!   `SE_RATED_FILE` names (the fresh evaluation set, say), and is ignored
//!   without one: `SE_RATED_FILE=fresh.tsv cargo test --release --test
//!   se_rated agrees_on_the_file_given`.
//! * `trace` checks the path printed for a puzzle SE rated; with
//!   `SE_TRACE=<puzzle>` it prints that puzzle's path too.
//!
//! `SE_REPORT=1` prints every disagreement, and `SE_DUMP=FILE` writes our
//! rating and time of each puzzle to FILE. The tests run under
//! `common::harness` (listed in `main`), which looks for what each needs
//! as it runs.

mod common;

use common::harness::{self, Need, trial};
use exactcover::sudoku::Grid;
use exactcover::sudoku::logic::{SeRater, SeRating};
use rayon::prelude::*;
use std::collections::BTreeMap;

struct Row {
    puzzle: String,
    er: u32,
    ep: u32,
    ed: u32,
    hardest: String,
}

fn tenths(s: &str) -> u32 {
    (s.parse::<f64>().expect("a rating") * 10.0).round() as u32
}

fn load(path: &std::path::Path) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                puzzle: f[0].to_string(),
                er: tenths(f[1]),
                ep: tenths(f[2]),
                ed: tenths(f[3]),
                hardest: f[4].to_string(),
            }
        })
        .collect()
}

/// The ER band of a rating in tenths: "1.0–1.9", …, "10.0–10.9", "11+".
fn band(er: u32) -> String {
    match er / 10 {
        b @ 0..=10 => format!("{b}.0–{b}.9"),
        _ => "11+".to_string(),
    }
}

struct Tally {
    bands: BTreeMap<u32, (usize, usize, usize)>,
    easier: Vec<String>,
    unrated: usize,
}

fn rate_all(rows: &[Row]) -> Tally {
    let rater = SeRater::new();
    let timed: Vec<(Option<SeRating>, f64)> = rows
        .par_iter()
        .map(|r| {
            let start = std::time::Instant::now();
            let rating =
                rater.rate(&Grid::from_line(&r.puzzle).expect("a puzzle")).expect("a unique solution").rating();
            (rating, start.elapsed().as_secs_f64())
        })
        .collect();
    let ours: Vec<Option<SeRating>> = timed.iter().map(|t| t.0).collect();
    println!("rating time: {:.2} s in all (threads' time)", timed.iter().map(|t| t.1).sum::<f64>());
    let report = std::env::var_os("SE_REPORT").is_some();
    if let Some(path) = std::env::var_os("SE_DUMP") {
        let lines: Vec<String> = rows
            .iter()
            .zip(&timed)
            .map(|(r, (o, t))| match o {
                Some(o) => format!("{}\t{}\t{}\t{}\t{}\t{t:.4}", r.puzzle, o.er, o.ep, o.ed, o.hardest),
                None => format!("{}\tnone\t\t\t\t{t:.4}", r.puzzle),
            })
            .collect();
        std::fs::write(path, lines.join("\n") + "\n").expect("writable");
    }
    let mut t = Tally { bands: BTreeMap::new(), easier: Vec::new(), unrated: 0 };
    for (row, ours) in rows.iter().zip(&ours) {
        let e = t.bands.entry(row.er / 10).or_default();
        e.0 += 1;
        match ours {
            Some(o) if u32::from(o.er.tenths()) == row.er => {
                e.1 += 1;
                if u32::from(o.ep.tenths()) == row.ep && u32::from(o.ed.tenths()) == row.ed {
                    e.2 += 1;
                }
            }
            Some(o) => {
                if u32::from(o.er.tenths()) < row.er {
                    t.easier.push(row.puzzle.clone());
                }
                if report {
                    println!("{} SE {}/{}/{} {} ours {o}", row.puzzle, row.er, row.ep, row.ed, row.hardest);
                }
            }
            None => {
                t.unrated += 1;
                if report {
                    println!("{} SE {} {} ours none", row.puzzle, row.er, row.hardest);
                }
            }
        }
    }
    println!("band | puzzles | exact ER | exact ER/EP/ED");
    for (b, (n, er, all)) in &t.bands {
        println!("{} | {n} | {er} ({:.0}%) | {all}", band(b * 10), 100.0 * *er as f64 / *n as f64);
    }
    println!("rated easier than SE: {}; unrated: {}", t.easier.len(), t.unrated);
    t
}

/// Every puzzle of `rows` gets SE's ER, EP and ED, in every band, and
/// none is rated easier or left without a rating.
fn assert_agrees(rows: &[Row]) {
    assert!(!rows.is_empty(), "no puzzles to rate");
    let t = rate_all(rows);
    assert!(t.easier.is_empty(), "rated easier than SE: {:?}", t.easier);
    assert_eq!(t.unrated, 0);
    for (b, (n, er, all)) in &t.bands {
        assert_eq!((er, all), (n, n), "band {}", band(b * 10));
    }
    assert_eq!(t.bands.values().map(|v| v.0).sum::<usize>(), rows.len());
}

/// Every puzzle of se_rated.tsv (450, ER 1.2 to 9.9) gets SE's ER, EP and
/// ED exactly.
fn agrees_with_sudoku_explainer() {
    let rows = load(&common::shared_data("data").join("se_rated.tsv"));
    assert_eq!(rows.len(), 450);
    assert_agrees(&rows);
}

/// The same for the file `SE_RATED_FILE` names.
fn agrees_on_the_file_given() {
    let path = std::env::var_os("SE_RATED_FILE").expect("SE_RATED_FILE names a file of rated puzzles");
    assert_agrees(&load(path.as_ref()));
}

/// One step of a path: its rating in tenths, the digits it places, and
/// the line printed for it.
struct TraceLine {
    tenths: u8,
    placed: usize,
    text: String,
}

/// The path as `trace` prints it: each step's rating and explanation, then
/// the rating (ER/EP/ED and the hardest technique).
fn trace_lines(puzzle: &str) -> (Vec<TraceLine>, String) {
    let grid = Grid::from_line(puzzle).expect("a puzzle");
    let (grade, steps) = SeRater::new().rate_steps(&grid).expect("a unique solution");
    let lines = steps
        .iter()
        .map(|s| TraceLine {
            tenths: s.rating().tenths(),
            placed: s.placements().len(),
            text: format!("[{}] {}", s.rating(), s.explanation()),
        })
        .collect();
    let rating = grade.rating().map_or_else(|| "none".to_string(), |r| r.to_string());
    (lines, rating)
}

fn print_trace(lines: &[TraceLine], rating: &str) {
    for line in lines {
        println!("{}", line.text);
    }
    println!("{rating}");
}

/// The path of a puzzle whose first step is rated below its hardest
/// (serate: 2.8/2.8/2.6, tests/fixtures/se/ratings.tsv): the rating line
/// is SE's; ER is the hardest step, EP the hardest up to the first
/// placement, ED the first; the path fills every empty cell; and its
/// first lines, up to the first placement, read as below.
fn trace() {
    let puzzle = "1......6...72....49......7..3.49.............69...8.5.32.8.7.....6....1....5.683.";
    let (lines, rating) = trace_lines(puzzle);
    print_trace(&lines, &rating);
    assert_eq!(rating, "2.8/2.8/2.6 (Claiming)");
    let max = |lines: &[TraceLine]| lines.iter().map(|l| l.tenths).max();
    let first_placement = lines.iter().position(|l| l.placed > 0).expect("a placement");
    assert_eq!((max(&lines), max(&lines[..=first_placement]), lines[0].tenths), (Some(28), Some(28), 26));
    let empty = puzzle.bytes().filter(|&b| b == b'.').count();
    assert_eq!((lines.len(), lines.iter().map(|l| l.placed).sum::<usize>()), (62, empty));
    let start: Vec<&str> = lines[..=first_placement].iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        start,
        [
            "[2.6] Pointing: in box 1, 2 can only go where it meets column 3, so remove 2 from r4c3, r5c3 and r6c3.",
            "[2.6] Pointing: in box 8, 1 can only go where it meets column 5, so remove 1 from r2c5, r3c5, r5c5 and r6c5.",
            "[2.6] Pointing: in box 5, 6 can only go where it meets row 5, so remove 6 from r5c7 and r5c9.",
            "[2.6] Pointing: in box 8, 9 can only go where it meets row 8, so remove 9 from r8c7 and r8c9.",
            "[2.8] Claiming: in column 8, 2 can only go where it meets box 6, so remove 2 from r4c7, r4c9, r5c7, r5c9, \
             r6c7 and r6c9.",
            "[1.5] Hidden single: in row 6, 2 can only go in r6c5.",
        ]
    );
    assert_eq!(lines[61].text, "[1.0] Full house: r7c9 is the last empty cell of box 9, so it is 6.");
    if let Some(other) = std::env::var_os("SE_TRACE") {
        let (lines, rating) = trace_lines(other.to_str().expect("text"));
        print_trace(&lines, &rating);
    }
}

fn main() {
    harness::run(vec![
        trial!(agrees_with_sudoku_explainer, Need::SharedData),
        trial!(agrees_on_the_file_given, Need::Variable("SE_RATED_FILE", "a file of rated puzzles")),
        trial!(trace),
    ]);
}
