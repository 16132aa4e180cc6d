//! Algorithm M (items with multiplicities): the counts of Knuth's DLX3 on
//! the fixtures, a brute-force oracle on random bounded problems, and the
//! rest of the engine (limits, lazy enumeration, parallel search, shards,
//! pins, estimates) on bounded problems.

mod common;

use exactcover::cover::{
    ColorId, ItemId, Limits, OptionId, Parallel, ParseErrorKind, PinError, Problem, ProblemBuilder, Solver, Stats,
    Status, StopReason, brute_force_solutions, check_solution, read_dlx, write_dlx,
};
use proptest::prelude::*;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Mutex;

fn fixture(name: &str) -> Problem {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dlx3").join(name);
    Problem::from_dlx(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every fixture gives DLX3's solutions, nodes, updates and cleansings
/// (`tests/fixtures/dlx3/expected.txt`, from `dlx3 < FILE`), on the dance
/// and on bit sets.
#[test]
fn counts_nodes_and_updates_equal_dlx3s() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dlx3");
    let expected = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    let mut checked = 0;
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let want: Vec<u64> = f[1..].iter().map(|x| x.parse().unwrap()).collect();
        let problem = fixture(f[0]);
        assert!(problem.has_multiplicities(), "{}", f[0]);
        for bits in [false, true] {
            let mut solver = problem.solver();
            solver.use_bit_sets(bits);
            let count = solver.count();
            let s = solver.stats();
            assert_eq!(vec![count, s.nodes, s.updates, s.cleansings], want, "{} (bit sets {bits})", f[0]);
            assert!(solver.links_are_pristine(), "{}", f[0]);
        }
        checked += 1;
    }
    assert!(checked >= 10);
}

