//! The logic solver's public API: grading, levels, hints, the solution
//! path, candidate grids as text, other grid sizes and layouts, errors.

use exactcover::sudoku::logic::{self, Candidates, Hint, Level, LogicError, LogicSolver, StepKind, Technique};
use exactcover::sudoku::{Grid, Layout, SudokuSolver, Variant, Verdict};

/// A puzzle with its expected rating, level and guesses.
const GRADED: &[(&str, &str, Level, usize)] = &[
    ("003020600900305001001806400008102900700000008006708200002609500800203009005010300", "1.2", Level::Easy, 0),
    (".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", "3.0", Level::Medium, 0),
    (".................1..2..3.4......5....1.....673...28.......1......9...2...5.7..8..", "4.2", Level::Hard, 0),
    ("...27...98...........4.8..132...69.......9.3.7..1....2..........948....6.789...2.", "5.2", Level::Expert, 0),
    (
        // Arto Inkala's "world's hardest Sudoku".
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "3.4",
        Level::NeedsGuessing,
        5,
    ),
];

fn grid(line: &str) -> Grid {
    Grid::from_line(line).unwrap()
}

fn solution(puzzle: &Grid) -> Grid {
    match SudokuSolver::new(puzzle.box_size()).unwrap().verdict(puzzle).unwrap() {
        Verdict::Unique(s) => s,
        other => panic!("{other:?}"),
    }
}

#[test]
fn known_puzzles_get_their_grades() {
    let mut solver = LogicSolver::new();
    for &(line, rating, level, guesses) in GRADED {
        let grade = solver.grade(&grid(line)).unwrap();
        assert_eq!(grade.rating().to_string(), rating, "{line}: {grade}");
        assert_eq!(grade.level(), level, "{line}: {grade}");
        assert_eq!(grade.guesses(), guesses, "{line}: {grade}");
        assert_eq!(
            grade.steps(),
            81 - grade.givens()
                + grade
                    .counts()
                    .map(|(t, n)| {
                        if t == Technique::FullHouse
                            || t == Technique::HiddenSingle
                            || t == Technique::NakedSingle
                            || t == Technique::BugPlusOne
                        {
                            0
                        } else {
                            n
                        }
                    })
                    .sum::<usize>(),
            "every placement is one step: {grade}"
        );
    }
    let easy = solver.grade(&grid(GRADED[0].0)).unwrap();
    assert_eq!(easy.count(Technique::FullHouse), 20);
    assert_eq!(easy.count(Technique::HiddenSingle), 29);
    assert_eq!(
        easy.to_string(),
        "SE rating 1.2/1.2/1.2 (Hidden single); our level: easy; 32 givens, 20 × Full house, 29 × Hidden single, 0 guesses"
    );
    assert!(easy.csv_row().starts_with("32,1.2,1.2,1.2,Hidden single,easy,49,20,29,0,"), "{}", easy.csv_row());
}

#[test]
fn grading_is_deterministic() {
    let first: Vec<_> = GRADED.iter().map(|(line, ..)| logic::grade(&grid(line)).unwrap()).collect();
    let mut reused = LogicSolver::new();
    for _ in 0..3 {
        for (k, (line, ..)) in GRADED.iter().enumerate() {
            assert_eq!(reused.grade(&grid(line)).unwrap(), first[k]);
            assert_eq!(logic::path(&grid(line)).unwrap().grade(), &first[k]);
        }
    }
}

#[test]
fn the_path_replays_to_the_solution_and_candidates_only_shrink() {
    for &(line, ..) in GRADED {
        let puzzle = grid(line);
        let path = logic::path(&puzzle).unwrap();
        let mut replay = path.start().clone();
        assert_eq!(replay, Candidates::new(&puzzle));
        for (step, after) in path.iter() {
            let before = replay.clone();
            replay.apply(step);
            assert_eq!(&replay, after, "{step}");
            for k in 0..81 {
                let (b, a) = (before.candidates(k), after.candidates(k));
                assert_eq!(a.bits() & !b.bits(), 0, "{step}: r{}c{} gained", k / 9 + 1, k % 9 + 1);
                if before.value(k) != 0 {
                    assert_eq!(after.value(k), before.value(k));
                }
            }
        }
        assert_eq!(path.solution(), solution(&puzzle));
        assert_eq!(path.len(), path.grade().steps());
    }
}

