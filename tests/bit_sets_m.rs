//! Algorithm M on bit sets (`cover::search::m_bits`) against the dance of
//! Algorithm M (`search::m_links`, `dance::mult`): the same solutions in the same
//! order, the same status and the same nodes, updates, solutions and
//! guesses, on random problems with multiplicities and secondary items
//! (whole, stopped by limits, pinned, stepped, reused, split over threads),
//! and Knuth's DLX3 figures on puzzles with multiplicities. Last, which
//! search a solver picks by itself.

mod common;

use common::bit_sets::{Run, figures, forced, run};
use exactcover::cover::{
    Bounds, ItemId, Limits, OptionId, Parallel, Problem, ProblemBuilder, Solver, Status, StopReason, write_dlx,
};
use exactcover::puzzles::polyomino::{Packing, PackingOptions, Piece, pentominoes, rectangle, tetrominoes};
use exactcover::puzzles::queens::Queens;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::subsequence;
use std::convert::Infallible;
use std::fmt;
use std::ops::{ControlFlow, RangeInclusive};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The same as [`run`], one solution at a time: the search paused at each
/// solution and resumed.
fn stepped(problem: &Problem, bits: bool, pins: &[OptionId], limits: Limits) -> Run {
    let mut solver = forced(problem, bits, limits);
    let pinned = solver.pin_all(pins.iter().copied()).is_ok();
    // Stepping does not reset the counts, which would then include the
    // pins' updates; `for_each` does.
    if pinned {
        solver.reset();
    }
    let mut found = Vec::new();
    while let Some(s) = pinned.then(|| solver.next_solution()).flatten() {
        found.push(s.to_vec());
    }
    let status = if pinned { solver.status() } else { Status::Ready };
    let stats = figures(solver.stats());
    solver.reset();
    solver.unpin_all();
    assert!(solver.links_are_pristine());
    (found, status, stats)
}

/// One solver used again and again: a search stopped by `nodes`, a search
/// under `pins`, two solutions and then abandoned, and a whole search.
fn reused(problem: &Problem, bits: bool, pins: &[OptionId], nodes: u64) -> Vec<Run> {
    let mut solver = forced(problem, bits, Limits::new().nodes(nodes));
    let mut runs = Vec::new();
    let mut record = |solver: &mut Solver| {
        let mut found = Vec::new();
        let ControlFlow::Continue(status) = solver.for_each(|s| {
            found.push(s.to_vec());
            ControlFlow::<Infallible>::Continue(())
        });
        runs.push((found, status, figures(solver.stats())));
        solver.reset();
    };
    record(&mut solver);
    solver.set_limits(Limits::new());
    if solver.pin_all(pins.iter().copied()).is_ok() {
        record(&mut solver);
    }
    solver.unpin_all();
    let two: Vec<_> = (0..2).filter_map(|_| solver.next_solution().map(<[OptionId]>::to_vec)).collect();
    solver.reset();
    record(&mut solver);
    assert_eq!(solver.uses_bit_sets(), bits);
    assert!(solver.links_are_pristine());
    runs.push((two, Status::Ready, (0, 0, 0, 0)));
    runs
}

/// Checks that `threads` threads, splitting `problem` into subproblems
/// (by the rule's choice of search), count the `dance`'s solutions, nodes
/// and updates, visit its solutions in its order, and that three shards
/// share its solutions.
fn splits_as_the_dance(problem: &Problem, dance: &Run, threads: usize) -> Result<(), TestCaseError> {
    let (nodes, updates, solutions, _) = dance.2;
    let split = Parallel::new(problem).small_tree(0).threads(threads).subproblems_per_thread(4).count();
    prop_assert_eq!((split.solutions, split.stats.nodes, split.stats.updates), (solutions, nodes, updates));
    let mut ordered = Vec::new();
    let (_, report) =
        Parallel::new(problem).small_tree(0).threads(threads).subproblems_per_thread(2).for_each_ordered(|s| {
            ordered.push(s.to_vec());
            ControlFlow::<()>::Continue(())
        });
    prop_assert_eq!(&ordered, &dance.0);
    prop_assert_eq!((report.status, report.stats.nodes, report.stats.updates), (Status::Complete, nodes, updates));
    let shards: u64 = (0..3).map(|k| Parallel::new(problem).threads(1).shard(k, 3).solutions).sum();
    prop_assert_eq!(shards, solutions);
    Ok(())
}

