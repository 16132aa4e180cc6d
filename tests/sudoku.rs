//! The Sudoku front end through the library: the seed articles' puzzles,
//! every input format, small and big grids, conflicts, invariance under the
//! grid's symmetries, and batch solving.

use exactcover::cover::Limits;
use exactcover::sudoku::batch::{Batch, BatchOutput};
use exactcover::sudoku::{
    Examined, Grid, InputFormat, Layout, ParseErrorKind, SudokuError, SudokuSolver, Verdict, check_solution, conflicts,
    read_puzzles,
};
use proptest::prelude::*;

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("tests/fixtures/sudoku/{name}")).unwrap()
}

fn grids(name: &str) -> Vec<Grid> {
    read_puzzles(&fixture(name), InputFormat::Auto).map(|p| p.unwrap().grid).collect()
}

fn good_grids(name: &str) -> Vec<Grid> {
    read_puzzles(&fixture(name), InputFormat::Auto).filter_map(Result::ok).map(|p| p.grid).collect()
}

fn unique(solver: &mut SudokuSolver, g: &Grid) -> Grid {
    match solver.verdict(g).unwrap() {
        Verdict::Unique(s) => s,
        other => panic!("{g}: {other:?}"),
    }
}

#[test]
fn seed_puzzles_have_their_published_solutions() {
    let mut solver = SudokuSolver::new(3).unwrap();
    let solutions = grids("seeds_solutions.txt");
    let puzzles = grids("seeds.txt");
    assert_eq!(puzzles.len(), 3);
    for (p, want) in puzzles.iter().zip(&solutions) {
        assert_eq!(&unique(&mut solver, p), want);
    }
    assert!(solutions[0].to_line().starts_with("812753649"));
    // The dance on Knuth's problem (singles off).
    solver.set_singles(false);
    unique(&mut solver, &puzzles[0]);
    solver.set_singles(true);
    assert_eq!(solver.stats().nodes, 2720, "Knuth's DLX1 visits 2,720 nodes on the Inkala puzzle");
    assert_eq!(solver.stats().updates, 48760);
    let from_file = grids("seed_file.txt");
    assert_eq!(unique(&mut solver, &from_file[0]), solutions[2]);
}

#[test]
fn every_input_format_reads_the_same_puzzles() {
    let inkala = grids("seeds.txt")[0].clone();
    assert_eq!(grids("simple_sudoku.ss"), std::slice::from_ref(&inkala));
    assert_eq!(grids("seed_file.txt"), [grids("seeds.txt")[2].clone()]);
    let mixed: Vec<_> = read_puzzles(&fixture("mixed.txt"), InputFormat::Auto).map(Result::unwrap).collect();
    assert_eq!(mixed.len(), 3);
    assert_eq!(mixed[0].grid, inkala);
    assert_eq!((mixed[0].line, mixed[1].line, mixed[2].line), (3, 6, 7));
    assert_eq!(mixed[1].count, Some(1));
    assert!(mixed[1].solution.is_some());
    assert_eq!(mixed[2].count, Some(0));
    let kaggle: Vec<_> = read_puzzles(&fixture("kaggle.csv"), InputFormat::Csv).map(Result::unwrap).collect();
    assert_eq!(kaggle.len(), 1);
    assert_eq!(kaggle[0].solution.as_ref().unwrap().to_line().len(), 81);
    let comma = grids("comma_grid.csv");
    assert_eq!(comma[0].to_line(), "641......753......982.........937......465......182.........137......829......645");
    let board = grids("leetcode.json");
    assert_eq!(&board[0].to_line()[..18], "53..7....6..195...");
    assert_eq!(grids("qqwing.txt")[0].givens(), 24);
    let four = grids("four.txt");
    assert_eq!(four.len(), 3);
    assert_eq!(four[0], four[1]);
    assert_eq!(four[0].side(), 4);
}

