//! Tests that [`Zdd::sample`](super::Zdd::sample) is uniform: a chi-square
//! test of its draws on instances with at most 1,000 solutions, over
//! several seeds, and the same test failing a deliberately biased sampler.

use super::Zdd;
use super::counts::Counts;
use super::nodes::Node;
use crate::cover::{OptionId, Problem, ProblemBuilder};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Dominoes on an `h`×`w` board.
fn dominoes(h: usize, w: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    let cell = |r: usize, c: usize| format!("{r}_{c}");
    b.primary_items((0..h).flat_map(|r| (0..w).map(move |c| cell(r, c)))).unwrap();
    for r in 0..h {
        for c in 0..w {
            if c + 1 < w {
                b.option([cell(r, c), cell(r, c + 1)]).unwrap();
            }
            if r + 1 < h {
                b.option([cell(r, c), cell(r + 1, c)]).unwrap();
            }
        }
    }
    b.build().unwrap()
}

/// `ln Γ(x)` (Lanczos, as in Numerical Recipes), for the p-value.
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 6] = [
        76.180_091_729_471_46,
        -86.505_320_329_416_77,
        24.014_098_240_830_91,
        -1.231_739_572_450_155,
        0.001_208_650_973_866_179,
        -0.000_005_395_239_384_953,
    ];
    let t = x + 5.5;
    let series: f64 = C.iter().enumerate().map(|(j, c)| c / (x + 1.0 + j as f64)).sum();
    -(t - (x + 0.5) * t.ln()) + (2.506_628_274_631_000_5 * (1.000_000_000_190_015 + series) / x).ln()
}

/// `Q(a, x)`, the regularised upper incomplete gamma function: a series
/// below `a + 1`, a continued fraction above (Numerical Recipes' `gammq`).
fn gamma_q(a: f64, x: f64) -> f64 {
    if x < a + 1.0 {
        let (mut sum, mut term, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..10_000 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        1.0 - sum * (-x + a * x.ln() - ln_gamma(a)).exp()
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            d = if d.abs() < tiny { tiny } else { d };
            c = b + an / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (-x + a * x.ln() - ln_gamma(a)).exp() * h
    }
}

/// The p-value of a chi-square test that `draws` are uniform over the
/// `cells` solutions.
fn p_value(draws: &[Vec<OptionId>], cells: usize) -> f64 {
    let mut seen: HashMap<Vec<OptionId>, u64> = HashMap::new();
    for d in draws {
        let mut d = d.clone();
        d.sort();
        *seen.entry(d).or_default() += 1;
    }
    assert!(seen.len() <= cells);
    let expected = draws.len() as f64 / cells as f64;
    let missing = (cells - seen.len()) as f64 * expected;
    let chi2: f64 = seen.values().map(|&n| (n as f64 - expected).powi(2) / expected).sum::<f64>() + missing;
    gamma_q((cells - 1) as f64 / 2.0, chi2 / 2.0)
}

/// A sampler that goes `hi` or `lo` with even odds wherever both lead to
/// solutions: biased toward solutions on short paths.
fn coin_flip_sample(zdd: &Zdd, rng: &mut ChaCha8Rng) -> Vec<OptionId> {
    let Counts::Small(counts) = &zdd.counts else { panic!("small counts") };
    let mut n = zdd.root;
    let mut s = Vec::new();
    while !n.is_terminal() {
        let b = zdd.nodes.get(n);
        let take = counts[b.lo.as_usize()] == 0 || rng.random_bool(0.5);
        if take {
            s.push(b.option);
        }
        n = if take { b.hi } else { b.lo };
    }
    assert_eq!(n, Node::TOP);
    s
}

fn instances() -> Vec<(Problem, usize)> {
    vec![(dominoes(4, 4), 36), (dominoes(2, 10), 89), (dominoes(4, 5), 95), (dominoes(3, 8), 153)]
}

#[test]
fn samples_pass_a_chi_square_test_on_every_seed() {
    for (problem, count) in instances() {
        let zdd = problem.solver().zdd().unwrap();
        assert_eq!(zdd.count_u128(), Some(count as u128));
        for seed in 1..=5 {
            let draws = zdd.sample(100 * count, seed);
            assert_eq!(draws.len(), 100 * count);
            let p = p_value(&draws, count);
            assert!(p > 0.001, "{count} solutions, seed {seed}: p = {p}");
        }
    }
}

#[test]
fn a_biased_sampler_fails_the_chi_square_test() {
    for (problem, count) in instances() {
        let zdd = problem.solver().zdd().unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let draws: Vec<_> = (0..100 * count).map(|_| coin_flip_sample(&zdd, &mut rng)).collect();
        let p = p_value(&draws, count);
        assert!(p < 0.001, "{count} solutions: p = {p}");
    }
}

#[test]
fn the_p_value_is_right_where_it_is_known() {
    // Chi-square with 2 degrees of freedom: Q(1, x/2) = e^(-x/2).
    assert!((gamma_q(1.0, 3.0) - (-3.0f64).exp()).abs() < 1e-12);
    // 10 degrees of freedom at 18.307: p = 0.05; at 29.588: p = 0.001.
    assert!((gamma_q(5.0, 18.307 / 2.0) - 0.05).abs() < 1e-4);
    assert!((gamma_q(5.0, 29.588 / 2.0) - 0.001).abs() < 1e-5);
}
