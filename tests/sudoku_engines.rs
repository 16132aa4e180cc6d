//! The Sudoku searches against each other: the band search (singles on,
//! the default, for classic 9×9 puzzles), the bitboard search (singles on,
//! for the other grids of at most 128 cells, and the classic houses given
//! as a jigsaw map) and the dance on the exact-cover matrix (singles off:
//! Knuth's `sudoku-dlx` problem). They must find the same solutions,
//! counts and verdicts, and honour the limits as the dance does.

use exactcover::cover::{Limits, Status, StopReason};
use exactcover::sudoku::{
    Examined, Grid, InputFormat, Layout, SudokuSolver, Variant, Verdict, check_solution, read_puzzles,
};
use proptest::prelude::*;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn puzzles(path: &str) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap();
    read_puzzles(&text, InputFormat::Auto).map(|p| p.unwrap().grid).collect()
}

/// Every solution of `puzzle` (at most `max`), sorted, and whether the
/// search finished; with singles on (the bitboards) or off (the dance).
fn all(solver: &mut SudokuSolver, puzzle: &Grid, max: u64, singles: bool) -> (Vec<Vec<u8>>, bool) {
    solver.set_singles(singles);
    let mut found = Vec::new();
    let outcome = solver.for_each_solution(puzzle, max, |cells| {
        found.push(cells.to_vec());
        ControlFlow::Continue(())
    });
    let Ok(e @ Examined { conflict: None, .. }) = outcome else { panic!("{puzzle}: {outcome:?}") };
    assert_eq!(e.solutions, found.len() as u64);
    for cells in &found {
        let grid = Grid::from_cells(cells.clone()).unwrap();
        check_solution(solver.layout(), puzzle, &grid).unwrap_or_else(|e| panic!("{puzzle}: {e:?}"));
    }
    found.sort();
    (found, e.status == Status::Complete)
}

/// The classic houses as a jigsaw map: a layout the bitboard search
/// takes, where classic 9×9 puzzles go to the band search.
fn classic_as_jigsaw() -> Layout {
    let map: String = (0..9)
        .map(|r| (0..9).map(|c| char::from(b'a' + (r / 3 * 3 + c / 3) as u8)).collect::<String>() + "\n")
        .collect();
    Layout::jigsaw(&map).unwrap()
}

thread_local! {
    /// A solver on [`classic_as_jigsaw`], made once per test thread.
    static BITBOARDS: std::cell::RefCell<SudokuSolver> = std::cell::RefCell::new(SudokuSolver::with_layout(classic_as_jigsaw()));
}

/// The searches on `puzzle`: the same solutions when they finish, the same
/// count (`max`) when none does. Singles on, a classic 9×9 puzzle goes to
/// the band search, which must also agree with the bitboard search (on the
/// same houses as a jigsaw). The number of solutions.
fn agree(solver: &mut SudokuSolver, puzzle: &Grid, max: u64) -> usize {
    let (bits, bits_done) = all(solver, puzzle, max, true);
    let (dance, dance_done) = all(solver, puzzle, max, false);
    assert_eq!(bits_done, dance_done, "{puzzle}");
    if bits_done {
        assert_eq!(bits, dance, "{puzzle}");
    } else {
        assert_eq!(bits.len(), dance.len(), "{puzzle}");
    }
    if solver.layout().is_classic() && solver.layout().side() == 9 {
        let (old, old_done) = BITBOARDS.with(|b| all(&mut b.borrow_mut(), puzzle, max, true));
        assert_eq!(old_done, bits_done, "{puzzle}");
        if bits_done {
            assert_eq!(old, bits, "{puzzle}");
        } else {
            assert_eq!(old.len(), bits.len(), "{puzzle}");
        }
    }
    bits.len()
}

