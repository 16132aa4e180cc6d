//! The parallel search: the same counts and statistics as one thread, for
//! any number of threads; the same first solution and order; shards that
//! add up; shared limits.

use exactcover::cover::{Limits, OptionId, Parallel, Problem, ProblemBuilder, Status, StopReason};
use exactcover::puzzles::langford::Langford;
use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
use exactcover::puzzles::queens::Queens;
use proptest::prelude::*;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn problems() -> Vec<(&'static str, Problem)> {
    vec![
        ("queens 9", Queens::new(9).unwrap().problem().clone()),
        ("langford 8", Langford::raw(8).unwrap().problem().clone()),
        (
            "pentominoes 3x20",
            Packing::new(pentominoes(), rectangle(3, 20), PackingOptions::default()).unwrap().problem().clone(),
        ),
        ("colours", Problem::from_dlx("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n").unwrap()),
        ("none", Problem::from_dlx("A B C\nA B\nB C\n").unwrap()),
        ("one level", Problem::from_dlx("A\nA\nA\n").unwrap()),
    ]
}

#[test]
fn counts_and_statistics_equal_one_threads_for_any_thread_count() {
    for (name, p) in problems() {
        let mut solver = p.solver();
        let count = solver.count();
        let stats = solver.stats();
        for threads in [1, 2, 3, 5] {
            for per_thread in [1, 7, 64] {
                let r = Parallel::new(&p).small_tree(0).threads(threads).subproblems_per_thread(per_thread).count();
                assert_eq!(r.solutions, count, "{name}, {threads} threads");
                assert_eq!(
                    (r.stats.nodes, r.stats.updates, r.stats.cleansings),
                    (stats.nodes, stats.updates, stats.cleansings),
                    "{name}, {threads} threads, {per_thread}"
                );
                assert_eq!(r.status, Status::Complete);
                let (checked, c) =
                    Parallel::new(&p).small_tree(0).threads(threads).subproblems_per_thread(per_thread).count_checked();
                assert_eq!(checked, Ok(()), "{name}, {threads} threads");
                assert_eq!(
                    (c.solutions, c.stats.nodes, c.stats.updates, c.status),
                    (count, stats.nodes, stats.updates, Status::Complete),
                    "{name} checked, {threads} threads, {per_thread}"
                );
            }
        }
    }
}

#[test]
fn first_solution_and_order_are_the_single_threaded_ones() {
    for (name, p) in problems() {
        let sequential: Vec<Vec<OptionId>> = p.solver().solutions().collect();
        for threads in [1, 2, 4] {
            let par = Parallel::new(&p).small_tree(0).threads(threads).subproblems_per_thread(3);
            assert_eq!(par.first().0, sequential.first().cloned(), "{name}");
            let mut ordered = Vec::new();
            let (_, report) = par.for_each_ordered(|s| {
                ordered.push(s.to_vec());
                ControlFlow::<()>::Continue(())
            });
            assert_eq!(ordered, sequential, "{name}, {threads} threads");
            // Solutions found above the split count once.
            assert_eq!(report.solutions, sequential.len() as u64, "{name}, {threads} threads");
            assert_eq!(report.stats.solutions, sequential.len() as u64, "{name}, {threads} threads");
            let unordered = Mutex::new(Vec::new());
            let _ = par.for_each(|s| {
                unordered.lock().unwrap().push(s.to_vec());
                ControlFlow::<()>::Continue(())
            });
            let mut unordered = unordered.into_inner().unwrap();
            let mut sorted = sequential.clone();
            unordered.sort();
            sorted.sort();
            assert_eq!(unordered, sorted, "{name}");
        }
    }
}

#[test]
fn shards_add_up_to_the_whole() {
    for (name, p) in problems() {
        let mut solver = p.solver();
        let count = solver.count();
        let stats = solver.stats();
        for n in 1..=7 {
            let parts: Vec<_> = (0..n).map(|k| Parallel::new(&p).threads(2).shard(k, n)).collect();
            let solutions: u64 = parts.iter().map(|r| r.solutions).sum();
            let nodes: u64 = parts.iter().map(|r| r.stats.nodes).sum();
            let updates: u64 = parts.iter().map(|r| r.stats.updates).sum();
            assert_eq!((solutions, nodes, updates), (count, stats.nodes, stats.updates), "{name} in {n} shards");
            let checked: Vec<_> = (0..n).map(|k| Parallel::new(&p).threads(2).shard_count_checked(k, n)).collect();
            assert!(checked.iter().all(|(c, _)| c.is_ok()), "{name} in {n} shards");
            let per_part = |parts: &mut dyn Iterator<Item = &exactcover::cover::Report>| {
                parts.map(|r| (r.solutions, r.stats.nodes, r.subproblems)).collect::<Vec<_>>()
            };
            assert_eq!(per_part(&mut checked.iter().map(|(_, r)| r)), per_part(&mut parts.iter()), "{name}");
        }
    }
}