#[test]
fn forced_formats_reject_other_shapes() {
    let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n";
    assert!(read_puzzles(line, InputFormat::Line).all(|p| p.is_ok()));
    assert!(read_puzzles(&fixture("seed_file.txt"), InputFormat::Line).all(|p| p.is_err()));
    assert!(read_puzzles(&fixture("seed_file.txt"), InputFormat::Block).all(|p| p.is_ok()));
    assert!(read_puzzles(line, InputFormat::Leetcode).all(|p| p.is_err()));
}

#[test]
fn errors_name_line_and_column_and_the_rest_is_read() {
    let results: Vec<_> = read_puzzles(&fixture("bad.txt"), InputFormat::Auto).collect();
    assert_eq!(results.len(), 6);
    let errors: Vec<String> = results.iter().filter_map(|r| r.as_ref().err()).map(ToString::to_string).collect();
    assert_eq!(
        errors,
        [
            "line 2, column 1: wrong length: 80 cells; a puzzle line has 81 (or 16, 256, 625)",
            "line 3, column 46: bad character `x` in r6c1 of a 9×9 grid",
        ]
    );
    // The errors are typed: a caller can tell the kinds apart.
    let kinds: Vec<&ParseErrorKind> = results
        .iter()
        .filter_map(|r| match r {
            Err(SudokuError::Parse { kind, .. }) => Some(kind),
            _ => None,
        })
        .collect();
    assert_eq!(kinds[0], &ParseErrorKind::WrongLength { cells: 80, looks_like_row: false });
    assert_eq!(kinds[1], &ParseErrorKind::BadCell { character: 'x', cell: 45, side: 9 });
}

#[test]
fn conflicting_givens_are_no_solution_with_the_cells_named() {
    let mut solver = SudokuSolver::new(3).unwrap();
    let bad = good_grids("bad.txt");
    match solver.verdict(&bad[1]).unwrap() {
        Verdict::None(Some(c)) => {
            assert_eq!(c.to_string(), "r1c1 and r1c2 both hold 8 (row 1)")
        }
        other => panic!("{other:?}"),
    }
    match solver.verdict(&bad[2]).unwrap() {
        Verdict::None(Some(c)) => {
            assert_eq!(c.to_string(), "r9c8 and r9c9 both hold 5 (row 9)")
        }
        other => panic!("{other:?}"),
    }
    let layout = Layout::classic(3).unwrap();
    assert_eq!(conflicts(&layout, &bad[2]).len(), 3);
    assert!(conflicts(&layout, &grids("seeds_solutions.txt")[0]).is_empty());
}

#[test]
fn small_and_big_grids() {
    let empty4 = Grid::empty(2).unwrap();
    assert_eq!(SudokuSolver::new(2).unwrap().count_up_to(&empty4, 1000).unwrap(), 288);
    for name in ["big16.txt", "big25.txt"] {
        let puzzle = grids(name).remove(0);
        let n = puzzle.box_size();
        let solution = SudokuSolver::new(n).unwrap().solve(&puzzle).unwrap().expect("solvable");
        check_solution(&Layout::classic(n).unwrap(), &puzzle, &solution).unwrap();
    }
}

#[test]
fn size_mismatch_is_an_error() {
    let mut solver = SudokuSolver::new(3).unwrap();
    assert!(solver.verdict(&Grid::empty(4).unwrap()).is_err());
}

