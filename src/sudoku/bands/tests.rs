//! The band search's choices of boards that take the forced columns
//! ([`Forced`]) against each other: every choice is sound, so each finds
//! the same solutions, and each solution passes a check written here,
//! independent of the search.

use super::board::Board;
use super::search::{Bands, CLASH_CHECK_AT, Forced};
use crate::cover::{Limits, Status};
use std::ops::ControlFlow;

/// Every solution of `cells` (at most `max`), sorted, each checked, and
/// the nodes searched.
fn solutions(forced: Forced, cells: &[u8; 81], max: u64) -> (Vec<[u8; 81]>, u64) {
    let mut bands = Bands::with_forced(forced);
    let mut found = Vec::new();
    let examined = bands.examine(cells, max, u64::MAX, &Limits::default(), |s| {
        found.push(<[u8; 81]>::try_from(s).expect("81 cells"));
        ControlFlow::Continue(())
    });
    assert_eq!(examined.solutions, found.len() as u64);
    for solution in &found {
        assert!(is_solution_of(solution, cells), "{solution:?} for {cells:?}");
    }
    found.sort_unstable();
    (found, examined.nodes)
}

/// Whether `solution` keeps the givens of `cells` and holds each digit
/// once in every row, column and box.
fn is_solution_of(solution: &[u8; 81], cells: &[u8; 81]) -> bool {
    let kept = cells.iter().zip(solution).all(|(&g, &s)| g == 0 || g == s);
    let house = |cell: &dyn Fn(usize) -> usize| {
        let mut seen = 0u16;
        for k in 0..9 {
            seen |= 1 << solution[cell(k)];
        }
        seen == 0b11_1111_1110
    };
    kept && (0..9).all(|h| {
        house(&|k| 9 * h + k) && house(&|k| 9 * k + h) && house(&|k| 9 * (h / 3 * 3 + k / 3) + h % 3 * 3 + k % 3)
    })
}

fn line(text: &str) -> [u8; 81] {
    let cells: Vec<u8> = text.bytes().map(|c| if c == b'.' { 0 } else { c - b'0' }).collect();
    cells.try_into().expect("81 cells")
}

/// The three choices agree, and the tuned one's later boards take the
/// forced columns: Inkala's puzzle searches past its 16th node.
#[test]
fn every_choice_finds_the_same_solutions_of_hard_puzzles() {
    let hard = [
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    ];
    for text in hard {
        let cells = line(text);
        let (tuned, nodes) = solutions(Forced::TUNED, &cells, 2);
        assert_eq!(tuned.len(), 1, "{text}");
        assert_eq!(solutions(Forced::ALWAYS, &cells, 2).0, tuned, "{text}");
        assert_eq!(solutions(Forced::NEVER, &cells, 2).0, tuned, "{text}");
        if text.starts_with("8...") {
            assert!(nodes > Forced::TUNED.nodes, "{nodes}");
        }
    }
}

/// Random partial grids (a solved grid relabelled, its rows shuffled
/// within their bands, a share of its cells kept), many with several
/// solutions: the same solutions, up to 60, whichever boards take the
/// forced columns.
#[test]
fn every_choice_finds_the_same_solutions_of_random_partial_grids() {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut several = 0;
    for round in 0..300 {
        let mut relabel: Vec<u8> = (1..=9).collect();
        for k in (1..9).rev() {
            relabel.swap(k, next() as usize % (k + 1));
        }
        let mut rows: Vec<usize> = (0..9).collect();
        for band in 0..3 {
            for k in (1..3).rev() {
                rows.swap(3 * band + k, 3 * band + next() as usize % (k + 1));
            }
        }
        let keep = 22 + round % 18;
        let mut cells = [0u8; 81];
        for (c, cell) in cells.iter_mut().enumerate() {
            let (r, col) = (rows[c / 9], c % 9);
            if (next() % 81) < keep as u64 {
                *cell = relabel[(r * 3 + r / 3 + col) % 9];
            }
        }
        // Past 60, each choice may stop at other solutions: only their
        // number must agree.
        let (tuned, _) = solutions(Forced::TUNED, &cells, 60);
        assert!(!tuned.is_empty(), "{cells:?}");
        for other in [Forced::ALWAYS, Forced::NEVER] {
            let (found, _) = solutions(other, &cells, 60);
            assert_eq!(found.len(), tuned.len(), "{cells:?}");
            if tuned.len() < 60 {
                assert_eq!(found, tuned, "{cells:?}");
            }
        }
        several += usize::from(tuned.len() > 1);
    }
    assert!(several > 100, "{several}");
}

/// The tuned choice: boards with many empty cells, or any board from the
/// 16th node on.
#[test]
fn the_tuned_choice_takes_open_boards_and_late_nodes() {
    // A solved grid with its first `open` cells emptied.
    let board = |open: usize| {
        let mut cells = [0u8; 81];
        for (c, cell) in cells.iter_mut().enumerate().skip(open) {
            let (r, col) = (c / 9, c % 9);
            *cell = ((r * 3 + r / 3 + col) % 9 + 1) as u8;
        }
        let board = Board::load(&cells);
        assert_eq!(board.open(), open as u32);
        board
    };
    let tuned = Forced::TUNED;
    assert!(tuned.takes(&board(45), 1) && tuned.takes(&board(81), 2));
    assert!(!tuned.takes(&board(44), 15) && !tuned.takes(&board(10), 1));
    assert!(tuned.takes(&board(10), 16) && tuned.takes(&board(0), 1000));
    assert!(Forced::ALWAYS.takes(&board(0), 0) && !Forced::NEVER.takes(&board(81), 1 << 40));
}