/// Puzzles without a solution, on the band search and the two others:
/// shipped puzzles with an empty cell given a wrong digit that no given
/// contradicts (no solution, found by search or at the root), and with a
/// given repeated in its row, column or box (a clash, named alike by the
/// band search and the bitboard search).
#[test]
fn the_searches_agree_on_contradictory_and_clashing_puzzles() {
    let mut solver = SudokuSolver::new(3).unwrap();
    let mut bitboards = SudokuSolver::with_layout(classic_as_jigsaw());
    let (mut wrong, mut clashes) = (0, 0);
    for p in puzzles("data/puzzles.txt").iter().take(300) {
        let solution = solver.solve(p).unwrap().unwrap();
        let cells = p.cells();
        // A wrong digit in the first empty cell where no peer's given forbids it.
        let layout = solver.layout().clone();
        'cell: for c in (0..81).filter(|&c| cells[c] == 0) {
            for d in (1..=9u8).filter(|&d| d != solution.cells()[c]) {
                if layout.peers(c).iter().any(|&k| cells[k] == d) {
                    continue;
                }
                let mut bad = cells.to_vec();
                bad[c] = d;
                let bad = Grid::from_cells(bad).unwrap();
                assert_eq!(agree(&mut solver, &bad, 5), 0, "{bad}");
                wrong += 1;
                break 'cell;
            }
        }
        // A given copied into an empty peer: the clash is named.
        let given = (0..81).find(|&c| cells[c] != 0).unwrap();
        let peer = layout.peers(given).iter().copied().find(|&k| cells[k] == 0).unwrap();
        let mut bad = cells.to_vec();
        bad[peer] = cells[given];
        let bad = Grid::from_cells(bad).unwrap();
        for s in [&mut solver, &mut bitboards] {
            let Verdict::None(Some(conflict)) = s.verdict(&bad).unwrap() else { panic!("{bad}") };
            assert_eq!(conflict.digit, cells[given], "{bad}");
        }
        solver.set_singles(false);
        assert!(matches!(solver.verdict(&bad).unwrap(), Verdict::None(Some(_))), "{bad}");
        solver.set_singles(true);
        clashes += 1;
    }
    assert!(wrong >= 290 && clashes == 300, "{wrong} wrong digits, {clashes} clashes");
}

/// The 1,000 generated puzzles of `data/puzzles.txt` (unique), and each
/// with its first given removed (often several solutions).
#[test]
fn the_searches_agree_on_the_shipped_puzzles_and_weakened_ones() {
    let mut solver = SudokuSolver::new(3).unwrap();
    let (mut unique, mut several) = (0, 0);
    for p in puzzles("data/puzzles.txt") {
        assert_eq!(agree(&mut solver, &p, 3), 1, "{p}");
        unique += 1;
        let mut cells = p.cells().to_vec();
        let first = cells.iter().position(|&v| v != 0).unwrap();
        cells[first] = 0;
        let weaker = Grid::from_cells(cells).unwrap();
        if agree(&mut solver, &weaker, 500) > 1 {
            several += 1;
        }
    }
    assert_eq!(unique, 1000);
    assert!(several > 500, "{several} weakened puzzles with several solutions");
}

/// The fixtures: the seed articles' puzzles, 4×4, and the 9×9 variants
/// (X, windoku, jigsaw), whose houses the bitboards take from the layout.
#[test]
fn the_searches_agree_on_the_fixtures_and_the_variants() {
    let dir = "tests/fixtures/sudoku";
    let mut solver = SudokuSolver::new(3).unwrap();
    for p in puzzles(&format!("{dir}/seeds.txt")).iter().chain(&puzzles(&format!("{dir}/qqwing.txt"))) {
        assert_eq!(agree(&mut solver, p, 10), 1, "{p}");
    }
    let mut four = SudokuSolver::new(2).unwrap();
    for p in puzzles(&format!("{dir}/four.txt")) {
        agree(&mut four, &p, 1000);
    }
    // The empty 4×4 grid: all 288 grids.
    assert_eq!(agree(&mut four, &Grid::from_cells(vec![0; 16]).unwrap(), 1000), 288);
    let regions = std::fs::read_to_string(format!("{dir}/jigsaw_regions.txt")).unwrap();
    let cases = [
        ("x.txt", Layout::variant(Variant::X, 3).unwrap()),
        ("windoku.txt", Layout::variant(Variant::Windoku, 3).unwrap()),
        ("jigsaw.txt", Layout::jigsaw(&regions).unwrap()),
    ];
    for (file, layout) in cases {
        let mut variant = SudokuSolver::with_layout(layout);
        for p in puzzles(&format!("{dir}/{file}")) {
            assert_eq!(agree(&mut variant, &p, 10), 1, "{file} {p}");
            // As a classic puzzle it has several solutions.
            assert!(agree(&mut solver, &p, 5000) > 1, "{file} {p}");
        }
    }
}