/// A shard's split depends on the problem and the number of shards alone:
/// every part, on any number of threads, reports the same depth and
/// subproblems, solves the same share (the same solutions, nodes and
/// updates whatever its threads), and the parts' solutions are the whole's,
/// each once.
#[test]
fn shards_split_alike_and_their_solutions_are_the_whole() {
    for (name, p) in problems() {
        let mut whole: Vec<Vec<OptionId>> = p.solver().solutions().collect();
        whole.sort();
        for n in [1, 2, 3, 8, 40] {
            let mut parts = Vec::new();
            let mut split = None;
            for k in 0..n {
                let mut figures = None;
                for threads in [1, 2, 3] {
                    let found = Mutex::new(Vec::new());
                    let (_, r) = Parallel::new(&p).threads(threads).shard_for_each(k, n, |s| {
                        found.lock().unwrap().push(s.to_vec());
                        ControlFlow::<()>::Continue(())
                    });
                    let mut found = found.into_inner().unwrap();
                    found.sort();
                    let these = (r.depth, r.split_into, r.subproblems, r.solutions, r.stats.nodes, r.stats.updates);
                    assert_eq!(
                        *split.get_or_insert((r.depth, r.split_into)),
                        (r.depth, r.split_into),
                        "{name}, {k}/{n}"
                    );
                    assert_eq!(*figures.get_or_insert(these), these, "{name}, {k}/{n} on {threads} threads");
                    if threads == 1 {
                        parts.extend(found);
                    }
                }
            }
            parts.sort();
            assert_eq!(parts, whole, "{name} in {n} shards");
        }
    }
}

/// A shard's split goes deeper than its least (16 subproblems a shard, at
/// least 256) where that is cheap beside a shard's share of the work, as
/// on a big tree, but no deeper than about 4096 a shard. (The workers stop
/// at the first solution: the split is made in full all the same.)
#[test]
fn a_shards_split_goes_deeper_on_a_big_tree() {
    let p = Queens::new(16).unwrap().problem().clone();
    let first = Limits::new().solutions(1);
    for n in [8, 16] {
        let least = (16 * n).max(256);
        let shallow =
            Parallel::new(&p).small_tree(0).threads(1).subproblems_per_thread(least).with_limits(first.clone()).count();
        let r = Parallel::new(&p).threads(1).with_limits(first.clone()).shard(n - 1, n);
        assert!(shallow.split_into >= least && r.depth > shallow.depth, "{n} shards: {r:?}, {shallow:?}");
        assert!(r.split_into > shallow.split_into && r.split_into <= 4 * 4096 * n, "{n} shards: {r:?}");
    }
}