/// A problem, shown in Knuth's DLX format when a case fails.
#[derive(Clone)]
struct Case(Problem);

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", write_dlx(&self.0))
    }
}

/// A random problem without colours, with multiplicities: a primary item
/// per bound drawn by `bound` (at least one other than `[1, 1]`),
/// `secondary` items, all declared in a random order, and `options`
/// options of `size` items (in a random order) or, one time in three, all
/// of 3 or all of 4 items. An option of secondary items only is ignored.
fn problems(
    primary: RangeInclusive<usize>,
    bound: BoxedStrategy<(u32, u32)>,
    secondary: RangeInclusive<usize>,
    size: RangeInclusive<usize>,
    options: RangeInclusive<usize>,
) -> impl Strategy<Value = Case> {
    let bounds = vec(bound, primary).prop_filter("multiplicities", |b| b.iter().any(|&b| b != (1, 1)));
    let uniform = prop_oneof![4 => Just(0usize), 1 => Just(3usize), 1 => Just(4usize)];
    (bounds, secondary, uniform).prop_flat_map(move |(bounds, secondary, uniform)| {
        let n = bounds.len() + secondary;
        let size = if (1..=n).contains(&uniform) { uniform..=uniform } else { *size.start()..=(*size.end()).min(n) };
        let option = subsequence((0..n).collect::<Vec<_>>(), size).prop_shuffle();
        let order = Just((0..n).collect::<Vec<_>>()).prop_shuffle();
        (vec(option, options.clone()), order).prop_map(move |(options, order)| {
            let mut b = ProblemBuilder::new();
            let mut ids = vec![ItemId::from_u32(0); n];
            for k in order {
                ids[k] = match bounds.get(k) {
                    Some(&(lo, hi)) => b.primary_with_bounds(format!("p{k}"), lo, hi).unwrap(),
                    None => b.secondary(format!("s{}", k - bounds.len())).unwrap(),
                };
            }
            for o in options {
                let items: Vec<ItemId> = o.into_iter().map(|k| ids[k]).collect();
                b.option_ids(&items).unwrap();
            }
            Case(b.build().unwrap())
        })
    })
}

/// A small random problem: 1 to 7 primary items with bounds `[lo, hi]`,
/// `0 <= lo <= hi <= 3` (a quarter of them `[1, 1]`), up to 3 secondary
/// items, and up to 24 options of 1 to 4 items.
fn problem() -> impl Strategy<Value = Case> {
    let bound = prop_oneof![1 => Just((1, 1)), 3 => (0u32..=3, 1u32..=3).prop_map(|(lo, hi)| (lo.min(hi), hi))];
    problems(1..=7, bound.boxed(), 0..=3, 1..=4, 0..=24)
}

/// A dense random problem: 8 to 11 primary items, five in six `[1, 1]`,
/// up to 2 secondary, and 65 to 260 options of 3 to 5 items, so that the
/// bit sets span 2 to 5 words and the rule picks them.
fn dense_problem() -> impl Strategy<Value = Case> {
    let bound = prop_oneof![
        20 => Just((1, 1)),
        1 => Just((0, 1)),
        1 => Just((1, 2)),
        1 => Just((2, 2)),
        1 => Just((2, 3)),
    ];
    problems(8..=11, bound.boxed(), 0..=2, 3..=5, 65..=260)
}

/// Pins named by indices into the options (those past the end dropped).
fn pins_of(problem: &Problem, picks: &[usize]) -> Vec<OptionId> {
    picks.iter().filter(|&&k| k < problem.option_count()).map(|&k| OptionId::from_u32(k as u32)).collect()
}

