//! [`Zdd::walk`] against the iterator and the checker: on random problems
//! whose solutions are long (past the checker's short cut, so that its
//! word matters), with and without multiplicities, the walk gives the
//! iterator's solutions in its order, each with the exact length of its
//! common prefix with the one before; a [`Checker`] fed that word accepts
//! each one, and judges a corrupted copy as a check from scratch does;
//! a walk from any index gives the rest of the order.

use exactcover::cover::{Checker, OptionId, Problem, ProblemBuilder, check_solution};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::ControlFlow;

/// A problem of 16 to 20 primary items (some with bounds up to 2 when
/// `bounds`), each alone in an option, and a few random pairs and triples,
/// with a secondary item or two: solutions of 8 to 20 options.
fn long_problem(rng: &mut ChaCha8Rng, bounds: bool) -> Problem {
    let mut b = ProblemBuilder::new();
    let n = rng.random_range(16..=20);
    for i in 0..n {
        if bounds && rng.random_bool(0.2) {
            b.primary_with_bounds(format!("p{i}"), rng.random_range(0..=1), 2).unwrap();
        } else {
            b.primary(format!("p{i}")).unwrap();
        }
    }
    b.secondary("s0").unwrap();
    b.secondary("s1").unwrap();
    for i in 0..n {
        b.option([format!("p{i}")]).unwrap();
    }
    for _ in 0..rng.random_range(4..=12) {
        let size = rng.random_range(2..=3);
        let mut items: Vec<String> = Vec::new();
        while items.len() < size {
            let name = format!("p{}", rng.random_range(0..n));
            if !items.contains(&name) {
                items.push(name);
            }
        }
        if rng.random_bool(0.3) {
            items.push(format!("s{}", rng.random_range(0..2)));
        }
        b.option(items).unwrap();
    }
    b.build().unwrap()
}

fn common_prefix(a: &[OptionId], b: &[OptionId]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

#[test]
fn the_walk_gives_each_solution_with_its_shared_prefix_and_the_checker_takes_its_word() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut walked_total = 0usize;
    let mut rejected = 0usize;
    for k in 0..120 {
        let problem = long_problem(&mut rng, k % 2 == 1);
        let zdd = problem.solver().zdd().unwrap();
        let all: Vec<Vec<OptionId>> = zdd.solutions().collect();
        let mut walked: Vec<Vec<OptionId>> = Vec::new();
        let mut checker = Checker::new(&problem);
        let mut faulty = Checker::new(&problem);
        let option_count = problem.option_count() as u32;
        let flow = zdd.walk(|s, shared| {
            let before = walked.last().map_or(0, |p| common_prefix(p, s));
            assert_eq!(shared, before, "problem {k}, solution {}", walked.len());
            assert_eq!(checker.check_from(s, shared), Ok(()), "problem {k}");
            // The same solution with one option changed: the checker,
            // given the walk's word, agrees with a check from scratch.
            let mut bad = s.to_vec();
            let at = rng.random_range(0..bad.len());
            bad[at] = OptionId::from_u32(rng.random_range(0..option_count));
            let hinted = faulty.check_from(&bad, shared.min(at));
            assert_eq!(hinted.is_ok(), check_solution(&problem, &bad).is_ok(), "problem {k}: {bad:?}");
            rejected += usize::from(hinted.is_err());
            walked.push(s.to_vec());
            ControlFlow::<()>::Continue(())
        });
        assert!(flow.is_continue());
        assert_eq!(walked, all, "problem {k}");
        // From any index: the rest of the order, with the same words but
        // the first.
        for start in [0, 1, all.len() / 3, all.len().saturating_sub(1), all.len(), all.len() + 5] {
            let mut rest: Vec<(Vec<OptionId>, usize)> = Vec::new();
            let _ = zdd.walk_from(start as u64, |s, shared| {
                rest.push((s.to_vec(), shared));
                ControlFlow::<()>::Continue(())
            });
            let expected: Vec<_> = all
                .iter()
                .enumerate()
                .skip(start)
                .map(|(i, s)| (s.clone(), if i == start { 0 } else { common_prefix(&all[i - 1], s) }))
                .collect();
            assert_eq!(rest, expected, "problem {k}, from {start}");
        }
        assert_eq!(all.len() as u128, zdd.count_u128().unwrap(), "problem {k}");
        walked_total += all.len();
    }
    // The test is not vacuous: many solutions, long ones, and most
    // corrupted copies rejected.
    assert!(walked_total > 10_000, "{walked_total}");
    assert!(rejected * 2 > walked_total, "{rejected} of {walked_total}");
}

#[test]
fn the_walk_stops_when_told_and_visits_nothing_without_solutions() {
    let p = Problem::from_dlx("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n").unwrap();
    let zdd = p.solver().zdd().unwrap();
    let mut seen = 0;
    let flow = zdd.walk(|_, _| {
        seen += 1;
        if seen == 2 { ControlFlow::Break("enough") } else { ControlFlow::Continue(()) }
    });
    assert_eq!(flow, ControlFlow::Break("enough"));
    assert_eq!(seen, 2);
    let none = Problem::from_dlx("a b\na\n").unwrap().solver().zdd().unwrap();
    assert!(none.walk(|_, _| ControlFlow::<()>::Break(())).is_continue());
}
