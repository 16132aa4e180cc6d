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
            for threads in [2, 3] {
                let parts = problem.solver().zdd_on_threads(choice, threads).unwrap();
                assert!(parts.solutions().eq(mine.iter().cloned()), "{threads} threads, problem {k} ({kind:?})");
            }
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

/// Domino tilings of `h`×`w`, and the same with at most `most`
/// horizontal dominoes (a multiplicity), as DLX text.
fn dominoes(h: usize, w: usize, most: Option<usize>) -> String {
    let cell = |r: usize, c: usize| format!("c{r}_{c}");
    let mut items: Vec<String> = (0..h).flat_map(|r| (0..w).map(move |c| cell(r, c))).collect();
    if let Some(most) = most {
        items.push(format!("0:{most}|H"));
    }
    let mut text = vec![items.join(" ")];
    for r in 0..h {
        for c in 0..w {
            if c + 1 < w {
                let horizontal = if most.is_some() { " H" } else { "" };
                text.push(format!("{} {}{horizontal}", cell(r, c), cell(r, c + 1)));
            }
            if r + 1 < h {
                text.push(format!("{} {}", cell(r, c), cell(r + 1, c)));
            }
        }
    }
    text.join("\n") + "\n"
}

/// On threads sharing the memo, the diagram of a tiling holds the
/// one-thread diagram's solutions in its order: the same count, the same
/// `nth`, the same samples; with pins, both rules, and the limits.
#[test]
fn threads_build_the_one_thread_diagrams_solutions() {
    let cases = [(dominoes(8, 8, None), 12_988_816u128), (dominoes(6, 7, Some(9)), 0), (dominoes(5, 6, None), 1_183)];
    for (text, known) in &cases {
        let problem = Problem::from_dlx(text).unwrap();
        for choice in [ZddChoice::Leftmost, ZddChoice::FewestOptions] {
            let one = problem.solver().zdd_with(choice).unwrap();
            if *known > 0 {
                assert_eq!(one.count_u128(), Some(*known));
            }
            let count = one.count_u128().unwrap();
            assert!(count > 1000, "{count}");
            for threads in [2, 3, 8] {
                let parts = problem.solver().zdd_on_threads(choice, threads).unwrap();
                assert_eq!(parts.count_u128(), Some(count), "{threads} threads, {choice:?}");
                assert!(parts.solutions().take(2000).eq(one.solutions().take(2000)));
                for i in [0, 1, count / 3, count / 2, count - 1] {
                    let s = parts.nth(i).unwrap();
                    check_solution(&problem, &s).unwrap();
                    assert_eq!(Some(s), one.nth(i), "nth({i}), {threads} threads");
                }
                assert_eq!(parts.nth(count), None);
                assert_eq!(parts.sample(5, 11), one.sample(5, 11));
            }
        }
        let mut pinned = problem.solver();
        let first = one_solution(&problem);
        pinned.pin(first[0]).unwrap();
        pinned.pin(first[1]).unwrap();
        let one = pinned.zdd().unwrap();
        let parts = pinned.zdd_on_threads(ZddChoice::Leftmost, 2).unwrap();
        assert!(parts.solutions().eq(one.solutions()), "pinned");
        assert!(one.solutions().all(|s| s[..2] == first[..2]));
    }
    let problem = Problem::from_dlx(&cases[0].0).unwrap();
    let limited = |limits: exactcover::cover::Limits| {
        problem.solver().with_limits(limits).zdd_on_threads(ZddChoice::Leftmost, 2).map(|z| z.count_u128())
    };
    let nodes = limited(exactcover::cover::Limits::new().nodes(100));
    assert!(matches!(nodes, Err(exactcover::cover::ZddError::Stopped { .. })), "{nodes:?}");
    let memory = limited(exactcover::cover::Limits::new().memory(50_000));
    assert!(matches!(memory, Err(exactcover::cover::ZddError::OverBudget { .. })), "{memory:?}");
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = limited(exactcover::cover::Limits::new().cancel_flag(flag));
    assert!(matches!(cancelled, Err(exactcover::cover::ZddError::Stopped { .. })), "{cancelled:?}");
    assert_eq!(limited(exactcover::cover::Limits::new().memory(1 << 30)).unwrap(), Some(12_988_816));
}

fn one_solution(problem: &Problem) -> Vec<OptionId> {
    problem.solver().first().unwrap()
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
