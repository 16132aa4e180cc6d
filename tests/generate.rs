//! Generation over many seeds: every puzzle unique, minimal when asked,
//! symmetric as asked, of the level asked, and reproducible.

use exactcover::sudoku::logic::{Level, LogicSolver};
use exactcover::sudoku::{Generator, GeneratorOptions, Grid, SudokuSolver, Symmetry, Verdict, derive_seed};
use rayon::prelude::*;

fn unique(solver: &mut SudokuSolver, g: &Grid) -> bool {
    matches!(solver.verdict(g).unwrap(), Verdict::Unique(_))
}

/// Whether no orbit of givens can be removed without losing uniqueness.
fn minimal(solver: &mut SudokuSolver, g: &Grid, symmetry: Symmetry) -> bool {
    symmetry.orbits(g.side()).iter().filter(|o| g.cells()[o[0]] != 0).all(|orbit| {
        let mut fewer = g.cells().to_vec();
        orbit.iter().for_each(|&c| fewer[c] = 0);
        !unique(solver, &Grid::from_cells(fewer).unwrap())
    })
}

#[test]
fn many_seeds_every_symmetry() {
    let cases: Vec<(Symmetry, u64)> =
        Symmetry::ALL.iter().flat_map(|&s| (0..40).map(move |i| (s, derive_seed(99, i)))).collect();
    cases.par_iter().for_each(|&(symmetry, seed)| {
        let options = GeneratorOptions { symmetry, ..GeneratorOptions::default() };
        let g = Generator::new(3, options.clone()).unwrap().generate(seed);
        let again = Generator::new(3, options).unwrap().generate(seed);
        assert_eq!(g, again, "reproducible");
        assert!(symmetry.choices().contains(&g.symmetry), "{symmetry}: {}", g.symmetry);
        assert!(g.symmetry.holds(g.puzzle.cells(), 9), "{symmetry} {}", g.puzzle);
        let mut solver = SudokuSolver::new(3).unwrap();
        assert!(unique(&mut solver, &g.puzzle), "unique {}", g.puzzle);
        assert!(minimal(&mut solver, &g.puzzle, g.symmetry), "minimal {symmetry} {}", g.puzzle);
        for (k, (&p, &s)) in g.puzzle.cells().iter().zip(g.solution.cells()).enumerate() {
            assert!(p == 0 || p == s, "given {k} agrees with the solution");
        }
    });
}

#[test]
fn other_sizes() {
    for (n, seeds) in [(2, 30), (4, 2)] {
        for seed in 0..seeds {
            let g = Generator::new(n, GeneratorOptions::default()).unwrap().generate(seed);
            let mut solver = SudokuSolver::new(n).unwrap();
            assert!(unique(&mut solver, &g.puzzle), "{}", g.puzzle);
            assert!(Symmetry::Rot180.holds(g.puzzle.cells(), n * n), "{}", g.puzzle);
            assert!(minimal(&mut solver, &g.puzzle, Symmetry::Rot180), "{}", g.puzzle);
        }
    }
}

/// With no symmetry, minimal means what it says: no single given can go.
#[test]
fn without_symmetry_no_single_given_can_go() {
    let options = GeneratorOptions { symmetry: Symmetry::None, ..GeneratorOptions::default() };
    (0..40u64).into_par_iter().for_each(|seed| {
        let g = Generator::new(3, options.clone()).unwrap().generate(derive_seed(5, seed));
        let mut solver = SudokuSolver::new(3).unwrap();
        for k in (0..81).filter(|&k| g.puzzle.cells()[k] != 0) {
            let mut fewer = g.puzzle.cells().to_vec();
            fewer[k] = 0;
            assert!(!unique(&mut solver, &Grid::from_cells(fewer).unwrap()), "given {k} of {}", g.puzzle);
        }
    });
}

#[test]
fn clue_bounds_and_levels() {
    let mut g =
        Generator::new(3, GeneratorOptions { minimal: false, max_clues: Some(40), ..GeneratorOptions::default() })
            .unwrap();
    for seed in 0..20 {
        let p = g.generate(seed);
        assert!(p.clues_met && p.puzzle.givens() <= 40);
        assert!(unique(&mut SudokuSolver::new(3).unwrap(), &p.puzzle));
    }
    // An impossible bound is reported, not hidden.
    let mut g = Generator::new(3, GeneratorOptions { max_clues: Some(17), attempts: 3, ..GeneratorOptions::default() })
        .unwrap();
    let p = g.generate(1);
    assert!(!p.clues_met && p.puzzle.givens() > 17);
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::NeedsGuessing] {
        let mut g =
            Generator::new(3, GeneratorOptions { difficulty: Some(level), ..GeneratorOptions::default() }).unwrap();
        for seed in 0..3 {
            let p = g.generate(seed);
            assert!(p.clues_met);
            assert_eq!(LogicSolver::new().grade(&p.puzzle).unwrap().level(), level, "{}", p.puzzle);
        }
    }
}
