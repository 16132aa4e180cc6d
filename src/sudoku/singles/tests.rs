//! The singles pass on known puzzles, on both engines, and the engines
//! against each other on random puzzles.

use super::*;
use crate::sudoku::adapter::SudokuSolver;
use crate::sudoku::grid::Grid;
use crate::sudoku::layout::Variant;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const KAGGLE: &str = "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
const KAGGLE_SOLUTION: &str = "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

/// Both engines for `layout` (the bitboards only if they fit).
fn engines(layout: &Layout) -> Vec<Singles> {
    let mut v = vec![Singles::Masks(masks::Masks::new(layout))];
    if Bits::fits(layout) {
        v.push(Singles::Bits(Bits::new(layout)));
    }
    v
}

/// Loads `line` and propagates, on each engine.
fn run_on(line: &str) -> Vec<(Singles, Outcome)> {
    let g = Grid::from_line(line).unwrap();
    engines(&Layout::classic(g.box_size()).unwrap())
        .into_iter()
        .map(|mut s| {
            let o = s.load(g.cells()).unwrap();
            let o = if o == Outcome::Stuck { s.propagate() } else { o };
            (s, o)
        })
        .collect()
}

fn text(cells: &[u8]) -> String {
    cells.iter().map(|&d| char::from(b'0' + d)).collect()
}

/// What one engine makes of `puzzle` with the candidate `exclude` (if
/// any) removed: the outcome, the board unless it is a contradiction
/// (whose board depends on the order of placements), and the candidates
/// if stuck. Checks that `board` agrees with `cells` and `candidates`.
fn run(s: &mut Singles, puzzle: &[u8], exclude: Option<(usize, u8)>) -> (Outcome, Vec<u8>, Vec<u32>) {
    let mut o = s.load(puzzle).unwrap();
    if let (Some((c, d)), Outcome::Stuck) = (exclude, o) {
        o = s.exclude(c, d);
    }
    if o == Outcome::Stuck {
        o = s.propagate();
    }
    if o == Outcome::Contradiction {
        return (o, Vec::new(), Vec::new());
    }
    let board = s.cells().to_vec();
    let cands: Vec<u32> = (0..puzzle.len()).map(|c| s.candidates(c)).collect();
    let (b_cells, b_masks) = s.board();
    assert_eq!((b_cells, b_masks), (board.as_slice(), cands.as_slice()));
    (o, board, if o == Outcome::Stuck { cands } else { Vec::new() })
}

#[test]
fn the_engine_suits_the_size() {
    assert!(matches!(Singles::new(&Layout::classic(3).unwrap()), Singles::Bits(_)));
    assert!(matches!(Singles::new(&Layout::variant(Variant::Windoku, 3).unwrap()), Singles::Bits(_)));
    assert!(matches!(Singles::new(&Layout::classic(2).unwrap()), Singles::Bits(_)));
    assert!(matches!(Singles::new(&Layout::classic(4).unwrap()), Singles::Masks(_)));
}

#[test]
fn an_easy_puzzle_is_solved_by_singles() {
    for (s, o) in run_on(KAGGLE) {
        assert_eq!(o, Outcome::Solved);
        assert_eq!(text(s.cells()), KAGGLE_SOLUTION);
        assert_eq!(s.empty(), 0);
    }
}

#[test]
fn the_hardest_puzzle_has_no_single() {
    for (s, o) in run_on(INKALA) {
        assert_eq!(o, Outcome::Stuck);
        assert_eq!(s.empty(), 81 - 21);
        // r1c2 sees 8 (row 1), 7, 5, 9 (column 2) and 3 (box 1): 1 2 4 6 are left.
        assert_eq!(s.candidates(1), 0b10_1011);
        assert_eq!(s.candidates(0), 0);
    }
}