/// The node limits every small case is stopped by, besides a random one.
const NODE_LIMITS: [u64; 8] = [1, 2, 3, 4, 6, 9, 14, 20];

/// A bound on a whole search of a small case (a few draws have millions of
/// solutions); the searches it stops are compared all the same.
const WHOLE: u64 = 100_000;

/// The dense cases searched whole: those the dance finishes within this.
const DENSE_NODES: u64 = 50_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The whole search, searches stopped by node limits, by a solution
    /// limit and by a cancel flag, and one under one or two pins give the
    /// same solutions, order, status and figures on bit sets as dancing;
    /// and so do threads, when the rule picks the bit sets.
    #[test]
    fn bit_sets_search_as_algorithm_m_does(
        Case(p) in problem(),
        nodes in 1u64..200,
        max in 1u64..6,
        picks in vec(0usize..30, 1..=2),
    ) {
        let whole = Limits::new().nodes(WHOLE);
        let dance = run(&p, false, &[], whole.clone());
        prop_assert_eq!(run(&p, true, &[], whole.clone()), dance.clone());
        let cancel = Limits::new().cancel_flag(Arc::new(AtomicBool::new(true)));
        let limits = NODE_LIMITS.iter().chain([&nodes]).map(|&n| Limits::new().nodes(n));
        for limits in limits.chain([Limits::new().solutions(max), cancel]) {
            prop_assert_eq!(run(&p, true, &[], limits.clone()), run(&p, false, &[], limits));
        }
        let pins = pins_of(&p, &picks);
        prop_assert_eq!(run(&p, true, &pins, whole.clone()), run(&p, false, &pins, whole));
        // The solution limit keeps the dance's first solutions.
        let (first, status, _) = run(&p, true, &[], Limits::new().solutions(max));
        if dance.1 == Status::Complete {
            let n = dance.0.len().min(max as usize);
            prop_assert_eq!(&first[..], &dance.0[..n]);
            let stopped = Status::Stopped(StopReason::Solutions);
            prop_assert_eq!(status, if dance.0.len() as u64 >= max { stopped } else { Status::Complete });
            // Where the rule picks the bit sets, the splits search on them.
            if p.solver().uses_bit_sets() {
                splits_as_the_dance(&p, &dance, 2)?;
            }
        }
    }

    /// Stepping one solution at a time, whole, stopped or pinned, gives the
    /// dance's solutions and figures, and those of the search that visits
    /// them all at once.
    #[test]
    fn paused_bit_sets_resume_where_they_stopped(
        Case(p) in problem(),
        nodes in 1u64..60,
        picks in vec(0usize..30, 1..=2),
    ) {
        let pins = pins_of(&p, &picks);
        let (whole, stopped) = (Limits::new().nodes(WHOLE), Limits::new().nodes(nodes));
        for (limits, pins) in [(whole.clone(), &[][..]), (stopped, &[][..]), (whole, &pins[..])] {
            let bits = stepped(&p, true, pins, limits.clone());
            prop_assert_eq!(&bits, &stepped(&p, false, pins, limits.clone()));
            prop_assert_eq!(&bits, &run(&p, true, pins, limits));
        }
    }

    /// A solver searched again and again (stopped, pinned, abandoned after
    /// two solutions, reset) behaves on bit sets as dancing.
    #[test]
    fn reused_bit_sets_start_afresh(Case(p) in problem(), nodes in 1u64..40, picks in vec(0usize..30, 1..=2)) {
        let pins = pins_of(&p, &picks);
        prop_assert_eq!(reused(&p, true, &pins, nodes), reused(&p, false, &pins, nodes));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Bit sets of 2 to 5 words, chosen by the rule: the dance's
    /// solutions, order and figures, whole, stopped, pinned and stepped,
    /// split over two or three threads (counts, and solutions in order),
    /// and in shards.
    #[test]
    fn wide_bit_sets_search_and_split_as_algorithm_m_does(
        Case(p) in dense_problem(),
        nodes in 1u64..300,
        picks in vec(0usize..300, 1..=2),
        threads in 2usize..=3,
    ) {
        prop_assume!(p.solver().uses_bit_sets());
        // One draw in twenty takes more nodes (up to millions).
        let dance = run(&p, false, &[], Limits::new().nodes(DENSE_NODES));
        prop_assume!(dance.1 == Status::Complete);
        let all = Limits::new();
        prop_assert_eq!(run(&p, true, &[], all.clone()), dance.clone());
        let limited = Limits::new().nodes(nodes);
        prop_assert_eq!(run(&p, true, &[], limited.clone()), run(&p, false, &[], limited));
        let pins = pins_of(&p, &picks);
        prop_assert_eq!(run(&p, true, &pins, all.clone()), run(&p, false, &pins, all));
        let mut by_rule = p.solver();
        let mut steps = Vec::new();
        while let Some(s) = by_rule.next_solution() {
            steps.push(s.to_vec());
        }
        prop_assert_eq!(&steps, &dance.0);
        prop_assert_eq!(figures(by_rule.stats()), dance.2);
        splits_as_the_dance(&p, &dance, threads)?;
    }
}

