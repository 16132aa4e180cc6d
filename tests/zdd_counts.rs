//! The diagram's counts against the literature and an independent
//! transfer-matrix count, and the number formats beyond 64 and 128 bits.

mod zdd {
    pub mod boards;
}

use exactcover::cover::{BigCount, ZddChoice};
use exactcover::puzzles::polyomino::{Packing, PackingOptions, pentominoes, rectangle};
use zdd::boards::{dominoes, dominoes_and_trominoes};

/// OEIS A004003: domino tilings of the 2n×2n board, n = 0..=8.
const A004003: [u128; 9] = [
    1,
    2,
    36,
    6_728,
    12_988_816,
    258_584_046_368,
    53_060_477_521_960_000,
    112_202_208_776_036_178_000_000,
    2_444_888_770_250_892_795_802_079_170_816,
];

/// OEIS A364460: tilings of 3×n with dominoes and trominoes, n = 1..=12.
const A364460: [u64; 12] = [1, 6, 30, 145, 733, 3_540, 17_300, 84_479, 411_963, 2_011_408, 9_816_506, 47_911_847];

#[test]
fn domino_tilings_of_squares_match_oeis_a004003_up_to_12x12() {
    for (n, &known) in A004003.iter().enumerate().take(7).skip(1) {
        let zdd = dominoes(2 * n, 2 * n).solver().zdd().unwrap();
        assert_eq!(zdd.count_u128(), Some(known), "{0}x{0}", 2 * n);
    }
}

#[test]
fn dominoes_and_trominoes_on_3xn_match_oeis_a364460_to_n_12() {
    for n in 1..=12 {
        let zdd = dominoes_and_trominoes(3, n).solver().zdd().unwrap();
        assert_eq!(zdd.count_u128(), Some(u128::from(A364460[n - 1])), "3x{n}");
    }
}

#[test]
fn pentominoes_fill_6x10_in_9356_ways() {
    // The leftmost rule branches on every cell of a row before the pieces,
    // which makes far more states: the fewest-options rule it is.
    let packing = Packing::new(pentominoes(), rectangle(6, 10), PackingOptions::default()).unwrap();
    let zdd = packing.problem().solver().zdd_with(ZddChoice::FewestOptions).unwrap();
    assert_eq!(zdd.count_u128(), Some(9_356));
    // 2,339 up to symmetry: each packing four times.
    let distinct = Packing::new(pentominoes(), rectangle(6, 10), PackingOptions::distinct()).unwrap();
    let zdd = distinct.problem().solver().zdd_with(ZddChoice::FewestOptions).unwrap();
    assert_eq!(zdd.count_u128(), Some(2_339));
}

/// Domino tilings of `h`×`w` by the transfer matrix over columns (a
/// profile of the cells of the next column already filled): independent
/// of the engine, exact in `u128`.
fn transfer_matrix(h: usize, w: usize) -> u128 {
    let mut ways = vec![0u128; 1 << h];
    ways[0] = 1;
    for _ in 0..w {
        let mut next = vec![0u128; 1 << h];
        for (filled, &n) in ways.iter().enumerate().filter(|(_, n)| **n > 0) {
            // Fill this column from the top: a cell already filled, a
            // vertical domino down, or a horizontal one into the next column.
            let mut stack = vec![(0usize, 0usize)];
            while let Some((row, out)) = stack.pop() {
                if row == h {
                    next[out] += n;
                } else if filled >> row & 1 == 1 {
                    stack.push((row + 1, out));
                } else {
                    stack.push((row + 1, out | 1 << row));
                    if row + 1 < h && filled >> (row + 1) & 1 == 0 {
                        stack.push((row + 2, out));
                    }
                }
            }
        }
        ways = next;
    }
    ways[0]
}

/// Kasteleyn (1961): the tilings of 2n×2n are
/// `∏_{j,k=1..n} (4 cos²(jπ/(2n+1)) + 4 cos²(kπ/(2n+1)))`; in `f64`,
/// good to about 1e-13 relative.
fn kasteleyn(n: usize) -> f64 {
    let m = (2 * n + 1) as f64;
    let c = |j: usize| (j as f64 * std::f64::consts::PI / m).cos().powi(2);
    (1..=n).flat_map(|j| (1..=n).map(move |k| 4.0 * c(j) + 4.0 * c(k))).product()
}

#[test]
fn dominoes_of_16x16_pass_64_bits_and_match_kasteleyn_and_the_transfer_matrix() {
    assert_eq!(transfer_matrix(12, 12), A004003[6]);
    let zdd = dominoes(16, 16).solver().zdd().unwrap();
    let count = zdd.count_u128().unwrap();
    assert!(count > u128::from(u64::MAX));
    assert_eq!(count, A004003[8]);
    assert_eq!(count, transfer_matrix(16, 16));
    let relative = (count as f64 - kasteleyn(8)).abs() / kasteleyn(8);
    assert!(relative < 1e-9, "{relative}");
    assert_eq!(zdd.count().to_string(), "2444888770250892795802079170816");
}

/// Fibonacci numbers as text, by schoolbook addition of decimal digits.
fn fibonacci_text(n: usize) -> String {
    let add = |a: &[u8], b: &[u8]| {
        let mut out = Vec::new();
        let mut carry = 0;
        for k in 0..a.len().max(b.len()) {
            let s = a.get(k).copied().unwrap_or(0) + b.get(k).copied().unwrap_or(0) + carry;
            out.push(s % 10);
            carry = s / 10;
        }
        if carry > 0 {
            out.push(carry);
        }
        out
    };
    let (mut a, mut b) = (vec![0u8], vec![1u8]);
    for _ in 0..n {
        let c = add(&a, &b);
        a = b;
        b = c;
    }
    a.iter().rev().map(|d| char::from(b'0' + d)).collect()
}

