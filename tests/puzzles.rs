//! The puzzle builders reproduce the known answers, and the Sudoku variants
//! are solved by their own rules. (That they emit Knuth's own files is
//! checked in `dlx_files.rs`, beside his counts.)

mod common;

use exactcover::cover::Problem;
use exactcover::puzzles::langford::Langford;
use exactcover::puzzles::polyomino::{Packing, PackingOptions, parse_board, pentominoes, rectangle, tetrominoes};
use exactcover::puzzles::queens::Queens;
use exactcover::sudoku::{Grid, Layout, SudokuSolver, Variant, Verdict, check_solution};

fn count(p: &Problem) -> u64 {
    p.solver().count()
}

#[test]
fn queens_counts_up_to_fourteen() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596];
    for (n, &want) in (1..).zip(&expected) {
        assert_eq!(count(Queens::new(n).unwrap().problem()), want, "n = {n}");
    }
}

#[test]
fn pentomino_packings_raw_and_distinct() {
    let scott = parse_board(&std::fs::read_to_string("tests/fixtures/polyomino/scott.txt").unwrap()).unwrap();
    let boards = [
        ("6x10", rectangle(6, 10), 9356, 2339),
        ("5x12", rectangle(5, 12), 4040, 1010),
        ("4x15", rectangle(4, 15), 1472, 368),
        ("3x20", rectangle(3, 20), 8, 2),
        ("8x8 minus the centre 2x2", scott, 520, 65),
    ];
    for (name, board, raw, distinct) in boards {
        let p = Packing::new(pentominoes(), board.clone(), PackingOptions::default()).unwrap();
        assert_eq!(count(p.problem()), raw, "{name} raw");
        let d = Packing::new(pentominoes(), board, PackingOptions::distinct()).unwrap();
        assert_eq!(count(d.problem()), distinct, "{name} distinct (restricting {:?})", d.restricted_piece());
    }
}

#[test]
fn one_sided_and_fixed_pieces() {
    // Without reflections the 6x10 box still has its 4 rotational images
    // only when pieces may turn; fixed pieces admit no packing of 3x20.
    let fixed = PackingOptions { rotate: false, reflect: false, distinct: false };
    assert_eq!(count(Packing::new(pentominoes(), rectangle(3, 20), fixed).unwrap().problem()), 0);
    let one_sided = PackingOptions { rotate: true, reflect: false, distinct: true };
    let p = Packing::new(pentominoes(), rectangle(3, 20), one_sided).unwrap();
    assert_eq!(p.symmetries(), 2);
    assert_eq!(
        count(p.problem()) * 2,
        count(
            Packing::new(pentominoes(), rectangle(3, 20), PackingOptions { distinct: false, ..one_sided })
                .unwrap()
                .problem()
        )
    );
}

#[test]
fn tetrominoes_cannot_fill_a_four_by_five_box() {
    assert_eq!(count(Packing::new(tetrominoes(), rectangle(4, 5), PackingOptions::default()).unwrap().problem()), 0);
}

#[test]
fn langford_counts() {
    for (n, want) in [(3, 1), (4, 1), (5, 0), (6, 0), (7, 26), (8, 150), (11, 17_792), (12, 108_144)] {
        assert_eq!(count(Langford::new(n).unwrap().problem()), want, "n = {n}");
    }
}

#[test]
fn invalid_parameters_are_errors() {
    assert!(Queens::new(0).is_err());
    assert!(Langford::new(0).is_err());
    assert!(Packing::new(pentominoes(), rectangle(6, 11), PackingOptions::default()).is_err());
    assert!(exactcover::puzzles::polyomino::piece_set("heptominoes").is_err());
}

fn fixture_grid(name: &str) -> Grid {
    let text = std::fs::read_to_string(format!("tests/fixtures/sudoku/{name}")).unwrap();
    Grid::from_line(text.lines().find(|l| !l.starts_with('#')).unwrap()).unwrap()
}

#[test]
fn sudoku_variants_are_unique_by_their_own_rules() {
    let regions = std::fs::read_to_string("tests/fixtures/sudoku/jigsaw_regions.txt").unwrap();
    let solutions: Vec<Grid> = std::fs::read_to_string("tests/fixtures/sudoku/variants_solutions.txt")
        .unwrap()
        .lines()
        .map(|l| Grid::from_line(l).unwrap())
        .collect();
    let cases = [
        ("x.txt", Layout::variant(Variant::X, 3).unwrap()),
        ("windoku.txt", Layout::variant(Variant::Windoku, 3).unwrap()),
        ("jigsaw.txt", Layout::jigsaw(&regions).unwrap()),
    ];
    for ((name, layout), want) in cases.into_iter().zip(&solutions) {
        let puzzle = fixture_grid(name);
        let mut solver = SudokuSolver::with_layout(layout.clone());
        match solver.verdict(&puzzle).unwrap() {
            Verdict::Unique(s) => {
                assert_eq!(&s, want, "{name}");
                check_solution(&layout, &puzzle, &s).unwrap();
            }
            other => panic!("{name}: {other:?}"),
        }
        // The variant's extra houses matter: as a classic puzzle it is not unique,
        // and the classic checker alone would not notice a broken diagonal.
        assert!(matches!(SudokuSolver::new(3).unwrap().verdict(&puzzle).unwrap(), Verdict::Several(_)), "{name}");
    }
}

#[test]
fn larger_boxes_solve() {
    let empty = Grid::empty(4).unwrap();
    let s = SudokuSolver::new(4).unwrap().solve(&empty).unwrap().unwrap();
    check_solution(&Layout::classic(4).unwrap(), &empty, &s).unwrap();
    let x16 = Layout::variant(Variant::X, 4).unwrap();
    let s = SudokuSolver::with_layout(x16.clone()).solve(&empty).unwrap().unwrap();
    check_solution(&x16, &empty, &s).unwrap();
}
