//! The search on bit sets against the dance (`cover::search::x_bits`): the
//! same solutions in the same order, the same nodes, updates and guesses,
//! the same stops at limits and the same pins, on random problems with
//! secondary items, and on the polyomino packings that choose the bit sets
//! by themselves.

mod common;

use common::bit_sets::{figures, run};
use exactcover::cover::{ItemId, Limits, OptionId, Parallel, Problem, ProblemBuilder};
use exactcover::puzzles::langford::Langford;
use exactcover::puzzles::polyomino::{Packing, PackingOptions, parse_pieces, pentominoes, rectangle};
use exactcover::puzzles::queens::Queens;
use proptest::prelude::*;
use std::ops::{ControlFlow, RangeInclusive};

/// A random problem without colours: `primary` and `secondary` items
/// drawn from the ranges, and `options` options of `size` items each.
fn problems(
    primary: RangeInclusive<usize>,
    secondary: RangeInclusive<usize>,
    size: RangeInclusive<usize>,
    options: RangeInclusive<usize>,
) -> impl Strategy<Value = Problem> {
    (primary, secondary).prop_flat_map(move |(primary, secondary)| {
        let n = primary + secondary;
        let size = *size.start()..=(*size.end()).min(n);
        let option = proptest::collection::btree_set(0..n, size);
        proptest::collection::vec(option, options.clone()).prop_map(move |options| {
            let mut b = ProblemBuilder::with_items(primary, secondary);
            for o in options {
                let ids: Vec<ItemId> = o.into_iter().map(|i| ItemId::from_u32(i as u32)).collect();
                b.option_ids(&ids).unwrap();
            }
            b.build().unwrap()
        })
    })
}

/// A small random problem: up to 7 primary and 3 secondary items, up to
/// 24 options of 1 to 4 items.
fn problem() -> impl Strategy<Value = Problem> {
    problems(1..=7, 0..=3, 1..=4, 0..=24)
}