/// A positive decimal number less one.
fn minus_one(text: &str) -> String {
    let mut digits: Vec<u8> = text.bytes().collect();
    let mut k = digits.len() - 1;
    while digits[k] == b'0' {
        digits[k] = b'9';
        k -= 1;
    }
    digits[k] -= 1;
    String::from_utf8(digits).unwrap()
}

#[test]
fn counts_past_u128_are_exact_big_numbers_and_nth_and_sample_use_them() {
    // Dominoes on 2×n: Fibonacci(n + 1) tilings; 2×200 has about 4.5e41.
    let zdd = dominoes(2, 200).solver().zdd().unwrap();
    assert_eq!(zdd.count_u128(), None);
    let count = zdd.count();
    assert_eq!(count.to_string(), fibonacci_text(201));
    // Index count - 1 is the last solution: all vertical (the vertical
    // domino comes after the horizontal one in each cell's list).
    assert_eq!(zdd.nth(count.clone()), None);
    let before_last: BigCount = minus_one(&fibonacci_text(201)).parse().unwrap();
    let solution = zdd.nth(before_last).unwrap();
    assert_eq!(solution.len(), 200);
    let problem = zdd.problem();
    assert!(solution.iter().all(|&o| {
        let items: Vec<_> = problem.option(o).iter().map(|(i, _)| problem.item_name(i).to_string()).collect();
        items[0].starts_with("0_") && items[1].starts_with("1_")
    }));
    for s in zdd.sample(3, 9) {
        exactcover::cover::check_solution(problem, &s).unwrap();
    }
}

#[test]
fn the_build_stops_at_the_memory_budget_the_node_limit_the_clock_and_the_flag() {
    use exactcover::cover::{Limits, StopReason, ZddError};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    let problem = dominoes(12, 12);
    let build = |limits: Limits| problem.solver().with_limits(limits).zdd().map(|z| z.node_count());
    match build(Limits::new().memory(200_000)) {
        Err(e @ ZddError::OverBudget { budget: 200_000, .. }) => {
            assert!(e.to_string().starts_with("the memo needs more than the memory budget of"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(build(Limits::new().nodes(1000)), Err(ZddError::Stopped { reason: StopReason::Nodes, .. })));
    assert!(matches!(
        build(Limits::new().time(Duration::ZERO)),
        Err(ZddError::Stopped { reason: StopReason::Time, .. })
    ));
    let flag = Arc::new(AtomicBool::new(true));
    assert!(matches!(
        build(Limits::new().cancel_flag(flag)),
        Err(ZddError::Stopped { reason: StopReason::Cancelled, .. })
    ));
    // Within a budget that holds it, the same build succeeds.
    assert_eq!(build(Limits::new().memory(64 << 20)), Ok(70_619));
}

/// The probe judges early where lookups seldom find their state (queens,
/// pentominoes: the memo does not pay), well before its 2,000 states, and
/// runs on where they often do (dominoes), saying it pays.
#[test]
fn the_probe_stops_early_where_the_memo_does_not_pay() {
    let queens = exactcover::puzzles::queens::Queens::new(12).unwrap();
    let pieces = Packing::new(pentominoes(), rectangle(6, 10), PackingOptions::default()).unwrap();
    for problem in [queens.problem(), pieces.problem()] {
        let probe = problem.solver().zdd_probe();
        assert!(!probe.pays() && probe.zdd.is_none());
        assert!((512..=1024).contains(&probe.lookups), "{probe:?}");
        assert!(probe.hits * 32 < probe.lookups && probe.states < 2_000, "{probe:?}");
    }
    let probe = dominoes(8, 8).solver().zdd_probe();
    assert!(probe.pays_well() && probe.hits * 5 >= probe.lookups, "{probe:?}");
}

/// Items `x0 … x{n-1}`, each with two options of its own: 2ⁿ solutions,
/// whose counts are numbers of up to `n` bits at every node.
fn doubled_chain(n: usize) -> exactcover::cover::Problem {
    let mut text = (0..n).map(|i| format!("x{i}")).collect::<Vec<_>>().join(" ") + "\n";
    for _ in 0..2 {
        for i in 0..n {
            text += &format!("x{i}\n");
        }
    }
    exactcover::cover::Problem::from_dlx(&text).unwrap()
}

/// Counts of thousands of bits: 2⁴⁰⁰⁰ solutions, counts of up to 63 limbs
/// at each of 8,000 nodes, exact, and held within the budget the build
/// reports (their limits: `counts.rs`'s tests).
#[test]
fn big_counts_are_exact_and_counted_in_the_bytes() {
    let problem = doubled_chain(4000);
    let zdd = problem.solver().zdd().unwrap();
    // 2⁴⁰⁰⁰ in decimal, doubled digit by digit.
    let mut digits = vec![1u8];
    for _ in 0..4000 {
        let mut carry = 0;
        for d in &mut digits {
            let t = *d * 2 + carry;
            (*d, carry) = (t % 10, t / 10);
        }
        if carry > 0 {
            digits.push(carry);
        }
    }
    let power: String = digits.iter().rev().map(|d| char::from(b'0' + d)).collect();
    assert_eq!(zdd.count().to_string(), power);
    // 4,000 nodes' counts of 32 limbs on average: over 1 MB.
    assert!(zdd.stats().bytes > 1_000_000, "{:?}", zdd.stats());
}
