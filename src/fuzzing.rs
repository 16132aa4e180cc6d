//! Properties checked on arbitrary input, shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/`) and the corpus replay test
//! (`tests/fuzz_corpus.rs`), so CI covers the corpus without fuzz tooling.
//!
//! Each function panics if a property fails; none may panic otherwise.

use crate::cover::{
    ColorId, ItemId, Limits, OptionId, Problem, ProblemBuilder, brute_force_solutions, check_solution, read_dlx_bytes,
};
use crate::sudoku::{InputFormat, PuzzleReader, SudokuSolver, Verdict, check_solution as check_grid};

/// The Sudoku reader, in every format, on arbitrary bytes: it must not
/// panic, and every grid it returns must be well formed.
pub fn sudoku_parse(data: &[u8]) {
    for format in [InputFormat::Auto, InputFormat::Line, InputFormat::Block, InputFormat::Csv, InputFormat::Leetcode] {
        for puzzle in PuzzleReader::new(data, format).flatten() {
            let side = puzzle.grid.side();
            assert_eq!(puzzle.grid.cells().len(), side * side);
            assert!(puzzle.grid.cells().iter().all(|&v| usize::from(v) <= side));
        }
    }
}

/// The DLX reader on arbitrary bytes: it must not panic, and what it reads
/// must survive a write and a second read unchanged.
pub fn dlx_parse(data: &[u8]) {
    let Ok(input) = read_dlx_bytes(data) else { return };
    let written = crate::cover::write_dlx(&input.problem);
    let again = Problem::from_dlx(&written).expect("the writer's output reads back");
    assert_eq!(crate::cover::write_dlx(&again), written);
}

/// Parse, then solve with a node budget: every reported solution must pass
/// the independent checker, for DLX problems and Sudoku puzzles alike.
pub fn parse_then_solve(data: &[u8]) {
    if let Ok(input) = read_dlx_bytes(data) {
        let problem = input.problem;
        let mut solver = problem.solver().with_limits(Limits::new().nodes(2000));
        solver.set_verify(false);
        let mut found = 0;
        while let Some(s) = solver.next_solution() {
            check_solution(&problem, s).expect("a reported solution is a cover");
            found += 1;
            if found == 20 {
                break;
            }
        }
        solver.reset();
        assert!(solver.links_are_pristine());
    }
    for puzzle in PuzzleReader::new(data, InputFormat::Auto).flatten().take(4) {
        let mut solver = SudokuSolver::for_grid(&puzzle.grid);
        solver.set_limits(Limits::new().nodes(2000));
        if let Ok(Verdict::Unique(s) | Verdict::Several(s)) = solver.verdict(&puzzle.grid) {
            check_grid(solver.layout(), &puzzle.grid, &s).expect("a reported Sudoku solution is valid");
        }
    }
}

/// A small problem decoded from bytes, with secondary items and colours,
/// solved by the engine and by brute force: the solution sets must agree.
pub fn matrix_vs_brute(data: &[u8]) {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next().unwrap_or(0);
    let primary = 1 + usize::from(next() % 6);
    let secondary = usize::from(next() % 4);
    let n = primary + secondary;
    let options = usize::from(next() % 13);
    let mut b = ProblemBuilder::with_items(primary, secondary);
    let colors = [ColorId::NONE, b.color("a"), b.color("b")];
    for _ in 0..options {
        let mask = u32::from(next()) | (u32::from(next()) << 8);
        let mut entries = Vec::new();
        for i in 0..n {
            if mask >> i & 1 == 1 {
                let color = if i >= primary { colors[usize::from(next() % 3)] } else { ColorId::NONE };
                entries.push((ItemId::from_u32(i as u32), color));
            }
        }
        if entries.is_empty() {
            entries.push((ItemId::from_u32(0), ColorId::NONE));
        }
        b.colored_option_ids(&entries).expect("valid entries");
    }
    let problem = b.build().expect("a valid problem");
    let mut expected = brute_force_solutions(&problem).expect("small enough");
    let mut solver = problem.solver();
    let mut found: Vec<Vec<OptionId>> = solver
        .solutions()
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    found.sort();
    expected.sort();
    assert_eq!(found, expected);
    assert!(solver.links_are_pristine());
}