/// A visit that reads the cells of the first `shown` solutions gets them,
/// in the order of a search that shows them all, and no cells past them;
/// the solutions counted are the same.
#[test]
fn the_cells_of_the_first_shown_solutions_only() {
    // Inkala's puzzle with its first row emptied: many solutions.
    let cells = line("...........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
    let every = |shown: u64, max: u64| {
        let mut seen: Vec<Vec<u8>> = Vec::new();
        let examined = Bands::default().examine(&cells, max, shown, &Limits::default(), |s| {
            seen.push(s.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(examined.solutions, seen.len() as u64);
        seen
    };
    let all = every(u64::MAX, 6);
    assert_eq!(all.len(), 6);
    assert!(all.iter().all(|s| s.len() == 81));
    for shown in [0, 1, 2, 5] {
        let seen = every(shown, 6);
        assert_eq!(seen.len(), 6, "{shown}");
        for (k, (s, a)) in seen.iter().zip(&all).enumerate() {
            if (k as u64) < shown {
                assert_eq!(s, a, "{shown}: {k}");
            } else {
                assert!(s.is_empty(), "{shown}: {k}");
            }
        }
    }
    // Solved at the root: its one solution, shown or not.
    let solved = line("812753649943682175675491283154237896369845721287169534521974368438526917796318452");
    let mut seen = Vec::new();
    for shown in [0, 1] {
        Bands::default().examine(&solved, 2, shown, &Limits::default(), |s| {
            seen.push(s.len());
            ControlFlow::Continue(())
        });
    }
    assert_eq!(seen, [0, 81]);
}

/// Whether two givens of `cells` share a digit and a house.
fn clash(cells: &[u8; 81]) -> bool {
    (0..81).any(|a| {
        (a + 1..81).any(|b| {
            let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
            let house = ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
            cells[a] != 0 && cells[a] == cells[b] && house
        })
    })
}

/// A source of numbers below its argument (xorshift64, from `state`).
fn below(mut state: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    }
}

/// Givens that clash leave no solution, however full the grid and however
/// few digits it uses: a full grid of one digit was "solved", as a digit
/// the givens left no cell never had its band's update. Full and nearly
/// full grids of one to three digits, and solved grids with cells
/// changed, against a direct look for the clash (`solutions` checks every
/// solution found).
#[test]
fn clashing_givens_have_no_solution() {
    let found = [
        "7".repeat(81),
        "218128888288218221821118211182288182828812111812821128821121828811282111211822221".to_string(),
        "66666666666666666666666666666666666666666666666666666666.666666666666.6666666.666".to_string(),
    ];
    for text in &found {
        for forced in [Forced::TUNED, Forced::ALWAYS, Forced::NEVER] {
            assert_eq!(solutions(forced, &line(text), 2).0.len(), 0, "{text}");
        }
    }
    let mut next = below(0x2545_f491_4f6c_dd1d);
    let (mut clashing, mut solved) = (0, 0);
    for round in 0..3000 {
        let mut cells = [0u8; 81];
        if round % 2 == 0 {
            // One to three digits, a few cells empty or none.
            let (digits, empty) = (1 + next(3), next(4));
            for cell in &mut cells {
                *cell = if next(81) < empty { 0 } else { 1 + next(digits) as u8 };
            }
        } else {
            // A solved grid, a few cells emptied and one or two changed.
            for (c, cell) in cells.iter_mut().enumerate() {
                let (r, col) = (c / 9, c % 9);
                *cell = if next(9) == 0 { 0 } else { ((r * 3 + r / 3 + col) % 9 + 1) as u8 };
            }
            for _ in 0..1 + next(2) {
                cells[next(81) as usize] = 1 + next(9) as u8;
            }
        }
        let (all, _) = solutions(Forced::TUNED, &cells, 2);
        if clash(&cells) {
            clashing += 1;
            assert!(all.is_empty(), "{cells:?}");
        }
        solved += usize::from(!all.is_empty());
    }
    assert!(clashing > 2000 && solved > 50, "{clashing} {solved}");
}

/// Sparse givens that clash are found within [`CLASH_CHECK_AT`] guesses
/// (before: the fuzzer's grid, two 1s side by side in two rows, took 4.7 s
/// and millions of nodes to find no solution). Random sparse grids, a
/// given copied into a cell of its row, column or box: no solution and
/// few nodes when they clash (against the direct look).
#[test]
fn sparse_clashing_givens_are_found_within_a_few_nodes() {
    let slow = line(".............11..................................11....98.........3..4.9.5....8..");
    let found = Bands::default().examine(&slow, 2, 2, &Limits::default().nodes(100_000), |_| ControlFlow::Continue(()));
    assert_eq!((found.solutions, found.guesses, found.status), (0, CLASH_CHECK_AT, Status::Complete));
    let mut next = below(0x9e37_79b9_7f4a_7c15);
    let mut clashing = 0;
    for _ in 0..3000 {
        let mut cells = [0u8; 81];
        for _ in 0..8 + next(14) {
            cells[next(81) as usize] = 1 + next(9) as u8;
        }
        // A given copied into a peer: its row, its column or its box.
        let from = next(81) as usize;
        let (r, c) = (from / 9, from % 9);
        let to = match next(3) {
            0 => r * 9 + next(9) as usize,
            1 => next(9) as usize * 9 + c,
            _ => (r / 3 * 3 + next(3) as usize) * 9 + c / 3 * 3 + next(3) as usize,
        };
        cells[to] = cells[from];
        let (all, nodes) = solutions(Forced::TUNED, &cells, 2);
        if clash(&cells) {
            clashing += 1;
            assert!(all.is_empty() && nodes <= 4 * CLASH_CHECK_AT, "{nodes} nodes for {cells:?}");
        }
    }
    assert!(clashing > 1000, "{clashing}");
}