#[test]
fn hidden_singles_place_what_naked_ones_cannot() {
    // 4×4: no cell has a single candidate, but 3 has one place left in
    // row 1 (r1c3), and in row 4 (r4c2).
    let line = "....3......3..2.";
    let g = Grid::from_line(line).unwrap();
    for mut s in engines(&Layout::classic(2).unwrap()) {
        assert_eq!(s.load(g.cells()), Ok(Outcome::Stuck));
        assert!((0..16).filter(|&c| g.cells()[c] == 0).all(|c| s.candidates(c).count_ones() >= 2));
        assert_eq!(s.candidates(2), 0b1101);
        s.propagate();
        assert_eq!((s.cells()[2], s.cells()[13]), (3, 3));
    }
}

#[test]
fn clashes_and_contradictions() {
    let clash = Grid::from_line(&INKALA.replacen('.', "8", 1)).unwrap();
    // r1c2 sees 1..=8 in row 1 and 9 below it in column 2: no candidate.
    let dead = Grid::from_line(&format!("1.2345678.9.......{}", ".".repeat(63))).unwrap();
    let kaggle = Grid::from_line(KAGGLE).unwrap();
    for mut s in engines(&Layout::classic(3).unwrap()) {
        assert_eq!(s.load(clash.cells()), Err(Clash));
        assert_eq!(s.load(dead.cells()), Ok(Outcome::Contradiction));
        // Kaggle's first puzzle with r1c5 ≠ 7 (its candidates are 5 and
        // 7): singles find no solution, which proves 7 is the only digit
        // there; with r1c5 ≠ 5, they solve it.
        s.load(kaggle.cells()).unwrap();
        assert_eq!(s.candidates(4), 0b101_0000);
        assert_eq!(s.exclude(4, 7), Outcome::Stuck);
        assert_eq!(s.propagate(), Outcome::Contradiction);
        s.load(kaggle.cells()).unwrap();
        assert_eq!(s.exclude(4, 5), Outcome::Stuck);
        assert_eq!(s.propagate(), Outcome::Solved);
        assert_eq!(text(s.cells()), KAGGLE_SOLUTION);
        // Excluding a cell's last candidate.
        s.load(kaggle.cells()).unwrap();
        s.exclude(4, 7);
        assert_eq!(s.exclude(4, 5), Outcome::Contradiction);
    }
}

/// Singles that leave a digit with no cell anywhere (here 3, whose last
/// places in row 3 go) show a contradiction, on both engines: an empty
/// board is looked at like any other.
#[test]
fn a_digit_left_without_cells_is_a_contradiction() {
    let line = ".9....1.7.5.8..3.47...9....8..9...3....467....7...3..5....2...83.5..8.6.4.7....2.";
    let g = Grid::from_line(line).unwrap();
    for mut s in engines(&Layout::classic(3).unwrap()) {
        assert_eq!(s.load(g.cells()), Ok(Outcome::Stuck));
        // r1c3 holds 8 in the puzzle's only solution.
        assert_eq!(s.exclude(2, 8), Outcome::Stuck);
        assert_eq!(s.propagate(), Outcome::Contradiction);
    }
}

#[test]
fn a_full_grid_loads_as_solved() {
    for (_, o) in run_on(KAGGLE_SOLUTION) {
        assert_eq!(o, Outcome::Solved);
    }
}