/// `pieces` packed into an `h`×`w` box, each used `counts` times.
fn packing(pieces: Vec<Piece>, h: usize, w: usize, counts: (u32, u32)) -> Problem {
    let counts = Bounds { min: counts.0, max: counts.1 };
    Packing::with_piece_counts(pieces, rectangle(h, w), PackingOptions::default(), counts).unwrap().problem().clone()
}

/// Dominoes tiling an `h`×`w` board, `horizontal` of them horizontal:
/// Knuth's "dominoHV" files (cells `rc`, then `k|H m|V`; per cell, its
/// horizontal domino, then its vertical one).
fn dominoes(h: usize, w: usize, horizontal: usize) -> Problem {
    let cells: Vec<String> = (0..h).flat_map(|r| (0..w).map(move |c| format!("{r}{c}"))).collect();
    let mut text = format!("{} {horizontal}|H {}|V\n", cells.join(" "), h * w / 2 - horizontal);
    for r in 0..h {
        for c in 0..w {
            if c + 1 < w {
                text += &format!("{r}{c} {r}{} H\n", c + 1);
            }
            if r + 1 < h {
                text += &format!("{r}{c} {}{c} V\n", r + 1);
            }
        }
    }
    Problem::from_dlx(&text).unwrap()
}

/// Rectangular bricks packed into an `h`×`w` box: per brick its name, its
/// rows and columns, and how many of it to use; the placements of each
/// brick come upright, then turned (Knuth's "bricks" files).
fn bricks(h: usize, w: usize, kinds: &[(&str, usize, usize, u32, u32)]) -> Problem {
    let cells: Vec<String> = (0..h).flat_map(|r| (0..w).map(move |c| format!("{r}{c}"))).collect();
    let bounds: Vec<String> = kinds.iter().map(|&(name, _, _, lo, hi)| format!("{lo}:{hi}|{name}")).collect();
    let mut text = format!("{} {}\n", cells.join(" "), bounds.join(" "));
    for &(name, a, b, _, _) in kinds {
        for (ph, pw) in if a == b { vec![(a, b)] } else { vec![(a, b), (b, a)] } {
            for (r, c) in (0..=h - ph).flat_map(|r| (0..=w - pw).map(move |c| (r, c))) {
                let at: Vec<String> =
                    (0..ph).flat_map(|i| (0..pw).map(move |j| format!("{}{}", r + i, c + j))).collect();
                text += &format!("{name} {}\n", at.join(" "));
            }
        }
    }
    Problem::from_dlx(&text).unwrap()
}