#[test]
fn batch_results_match_one_by_one_solving_in_order() {
    let mut puzzles = grids("seeds.txt");
    puzzles.extend(grids("four.txt"));
    puzzles.extend(good_grids("bad.txt"));
    let batch = Batch::new(2, Limits::new());
    let mut out = BatchOutput::default();
    batch.run(&puzzles, &mut out);
    assert_eq!(out.len(), puzzles.len());
    for (k, p) in puzzles.iter().enumerate() {
        let mut solver = SudokuSolver::new(p.box_size()).unwrap();
        match (solver.verdict(p).unwrap(), out.outcome(k)) {
            (Verdict::Unique(s), Ok(e @ Examined { conflict: None, .. })) => {
                assert_eq!(e.solutions, 1);
                assert_eq!(out.solution(k), s.cells());
            }
            (Verdict::Several(_), Ok(e @ Examined { conflict: None, .. })) => assert_eq!(e.solutions, 2),
            (Verdict::None(None), Ok(e @ Examined { conflict: None, .. })) => assert_eq!(e.solutions, 0),
            (Verdict::None(Some(_)), Ok(Examined { conflict: Some(_), .. })) => {}
            (v, o) => panic!("{p}: {v:?} vs {o:?}"),
        }
    }
    // The one-pass form hands each worker the same outcome and solution,
    // with the puzzle's index, and keeps the input order.
    let mapped = batch.map(&puzzles, |k, outcome, solution| (k, outcome.clone(), solution.to_vec()));
    assert_eq!(mapped.len(), puzzles.len());
    for (k, (index, outcome, solution)) in mapped.into_iter().enumerate() {
        assert_eq!((index, &outcome), (k, out.outcome(k)));
        if matches!(&outcome, Ok(e) if e.solutions > 0) {
            assert_eq!(solution, out.solution(k));
        }
    }
}

/// The grid under a symmetry: digit relabelling, transposition, and
/// permutations of bands, rows within bands, stacks and columns.
pub fn transform(g: &Grid, relabel: &[u8], transpose: bool, rows: &[usize], cols: &[usize]) -> Grid {
    let side = g.side();
    let mut cells = vec![0; side * side];
    for r in 0..side {
        for c in 0..side {
            let (sr, sc) = (rows[r], cols[c]);
            let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
            let v = g.get(sr, sc);
            cells[r * side + c] = if v == 0 { 0 } else { relabel[usize::from(v) - 1] };
        }
    }
    Grid::from_cells(cells).unwrap()
}

/// A permutation of 0..9 that keeps bands together: bands permuted, rows
/// permuted within each band.
fn line_permutation() -> impl Strategy<Value = Vec<usize>> {
    (Just(vec![0usize, 1, 2]).prop_shuffle(), proptest::collection::vec(Just(vec![0usize, 1, 2]).prop_shuffle(), 3))
        .prop_map(|(bands, within)| bands.iter().flat_map(|&b| within[b].iter().map(move |&r| b * 3 + r)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn counts_are_invariant_under_the_grids_symmetries(
        k in 0usize..6,
        relabel in Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
        transpose in any::<bool>(),
        rows in line_permutation(),
        cols in line_permutation(),
    ) {
        let mut puzzles = grids("seeds.txt");
        puzzles.extend(grids("mixed.txt"));
        puzzles.push(grids("comma_grid.csv")[0].clone());
        puzzles.push(grids("qqwing.txt")[0].clone());
        let p = &puzzles[k];
        let mut solver = SudokuSolver::new(3).unwrap();
        let want = solver.count_up_to(p, 50).unwrap();
        let q = transform(p, &relabel, transpose, &rows, &cols);
        prop_assert_eq!(solver.count_up_to(&q, 50).unwrap(), want);
    }
}

/// Public constructors refuse a box size outside 2..=5 with an error, never
/// a panic (9 is a side, not a box size).
#[test]
fn constructors_refuse_bad_box_sizes() {
    use exactcover::sudoku::{Generator, GeneratorOptions};
    for n in [0, 1, 6, 9, 81] {
        assert_eq!(SudokuSolver::new(n).unwrap_err(), SudokuError::BoxSize(n));
        assert_eq!(Layout::classic(n).unwrap_err(), SudokuError::BoxSize(n));
        assert_eq!(Grid::empty(n).unwrap_err(), SudokuError::BoxSize(n));
        assert!(matches!(Generator::new(n, GeneratorOptions::default()), Err(SudokuError::BoxSize(m)) if m == n));
    }
    assert_eq!(
        SudokuError::BoxSize(9).to_string(),
        "box size 9 is not one of 2, 3, 4 and 5 (grids 4×4, 9×9, 16×16 and 25×25)"
    );
    for n in 2..=5 {
        assert_eq!(Grid::empty(n).unwrap().side(), n * n);
        assert_eq!(SudokuSolver::for_grid(&Grid::empty(n).unwrap()).layout().side(), n * n);
    }
}