#[test]
fn guesses_only_when_no_technique_applies() {
    let puzzle = grid(GRADED[4].0);
    let sol = solution(&puzzle);
    let path = logic::path(&puzzle).unwrap();
    let mut before = path.start().clone();
    let mut guesses = 0;
    for (step, after) in path.iter() {
        if step.is_guess() {
            guesses += 1;
            assert_eq!(step.kind(), StepKind::Guess);
            assert_eq!(step.technique(), None);
            assert!(logic::next_step(&before).is_none());
            let &[(cell, digit)] = step.placements() else { panic!("{step}") };
            assert_eq!(digit, sol.cells()[cell]);
            let fewest = (0..81).filter(|&k| before.value(k) == 0).map(|k| before.candidates(k).len()).min().unwrap();
            assert_eq!(before.candidates(cell).len(), fewest);
            assert!(step.explanation().starts_with("Guess: no technique applies."));
        } else {
            assert!(matches!(step.kind(), StepKind::Logic(_)));
        }
        before = after.clone();
    }
    assert_eq!(guesses, 5);
}

#[test]
fn hints_name_the_first_mistake() {
    let puzzle = grid(GRADED[0].0);
    let sol = solution(&puzzle);
    let mut player = puzzle.clone();
    // r1c1 and r2c2 are empty in the puzzle; a right digit and a wrong one.
    player.set(0, 0, sol.get(0, 0));
    player.set(1, 1, sol.get(1, 1) % 9 + 1);
    let hint = logic::hint(&puzzle, &player).unwrap();
    let Hint::Mistake { cell, entered, .. } = &hint else { panic!("{hint:?}") };
    assert_eq!((*cell, *entered), (10, sol.get(1, 1) % 9 + 1));
    assert_eq!(
        hint.text(),
        format!(
            "Mistake: r2c2 holds {}, which is not the digit that belongs there. Clear it first.",
            sol.get(1, 1) % 9 + 1
        )
    );
}

#[test]
fn hints_give_the_next_step_from_the_players_grid() {
    let puzzle = grid(GRADED[1].0);
    let sol = solution(&puzzle);
    let mut solver = LogicSolver::new();
    let Hint::Step(first) = solver.hint(&puzzle, &puzzle).unwrap() else { panic!() };
    assert_eq!(Some(first), logic::next_step(&Candidates::new(&puzzle)));
    // With some right entries, the hint is the next step from that grid.
    let mut player = puzzle.clone();
    for k in [0, 1, 2, 40, 80] {
        player.set(k / 9, k % 9, sol.cells()[k]);
    }
    let Hint::Step(step) = solver.hint(&puzzle, &player).unwrap() else { panic!() };
    assert_eq!(Some(step), logic::next_step(&Candidates::new(&player)));
}

