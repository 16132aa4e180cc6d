//! The solutions a shard printed, checked before `xc merge` prints them.
//!
//! Without the problem, a printed solution can only be checked for its
//! form: a shard prints at most as many solutions as it found, and each is
//! a list of option texts, none empty and none with a control character
//! (which would drive the user's terminal: a shard prints names with
//! their control characters escaped, as `xc cover` does). With the problem
//! (`--problem`), each text must be one of its options as a shard prints
//! it, its items in any order, and each solution must pass the
//! independent checker.

use crate::exit::Failure;
use crate::wire::ShardResult;
use exactcover::cover::{Checker, OptionId, Problem};
use exactcover::text::Escaped;
use std::collections::HashMap;

/// The problem the printed solutions are checked against.
pub struct Checked<'p> {
    /// The problem's file, for messages.
    name: &'p str,
    checker: Checker,
    /// The options by their text, its items sorted (several for options
    /// written alike).
    options: HashMap<String, Vec<OptionId>>,
    /// The solutions checked so far, each as its sorted options (options
    /// written alike taken in turn, so a text has one key), where the
    /// solution that printed it first was found (`FILE:LINE`, `n`), and
    /// how many printed it. A search finds each solution once, so no shard
    /// prints one twice, nor two shards the same one; but options written
    /// alike print alike, so a text may come as often as there are ways
    /// to pick its options among those written so.
    seen: HashMap<Vec<OptionId>, (String, usize, u64)>,
}

impl<'p> Checked<'p> {
    /// A check against `problem`, read from the file `name`.
    pub fn new(name: &'p str, problem: &Problem) -> Checked<'p> {
        let mut ignored = vec![false; problem.option_count()];
        for o in problem.ignored_options() {
            ignored[o.as_usize()] = true;
        }
        let mut options: HashMap<String, Vec<OptionId>> = HashMap::new();
        for o in (0..problem.option_count()).map(|o| OptionId::from_u32(o as u32)) {
            if !ignored[o.as_usize()] {
                // As a shard prints it: escaped.
                options.entry(sorted_items(&Escaped(&problem.format_option(o)).to_string())).or_default().push(o);
            }
        }
        Checked { name, checker: Checker::new(problem), options, seen: HashMap::new() }
    }

    /// Checks the `n`-th printed solution of the shard at `at`.
    fn check(&mut self, at: &str, n: usize, solution: &[String]) -> Result<(), Failure> {
        let mut uses: HashMap<String, usize> = HashMap::new();
        let mut ids = Vec::with_capacity(solution.len());
        for text in solution {
            let key = sorted_items(text);
            let Some(same) = self.options.get(&key) else {
                return Err(Failure::input(format!(
                    "{at}: printed solution {n}: `{}` is no option of {}",
                    Escaped(text),
                    self.name
                )));
            };
            // Options written alike are taken in turn.
            let used = uses.entry(key).or_default();
            ids.push(same[(*used).min(same.len() - 1)]);
            *used += 1;
        }
        self.checker.check(&ids).map_err(|e| {
            Failure::input(format!(
                "{at}: printed solution {n} is no solution of {}: {}",
                self.name,
                Escaped(&e.to_string())
            ))
        })?;
        // The solutions that print as this one: at most the ways to pick
        // each text's options among those written alike (1 when no two
        // options are written alike).
        let alike = uses.iter().fold(1u64, |ways, (key, &k)| ways.saturating_mul(choose(self.options[key].len(), k)));
        ids.sort_unstable();
        let (first_at, first, times) = self.seen.entry(ids).or_insert_with(|| (at.to_string(), n, 0));
        *times += 1;
        if *times > alike {
            return Err(Failure::input(format!(
                "{at}: printed solution {n} is {first_at}'s printed solution {first} again: a search finds each solution once"
            )));
        }
        Ok(())
    }
}

/// An option's text with its items in sorted order, one space apart: the
/// same option whatever order its items are written in.
fn sorted_items(text: &str) -> String {
    let mut items: Vec<&str> = text.split_ascii_whitespace().collect();
    items.sort_unstable();
    items.join(" ")
}

/// The ways to choose `k` of `n` (saturating).
fn choose(n: usize, k: usize) -> u64 {
    // C(n, k) = C(n, n - k), and C(n, i) grows with i up to n / 2: a
    // product clamped on the way stays the saturated value.
    let k = k.min(n).min(n - k.min(n));
    let (n, k) = (n as u128, k as u128);
    let mut ways: u128 = 1;
    for i in 0..k {
        ways = (ways * (n - i) / (i + 1)).min(u128::from(u64::MAX));
    }
    ways as u64
}

/// Checks what the shard at `at` printed: its form and number, and with a
/// problem, each solution.
pub fn check(at: &str, shard: &ShardResult, mut problem: Option<&mut Checked>) -> Result<(), Failure> {
    let (printed, found) = (shard.printed.len() as u64, shard.solutions.0);
    if printed > found {
        return Err(Failure::input(format!(
            "{at}: the shard printed more solutions ({printed}) than it found ({found})"
        )));
    }
    for (i, solution) in shard.printed.iter().enumerate() {
        if let Some(bad) = solution.iter().find(|t| t.is_empty() || t.chars().any(char::is_control)) {
            return Err(Failure::input(format!(
                "{at}: printed solution {}: `{}` is no option (an option is a line of item names)",
                i + 1,
                Escaped(bad)
            )));
        }
        if let Some(problem) = problem.as_deref_mut() {
            problem.check(at, i + 1, solution)?;
        }
    }
    Ok(())
}