/// A dense random problem: 6 to 10 primary items, up to 2 secondary, and
/// 65 to 260 options of 2 to 5 items, so that the bit sets span several
/// words and the rule picks them.
fn dense_problem() -> impl Strategy<Value = Problem> {
    problems(6..=10, 0..=2, 2..=5, 65..=260)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The whole search, a search stopped by a node or solution limit, and
    /// one under a pin give the same solutions, order and figures.
    #[test]
    fn bit_sets_search_as_the_dance_does(p in problem(), nodes in 1u64..40, max in 1u64..4, pin in 0usize..30) {
        let all = Limits::new();
        prop_assert_eq!(run(&p, true, &[], all.clone()), run(&p, false, &[], all.clone()));
        let limits = [Limits::new().nodes(nodes), Limits::new().solutions(max)];
        for limits in limits {
            prop_assert_eq!(run(&p, true, &[], limits.clone()), run(&p, false, &[], limits));
        }
        if pin < p.option_count() {
            let pins = [OptionId::from_u32(pin as u32)];
            prop_assert_eq!(run(&p, true, &pins, all.clone()), run(&p, false, &pins, all));
        }
    }

    /// Stepping one solution at a time (the search paused and resumed
    /// between them) gives the dance's solutions.
    #[test]
    fn paused_bit_sets_resume_where_they_stopped(p in problem()) {
        let mut bits = p.solver();
        bits.use_bit_sets(true);
        let mut dance = p.solver();
        dance.use_bit_sets(false);
        loop {
            let a = bits.next_solution().map(<[OptionId]>::to_vec);
            let b = dance.next_solution().map(<[OptionId]>::to_vec);
            prop_assert_eq!(&a, &b);
            if a.is_none() {
                break;
            }
        }
        prop_assert_eq!(figures(bits.stats()), figures(dance.stats()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Bit sets of several words, chosen by the rule: the dance's
    /// solutions, order and figures, whole, stopped, pinned, paused and
    /// resumed, and split over three threads (prefixes and the depth cap).
    #[test]
    fn wide_bit_sets_search_and_split_as_the_dance_does(p in dense_problem(), nodes in 1u64..200, pin in 0usize..65) {
        prop_assume!(p.solver().uses_bit_sets());
        let all = Limits::new();
        let dance = run(&p, false, &[], all.clone());
        prop_assert_eq!(run(&p, true, &[], all.clone()), dance.clone());
        let limited = Limits::new().nodes(nodes);
        prop_assert_eq!(run(&p, true, &[], limited.clone()), run(&p, false, &[], limited));
        let pins = [OptionId::from_u32(pin as u32)];
        prop_assert_eq!(run(&p, true, &pins, all.clone()), run(&p, false, &pins, all));
        let mut bits = p.solver();
        let mut stepped = Vec::new();
        while let Some(s) = bits.next_solution() {
            stepped.push(s.to_vec());
        }
        prop_assert_eq!(&stepped, &dance.0);
        let split = Parallel::new(&p).small_tree(0).threads(3).subproblems_per_thread(4).count();
        let (_, _, (nodes, updates, solutions, _)) = dance;
        prop_assert_eq!((split.solutions, split.stats.nodes, split.stats.updates), (solutions, nodes, updates));
        let mut ordered = Vec::new();
        let _ = Parallel::new(&p).small_tree(0).threads(3).for_each_ordered(|s| {
            ordered.push(s.to_vec());
            ControlFlow::<()>::Continue(())
        });
        prop_assert_eq!(&ordered, &stepped);
    }
}

/// Pentominoes in 3×20 and 4×15 boxes, and with a 2×2 square in a 4×16
/// box (options of two sizes), on bit sets by default: the counts, nodes
/// and updates of Knuth's DLX1 on the same problems (written by `xc
/// polyomino --emit-dlx`), of the dance, and of two threads.
#[test]
fn packings_choose_bit_sets_and_count_as_knuths_dlx1() {
    let square = parse_pieces("SS\nSS").unwrap();
    let with_square: Vec<_> = pentominoes().into_iter().chain(square).collect();
    let box_of = |pieces, h, w| Packing::new(pieces, rectangle(h, w), PackingOptions::default()).unwrap();
    let cases = [
        (box_of(pentominoes(), 3, 20), (32_644, 10_935_596, 8)),
        (box_of(pentominoes(), 4, 15), (843_852, 276_470_195, 1472)),
        (box_of(with_square, 4, 16), (3_224_523, 1_003_241_504, 9804)),
    ];
    for (packing, (nodes, updates, count)) in cases {
        let p = packing.problem();
        let mut solver = p.solver();
        assert!(solver.uses_bit_sets());
        assert_eq!(solver.count_checked(), Ok(count));
        let bits = figures(solver.stats());
        assert_eq!((bits.0, bits.1), (nodes, updates));
        solver.use_bit_sets(false);
        assert_eq!(solver.count_checked(), Ok(count));
        assert_eq!(bits, figures(solver.stats()));
        let two = Parallel::new(p).small_tree(0).threads(2).count();
        assert_eq!((two.solutions, two.stats.nodes, two.stats.updates), (count, nodes, updates));
    }
}

/// Queens and Langford pairs keep the dance, where it is faster;
/// a seed (which shuffles the lists) does too.
#[test]
fn sparse_problems_and_seeds_keep_the_dance() {
    assert!(!Queens::new(10).unwrap().problem().solver().uses_bit_sets());
    assert!(!Langford::raw(8).unwrap().problem().solver().uses_bit_sets());
    let pent = Packing::new(pentominoes(), rectangle(3, 20), PackingOptions::default()).unwrap();
    let mut seeded = pent.problem().solver().with_seed(7);
    assert!(!seeded.uses_bit_sets());
    assert_eq!(seeded.count(), 8);
    seeded.set_seed(None);
    assert!(seeded.uses_bit_sets());
    // A problem without options has nothing to gain from them.
    assert!(!Problem::from_dlx("A B\n").unwrap().solver().uses_bit_sets());
}