/// The variants' puzzles thinned to a few givens, and two sparse puzzles
/// found in review: with few two-candidate cells, guessing only on cells
/// took 23.7 million nodes (windoku) and 239,307 (jigsaw) where the dance
/// takes about a hundred. Guessing on a house's digit when no cell has
/// fewer than four candidates and that digit has fewer places in the
/// house than the best cell has candidates keeps the bitboard search small: no
/// puzzle here takes 10,000 nodes, and all together take fewer than the
/// dance.
#[test]
fn sparse_variant_puzzles_take_few_nodes() {
    let dir = "tests/fixtures/sudoku";
    let regions = std::fs::read_to_string(format!("{dir}/jigsaw_regions.txt")).unwrap();
    let cases = [
        ("x.txt", Layout::variant(Variant::X, 3).unwrap()),
        ("windoku.txt", Layout::variant(Variant::Windoku, 3).unwrap()),
        ("jigsaw.txt", Layout::jigsaw(&regions).unwrap()),
    ];
    let found_in_review = [
        ("windoku.txt", ".....4.......................6..............3...................................."),
        ("jigsaw.txt", "..........2..............................................5......1...6............"),
    ];
    let budget = 10_000;
    let (mut state, mut total_bits, mut total_dance) = (12345u64, 0, 0);
    for (file, layout) in cases {
        let mut solver = SudokuSolver::with_layout(layout);
        let mut sparse: Vec<Grid> =
            found_in_review.iter().filter(|(f, _)| *f == file).map(|(_, p)| Grid::from_line(p).unwrap()).collect();
        for p in puzzles(&format!("{dir}/{file}")) {
            for keep in (0..30).step_by(3) {
                let mut cells = p.cells().to_vec();
                for c in &mut cells {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    if (state >> 33) % 30 >= keep {
                        *c = 0;
                    }
                }
                sparse.push(Grid::from_cells(cells).unwrap());
            }
        }
        for g in &sparse {
            solver.set_singles(true);
            solver.set_limits(Limits::new().nodes(budget));
            let bits = solver.verdict(g).unwrap();
            let nodes = solver.stats().nodes;
            assert!(!matches!(bits, Verdict::Unknown(..)), "{file} {g}: more than {budget} nodes");
            solver.set_singles(false);
            solver.set_limits(Limits::new().nodes(1_000_000));
            let dance = solver.verdict(g).unwrap();
            // The dance has its own slow cases (a jigsaw puzzle thinned
            // here takes it more than a million nodes).
            if !matches!(dance, Verdict::Unknown(..)) {
                assert_eq!(std::mem::discriminant(&bits), std::mem::discriminant(&dance), "{file} {g}");
                total_bits += nodes;
                total_dance += solver.stats().nodes;
            }
            // Every solution, where there are few enough to list: a guess
            // on a house's places must partition the solutions as a guess
            // on a cell does.
            solver.set_limits(Limits::new().nodes(1_000_000));
            agree(&mut solver, g, 300);
        }
    }
    assert!(total_bits < total_dance, "bitboards {total_bits} nodes, dance {total_dance}");
}

/// A solved grid with its digits relabelled, its rows and columns permuted
/// within bands and stacks, and only the cells of `keep` given.
fn partial(relabel: &[u8], rows: &[usize], cols: &[usize], keep: &[bool]) -> Grid {
    let solved = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    let solved: Vec<u8> = solved.bytes().map(|b| b - b'0').collect();
    let cells = (0..81)
        .map(|k| {
            let (r, c) = (k / 9, k % 9);
            let v = solved[rows[r] * 9 + cols[c]];
            if keep[k] { relabel[usize::from(v) - 1] } else { 0 }
        })
        .collect();
    Grid::from_cells(cells).unwrap()
}

