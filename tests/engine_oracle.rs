//! The engine against independent oracles: a brute-force enumerator on
//! random small problems (with secondary items and colours), invariance
//! under shuffling and seeding, and the links restored after every search.

mod common;

use exactcover::cover::{
    ColorId, ItemId, Limits, OptionId, Parallel, Problem, ProblemBuilder, Status, Uniqueness, brute_force_solutions,
    check_solution,
};
use proptest::prelude::*;
use std::ops::ControlFlow;

/// A random problem: `(primary, secondary, options)`, where each option is
/// a list of `(item, colour)` with colour 0 for none.
#[derive(Clone, Debug)]
struct Spec {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

fn spec(max_options: usize, colors: u32) -> impl Strategy<Value = Spec> {
    (1usize..=6, 0usize..=4).prop_flat_map(move |(primary, secondary)| {
        let n = primary + secondary;
        let option = proptest::collection::btree_map(0..n, 0..=colors, 1..=n.min(4))
            .prop_map(move |m| m.into_iter().map(|(i, c)| (i, if i < primary { 0 } else { c })).collect::<Vec<_>>());
        proptest::collection::vec(option, 0..=max_options).prop_map(move |options| Spec { primary, secondary, options })
    })
}

fn build(s: &Spec) -> Problem {
    let mut b = ProblemBuilder::with_items(s.primary, s.secondary);
    let colors: Vec<ColorId> = (0..=3).map(|c| b.color(&format!("c{c}"))).collect();
    for option in &s.options {
        let entries: Vec<(ItemId, ColorId)> = option
            .iter()
            .map(|&(i, c)| (ItemId::from_u32(i as u32), if c == 0 { ColorId::NONE } else { colors[c as usize] }))
            .collect();
        b.colored_option_ids(&entries).unwrap();
    }
    b.build().unwrap()
}

fn sorted(mut solutions: Vec<Vec<OptionId>>) -> Vec<Vec<OptionId>> {
    for s in &mut solutions {
        s.sort();
    }
    solutions.sort();
    solutions
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn engine_finds_exactly_the_brute_force_solutions(s in spec(12, 2)) {
        let problem = build(&s);
        let expected = brute_force_solutions(&problem).unwrap();
        let mut solver = problem.solver();
        let found: Vec<Vec<OptionId>> = solver.solutions().collect();
        for f in &found {
            prop_assert!(check_solution(&problem, f).is_ok());
        }
        prop_assert_eq!(sorted(found), expected.clone());
        prop_assert!(solver.links_are_pristine());
        prop_assert_eq!(solver.count(), expected.len() as u64);
        prop_assert_eq!(solver.count_up_to(1), expected.len().min(1) as u64);
        let uniqueness = solver.uniqueness();
        match expected.len() {
            0 => prop_assert_eq!(uniqueness, Uniqueness::None),
            1 => prop_assert_eq!(uniqueness, Uniqueness::Unique(solver.first().unwrap())),
            _ => prop_assert_eq!(uniqueness, Uniqueness::Several),
        }
        solver.reset();
        prop_assert!(solver.links_are_pristine());
    }

    #[test]
    fn counting_without_verification_agrees(s in spec(12, 2), max in 1u64..4) {
        // Without verification, count() counts inside the search loop.
        let problem = build(&s);
        let expected = brute_force_solutions(&problem).unwrap().len() as u64;
        let mut checked = problem.solver();
        checked.set_verify(true);
        prop_assert_eq!(checked.count(), expected);
        let mut solver = problem.solver();
        solver.set_verify(false);
        prop_assert_eq!(solver.count(), expected);
        let (a, b) = (solver.stats(), checked.stats());
        prop_assert_eq!((a.nodes, a.updates, a.cleansings), (b.nodes, b.updates, b.cleansings));
        prop_assert!(solver.links_are_pristine());
        prop_assert_eq!(solver.count_up_to(max), expected.min(max));
        prop_assert!(solver.links_are_pristine());
    }

    #[test]
    fn pins_keep_the_solutions_that_contain_them(
        s in spec(12, 2),
        picks in proptest::collection::vec(any::<proptest::sample::Index>(), 1..3),
    ) {
        let problem = build(&s);
        prop_assume!(problem.option_count() > 0);
        let all = brute_force_solutions(&problem).unwrap();
        let mut solver = problem.solver();
        let picks: Vec<usize> = picks.iter().map(|i| i.index(problem.option_count())).collect();
        let expected = common::pin_picks(&mut solver, &all, &picks).map_err(TestCaseError::fail)?;
        prop_assert_eq!(sorted(solver.solutions().collect()), expected.clone());
        solver.set_verify(false);
        prop_assert_eq!(solver.count(), expected.len() as u64);
        // Seeding relinks the lists under the pins.
        solver.set_seed(Some(7));
        prop_assert_eq!(sorted(solver.solutions().collect()), expected);
        solver.set_seed(None);
        solver.unpin_all();
        prop_assert!(solver.links_are_pristine());
    }

    #[test]
    fn shuffling_items_and_options_changes_no_count(
        s in spec(14, 2),
        item_keys in proptest::collection::vec(any::<u32>(), 10),
        option_keys in proptest::collection::vec(any::<u32>(), 14),
    ) {
        let want = build(&s).solver().count();
        // Reorder primary items among themselves, secondary among themselves.
        let mut primary: Vec<usize> = (0..s.primary).collect();
        primary.sort_by_key(|&i| item_keys[i]);
        let mut secondary: Vec<usize> = (0..s.secondary).collect();
        secondary.sort_by_key(|&i| item_keys[s.primary + i]);
        let mut new_index = vec![0; s.primary + s.secondary];
        for (k, &i) in primary.iter().enumerate() { new_index[i] = k; }
        for (k, &i) in secondary.iter().enumerate() { new_index[s.primary + i] = s.primary + k; }
        let mut options: Vec<Vec<(usize, u32)>> = s.options.iter()
            .map(|o| o.iter().map(|&(i, c)| (new_index[i], c)).collect())
            .collect();
        let mut order: Vec<usize> = (0..options.len()).collect();
        order.sort_by_key(|&k| option_keys[k]);
        options = order.into_iter().map(|k| options[k].clone()).collect();
        let shuffled = Spec { options, ..s };
        prop_assert_eq!(build(&shuffled).solver().count(), want);
    }

    #[test]
    fn seeds_change_no_count_and_repeat_exactly(s in spec(14, 2), seed in any::<u64>()) {
        let problem = build(&s);
        let want = problem.solver().count();
        let mut seeded = problem.solver().with_seed(seed);
        let first: Vec<_> = seeded.solutions().collect();
        prop_assert_eq!(first.len() as u64, want);
        let again: Vec<_> = problem.solver().with_seed(seed).solutions().collect();
        prop_assert_eq!(first, again);
        seeded.set_seed(None);
        prop_assert!(seeded.links_are_pristine());
    }

    /// A stopped search leaves its levels for the solver's next use to
    /// unwind: `links_are_pristine` checks them unwound as that use would.
    #[test]
    fn links_are_restored_after_a_stopped_search(s in spec(14, 2), budget in 1u64..20, max in 1u64..3) {
        let problem = build(&s);
        let want = problem.solver().count();
        let mut solver = problem.solver().with_limits(Limits::new().nodes(budget));
        let partial = solver.count();
        prop_assert!(solver.links_are_pristine());
        prop_assert!(partial <= want);
        if let Status::Stopped(_) = solver.status() {
            prop_assert!(solver.stats().nodes <= budget);
        } else {
            prop_assert_eq!(partial, want);
        }
        let mut solver = problem.solver().with_limits(Limits::new().solutions(max));
        prop_assert_eq!(solver.count(), want.min(max));
        prop_assert!(solver.links_are_pristine());
        // Stopping in the middle of a lazy enumeration, then resetting.
        let mut solver = problem.solver();
        let _ = solver.next_solution();
        solver.reset();
        prop_assert!(solver.links_are_pristine());
    }
}

/// A problem whose options all have `size` (2, 3, 4 or 6) primary items (no
/// secondary ones), over `size * blocks` items: the shape for which the search
/// reports the last level's solutions without the dance.
fn uniform_spec() -> impl Strategy<Value = Spec> {
    (proptest::sample::select(vec![1usize, 2, 3, 4, 6]), 2usize..=5).prop_flat_map(|(size, blocks)| {
        let n = size * blocks;
        let option = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), size)
            .prop_map(|items| items.into_iter().map(|i| (i, 0)).collect::<Vec<_>>());
        proptest::collection::vec(option, 0..=20).prop_map(move |options| Spec { primary: n, secondary: 0, options })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Options of one size: counting (where the last level's solutions
    /// skip the dance), the lazy iterator (which pauses at each), and a
    /// visitor stopped at any solution then resumed, all give the oracle's
    /// solutions, in one order, with the same nodes and updates; so do
    /// solution limits and pins. (Without AVX2 every search takes the
    /// dance, and the test still holds.)
    #[test]
    fn the_last_level_counts_as_the_dance_does(
        s in uniform_spec(),
        stop in 0usize..6,
        max in 1u64..4,
        pin in any::<proptest::sample::Index>(),
    ) {
        let problem = build(&s);
        let want = brute_force_solutions(&problem).unwrap();
        let mut counter = problem.solver();
        prop_assert_eq!(counter.count(), want.len() as u64);
        let counted = counter.stats();
        let mut lazy = problem.solver();
        let order: Vec<_> = lazy.solutions().collect();
        prop_assert_eq!(sorted(order.clone()), want.clone());
        let walked = lazy.stats();
        prop_assert_eq!((walked.nodes, walked.updates, walked.guesses), (counted.nodes, counted.updates, counted.guesses));
        let mut visited = Vec::new();
        let mut visitor = problem.solver();
        let _ = visitor.for_each(|x| {
            visited.push(x.to_vec());
            if visited.len() == stop { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        // The lazy iterator resumes where the visitor stopped.
        while let Some(x) = visitor.next_solution() {
            visited.push(x.to_vec());
        }
        prop_assert_eq!(&visited, &order);
        let resumed = visitor.stats();
        prop_assert_eq!((resumed.nodes, resumed.updates, resumed.guesses), (counted.nodes, counted.updates, counted.guesses));
        prop_assert!(visitor.links_are_pristine());
        let mut limited = problem.solver();
        prop_assert_eq!(limited.count_up_to(max), (want.len() as u64).min(max));
        prop_assert!(limited.links_are_pristine());
        let mut unchecked = problem.solver();
        unchecked.set_verify(false);
        prop_assert_eq!(unchecked.count(), want.len() as u64);
        if problem.option_count() > 0 {
            let o = OptionId::from_u32(pin.index(problem.option_count()) as u32);
            let mut pinned = problem.solver();
            pinned.pin(o).unwrap();
            let with: Vec<_> = want.iter().filter(|x| x.contains(&o)).cloned().collect();
            prop_assert_eq!(pinned.count(), with.len() as u64);
            prop_assert_eq!(sorted(pinned.solutions().collect()), with);
            pinned.unpin_all();
            prop_assert!(pinned.links_are_pristine());
        }
    }
}

/// Larger problems of options of one size than the oracle takes: up to 8
/// options a block of items (repeated options too), dense in solutions, so
/// that counting takes its last-level shortcut at many nodes and levels.
fn dense_uniform_spec() -> impl Strategy<Value = Spec> {
    (proptest::sample::select(vec![1usize, 2, 3, 4, 6]), 3usize..=7).prop_flat_map(|(size, blocks)| {
        let n = size * blocks;
        let option = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), size)
            .prop_map(|items| items.into_iter().map(|i| (i, 0)).collect::<Vec<_>>());
        proptest::collection::vec(option, 0..=8 * blocks).prop_map(move |options| Spec {
            primary: n,
            secondary: 0,
            options,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Counting (the last level's solutions skip the dance), with and
    /// without the check, finds what the lazy iterator (the dance, level by
    /// level) finds, every solution a cover, with the same nodes, updates
    /// and guesses; split between two threads too.
    #[test]
    fn dense_uniform_problems_count_as_the_dance_walks(s in dense_uniform_spec()) {
        let problem = build(&s);
        let mut lazy = problem.solver();
        let found: Vec<_> = lazy.solutions().collect();
        for f in &found {
            prop_assert!(check_solution(&problem, f).is_ok());
        }
        let walked = lazy.stats();
        let mut counter = problem.solver();
        prop_assert_eq!(counter.count_checked(), Ok(found.len() as u64));
        let counted = counter.stats();
        prop_assert_eq!((walked.nodes, walked.updates, walked.guesses), (counted.nodes, counted.updates, counted.guesses));
        prop_assert!(counter.links_are_pristine());
        counter.set_verify(false);
        prop_assert_eq!(counter.count(), found.len() as u64);
        let two = Parallel::new(&problem).small_tree(0).threads(2).subproblems_per_thread(3).count();
        prop_assert_eq!(two.solutions, found.len() as u64);
        prop_assert_eq!((two.stats.nodes, two.stats.updates), (counted.nodes, counted.updates));
    }
}

/// The domino tilings of small boards, counted (the last level's solutions
/// without the dance, each checked) and walked: the known counts, and the
/// same nodes, updates and guesses.
#[test]
fn domino_tilings_count_as_the_dance_walks() {
    for (rows, cols, tilings) in [(2, 2, 2), (3, 4, 11), (4, 4, 36), (4, 5, 95), (5, 6, 1183), (6, 6, 6728)] {
        let mut text = String::new();
        for r in 0..rows {
            for c in 0..cols {
                text += &format!("c{r}_{c} ");
            }
        }
        text.push('\n');
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    text += &format!("c{r}_{c} c{r}_{}\n", c + 1);
                }
                if r + 1 < rows {
                    text += &format!("c{r}_{c} c{}_{c}\n", r + 1);
                }
            }
        }
        let problem = Problem::from_dlx(&text).unwrap();
        let mut counter = problem.solver();
        assert_eq!(counter.count_checked(), Ok(tilings), "{rows}x{cols}");
        let mut lazy = problem.solver();
        assert_eq!(lazy.solutions().count() as u64, tilings);
        let (a, b) = (counter.stats(), lazy.stats());
        assert_eq!((a.nodes, a.updates, a.guesses), (b.nodes, b.updates, b.guesses), "{rows}x{cols}");
    }
}

#[test]
fn knuths_toy_example_has_one_solution() {
    let text = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    let problem = Problem::from_dlx(text).unwrap();
    let mut solver = problem.solver();
    assert_eq!(solver.count(), 1);
    assert_eq!((solver.stats().nodes, solver.stats().updates), (6, 30));
}

#[test]
fn bool_and_bit_matrices_agree() {
    use bitvec::prelude::*;
    let rows = vec![
        vec![false, false, true, false, true, true, false],
        vec![true, false, false, true, false, false, true],
        vec![false, true, true, false, false, true, false],
        vec![true, false, false, true, false, false, false],
        vec![false, true, false, false, false, false, true],
        vec![false, false, false, true, true, false, true],
    ];
    let bits: Vec<BitVec> = rows.iter().map(|r| r.iter().collect()).collect();
    let a = Problem::from_bool_rows(&rows, &[]).unwrap();
    let b = Problem::from_bit_rows(&bits, &[]).unwrap();
    assert_eq!(a.solver().first(), b.solver().first());
    assert_eq!(a.solver().count(), 1);
    // Marking column 6 secondary allows covers that leave it uncovered.
    let c = Problem::from_bool_rows(&rows, &[6]).unwrap();
    assert_eq!(c.solver().count(), brute_force_solutions(&c).unwrap().len() as u64);
}

#[test]
fn a_long_chain_does_not_overflow_the_stack() {
    // 100,000 primary items; option k covers items k and k+1, plus single
    // options for the last item, so the search goes 50,000 levels deep.
    let n = 100_000;
    let mut b = ProblemBuilder::with_items(n, 0);
    for k in (0..n).step_by(2) {
        b.option_ids(&[ItemId::from_u32(k as u32), ItemId::from_u32(k as u32 + 1)]).unwrap();
    }
    let problem = b.build().unwrap();
    let mut solver = problem.solver();
    assert_eq!(solver.count(), 1);
    assert_eq!(solver.stats().nodes, 1 + n as u64 / 2);
}