#[test]
fn limits_are_shared() {
    let p = Queens::new(10).unwrap().problem().clone();
    let r = Parallel::new(&p).small_tree(0).threads(2).with_limits(Limits::new().solutions(100)).count();
    assert_eq!((r.solutions, r.status), (100, Status::Stopped(StopReason::Solutions)));
    let (checked, r) =
        Parallel::new(&p).small_tree(0).threads(2).with_limits(Limits::new().solutions(100)).count_checked();
    assert_eq!((checked, r.solutions, r.status), (Ok(()), 100, Status::Stopped(StopReason::Solutions)));
    let r = Parallel::new(&p).small_tree(0).threads(2).with_limits(Limits::new().nodes(3000)).count();
    assert_eq!(r.status, Status::Stopped(StopReason::Nodes));
    assert!(r.stats.nodes < 3000 + 2 * 300 + 200, "{}", r.stats.nodes);
    let (_, r) = Parallel::new(&p).small_tree(0).threads(2).with_limits(Limits::new().nodes(3000)).count_checked();
    assert_eq!(r.status, Status::Stopped(StopReason::Nodes));
    assert!(r.stats.nodes < 3000 + 2 * 300 + 200, "{}", r.stats.nodes);
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let r = Parallel::new(&p).small_tree(0).threads(2).with_limits(Limits::new().cancel_flag(flag)).count();
    assert_eq!(r.status, Status::Stopped(StopReason::Cancelled));
    let mut n = 0;
    let (_, r) = Parallel::new(&p).small_tree(0).threads(2).for_each_ordered(|_| {
        n += 1;
        if n == 5 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    assert_eq!((n, r.status), (5, Status::Stopped(StopReason::Solutions)));
}

/// The solution limit: no more solutions are visited than it allows, in
/// any order, on a tree split or not (split or searched whole, or split
/// with solutions above its depth), and a run that finds as many as the
/// limit stopped at it, as one thread's does; on a small tree, exactly
/// where one thread stops.
#[test]
fn no_more_solutions_than_the_limit_are_visited() {
    let problems = [Queens::new(8).unwrap().problem().clone(), Queens::new(11).unwrap().problem().clone()];
    for p in &problems {
        let all = p.solver().count();
        for limit in [1, 5, 40, all, all + 1] {
            let mut one = p.solver().with_limits(Limits::new().solutions(limit));
            let want = one.count();
            for small in [0, 4096, 1 << 20] {
                let par = Parallel::new(p).threads(2).small_tree(small).with_limits(Limits::new().solutions(limit));
                let seen = Mutex::new(0u64);
                let (_, r) = par.for_each(|_| {
                    *seen.lock().unwrap() += 1;
                    ControlFlow::<()>::Continue(())
                });
                let mut ordered = Vec::new();
                let (_, o) = par.for_each_ordered(|s| {
                    ordered.push(s.to_vec());
                    ControlFlow::<()>::Continue(())
                });
                let c = par.count();
                let status = one.status();
                for r in [&r, &o, &c] {
                    assert_eq!((r.solutions, r.status), (want, status), "limit {limit}, small {small}: {r:?}");
                }
                assert_eq!(*seen.lock().unwrap(), want, "limit {limit}, small {small}");
                assert_eq!(ordered, p.solver().solutions().take(want as usize).collect::<Vec<_>>());
                if small >= 1 << 20 {
                    assert_eq!((c.stats.nodes, c.split_into), (one.stats().nodes, 0), "limit {limit}: as one thread");
                }
            }
        }
    }
    // Solutions above the split's depth, and a limit among them.
    let p = Problem::from_dlx("A B\nA\nA B\nB\n").unwrap();
    let par = Parallel::new(&p).threads(2).small_tree(0).subproblems_per_thread(64);
    let (_, r) = par.with_limits(Limits::new().solutions(1)).for_each(|_| ControlFlow::<()>::Continue(()));
    assert_eq!((r.solutions, r.status), (1, Status::Stopped(StopReason::Solutions)));
}

/// The split keeps to the limits, as the search below it does: a cancel
/// flag raised before the run stops it at its first node, a clock already
/// run out at its first look (256 nodes), a node budget at the budget; the
/// run reports what stopped it, and nothing below the split is searched.
#[test]
fn the_split_keeps_to_the_limits() {
    let p = Queens::new(12).unwrap().problem().clone();
    // 8192 subproblems: several thousand nodes of split.
    let par = Parallel::new(&p).small_tree(0).threads(2).subproblems_per_thread(1 << 12);
    assert!(par.count().stats.nodes > 4000);
    let raised = Arc::new(AtomicBool::new(true));
    let cases = [
        (Limits::new().cancel_flag(raised), StopReason::Cancelled, 0),
        (Limits::new().time(Duration::from_nanos(1)), StopReason::Time, 256),
        (Limits::new().nodes(100), StopReason::Nodes, 100),
    ];
    for (limits, reason, most) in cases {
        let par = par.clone().with_limits(limits);
        let reports =
            [par.count(), par.shard(0, 3), par.for_each_ordered(|_| ControlFlow::<()>::Continue(())).1, par.first().1];
        for r in reports {
            assert_eq!(r.status, Status::Stopped(reason), "{r:?}");
            assert!(r.stats.nodes <= most, "{reason:?}: {r:?}");
            assert_eq!((r.subproblems, r.solutions), (0, 0), "{reason:?}: {r:?}");
        }
    }
}

/// A flag raised while the tree is being split (into 2 × 2²² subproblems,
/// seconds of work) ends the run within half a second.
#[test]
fn a_flag_raised_during_the_split_ends_the_run_at_once() {
    let p = Queens::new(20).unwrap().problem().clone();
    let flag = Arc::new(AtomicBool::new(false));
    let par = Parallel::new(&p)
        .small_tree(0)
        .threads(2)
        .subproblems_per_thread(1 << 22)
        .with_limits(Limits::new().cancel_flag(flag.clone()));
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let r = par.count();
    let took = raiser.join().unwrap().elapsed();
    assert_eq!((r.status, r.subproblems), (Status::Stopped(StopReason::Cancelled), 0), "{r:?}");
    assert!(took < Duration::from_millis(500), "{took:?}");
}

/// 1024 threads: no more start than there are subproblems, and each one
/// counts its share; the counts are those of one thread.
#[test]
fn many_threads_count_as_one() {
    for (name, p) in problems() {
        let mut solver = p.solver();
        let count = solver.count();
        let r = Parallel::new(&p).small_tree(0).threads(1024).subproblems_per_thread(1).count();
        assert_eq!((r.solutions, r.stats.nodes), (count, solver.stats().nodes), "{name}");
        assert!(r.thread_nodes.len() <= r.subproblems.max(1), "{name}: {r:?}");
    }
}

/// A tree of at most `small_tree` nodes is searched whole, as one thread
/// searches it: no split and no worker, the same counts, statistics,
/// solutions and order. One node more, and it is split. A node limit
/// under the size stops the search where one thread stops.
#[test]
fn a_small_tree_is_searched_whole() {
    let queens = Queens::new(7).unwrap().problem().clone();
    let mut solver = queens.solver();
    let (count, stats) = (solver.count(), solver.stats());
    assert_eq!((count, stats.nodes), (40, 334));
    for (small, split) in [(stats.nodes, false), (stats.nodes - 1, true), (0, true)] {
        let par = Parallel::new(&queens).threads(2).subproblems_per_thread(4).small_tree(small);
        let r = par.count();
        let (checked, c) = par.count_checked();
        assert_eq!(checked, Ok(()));
        for r in [&r, &c] {
            assert_eq!((r.solutions, r.stats.nodes, r.stats.updates), (count, stats.nodes, stats.updates));
            assert_eq!(r.status, Status::Complete);
            assert_eq!((r.depth > 0, r.split_into > 0), (split, split), "{small}: {r:?}");
        }
        assert_eq!(r.thread_nodes.iter().sum::<u64>() > 0, split, "{small}: workers {r:?}");
        let mut ordered = Vec::new();
        let (_, o) = par.for_each_ordered(|s| {
            ordered.push(s.to_vec());
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(ordered, queens.solver().solutions().collect::<Vec<_>>(), "{small}");
        assert_eq!(o.split_into > 0, split);
        let first = par.first();
        assert_eq!((first.0, first.1.split_into > 0), (queens.solver().first(), split), "{small}");
    }
    for limit in [1, 17, 333] {
        let mut one = queens.solver().with_limits(Limits::new().nodes(limit));
        let want = one.count();
        let r = Parallel::new(&queens).threads(2).with_limits(Limits::new().nodes(limit)).count();
        assert_eq!((r.solutions, r.stats.nodes, r.status), (want, one.stats().nodes, one.status()), "limit {limit}");
        assert_eq!(r.status, Status::Stopped(StopReason::Nodes), "limit {limit}");
        assert_eq!(r.split_into, 0, "limit {limit}");
    }
}

#[test]
fn the_big_benchmark_instances_split_well() {
    let q = Queens::new(12).unwrap().problem().clone();
    let r = Parallel::new(&q).threads(2).count();
    assert_eq!(r.solutions, 14_200);
    assert!(r.subproblems >= 128, "{}", r.subproblems);
    assert!(r.imbalance() < 1.5, "{r:?}");
    assert!(r.largest * 20 < r.stats.nodes, "no subproblem dominates: {r:?}");
}

/// A problem of 5 primary and 2 secondary items with `options`, each a
/// set of item indices.
fn small_problem(options: &[std::collections::BTreeSet<usize>]) -> Problem {
    let mut b = ProblemBuilder::with_items(5, 2);
    for o in options {
        let ids: Vec<_> = o.iter().map(|&i| exactcover::cover::ItemId::from_u32(i as u32)).collect();
        b.option_ids(&ids).unwrap();
    }
    b.build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_problems_count_the_same_in_parallel(
        options in proptest::collection::vec(proptest::collection::btree_set(0usize..7, 1..4), 0..16),
        threads in 1usize..4,
        per in 1usize..5,
    ) {
        let p = small_problem(&options);
        let mut solver = p.solver();
        let want = solver.count();
        let r = Parallel::new(&p).small_tree(0).threads(threads).subproblems_per_thread(per).count();
        prop_assert_eq!(r.solutions, want);
        prop_assert_eq!(r.stats.nodes, solver.stats().nodes);
        prop_assert_eq!(r.stats.updates, solver.stats().updates);
        let (checked, c) = Parallel::new(&p).small_tree(0).threads(threads).subproblems_per_thread(per).count_checked();
        prop_assert_eq!(checked, Ok(()));
        prop_assert_eq!((c.solutions, c.stats.nodes), (want, solver.stats().nodes));
    }

    /// The shards of a random problem find its solutions, each once, and
    /// their nodes and updates add up to one search's.
    #[test]
    fn random_problems_split_into_shards_that_make_the_whole(
        options in proptest::collection::vec(proptest::collection::btree_set(0usize..7, 1..4), 0..16),
        n in 1usize..6,
    ) {
        let p = small_problem(&options);
        let mut solver = p.solver();
        let mut want: Vec<Vec<OptionId>> = solver.solutions().collect();
        want.sort();
        let found = Mutex::new(Vec::new());
        let (mut nodes, mut updates) = (0, 0);
        for k in 0..n {
            let (_, r) = Parallel::new(&p).threads(2).shard_for_each(k, n, |s| {
                found.lock().unwrap().push(s.to_vec());
                ControlFlow::<()>::Continue(())
            });
            (nodes, updates) = (nodes + r.stats.nodes, updates + r.stats.updates);
        }
        let mut found = found.into_inner().unwrap();
        found.sort();
        prop_assert_eq!(found, want);
        let mut counted = p.solver();
        counted.count();
        prop_assert_eq!((nodes, updates), (counted.stats().nodes, counted.stats().updates));
    }
}

/// The iterator yields exactly the single-threaded solutions: as a set
/// unordered, in the same order with `solutions_ordered`; and dropping it
/// early stops a search that would otherwise run for hours.
#[test]
fn the_iterator_yields_every_solution_lazily() {
    for (name, problem) in problems() {
        let expected: Vec<Vec<OptionId>> = problem.solver().solutions().collect();
        let mut sorted = expected.clone();
        sorted.sort();
        for threads in [1, 2, 3] {
            let parallel = Parallel::new(&problem).small_tree(0).threads(threads).subproblems_per_thread(4);
            let ordered: Vec<Vec<OptionId>> = parallel.solutions_ordered().collect();
            assert_eq!(ordered, expected, "{name}, {threads} threads, ordered");
            let mut it = parallel.solutions();
            let mut any: Vec<Vec<OptionId>> = it.by_ref().collect();
            assert_eq!(it.report().map(|r| r.solutions), Some(expected.len() as u64), "{name}");
            assert_eq!(it.next(), None, "{name}: stays finished");
            any.sort();
            assert_eq!(any, sorted, "{name}, {threads} threads");
        }
    }
    let huge = Queens::new(24).unwrap();
    let five: Vec<Vec<OptionId>> = Parallel::new(huge.problem()).threads(2).solutions().take(5).collect();
    assert_eq!(five.len(), 5);
    assert!(five.iter().all(|s| exactcover::cover::check_solution(huge.problem(), s).is_ok()));
}

/// Shards are counted from 0: `shard(1, 1)` (the 1-based loop `xc cover
/// --shard K/N` suggests) is refused with a message that says so (before:
/// "shard 1 of 1").
#[test]
#[should_panic(expected = "shard 1 of 1: shards are counted from 0 and must be fewer than n")]
fn a_shard_past_the_last_is_refused_saying_how_shards_count() {
    let _ = Parallel::new(Queens::new(6).unwrap().problem()).shard(1, 1);
}
