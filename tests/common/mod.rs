//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod bit_sets;
pub mod harness;

use std::path::PathBuf;

/// A folder of the shared data: `SUB` in [`harness::shared_base`]. Tests
/// that call this are listed with `harness::Need::SharedData`, so they run
/// only when the folder is there (see `harness`).
pub fn shared_data(sub: &str) -> PathBuf {
    let dir = harness::shared_base().join(sub);
    assert!(dir.is_dir(), "the shared data folder has no {}", dir.display());
    dir
}

/// The rows of a Markdown table whose header row starts with `first_header`.
pub fn markdown_table(text: &str, first_header: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in text.lines() {
        let line = line.trim();
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        let cells: Vec<String> = line.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect();
        if cells.first().map(String::as_str) == Some(first_header) {
            in_table = true;
            continue;
        }
        if in_table && !cells.iter().all(|c| c.chars().all(|ch| ch == '-' || ch == ':')) {
            rows.push(cells);
        }
    }
    rows
}

/// Parses "1,235,724,537" as a number.
pub fn number(s: &str) -> u64 {
    s.replace(',', "").parse().unwrap_or_else(|_| panic!("not a number: {s}"))
}

/// The shared Sudoku sets whose puzzles each have exactly one solution.
pub const UNIQUE_SETS: &[&str] = &[
    "tdoku_puzzles2_17_clue.txt",
    "tdoku_puzzles3_magictour_top1465.txt",
    "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
    "tdoku_puzzles6_forum_hardest_1106.txt",
    "kaggle_bryanpark_first10k_puzzles.txt",
];

/// Pins, one by one, the options that `picks` name (by index into the
/// problem's options), checking each answer against `all`, every
/// solution of the problem: an option pinned already is a conflict, an
/// ignored one has no primary item, and a conflict means that no solution
/// holds it with the options pinned before. Returns the options pinned
/// and the solutions that hold them all, or what went wrong.
pub fn pin_picks(
    solver: &mut exactcover::cover::Solver,
    all: &[Vec<exactcover::cover::OptionId>],
    picks: &[usize],
) -> Result<Vec<Vec<exactcover::cover::OptionId>>, String> {
    use exactcover::cover::{OptionId, PinError};
    let problem = solver.problem().clone();
    let mut pinned: Vec<OptionId> = Vec::new();
    for &pick in picks {
        let o = OptionId::from_u32((pick % problem.option_count()) as u32);
        match solver.pin(o) {
            Ok(()) if pinned.contains(&o) => return Err(format!("{o} pinned twice")),
            Ok(()) => pinned.push(o),
            Err(PinError::Ignored(_)) if problem.ignored_options().contains(&o) => {}
            Err(PinError::Conflict(_)) => {
                let both = |x: &&Vec<OptionId>| x.contains(&o) && pinned.iter().all(|p| x.contains(p));
                if !pinned.contains(&o) && all.iter().any(|x| both(&x)) {
                    return Err(format!("{o} refused, but a solution holds it with {pinned:?}"));
                }
            }
            Err(e) => return Err(format!("{o}: {e}")),
        }
    }
    Ok(all.iter().filter(|x| pinned.iter().all(|p| x.contains(p))).cloned().collect())
}