/// Random problems from `tests/fixtures/dlx3/random.py` (1, 2 and 6) and
/// from a like script with secondary items, without colours: their lines
/// split by ` / `, and DLX3's solutions, nodes and updates.
const RANDOM: [(&str, (u64, u64, u64)); 7] = [
    ("p0 1:2|p1 1:3|p2 p3 / p0 p1 / p0 p2 / p2 p3 / p0 / p0 p3 / p0 / p1 p3", (2, 9, 19)),
    (
        "0:2|p0 0:3|p1 2:3|p2 / p0 p2 p1 / p2 p1 / p2 p1 p0 / p1 p0 p2 / p1 p2 / p1 p0 / p0 p2 p1 / \
         p0 / p0 p2 / p2 p1 p0",
        (98, 196, 475),
    ),
    (
        "1:2|p0 0:1|p1 0:3|p2 2:3|p3 2:3|p4 p5 1:2|p6 / p6 p3 p4 / p5 p0 p1 / p4 p5 p2 / p6 p4 p0 / \
         p2 p0 / p6 p3 / p3 p5 / p6 / p5",
        (3, 21, 48),
    ),
    (
        "0:2|p0 2|p1 0:3|p2 3|p3 | s0 / s0 p3 p2 / p0 s0 p1 / p2 p3 p1 p0 / p1 s0 / p1 / p1 s0 p2 / \
         s0 p1 p3 / s0 p2 p3 p1 / p3 p1 s0 / s0 p1 p3 p2 / s0 p2 p3 p1 / p2 p3 p1 p0 / p1 p2 s0 / \
         p2 p3 p1 / p3 p2 / p2 / p1 / p0 / p2 / p0 p1",
        (80, 185, 1292),
    ),
    (
        "2:3|p0 0:2|p1 p2 p3 1:2|p4 p5 | s0 s1 s2 / p2 s0 p1 / p2 / p2 s2 p0 s0 / p3 p2 / p4 p5 / \
         s2 p3 / p3 s0 / p0 p5 p3 / p2 p4 / p5 / p0 p5 s2 / p5 p4 p3 / p2 s1 p3 / p0 p4 / p5 / \
         p0 s0 p2 p3 / s1 p0 / p3 p1",
        (67, 171, 550),
    ),
    (
        "p0 0:2|p1 0:2|p2 0:3|p3 3|p4 p5 1:3|p6 | s0 s1 s2 / p6 / p4 / p3 p6 / p4 / p6 p4 / p0 p3 s2 / \
         p0 p6 s0 p1 / p3 / p1 p0 s2 p6 / p3 p5 / p1 / s1 p0 / s2 p3 / p6 p1 / p3 p1 p2 s1 / p0 / \
         s1 p2 p4 / p1 / p3 p2 p0 p5 / s1 p1 p5 / s2 p2",
        (1834, 3306, 4444),
    ),
    (
        "2|p0 p1 p2 0:2|p3 p4 p5 | s0 s1 / p0 p1 p4 / s1 p3 / p3 s0 p2 / p4 p3 p0 / s1 p3 p4 / p4 s1 / \
         p4 / p0 / p3 s1 p1 / p4 p2 p3 / p1 s1 p5 p3 / s1 p3 / s1 p5 / s1 p4 / s1 p5 / p2 / s0 p2 / \
         p0 / p5 p3 p4 p0 / p5 p0 / p1",
        (126, 245, 676),
    ),
];

/// A whole search's solutions in order, folded into one number (FNV-1a
/// over their options, each solution closed by a mark), checked as found,
/// and its figures.
fn digest(solver: &mut Solver) -> (u64, (u64, u64, u64, u64)) {
    let fnv = |h: u64, x: u64| (h ^ x).wrapping_mul(0x100_0000_01b3);
    let mut h = 0xcbf2_9ce4_8422_2325;
    solver.set_verify(true);
    let ControlFlow::Continue(status) = solver.for_each(|s| {
        h = fnv(s.iter().fold(h, |h, o| fnv(h, u64::from(o.as_u32()))), u64::MAX);
        ControlFlow::<Infallible>::Continue(())
    });
    assert_eq!(status, Status::Complete);
    assert!(solver.links_are_pristine());
    (h, figures(solver.stats()))
}

