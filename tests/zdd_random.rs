//! The diagram against the plain search on 2,000 random problems: with
//! secondary items, with colours, with multiplicities, and with both; its
//! order against a search without the memo; and a tiny hash that makes
//! nearly every state collide, which must change no count.

use exactcover::cover::{OptionId, Problem, ProblemBuilder, ZddChoice, check_solution};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Secondary,
    Colors,
    Multiplicities,
    Both,
}

/// A random problem of up to 6 primary and 3 secondary items and 14
/// options.
fn random_problem(rng: &mut ChaCha8Rng, kind: Kind) -> Problem {
    let mut b = ProblemBuilder::new();
    let primary = rng.random_range(1..=6);
    let secondary = rng.random_range(0..=3);
    let bounds = matches!(kind, Kind::Multiplicities | Kind::Both);
    let colors = matches!(kind, Kind::Colors | Kind::Both);
    for p in 0..primary {
        if bounds && rng.random_bool(0.4) {
            let hi = rng.random_range(1..=3);
            b.primary_with_bounds(format!("p{p}"), rng.random_range(0..=hi), hi).unwrap();
        } else {
            b.primary(format!("p{p}")).unwrap();
        }
    }
    for s in 0..secondary {
        b.secondary(format!("s{s}")).unwrap();
    }
    for _ in 0..rng.random_range(1..=14) {
        let mut items = vec![format!("p{}", rng.random_range(0..primary))];
        for p in 0..primary {
            if rng.random_bool(0.25) && !items.contains(&format!("p{p}")) {
                items.push(format!("p{p}"));
            }
        }
        for s in 0..secondary {
            if rng.random_bool(0.3) {
                let color = if colors && rng.random_bool(0.6) {
                    format!(":{}", ["red", "blue"][rng.random_range(0..2)])
                } else {
                    String::new()
                };
                items.push(format!("s{s}{color}"));
            }
        }
        b.option(items).unwrap();
    }
    b.build().unwrap()
}

fn sorted(mut s: Vec<OptionId>) -> Vec<OptionId> {
    s.sort();
    s
}

#[test]
fn counts_and_solutions_equal_the_searchs_on_2000_random_problems() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut seen_solutions = 0;
    for k in 0..2000 {
        let kind = [Kind::Secondary, Kind::Colors, Kind::Multiplicities, Kind::Both][k % 4];
        let problem = random_problem(&mut rng, kind);
        let expected = problem.solver().count();
        for choice in [ZddChoice::Leftmost, ZddChoice::FewestOptions] {
            let zdd = problem.solver().zdd_with(choice).unwrap();
            assert_eq!(zdd.count_u128(), Some(u128::from(expected)), "problem {k} ({kind:?}, {choice:?})");
            let tiny = problem.solver().zdd_with_tiny_hash(choice).unwrap();
            assert_eq!(tiny.count_u128(), Some(u128::from(expected)), "tiny hash, problem {k}");
            let mine: Vec<_> = zdd.solutions().collect();
            assert_eq!(mine.len() as u64, expected);
            for (i, s) in mine.iter().enumerate() {
                check_solution(&problem, s).unwrap();
                assert_eq!(zdd.nth(i as u64).as_ref(), Some(s), "nth({i}), problem {k}");
            }
            assert_eq!(zdd.nth(expected), None);
            let mut mine: Vec<_> = mine.into_iter().map(sorted).collect();
            let mut theirs: Vec<_> = problem.solver().solutions().map(sorted).collect();
            mine.sort();
            theirs.sort();
            assert_eq!(mine, theirs, "problem {k} ({kind:?}, {choice:?})");
            seen_solutions += expected;
        }
    }
    assert!(seen_solutions > 2000, "the problems have solutions: {seen_solutions}");
}

