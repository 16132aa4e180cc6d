//! Our SE-compatible rating against Sudoku Explainer 1.2.1.3's own ratings
//! (`serate`), on the shared set `se_rated.tsv` (puzzle, ER, EP, ED,
//! hardest technique, source).
//!
//! Ignored, with the reason (counted in `cargo test`'s summary), when the
//! shared data is absent as the test runs, unless `SE_RATED_FILE` names the
//! file to rate (see `common::harness`: this file lists its tests in
//! `main`). Set
//! `SE_RATED_FILE` to rate another file of the same columns (the fresh
//! evaluation set), and `SE_REPORT=1` to print every disagreement.

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

fn load() -> Vec<Row> {
    let path = match std::env::var_os("SE_RATED_FILE") {
        Some(p) => p.into(),
        None => common::shared_data("data").join("se_rated.tsv"),
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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

/// `SE_TRACE=<puzzle>` prints our SE path for one puzzle.
fn trace() {
    let Some(line) = std::env::var_os("SE_TRACE") else { return };
    let grid = Grid::from_line(line.to_str().expect("text")).expect("a puzzle");
    let (grade, steps) = SeRater::new().rate_steps(&grid).expect("unique");
    for s in steps {
        println!("[{}] {}", s.rating(), s.explanation());
    }
    println!("{:?}", grade.rating());
}

fn agrees_with_sudoku_explainer() {
    let rows = load();
    let t = rate_all(&rows);
    let custom = std::env::var_os("SE_RATED_FILE").is_some();
    if custom {
        return;
    }
    // Measured: every puzzle of se_rated.tsv (450, ER 1.2 to 9.9) gets SE's
    // ER, EP and ED exactly, in every band.
    assert!(t.easier.is_empty(), "rated easier than SE: {:?}", t.easier);
    assert_eq!(t.unrated, 0);
    for (b, (n, er, all)) in &t.bands {
        assert_eq!((er, all), (n, n), "band {}", band(b * 10));
    }
    assert_eq!(t.bands.values().map(|v| v.0).sum::<usize>(), rows.len());
}

fn main() {
    // A file named by `SE_RATED_FILE` stands in for the shared one.
    let needs: &[Need] = if std::env::var_os("SE_RATED_FILE").is_some() { &[] } else { &[Need::SharedData] };
    harness::run(vec![
        trial!(trace),
        harness::make_trial("agrees_with_sudoku_explainer", needs, agrees_with_sudoku_explainer),
    ]);
}
