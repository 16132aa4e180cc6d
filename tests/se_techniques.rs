//! Sudoku Explainer's techniques and rating, on puzzles SE 1.2.1.3 rated
//! (tests/fixtures/se/ratings.tsv: two puzzles per hardest technique,
//! where the fresh evaluation set had them).
//!
//! Each puzzle must get SE's ER, EP and ED exactly, its hardest step must
//! be the technique named, and no step on the way may remove a true
//! digit or place a wrong one.

use exactcover::sudoku::logic::{LogicError, LogicSolver, SeRater, Technique};
use exactcover::sudoku::{Grid, SudokuSolver, Verdict};

struct Row {
    puzzle: &'static str,
    er: &'static str,
    ep: &'static str,
    ed: &'static str,
    hardest: &'static str,
}

fn fixture() -> Vec<Row> {
    include_str!("fixtures/se/ratings.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("puzzle"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row { puzzle: f[0], er: f[1], ep: f[2], ed: f[3], hardest: f[4] }
        })
        .collect()
}

fn solution(puzzle: &Grid) -> Grid {
    match SudokuSolver::new(3).unwrap().verdict(puzzle).unwrap() {
        Verdict::Unique(s) => s,
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_technique_rates_as_sudoku_explainer() {
    let rows = fixture();
    assert!(rows.len() >= 40);
    let rater = SeRater::new();
    for row in &rows {
        let grid = Grid::from_line(row.puzzle).unwrap();
        let (grade, steps) = rater.rate_steps(&grid).unwrap();
        let r = grade.rating().unwrap_or_else(|| panic!("{}: no rating", row.puzzle));
        let got = (r.er.to_string(), r.ep.to_string(), r.ed.to_string(), r.hardest.name());
        assert_eq!(got, (row.er.to_string(), row.ep.to_string(), row.ed.to_string(), row.hardest), "{}", row.puzzle);
        let hardest = steps.iter().find(|s| s.rating() == r.er).expect("the hardest step");
        assert_eq!(hardest.technique(), Some(r.hardest));
        assert!(hardest.explanation().len() > 20, "{}", hardest.explanation());
        let sol = solution(&grid);
        for s in &steps {
            assert!(s.eliminations().iter().all(|&(c, d)| sol.cells()[c] != d), "{}: {}", row.puzzle, s.explanation());
            assert!(s.placements().iter().all(|&(c, d)| sol.cells()[c] == d), "{}: {}", row.puzzle, s.explanation());
        }
    }
}

#[test]
fn the_direct_techniques_place_without_eliminating() {
    let rater = SeRater::new();
    for row in fixture().iter().filter(|r| r.hardest.starts_with("Direct")) {
        let (_, steps) = rater.rate_steps(&Grid::from_line(row.puzzle).unwrap()).unwrap();
        let direct: Vec<_> = steps
            .iter()
            .filter(|s| matches!(s.technique(), Some(Technique::DirectPointing | Technique::DirectHiddenPair)))
            .collect();
        assert!(!direct.is_empty());
        for s in direct {
            assert_eq!((s.placements().len(), s.eliminations().len()), (1, 0), "{}", s.explanation());
        }
    }
}

#[test]
fn chains_explain_themselves() {
    let rater = SeRater::new();
    let row = fixture().into_iter().find(|r| r.hardest == "Forcing X-Chain").unwrap();
    let (_, steps) = rater.rate_steps(&Grid::from_line(row.puzzle).unwrap()).unwrap();
    let chain = steps.iter().find(|s| s.technique() == Some(Technique::ForcingXChain)).unwrap();
    let text = chain.explanation();
    assert!(text.starts_with("Turbot Fish: if r") || text.starts_with("Forcing X-chain: if r"), "{text}");
    assert!(text.contains(" → ") && text.contains("; so r"), "{text}");
}

#[test]
fn no_rating_beyond_the_nesting_limit() {
    let row = fixture().into_iter().find(|r| r.hardest == "Nested forcing chains").unwrap();
    let grid = Grid::from_line(row.puzzle).unwrap();
    let grade = SeRater::with_max_level(0).rate(&grid).unwrap();
    assert_eq!(grade.rating(), None);
    assert_eq!(grade.why_none().unwrap(), "needs techniques beyond dynamic forcing chains");
    assert!(grade.hardest_so_far().tenths() >= 85);
    let full = SeRater::new().rate(&grid).unwrap().rating().unwrap();
    assert_eq!(full.to_string(), format!("{}/{}/{} (Nested forcing chains)", row.er, row.ep, row.ed));
}

#[test]
fn the_grade_carries_the_se_rating() {
    let row = fixture().into_iter().find(|r| r.hardest == "Forcing chain").unwrap();
    let grade = LogicSolver::new().grade(&Grid::from_line(row.puzzle).unwrap()).unwrap();
    let se = grade.se().unwrap().rating().unwrap();
    assert_eq!(se.er.to_string(), row.er);
    assert!(
        grade
            .to_string()
            .starts_with(&format!("SE rating {}/{}/{} (Forcing chain); our level: ", row.er, row.ep, row.ed))
    );
    assert!(grade.csv_row().starts_with(&format!(
        "{},{},{},{},Forcing chain,",
        grade.givens(),
        row.er,
        row.ep,
        row.ed
    )));
}

#[test]
fn refuses_what_it_cannot_rate() {
    let rater = SeRater::new();
    let empty = Grid::from_line(&".".repeat(81)).unwrap();
    assert!(matches!(rater.rate(&empty), Err(LogicError::MultipleSolutions)));
    let small = Grid::from_line("1234341221434321").unwrap();
    assert!(matches!(rater.rate(&small), Err(LogicError::SizeMismatch { .. })));
}

/// The rater remembers, per thread, digits whose places gave no
/// single-digit chain (see `chains/quiet.rs`), across steps and puzzles:
/// the steps must not depend on what was rated before, so the fixtures
/// rated in order, in reverse order and each on a fresh thread give the
/// same steps.
#[test]
fn steps_do_not_depend_on_what_was_rated_before() {
    let rows = fixture();
    let steps_of = |puzzle: &str| {
        let (grade, steps) = SeRater::new().rate_steps(&Grid::from_line(puzzle).unwrap()).unwrap();
        let steps: Vec<String> = steps.iter().map(|s| s.explanation().to_string()).collect();
        (grade.rating(), steps)
    };
    let forward: Vec<_> = rows.iter().map(|r| steps_of(r.puzzle)).collect();
    let mut backward: Vec<_> = rows.iter().rev().map(|r| steps_of(r.puzzle)).collect();
    backward.reverse();
    let fresh: Vec<_> = rows
        .iter()
        .map(|r| {
            let p = r.puzzle;
            std::thread::spawn(move || steps_of(p)).join().unwrap()
        })
        .collect();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(forward[i], backward[i], "{}", row.puzzle);
        assert_eq!(forward[i], fresh[i], "{}", row.puzzle);
    }
}