/// The solutions of a problem without multiplicities or colours in the
/// diagram's order, by a search without the memo: branch on the first
/// uncovered primary item, its options in order.
fn leftmost_search(problem: &Problem) -> Vec<Vec<OptionId>> {
    fn go(p: &Problem, open: &mut Vec<bool>, path: &mut Vec<OptionId>, out: &mut Vec<Vec<OptionId>>) {
        let Some(item) =
            (0..p.item_count()).find(|&i| open[i] && p.is_primary(exactcover::cover::ItemId::from_u32(i as u32)))
        else {
            out.push(path.clone());
            return;
        };
        for o in 0..p.option_count() {
            let o = OptionId::from_u32(o as u32);
            let items: Vec<usize> = p.option(o).iter().map(|(i, _)| i.as_usize()).collect();
            if p.ignored_options().contains(&o) || !items.contains(&item) || !items.iter().all(|&i| open[i]) {
                continue;
            }
            items.iter().for_each(|&i| open[i] = false);
            path.push(o);
            go(p, open, path, out);
            path.pop();
            items.iter().for_each(|&i| open[i] = true);
        }
    }
    let mut out = Vec::new();
    go(problem, &mut vec![true; problem.item_count()], &mut Vec::new(), &mut out);
    out
}

#[test]
fn nth_and_the_iterator_follow_a_leftmost_search_without_the_memo() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for k in 0..500 {
        let problem = random_problem(&mut rng, Kind::Secondary);
        let zdd = problem.solver().zdd().unwrap();
        let order = leftmost_search(&problem);
        assert_eq!(zdd.solutions().collect::<Vec<_>>(), order, "problem {k}");
        for (i, s) in order.iter().enumerate() {
            assert_eq!(zdd.nth(i as u64).as_ref(), Some(s));
        }
    }
}

#[test]
fn pinned_options_come_first_and_restrict_the_diagram() {
    let problem = Problem::from_dlx("a b c d\na b\nc d\na c\nb d\na d\nb c\n").unwrap();
    let mut solver = problem.solver();
    assert_eq!(solver.zdd().unwrap().count_u128(), Some(3));
    solver.pin(OptionId::from_u32(2)).unwrap();
    let zdd = solver.zdd().unwrap();
    assert_eq!(zdd.count_u128(), Some(1));
    assert_eq!(zdd.nth(0u64), Some(vec![OptionId::from_u32(2), OptionId::from_u32(3)]));
}

/// Pins on random problems of every kind: the diagram's solutions are
/// those of the problem that hold the pinned options, each once (before:
/// an item with a multiplicity offered a pinned option again below the
/// pin, so `2:4|a` with four options `a`, the first pinned, counted 14
/// "solutions" where 7 hold it, `[0, 0]` among them).
#[test]
fn pinned_diagrams_hold_the_problems_solutions_with_the_pins() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut pinned_with_bounds = 0;
    for k in 0..2000 {
        let kind = [Kind::Secondary, Kind::Colors, Kind::Multiplicities, Kind::Both][k % 4];
        let problem = random_problem(&mut rng, kind);
        let mut solver = problem.solver();
        let mut pins = Vec::new();
        for _ in 0..rng.random_range(1..=2) {
            let o = OptionId::from_u32(rng.random_range(0..problem.option_count()) as u32);
            if solver.pin(o).is_ok() {
                pins.push(o);
            }
        }
        if pins.is_empty() {
            continue;
        }
        pinned_with_bounds += usize::from(matches!(kind, Kind::Multiplicities | Kind::Both));
        // The oracle: the unpinned search's solutions that hold every pin.
        let mut theirs: Vec<_> =
            problem.solver().solutions().filter(|s| pins.iter().all(|p| s.contains(p))).map(sorted).collect();
        theirs.sort();
        for choice in [ZddChoice::Leftmost, ZddChoice::FewestOptions] {
            let zdd = solver.zdd_with(choice).unwrap();
            let mut mine: Vec<_> = zdd.solutions().collect();
            for s in &mine {
                check_solution(&problem, s).unwrap_or_else(|e| panic!("problem {k} ({kind:?}): {s:?}: {e}"));
                assert_eq!(&s[..pins.len()], &pins[..], "the pins come first, problem {k}");
            }
            assert_eq!(zdd.count_u128(), Some(mine.len() as u128), "problem {k}");
            mine = mine.into_iter().map(sorted).collect();
            mine.sort();
            assert_eq!(mine, theirs, "problem {k} ({kind:?}, {choice:?}, pins {pins:?})");
        }
        assert_eq!(solver.count(), theirs.len() as u64, "the pinned search, problem {k}");
    }
    assert!(pinned_with_bounds > 500, "{pinned_with_bounds}");
}
