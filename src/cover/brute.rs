//! A brute-force oracle: every subset of the options, checked one by one.
//!
//! It shares nothing with the search but [`check_solution`], and is meant
//! for problems with at most about 20 options, to test the engine against.

use super::check::check_solution;
use super::ids::OptionId;
use super::problem::Problem;
use super::solver::Solution;

/// The most options the oracle accepts.
pub const BRUTE_FORCE_MAX_OPTIONS: usize = 24;

/// Every solution of a small problem, each sorted by option id, in
/// lexicographic order. Options with no primary item are left out, as the
/// engine ignores them. Returns `None` if the problem has more than
/// [`BRUTE_FORCE_MAX_OPTIONS`] usable options.
pub fn brute_force_solutions(problem: &Problem) -> Option<Vec<Solution>> {
    let usable: Vec<OptionId> = (0..problem.option_count() as u32)
        .map(OptionId::from_u32)
        .filter(|o| !problem.ignored_options().contains(o))
        .collect();
    if usable.len() > BRUTE_FORCE_MAX_OPTIONS {
        return None;
    }
    let mut found = Vec::new();
    let mut subset = Vec::with_capacity(usable.len());
    for mask in 0u32..(1u32 << usable.len()) {
        subset.clear();
        subset.extend((0..usable.len()).filter(|&k| mask >> k & 1 == 1).map(|k| usable[k]));
        if check_solution(problem, &subset).is_ok() {
            found.push(subset.clone());
        }
    }
    found.sort();
    Some(found)
}

/// A random problem's DLX text for the unit tests: `items` primary items
/// (each, when `bounded`, given the bounds `0:2` with probability 0.3),
/// and up to `options` options, each holding every item with probability
/// `density` (empty ones left out).
#[cfg(test)]
pub(crate) fn random_dlx(
    rng: &mut impl rand::Rng,
    items: usize,
    options: usize,
    density: f64,
    bounded: bool,
) -> String {
    use rand::RngExt;
    let mut text = (0..items)
        .map(|i| if bounded && rng.random_bool(0.3) { format!("0:2|i{i}") } else { format!("i{i}") })
        .collect::<Vec<_>>()
        .join(" ");
    text.push('\n');
    for _ in 0..options {
        let option: Vec<String> = (0..items).filter(|_| rng.random_bool(density)).map(|i| format!("i{i}")).collect();
        if !option.is_empty() {
            text.push_str(&option.join(" "));
            text.push('\n');
        }
    }
    text
}

/// [`random_dlx`]'s problem with two secondary items, which each option
/// names with probability one half, in one of two colours or none.
#[cfg(test)]
pub(crate) fn with_random_colors(rng: &mut impl rand::Rng, text: &str) -> String {
    use rand::RngExt;
    let mut lines = text.lines();
    let mut out = format!("{} | s0 s1\n", lines.next().unwrap_or_default());
    for line in lines {
        out.push_str(line);
        for s in ["s0", "s1"] {
            if rng.random_bool(0.5) {
                out.push_str(&[format!(" {s}"), format!(" {s}:a"), format!(" {s}:b")][rng.random_range(0..3)]);
            }
        }
        out.push('\n');
    }
    out
}