/// A random bounded problem: primary items with `(lo, hi)`, secondary
/// items, options as `(item, colour)` lists.
#[derive(Clone, Debug)]
struct Spec {
    bounds: Vec<(u32, u32)>,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

fn spec() -> impl Strategy<Value = Spec> {
    let bound = (0u32..=2, 1u32..=3).prop_map(|(lo, hi)| (lo.min(hi), hi));
    (proptest::collection::vec(bound, 1..=5), 0usize..=3).prop_flat_map(|(bounds, secondary)| {
        let primary = bounds.len();
        let n = primary + secondary;
        let option = proptest::collection::btree_map(0..n, 0u32..=2, 1..=n.min(4))
            .prop_map(move |m| m.into_iter().map(|(i, c)| (i, if i < primary { 0 } else { c })).collect::<Vec<_>>());
        proptest::collection::vec(option, 0..=12).prop_map(move |options| Spec {
            bounds: bounds.clone(),
            secondary,
            options,
        })
    })
}

fn build(s: &Spec) -> Problem {
    let mut b = ProblemBuilder::new();
    for (k, &(lo, hi)) in s.bounds.iter().enumerate() {
        b.primary_with_bounds(format!("p{k}"), lo, hi).unwrap();
    }
    for k in 0..s.secondary {
        b.secondary(format!("s{k}")).unwrap();
    }
    let colors: Vec<ColorId> = (0..=2).map(|c| b.color(&format!("c{c}"))).collect();
    for option in &s.options {
        let entries: Vec<(ItemId, ColorId)> = option
            .iter()
            .map(|&(i, c)| (ItemId::from_u32(i as u32), if c == 0 { ColorId::NONE } else { colors[c as usize] }))
            .collect();
        b.colored_option_ids(&entries).unwrap();
    }
    b.build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The search finds exactly the subsets of options that the oracle
    /// (every subset, checked against the bounds) accepts; the arena is
    /// restored, and the text format round-trips the bounds.
    #[test]
    fn the_search_agrees_with_brute_force(s in spec()) {
        let problem = build(&s);
        let mut want = brute_force_solutions(&problem).unwrap();
        let mut solver = problem.solver();
        let mut got: Vec<Vec<_>> = solver.solutions().map(|mut x| { x.sort(); x }).collect();
        got.sort();
        want.sort();
        prop_assert_eq!(&got, &want);
        prop_assert!(solver.links_are_pristine());
        for x in &got {
            prop_assert!(check_solution(&problem, x).is_ok());
        }
        let again = Problem::from_dlx(&write_dlx(&problem)).unwrap();
        prop_assert_eq!(write_dlx(&again), write_dlx(&problem));
        prop_assert_eq!(again.solver().count(), got.len() as u64);
    }

    /// Split at every depth, in parallel and in shards, the counts and
    /// statistics are the single-threaded search's.
    #[test]
    fn parallel_and_shards_count_the_same(s in spec()) {
        let problem = build(&s);
        let mut solver = problem.solver();
        let total = solver.count();
        let stats = solver.stats();
        let report = Parallel::new(&problem).small_tree(0).threads(2).subproblems_per_thread(2).count();
        prop_assert_eq!(report.solutions, total);
        prop_assert_eq!((report.stats.nodes, report.stats.updates), (stats.nodes, stats.updates));
        let shards: u64 = (0..3).map(|k| Parallel::new(&problem).threads(1).shard(k, 3).solutions).sum();
        prop_assert_eq!(shards, total);
    }

    /// Counting, which counts some subtrees at once (chains of null moves,
    /// and the last options of a cover level, `Dance::last_option`), gives
    /// the figures of a search that visits every solution and makes every
    /// level, on the dance and on bit sets; a node budget or a count limit
    /// stops it at the node where the lazy enumeration stands.
    #[test]
    fn counting_gives_the_figures_of_visiting(s in spec()) {
        let problem = build(&s);
        for bits in [false, true] {
            let solver = || {
                let mut solver = problem.solver();
                solver.use_bit_sets(bits);
                solver
            };
            let mut counted = solver();
            let total = counted.count();
            let mut visited = solver();
            let mut seen = 0;
            let _ = visited.for_each(|_| {
                seen += 1;
                ControlFlow::<()>::Continue(())
            });
            let figures = |s: Stats| (s.nodes, s.updates, s.cleansings, s.solutions, s.guesses);
            prop_assert_eq!((total, figures(counted.stats())), (seen, figures(visited.stats())));
            prop_assert_eq!(budgets_stop_where_the_lazy_search_does(&problem, bits), Ok(total));
        }
    }

    /// Pinned options, whose items may stay active under their bounds,
    /// keep exactly the oracle's solutions that hold them; pinning an
    /// option twice, or one that no longer fits, is a conflict; unpinning
    /// restores the arena.
    #[test]
    fn pins_keep_the_oracles_solutions_that_hold_them(
        s in spec(),
        picks in proptest::collection::vec(any::<proptest::sample::Index>(), 1..4),
    ) {
        let problem = build(&s);
        prop_assume!(problem.option_count() > 0);
        let all = brute_force_solutions(&problem).unwrap();
        let mut solver = problem.solver();
        let picks: Vec<usize> = picks.iter().map(|i| i.index(problem.option_count())).collect();
        let want = common::pin_picks(&mut solver, &all, &picks).map_err(TestCaseError::fail)?;
        let mut got: Vec<Vec<_>> = solver.solutions().map(|mut x| { x.sort(); x }).collect();
        got.sort();
        prop_assert_eq!(&got, &want);
        solver.set_verify(false);
        prop_assert_eq!(solver.count(), want.len() as u64);
        // Seeding relinks the lists under the pins.
        solver.set_verify(true);
        solver.set_seed(Some(7));
        let mut seeded: Vec<Vec<_>> = solver.solutions().map(|mut x| { x.sort(); x }).collect();
        seeded.sort();
        prop_assert_eq!(&seeded, &want);
        solver.set_seed(None);
        solver.unpin_all();
        prop_assert!(solver.links_are_pristine());
    }
}

/// An option whose items all keep a bound above 1 once it is pinned stays
/// in their lists unless the pin takes it out; the search used to choose
/// it a second time and panic.
#[test]
fn a_pin_that_covers_no_item_is_not_chosen_again() {
    let problem = Problem::from_dlx("2|x\nx\nx\nx\n").unwrap();
    assert_eq!(problem.solver().count(), 3);
    let mut solver = problem.solver();
    solver.pin(OptionId::from_u32(0)).unwrap();
    assert_eq!(solver.pin(OptionId::from_u32(0)), Err(PinError::Conflict(OptionId::from_u32(0))));
    let mut got: Vec<_> = solver.solutions().collect();
    got.iter_mut().for_each(|x| x.sort());
    got.sort();
    let ids = |v: &[u32]| v.iter().map(|&k| OptionId::from_u32(k)).collect::<Vec<_>>();
    assert_eq!(got, vec![ids(&[0, 1]), ids(&[0, 2])]);
    solver.unpin_all();
    assert!(solver.links_are_pristine());
    assert_eq!(solver.count(), 3);
}

/// Two queens in every row and column of an n×n board, at most two on
/// each diagonal (Knuth's "queens2d"), counted by brute force over the
/// placements with two queens in each row.
fn two_per_line_brute_force(n: usize) -> u64 {
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();
    let mut count = 0;
    let mut choice = vec![0usize; n];
    loop {
        let (mut cols, mut diag, mut anti) = (vec![0; n], vec![0; 2 * n], vec![0; 2 * n]);
        for (r, &k) in choice.iter().enumerate() {
            for c in [pairs[k].0, pairs[k].1] {
                cols[c] += 1;
                diag[r + c] += 1;
                anti[r + n - c] += 1;
            }
        }
        if cols.iter().all(|&x| x == 2) && diag.iter().chain(&anti).all(|&x| x <= 2) {
            count += 1;
        }
        let mut r = 0;
        while r < n && choice[r] + 1 == pairs.len() {
            choice[r] = 0;
            r += 1;
        }
        if r == n {
            return count;
        }
        choice[r] += 1;
    }
}

#[test]
fn two_queens_per_line_agree_with_brute_force() {
    assert_eq!(fixture("queens2d-6.dlx").solver().count(), two_per_line_brute_force(6));
}

#[test]
fn limits_and_lazy_enumeration() {
    let problem = fixture("queens2d-6.dlx");
    let total = problem.solver().count();
    // Solutions one at a time, resumed, are all of them.
    let mut solver = problem.solver();
    let mut n = 0;
    while let Some(s) = solver.next_solution() {
        assert!(check_solution(&problem, s).is_ok());
        n += 1;
    }
    assert_eq!(n, total);
    assert_eq!(problem.solver().count_up_to(10), 10);
    assert!(problem.solver().first().is_some());
    // A node budget stops the search and restores the links.
    let mut solver = problem.solver().with_limits(Limits::new().nodes(1000));
    solver.count();
    assert_eq!(solver.status(), Status::Stopped(StopReason::Nodes));
    assert_eq!(solver.stats().nodes, 1000);
    assert!(solver.links_are_pristine());
    // So does the solution limit, the clock and the cancel flag.
    let mut solver = problem.solver().with_limits(Limits::new().solutions(7));
    assert_eq!(solver.count(), 7);
    assert!(solver.links_are_pristine());
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut solver = problem.solver().with_limits(Limits::new().cancel_flag(flag));
    solver.count();
    assert_eq!(solver.status(), Status::Stopped(StopReason::Cancelled));
    assert!(solver.links_are_pristine());
    // A visitor that breaks early.
    let mut solver = problem.solver();
    let mut seen = 0;
    let _ = solver.for_each(|_| {
        seen += 1;
        if seen == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    assert_eq!(seen, 3);
}

/// The node at which the lazy enumeration (which makes every level) finds
/// each solution, and its nodes in all, for solvers that `make` makes.
fn lazy_nodes(make: &dyn Fn(Limits) -> Solver) -> (Vec<u64>, u64) {
    let mut lazy = make(Limits::new());
    let mut at = Vec::new();
    while lazy.next_solution().is_some() {
        at.push(lazy.stats().nodes);
    }
    (at, lazy.stats().nodes)
}

/// Checks that a count with a budget of `n` nodes stops at exactly that
/// node, with the solutions that the lazy enumeration finds up to it (at
/// the nodes `at`), and the links pristine.
fn budget_stops_at(make: &dyn Fn(Limits) -> Solver, n: u64, at: &[u64]) -> Result<(), String> {
    let mut counted = make(Limits::new().nodes(n));
    let found = counted.count();
    let got = (counted.status(), counted.stats().nodes, found, counted.links_are_pristine());
    let want = (Status::Stopped(StopReason::Nodes), n, at.partition_point(|&k| k <= n) as u64, true);
    if got != want {
        return Err(format!("budget {n}: {got:?}, not {want:?}"));
    }
    Ok(())
}

/// Checks that every node budget below the search's nodes stops a count
/// where the lazy enumeration stands (`budget_stops_at`), and that
/// counting up to `k` stops at the lazy search's `k`-th solution. Returns
/// the number of solutions.
fn budgets_stop_where_the_lazy_search_does(problem: &Problem, bits: bool) -> Result<u64, String> {
    let make = |limits: Limits| {
        let mut solver = problem.solver().with_limits(limits);
        solver.use_bit_sets(bits);
        solver
    };
    let (at, total) = lazy_nodes(&make);
    for n in 1..total {
        budget_stops_at(&make, n, &at).map_err(|e| format!("{e} (bit sets {bits})"))?;
    }
    for (k, &nodes) in at.iter().enumerate() {
        let mut counted = make(Limits::new());
        let found = counted.count_up_to(k as u64 + 1);
        if (found, counted.stats().nodes) != (k as u64 + 1, nodes) {
            return Err(format!("up to {} (bit sets {bits}): {found} at node {}", k + 1, counted.stats().nodes));
        }
    }
    Ok(at.len() as u64)
}

/// The brick packings' levels with one option left are counted at once;
/// budgets stop inside them as they stop inside the levels made.
#[test]
fn node_budgets_stop_inside_the_last_options() {
    let problem = fixture("bricks-4x4.dlx");
    assert_eq!(budgets_stop_where_the_lazy_search_does(&problem, false), Ok(324));
}

/// Below a node where every option is hidden, the search counts the chain
/// of null moves and the solution at once; a node budget that ends inside
/// such a chain still stops at exactly that node, before the solution. On
/// two queens per line (38% of the nodes are null moves): the budget of
/// every node up to 1,000, and of every solution's node and the one
/// before it, finds the solutions up to that node, as the lazy search
/// numbers them.
#[test]
fn node_budgets_stop_inside_chains_of_null_moves() {
    let problem = fixture("queens2d-6.dlx");
    let make = |limits: Limits| problem.solver().with_limits(limits);
    let (at, total) = lazy_nodes(&make);
    assert_eq!((at.len(), total), (1097, 24684));
    for n in (1..=1000).chain(at.iter().flat_map(|&n| [n - 1, n])) {
        assert_eq!(budget_stops_at(&make, n, &at), Ok(()));
    }
}

#[test]
fn parallel_search_first_solution_and_iterator() {
    let problem = fixture("tetro2-5x8.dlx");
    let mut solver = problem.solver();
    let first = solver.first().unwrap();
    let total = problem.solver().count();
    let report = Parallel::new(&problem).small_tree(0).threads(2).count();
    assert_eq!(report.solutions, total);
    assert_eq!(report.solutions, 3106);
    assert_eq!(Parallel::new(&problem).small_tree(0).threads(2).first().0, Some(first));
    let shards: u64 = (0..4).map(|k| Parallel::new(&problem).shard(k, 4).solutions).sum();
    assert_eq!(shards, total);
    let seen = Mutex::new(0u64);
    let _ = Parallel::new(&problem).small_tree(0).threads(2).for_each(|s| {
        assert!(check_solution(&problem, s).is_ok());
        *seen.lock().unwrap() += 1;
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(*seen.lock().unwrap(), total);
    assert_eq!(Parallel::new(&problem).small_tree(0).threads(2).solutions().take(5).count(), 5);
}

#[test]
fn pins_and_estimates_respect_the_bounds() {
    // x must be covered twice; pinning one option containing x leaves
    // one more to choose.
    let problem = Problem::from_dlx("2|x y\nx\nx y\nx\ny\n").unwrap();
    assert_eq!(problem.solver().count(), 3);
    let mut solver = problem.solver();
    solver.pin(exactcover::cover::OptionId::from_u32(1)).unwrap();
    assert_eq!(solver.count(), 2);
    solver.unpin_all();
    assert!(solver.links_are_pristine());
    let e = fixture("queens2d-6.dlx").solver().estimate(2000, 1, std::time::Duration::from_millis(5));
    assert!(e.solutions > 100.0 && e.solutions < 10_000.0, "{e:?}");
    let mut seeded = fixture("queens2d-6.dlx").solver().with_seed(3);
    assert_eq!(seeded.count(), 1097);
}

#[test]
fn bad_bounds_are_errors_with_their_position() {
    let cases = [
        ("a 0|b\na b\n", 1, 3, ParseErrorKind::ZeroUpperBound("b".into())),
        ("a 3:2|b\n", 1, 3, ParseErrorKind::ReversedBounds { name: "b".into(), lo: 3, hi: 2 }),
        ("a | 2|x\n", 1, 5, ParseErrorKind::BoundOnSecondary("x".into())),
        ("| c\n  x:|a\n", 2, 3, ParseErrorKind::BadBound("x:|a".into())),
        ("2:1:3|a\n", 1, 1, ParseErrorKind::BadBound("2:1:3|a".into())),
        ("2|\n", 1, 1, ParseErrorKind::MissingName("2|".into())),
    ];
    for (text, line, column, kind) in cases {
        let e = read_dlx(text).unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (line, column, kind), "{text:?}");
    }
    let mut b = ProblemBuilder::new();
    assert!(b.primary_with_bounds("a", 2, 1).is_err());
    assert!(b.primary_with_bounds("a", 0, 0).is_err());
    // The writer gives Knuth's notation back.
    let p = Problem::from_dlx("1:1|a 2|b 0:3|c | x\na b c x\n").unwrap();
    assert_eq!(write_dlx(&p).lines().next(), Some("a 2|b 0:3|c | x"));
}

/// Knuth's estimate of the updates is unbiased under Algorithm M too: a
/// probed node adds its item's opening once and `t` times one branch's
/// advance and commit. (It added `t` times the opening and every advance
/// up to the branch taken: 20 updates for the 16 of the first problem,
/// 14% too many on 2 queens a line of 6×6.)
#[test]
fn estimates_of_updates_are_unbiased() {
    let cases = [
        (Problem::from_dlx("2|a b c\na\na b\nb c\nc\na c\n").unwrap(), 0.01),
        (Problem::from_dlx("a 0:1|b\na\nb\na b\n").unwrap(), 0.01),
        (fixture("queens2d-6.dlx"), 0.04),
    ];
    for (problem, within) in cases {
        let mut solver = problem.solver();
        solver.count();
        let (nodes, updates) = (solver.stats().nodes as f64, solver.stats().updates as f64);
        let e = problem.solver().estimate(20_000, 7, std::time::Duration::ZERO);
        assert!((e.nodes / nodes - 1.0).abs() < within, "nodes {} for {nodes}", e.nodes);
        assert!((e.updates / updates - 1.0).abs() < within, "updates {} for {updates}", e.updates);
    }
}