/// A page that keeps the player's candidates and applies each hint gets to
/// the solution without a guess (the puzzle needs none).
#[test]
fn following_hints_solves_the_puzzle() {
    let puzzle = grid(GRADED[3].0);
    let sol = solution(&puzzle);
    let mut solver = LogicSolver::new();
    let mut player = Candidates::new(&puzzle);
    let mut hints = 0;
    loop {
        match solver.hint_from(&puzzle, &player).unwrap() {
            Hint::Solved => break,
            Hint::Step(step) => {
                assert!(!step.is_guess(), "{step}");
                player.apply(&step);
                hints += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(player.to_grid(), sol);
    assert_eq!(hints, solver.grade(&puzzle).unwrap().steps());
    assert_eq!(logic::hint(&puzzle, &sol).unwrap(), Hint::Solved);
}

#[test]
fn hints_notice_a_lost_candidate() {
    let puzzle = grid(GRADED[0].0);
    let sol = solution(&puzzle);
    let mut player = Candidates::new(&puzzle);
    // r1c1 is empty; remove its true digit as a player might.
    assert!(player.remove(0, sol.cells()[0]));
    let hint = LogicSolver::new().hint_from(&puzzle, &player).unwrap();
    assert!(matches!(hint, Hint::MissingCandidate { cell: 0, .. }), "{hint:?}");
    assert_eq!(hint.text(), "Mistake: r1c1 has lost a candidate it needs. Restore its candidates first.");
    // A wrong digit is reported before it.
    player.place(1, sol.cells()[1] % 9 + 1);
    let hint = LogicSolver::new().hint_from(&puzzle, &player).unwrap();
    assert!(matches!(hint, Hint::Mistake { cell: 1, .. }), "{hint:?}");
}

#[test]
fn hints_refuse_a_changed_given() {
    let puzzle = grid(GRADED[0].0);
    let mut player = puzzle.clone();
    player.set(0, 2, 0);
    let err = logic::hint(&puzzle, &player).unwrap_err();
    assert_eq!(err, LogicError::GivenChanged { cell: 2, side: 9, given: 3 });
    assert_eq!(err.to_string(), "r1c3 should hold the given 3");
}

#[test]
fn puzzles_without_one_solution_are_refused() {
    let empty = Grid::empty(3).unwrap();
    assert_eq!(logic::grade(&empty), Err(LogicError::MultipleSolutions));
    let clash = grid(&format!("11{}", ".".repeat(79)));
    assert!(matches!(logic::grade(&clash), Err(LogicError::Conflict(_))));
    // No two digits clash, but r1c9 has no candidate left.
    let dead = grid(&format!("12345678.{}9", ".".repeat(71)));
    assert_eq!(logic::grade(&dead), Err(LogicError::NoSolution));
    let mut x = LogicSolver::with_layout(Layout::variant(Variant::X, 3).unwrap());
    assert!(matches!(x.grade(&Grid::empty(2).unwrap()), Err(LogicError::SizeMismatch { grid: 4, layout: 9 })));
}

#[test]
fn candidate_grids_render_and_read_back() {
    let puzzle = grid(GRADED[2].0);
    let path = logic::path(&puzzle).unwrap();
    for (_, c) in path.iter().step_by(7) {
        let text = c.render();
        assert_eq!(text.lines().count(), 13);
        assert_eq!(Candidates::from_pencilmarks(&text).unwrap(), *c);
        assert_eq!(c.to_string(), text);
    }
    let start = path.start().render();
    assert!(start.starts_with("+-"), "{start}");
    // Tokens without separators read as well.
    let bare: String = start.replace(['|', '+', '-'], " ");
    assert_eq!(&Candidates::from_pencilmarks(&bare).unwrap(), path.start());
    assert!(Candidates::from_pencilmarks("12 3").is_err());
    let bad = start.replacen("| 4", "| 4x", 1);
    assert!(Candidates::from_pencilmarks(&bad).is_err() || bad == start);
}

#[test]
fn other_sizes_are_graded() {
    let four = grid("1.3.3..2.1..4.21");
    let grade = logic::grade(&four).unwrap();
    assert_eq!(grade.level(), Level::Easy);
    assert_eq!(logic::path(&four).unwrap().solution(), solution(&four));
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sudoku/big16.txt")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    // The fixture has many solutions: add givens from its first solution,
    // in grid order, until it has one.
    let mut big = grid(line.trim());
    let mut exact = SudokuSolver::new(4).unwrap();
    let full = exact.solve(&big).unwrap().unwrap();
    for k in 0..256 {
        if exact.count_up_to(&big, 2).unwrap() == 1 {
            break;
        }
        big.set(k / 16, k % 16, full.cells()[k]);
    }
    let path = logic::path(&big).unwrap();
    assert_eq!(path.solution(), solution(&big));
    let c = Candidates::new(&big);
    assert_eq!(Candidates::from_pencilmarks(&c.render()).unwrap(), c);
}

/// An X-Sudoku puzzle made here (the exact-cover solver's first solution
/// of the empty X grid, then givens dropped while the solution stays
/// unique), graded in the X layout: every logical step agrees with the
/// solution, and hidden singles on the diagonals are named as such.
#[test]
fn x_sudoku_is_graded_in_its_layout() {
    let layout = Layout::variant(Variant::X, 3).unwrap();
    let mut exact = SudokuSolver::with_layout(layout.clone());
    let full = exact.solve(&Grid::empty(3).unwrap()).unwrap().unwrap();
    let mut puzzle = full.clone();
    for k in (0..81).map(|i| (i * 37) % 81) {
        let keep = puzzle.get(k / 9, k % 9);
        puzzle.set(k / 9, k % 9, 0);
        if exact.count_up_to(&puzzle, 2).unwrap() != 1 {
            puzzle.set(k / 9, k % 9, keep);
        }
    }
    let mut solver = LogicSolver::with_layout(layout.clone());
    let path = solver.path(&puzzle).unwrap();
    assert_eq!(path.solution(), full);
    for (step, _) in path.iter() {
        for &(k, d) in step.placements() {
            assert_eq!(full.cells()[k], d, "{step}");
        }
        for &(k, d) in step.eliminations() {
            assert_ne!(full.cells()[k], d, "{step}");
        }
        assert_ne!(step.technique(), Some(Technique::UniqueRectangle));
    }
    assert!(path.iter().any(|(s, _)| s.houses().iter().any(|h| h.starts_with("diagonal"))));
    let classic = LogicSolver::new().grade(&puzzle);
    assert_ne!(classic.ok().as_ref(), Some(path.grade()));
}