/// Checks that `problem` gives DLX3's `(solutions, nodes, updates)` on
/// bit sets, dancing (with the same solutions in the same order, and the
/// same guesses), and split over two threads.
fn counts_as_dlx3(name: &str, problem: &Problem, (count, nodes, updates): (u64, u64, u64)) {
    assert!(problem.has_multiplicities() && !problem.has_colors(), "{name}");
    let bits = digest(&mut forced(problem, true, Limits::new()));
    assert_eq!((bits.1.2, bits.1.0, bits.1.1), (count, nodes, updates), "{name} on bit sets");
    assert_eq!(digest(&mut forced(problem, false, Limits::new())), bits, "{name} dancing");
    let two = Parallel::new(problem).small_tree(0).threads(2).count();
    assert_eq!((two.solutions, two.stats.nodes, two.stats.updates), (count, nodes, updates), "{name} on 2 threads");
}

/// Small problems with multiplicities, secondary items among them: DLX3's
/// figures (`dlx3 < FILE`), and DLX3's solutions of the first, in order
/// (its `v3` output: `p0 p1`, `p2 p3`; then `p1 p3`, `p0 p2`).
#[test]
fn random_problems_count_as_knuths_dlx3() {
    for (k, &(text, want)) in RANDOM.iter().enumerate() {
        let problem = Problem::from_dlx(&text.replace(" / ", "\n")).unwrap();
        counts_as_dlx3(&format!("random {k}"), &problem, want);
        let all = Limits::new();
        assert_eq!(run(&problem, true, &[], all.clone()), run(&problem, false, &[], all), "random {k}");
    }
    let ids = |v: &[u32]| v.iter().map(|&k| OptionId::from_u32(k)).collect::<Vec<_>>();
    let first = Problem::from_dlx(&RANDOM[0].0.replace(" / ", "\n")).unwrap();
    assert_eq!(run(&first, true, &[], Limits::new()).0, vec![ids(&[0, 2]), ids(&[6, 1])]);
}

/// Puzzles with multiplicities from the crate's builders and Knuth's
/// files: DLX3's figures (`xc … --emit-dlx | dlx3`).
#[test]
fn puzzles_count_as_knuths_dlx3() {
    let queens = |n, k| Queens::per_line(n, k).unwrap().problem().clone();
    let (d, t, q) = (("D", 1, 2, 2, 10), ("T", 1, 3, 2, 6), ("Q", 2, 2, 1, 4));
    let cases = [
        ("queens 5, 2 per line", queens(5, 2), (92, 1116, 6489)),
        ("queens 6, 2 per line", queens(6, 2), (1097, 15626, 103188)),
        ("queens 6, 3 per line", queens(6, 3), (14412, 150503, 684196)),
        ("tetrominoes 0..2, 4x6", packing(tetrominoes(), 4, 6, (0, 2)), (586, 5039, 289831)),
        ("tetrominoes 1..3, 4x6", packing(tetrominoes(), 4, 6, (1, 3)), (16, 2825, 272426)),
        ("tetrominoes 2, 5x8", packing(tetrominoes(), 5, 8, (2, 2)), (3106, 94674, 10600217)),
        ("pentominoes 0..1, 5x5", packing(pentominoes(), 5, 5, (0, 1)), (856, 14138, 2498375)),
        ("pentominoes 0..2, 3x10", packing(pentominoes(), 3, 10, (0, 2)), (4748, 66862, 9071911)),
        ("dominoes 5x6, 7 across", dominoes(5, 6, 7), (405, 2466, 17750)),
        ("dominoes 6x6, 8 across", dominoes(6, 6, 8), (1988, 12103, 87759)),
        ("bricks 4x5", bricks(4, 5, &[("D", 1, 2, 2, 8), ("T", 1, 3, 1, 4), ("Q", 2, 2, 0, 2)]), (2192, 12471, 91651)),
        ("bricks 4x6", bricks(4, 6, &[d, t, q]), (9031, 53793, 432980)),
    ];
    for (name, problem, want) in cases {
        counts_as_dlx3(name, &problem, want);
    }
}