/// On random puzzles of every 9×9 and 4×4 layout, with and without an
/// exclusion, the two engines agree on the outcome, the cells and the
/// candidates; a solved grid is the puzzle's solution; and a 16×16 puzzle
/// with most givens left is solved by the masks.
#[test]
fn the_engines_agree() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let layouts = [
        Layout::classic(3).unwrap(),
        Layout::variant(Variant::X, 3).unwrap(),
        Layout::variant(Variant::Windoku, 3).unwrap(),
        Layout::classic(2).unwrap(),
        Layout::classic(4).unwrap(),
    ];
    let mut seen = [0; 3];
    for layout in &layouts {
        let cells = layout.side().pow(2);
        let mut filler = SudokuSolver::with_layout(layout.clone());
        let mut singles = engines(layout);
        for round in 0..60 {
            filler.set_seed(Some(round));
            let full = filler.solve(&Grid::empty(layout.box_size()).unwrap()).unwrap().unwrap();
            let mut order: Vec<usize> = (0..cells).collect();
            order.shuffle(&mut rng);
            let keep = rng.random_range(cells / 5..cells);
            let mut puzzle = full.cells().to_vec();
            order[keep..].iter().for_each(|&c| puzzle[c] = 0);
            let exclude = (rng.random_bool(0.5) && keep < cells).then(|| {
                let c = order[keep];
                let d = if rng.random_bool(0.5) { full.cells()[c] } else { rng.random_range(1..=layout.side() as u8) };
                (c, d)
            });
            let results: Vec<_> = singles.iter_mut().map(|s| run(s, &puzzle, exclude)).collect();
            assert!(
                results.windows(2).all(|w| w[0] == w[1]),
                "{} {puzzle:?} {exclude:?} {:?}",
                layout.name(),
                results.iter().map(|r| (r.0, text(&r.1))).collect::<Vec<_>>()
            );
            let (o, solved, _) = &results[0];
            seen[*o as usize] += 1;
            if exclude.is_none() {
                assert_ne!(*o, Outcome::Contradiction);
            }
            if *o == Outcome::Solved && exclude.is_none() {
                assert_eq!(solved, full.cells());
            }
            if layout.side() == 16 && keep > cells * 3 / 4 && exclude.is_none() {
                assert_eq!(*o, Outcome::Solved);
            }
        }
    }
    // Every outcome came up many times.
    assert!(seen.iter().all(|&n| n >= 20), "{seen:?}");
}

/// The 1,000 puzzles of `data/puzzles.txt` (each with one solution), on
/// both engines, as they are and with the solution's digit excluded from
/// each empty cell in turn (the generator's question, whose answer must
/// be "no solution"): the engines agree, and no step contradicts the
/// solution. Without the exclusion, the solution's digits are among the
/// candidates left, and a solved grid is the solution; with it, singles
/// never claim a solution.
#[test]
fn the_engines_agree_on_the_sample_puzzles() {
    let lines = include_str!("../../../data/puzzles.txt").lines().filter(|l| !l.starts_with('#'));
    let layout = Layout::classic(3).unwrap();
    let mut singles = engines(&layout);
    let mut solver = SudokuSolver::new(3).unwrap();
    let mut seen = [0; 3];
    for (k, line) in lines.enumerate() {
        let puzzle = Grid::from_line(line).unwrap();
        let solution = solver.solve(&puzzle).unwrap().unwrap();
        let empty: Vec<usize> = (0..81).filter(|&c| puzzle.cells()[c] == 0).collect();
        // Every empty cell of a few puzzles, one cell of the others.
        let tried = if k % 50 == 0 { empty.clone() } else { vec![empty[k % empty.len()]] };
        for exclude in std::iter::once(None).chain(tried.into_iter().map(|c| Some((c, solution.cells()[c])))) {
            let results: Vec<_> = singles.iter_mut().map(|s| run(s, puzzle.cells(), exclude)).collect();
            assert!(results.windows(2).all(|w| w[0] == w[1]), "puzzle {k}: {line} {exclude:?}");
            let (o, board, cands) = &results[0];
            seen[*o as usize] += 1;
            match (o, exclude) {
                (Outcome::Solved, None) => assert_eq!(board, solution.cells()),
                (Outcome::Solved, Some(_)) => panic!("puzzle {k}: a second solution claimed, {exclude:?}"),
                (Outcome::Contradiction, None) => panic!("puzzle {k}: a solvable puzzle refuted"),
                (Outcome::Stuck, None) => {
                    for c in (0..81).filter(|&c| board[c] == 0) {
                        assert_ne!(cands[c] & 1 << (solution.cells()[c] - 1), 0, "puzzle {k}, cell {c}");
                    }
                    assert!((0..81).all(|c| board[c] == 0 || board[c] == solution.cells()[c]));
                }
                _ => {}
            }
        }
    }
    assert!(seen.iter().all(|&n| n >= 20), "{seen:?}");
}