fn permutation_within_threes() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(Just(vec![0usize, 1, 2]).prop_shuffle(), 3)
        .prop_map(|parts| parts.iter().enumerate().flat_map(|(b, p)| p.iter().map(move |&i| b * 3 + i)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random partial grids of a solved grid (so at least one solution),
    /// from sparse (hundreds of solutions) to nearly full: the same
    /// solutions, up to 200.
    #[test]
    fn the_searches_agree_on_random_partial_grids(
        relabel in Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        rows in permutation_within_threes(),
        cols in permutation_within_threes(),
        density in 18usize..40,
        seed in proptest::collection::vec(0usize..81, 81),
    ) {
        let keep: Vec<bool> = seed.iter().map(|&x| x < density).collect();
        let puzzle = partial(&relabel, &rows, &cols, &keep);
        let mut solver = SudokuSolver::new(3).unwrap();
        prop_assert!(agree(&mut solver, &puzzle, 200) >= 1);
    }
}

/// The limits stop the bitboard search as they stop the dance: the node
/// budget exactly, a raised cancel flag and a past deadline at once; the
/// solver then runs again. The empty grid has more solutions than any
/// search here can reach.
#[test]
fn limits_stop_the_bitboard_search() {
    let empty = Grid::from_cells(vec![0; 81]).unwrap();
    let mut solver = SudokuSolver::new(3).unwrap();
    let run = |solver: &mut SudokuSolver, limits: Limits| {
        solver.set_limits(limits);
        let mut seen = 0u64;
        let outcome = solver.for_each_solution(&empty, u64::MAX, |_| {
            seen += 1;
            ControlFlow::Continue(())
        });
        let Ok(e @ Examined { conflict: None, .. }) = outcome else { panic!("{outcome:?}") };
        assert_eq!(e.solutions, seen);
        e
    };
    let e = run(&mut solver, Limits::new().nodes(1000));
    assert_eq!((e.status, e.nodes), (Status::Stopped(StopReason::Nodes), 1000));
    assert!(e.solutions > 0 && e.guesses > 0);
    let flag = Arc::new(AtomicBool::new(true));
    let e = run(&mut solver, Limits::new().cancel_flag(flag));
    assert_eq!((e.status, e.solutions), (Status::Stopped(StopReason::Cancelled), 0));
    let e = run(&mut solver, Limits::new().time(Duration::ZERO));
    assert_eq!((e.status, e.solutions), (Status::Stopped(StopReason::Time), 0));
    // Past the root (unless the machine stalls for 50 ms), then by time.
    let e = run(&mut solver, Limits::new().time(Duration::from_millis(50)));
    assert_eq!(e.status, Status::Stopped(StopReason::Time));
    assert!(e.nodes > 0, "{e:?}");
    // A visitor's Break, and a solution limit, are `Stopped(Solutions)`.
    solver.set_limits(Limits::new());
    let mut n = 0;
    let outcome = solver.for_each_solution(&empty, u64::MAX, |_| {
        n += 1;
        if n == 7 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    assert!(
        matches!(outcome, Ok(e) if e.conflict.is_none() && e.solutions == 7 && e.status == Status::Stopped(StopReason::Solutions))
    );
    assert_eq!(solver.count_up_to(&empty, 50).unwrap(), 50);
}

/// The limits at their edges give the same results on both searches, on
/// the empty grid (more solutions than any search here reaches) and on
/// Inkala's puzzle (one solution, 113 boards and 2,720 dance nodes): a
/// budget of 0 nodes stops before the first, a budget of 100 stops at
/// 100, `Limits::solutions` stops as `max` does, and asking for no
/// solution searches nothing.
#[test]
fn limits_at_their_edges_agree_between_the_searches() {
    let empty = Grid::from_cells(vec![0; 81]).unwrap();
    let inkala =
        Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..").unwrap();
    let stopped = |r| Status::Stopped(r);
    for singles in [true, false] {
        let mut solver = SudokuSolver::new(3).unwrap();
        solver.set_singles(singles);
        let mut run = |puzzle: &Grid, limits: Limits, max: u64| {
            solver.set_limits(limits);
            let outcome = solver.for_each_solution(puzzle, max, |_| ControlFlow::Continue(()));
            let Ok(e @ Examined { conflict: None, .. }) = outcome else { panic!("{outcome:?}") };
            assert_eq!(solver.stats().nodes, e.nodes);
            (e.status, e.solutions, e.nodes)
        };
        for puzzle in [&empty, &inkala] {
            let at = format!("singles {singles}, {puzzle}");
            assert_eq!(run(puzzle, Limits::new().nodes(0), 10), (stopped(StopReason::Nodes), 0, 0), "{at}");
            assert_eq!(run(puzzle, Limits::new(), 0), (stopped(StopReason::Solutions), 0, 0), "{at}");
            let e = run(puzzle, Limits::new().solutions(0), 10);
            assert_eq!(e, (stopped(StopReason::Solutions), 0, 0), "{at}");
        }
        let (status, solutions, nodes) = run(&inkala, Limits::new().nodes(50), 10);
        assert_eq!((status, nodes), (stopped(StopReason::Nodes), 50), "singles {singles}");
        assert!(solutions <= 1);
        let (status, solutions, _) = run(&empty, Limits::new().solutions(3), 10);
        assert_eq!((status, solutions), (stopped(StopReason::Solutions), 3), "singles {singles}");
        let (status, solutions, _) = run(&inkala, Limits::new().solutions(3), 10);
        assert_eq!((status, solutions), (Status::Complete, 1), "singles {singles}");
    }
}

/// Puzzles that deductions settle without a guess: singles alone (Inkala's
/// grid with five cells emptied), or singles with locked candidates at the
/// root (a shipped puzzle: one board, no guess). Either way the one
/// solution is reported as a complete search, even when one solution is
/// all that was asked for, and `Limits::solutions(0)` reports none and
/// calls no visitor, as the dance does.
#[test]
fn puzzles_settled_without_a_guess_honour_the_limits() {
    let mut singles_only: Vec<u8> = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
        .bytes()
        .map(|b| b - b'0')
        .collect();
    for c in [0, 10, 20, 30, 40] {
        singles_only[c] = 0;
    }
    let singles_only = Grid::from_cells(singles_only).unwrap();
    let by_locking =
        Grid::from_line("32.....1...4..7......8..2.9.36.1...8.........9...4.65.5.7..9......3..4...9.....26").unwrap();
    let mut solver = SudokuSolver::new(3).unwrap();
    for puzzle in [&singles_only, &by_locking] {
        let run = |solver: &mut SudokuSolver, limits: Limits, max: u64| {
            solver.set_limits(limits);
            let mut visits = 0;
            let outcome = solver.for_each_solution(puzzle, max, |_| {
                visits += 1;
                ControlFlow::Break(())
            });
            let Ok(e @ Examined { conflict: None, .. }) = outcome else { panic!("{outcome:?}") };
            (e.status, e.solutions, visits)
        };
        for singles in [true, false] {
            solver.set_singles(singles);
            let none = run(&mut solver, Limits::new().solutions(0), 5);
            assert_eq!(none, (Status::Stopped(StopReason::Solutions), 0, 0), "singles {singles}, {puzzle}");
            let (_, solutions, visits) = run(&mut solver, Limits::new().solutions(1), 5);
            assert_eq!((solutions, visits), (1, 1), "singles {singles}, {puzzle}");
        }
        solver.set_singles(true);
        assert_eq!(run(&mut solver, Limits::new(), 1), (Status::Complete, 1, 1), "{puzzle}");
    }
    solver.set_limits(Limits::new());
    solver.verdict(&by_locking).unwrap();
    // The band search settles it as singles would: no search at all; the
    // bitboard search takes one board (locked candidates at the root).
    assert_eq!((solver.stats().nodes, solver.stats().guesses), (0, 0), "settled at the root");
    let mut bitboards = SudokuSolver::with_layout(classic_as_jigsaw());
    bitboards.verdict(&by_locking).unwrap();
    assert_eq!((bitboards.stats().nodes, bitboards.stats().guesses), (1, 0), "settled at the root");
}

/// Statistics: the band and bitboard searches count their boards and
/// guesses and no link updates; the dance reports Knuth's DLX1 figures.
#[test]
fn each_search_reports_its_own_statistics() {
    let inkala =
        Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..").unwrap();
    let mut solver = SudokuSolver::new(3).unwrap();
    solver.verdict(&inkala).unwrap();
    let bands = solver.stats();
    assert_eq!((bands.nodes, bands.guesses, bands.updates), (105, 52, 0), "{bands:?}");
    let mut bitboards = SudokuSolver::with_layout(classic_as_jigsaw());
    bitboards.verdict(&inkala).unwrap();
    let bits = bitboards.stats();
    // 247 boards and 123 guesses with singles alone: locked candidates on.
    assert_eq!((bits.nodes, bits.guesses, bits.updates), (113, 56, 0), "{bits:?}");
    solver.set_singles(false);
    solver.verdict(&inkala).unwrap();
    assert_eq!((solver.stats().nodes, solver.stats().updates), (2720, 48760));
}