/// Larger puzzles: Knuth's bricks-4x8, two queens per line on 7×7,
/// tetrominoes 1 to 3 times each in a 5×8 box, pentominoes up to twice
/// each in a 5×6 box (DLX3's figures, as above); and bricks-4x8 stopped
/// by node limits deep in its tree, on bit sets as dancing.
#[test]
fn larger_puzzles_count_as_knuths_dlx3() {
    let brick_kinds = [("D", 1, 2, 2, 10), ("T", 1, 3, 2, 6), ("Q", 2, 2, 1, 4)];
    let cases = [
        ("bricks 4x8", bricks(4, 8, &brick_kinds), (408_341, 2_510_722, 19_790_201)),
        ("queens 7, 2 per line", Queens::per_line(7, 2).unwrap().problem().clone(), (19_448, 334_370, 2_428_781)),
        ("tetrominoes 1..3, 5x8", packing(tetrominoes(), 5, 8, (1, 3)), (78_146, 1_080_538, 79_243_586)),
        ("pentominoes 0..2, 5x6", packing(pentominoes(), 5, 6, (0, 2)), (18_316, 273_536, 38_416_415)),
    ];
    for (name, problem, want) in &cases {
        counts_as_dlx3(name, problem, *want);
    }
    let bricks = &cases[0].1;
    for nodes in [1_000, 54_321, 200_000] {
        let limits = Limits::new().nodes(nodes);
        let bits = run(bricks, true, &[], limits.clone());
        assert_eq!(bits.1, Status::Stopped(StopReason::Nodes));
        assert_eq!(bits, run(bricks, false, &[], limits), "{nodes} nodes");
    }
}

/// DLX3's example with colour controls: `A B 2:3|C | X Y`.
const KNUTH_EXAMPLE: &str = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";

/// Dense problems with multiplicities choose the bit sets by themselves;
/// colours, a seed, sparse lists, or too many items or options keep the
/// dance (even when the tests ask for bit sets), and give the same
/// counts.
#[test]
fn dense_multiplicities_choose_bit_sets_and_others_dance() {
    for (problem, count) in [(packing(pentominoes(), 3, 10, (0, 2)), 4748), (packing(tetrominoes(), 4, 6, (0, 2)), 586)]
    {
        assert!(problem.has_multiplicities());
        let mut solver = problem.solver();
        assert!(solver.uses_bit_sets());
        assert_eq!(solver.count(), count);
        // A seed shuffles the lists, which the bit sets can't follow.
        solver.set_seed(Some(7));
        assert!(!solver.uses_bit_sets());
        assert_eq!(solver.count(), count);
        solver.set_seed(None);
        assert!(solver.uses_bit_sets());
    }
    // Colours: Algorithm M with colours is danced, and DLX3's figures.
    let colored = Problem::from_dlx(KNUTH_EXAMPLE).unwrap();
    assert!(colored.has_multiplicities() && colored.has_colors());
    let mut solver = colored.solver();
    assert!(!solver.uses_bit_sets());
    solver.use_bit_sets(true);
    assert!(!solver.uses_bit_sets());
    assert_eq!(solver.count(), 1);
    let s = solver.stats();
    assert_eq!((s.nodes, s.updates, s.cleansings), (6, 14, 7));
    // Dominoes reach few other options: the dance, by the rule.
    assert!(!dominoes(6, 6, 8).solver().uses_bit_sets());
    // `n` items of bounds 0..1 in a chain of options of two.
    let chain = |n: usize| {
        let mut b = ProblemBuilder::new();
        let items: Vec<ItemId> = (0..n).map(|k| b.primary_with_bounds(format!("i{k}"), 0, 1).unwrap()).collect();
        for pair in items.windows(2) {
            b.option_ids(pair).unwrap();
        }
        b.build().unwrap()
    };
    // More than 256 items, or more than 4096 options, or bounds too large
    // for the live keys: never the bit sets.
    let many_items = chain(257);
    let mut b = ProblemBuilder::new();
    let x = b.primary_with_bounds("x", 0, 2).unwrap();
    for _ in 0..4097 {
        b.option_ids(&[x]).unwrap();
    }
    let many_options = b.build().unwrap();
    let huge = Problem::from_dlx("0:1000000000|x y\nx\nx y\ny\n").unwrap();
    // 249 primary items (the keys leave 8 to the sinks), or an option of
    // 9 items (beyond the slots): the dance too.
    let wide_keys = chain(249);
    let mut b = ProblemBuilder::new();
    let items: Vec<ItemId> = (0..9).map(|k| b.primary_with_bounds(format!("i{k}"), 0, 1).unwrap()).collect();
    b.option_ids(&items).unwrap();
    let big_option = b.build().unwrap();
    let cases = [
        (many_items, None),
        (many_options, Some(1 + 4097 + 4097 * 4096 / 2)),
        (huge, Some(4)),
        (wide_keys, None),
        (big_option, Some(2)),
    ];
    for (problem, count) in cases {
        let mut solver = problem.solver();
        solver.use_bit_sets(true);
        assert!(!solver.uses_bit_sets());
        if let Some(count) = count {
            assert_eq!(solver.count(), count);
        }
    }
}

/// SplitMix64: the shapes below are drawn from a fixed seed.
struct Draw(u64);

impl Draw {
    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// A random problem of `primary` items (one in three with bounds from
/// `[0, 1]` to `[2, 3]`), `secondary` items and `options` options of 2 to
/// `size` items, drawn from `seed`.
fn wide(seed: u64, primary: usize, secondary: usize, options: usize, size: usize) -> Problem {
    let mut draw = Draw(seed);
    let mut b = ProblemBuilder::new();
    let choices = [(0, 1), (0, 2), (1, 2), (2, 2), (1, 3), (2, 3)];
    for k in 0..primary {
        let (lo, hi) = if k == 0 || draw.below(3) == 0 { choices[draw.below(choices.len())] } else { (1, 1) };
        b.primary_with_bounds(format!("p{k}"), lo, hi).unwrap();
    }
    for k in 0..secondary {
        b.secondary(format!("s{k}")).unwrap();
    }
    let n = primary + secondary;
    for _ in 0..options {
        let len = 2 + draw.below(size - 1);
        let mut items: Vec<ItemId> = Vec::new();
        while items.len() < len {
            let item = ItemId::from_u32(draw.below(n) as u32);
            if !items.contains(&item) {
                items.push(item);
            }
        }
        b.option_ids(&items).unwrap();
    }
    b.build().unwrap()
}

/// Problems at the edges of the sizes the bit sets are laid out for (up
/// to 56 primary items or up to 248, up to 256, 1024 or 4096 options,
/// options of up to 8 items): the dance's solutions, order and figures,
/// stopped by node limits (their trees are large), pinned, and stepped.
#[test]
fn bit_sets_of_every_size_search_as_algorithm_m_does() {
    let shapes = [
        (56, 3, 256, 8),
        (100, 4, 200, 8),
        (57, 3, 257, 8),
        (40, 0, 1024, 6),
        (30, 2, 1025, 5),
        (120, 8, 700, 8),
        (248, 8, 2000, 8),
        (60, 0, 4096, 4),
    ];
    for (seed, &(primary, secondary, options, size)) in shapes.iter().enumerate() {
        let p = wide(seed as u64, primary, secondary, options, size);
        assert!(p.has_multiplicities());
        let name = format!("{primary}+{secondary} items, {options} options of up to {size}");
        let pins = [OptionId::from_u32(3), OptionId::from_u32(options as u32 - 1)];
        for limits in [1, 2, 7, 100, 2_000, 50_000].map(|n| Limits::new().nodes(n)) {
            let bits = run(&p, true, &[], limits.clone());
            assert_eq!(bits, run(&p, false, &[], limits.clone()), "{name}, {limits:?}");
            assert_eq!(bits, stepped(&p, true, &[], limits.clone()), "{name}, {limits:?}");
            assert_eq!(run(&p, true, &pins, limits.clone()), run(&p, false, &pins, limits.clone()), "{name}, pinned");
        }
    }
}
