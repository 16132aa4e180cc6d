//! The options that still fit, as a set of bits per state, so that the
//! "fewest options" rule counts an item's options with a few `popcount`s
//! instead of testing each option against the state.
//!
//! Only for *plain* problems, where every item is a bit of the state
//! (no multiplicities, no colours): there an option fits exactly when no
//! option taken so far shares an item with it, so the set of options that
//! fit is a function of the state, and taking option `o` removes from it
//! the options of each of `o`'s items. The sets sit on a stack beside the
//! builder's key stack, one per state on it, so a child's set is its
//! parent's less what the option taken conflicts with.
//!
//! Invariant: `stack` holds `words` words per state on the key stack, in
//! the same order; the set of the state at slot `s` is
//! `stack[s * words..][..words]`, and its bit `o` is set exactly when
//! `Rules::fits(state, o)`.

use super::state::{Rules, ones};
use crate::cover::avx2::BitOps;

/// The most words the per-item option sets may take (128 MiB).
const MAX_WORDS: usize = 1 << 24;

/// The options that fit, per state on the builder's stack.
pub(crate) struct Live {
    /// Words of one set of options.
    words: usize,
    /// Item `i`'s options: `by_item[i * words..][..words]`.
    by_item: Vec<u64>,
    /// One set per state on the key stack.
    stack: Vec<u64>,
    /// Whether the CPU counts bits in one instruction.
    bits: Option<BitOps>,
}

impl Live {
    /// The sets for `rules`, if its problem is plain and they are small
    /// enough; the stack starts empty.
    pub(crate) fn new(rules: &Rules) -> Option<Live> {
        if !rules.is_plain() {
            return None;
        }
        let words = rules.option_count().div_ceil(64).max(1);
        let items = rules.kinds.len();
        if items.saturating_mul(words) > MAX_WORDS {
            return None;
        }
        let mut by_item = vec![0u64; items * words];
        for i in 0..items {
            for &o in rules.options_of(i as u32) {
                by_item[i * words + o as usize / 64] |= 1 << (o % 64);
            }
        }
        Some(Live { words, by_item, stack: Vec::new(), bits: BitOps::detect() })
    }

    /// The bytes the sets take.
    pub(crate) fn bytes(&self) -> u64 {
        ((self.by_item.capacity() + self.stack.capacity()) * 8) as u64
    }

    fn options(&self, item: u32) -> &[u64] {
        &self.by_item[item as usize * self.words..][..self.words]
    }

    fn top(&self) -> &[u64] {
        &self.stack[self.stack.len() - self.words..]
    }

    /// Pushes the set of `state`, found by testing every option.
    pub(crate) fn push_state(&mut self, rules: &Rules, state: &[u64]) {
        let at = self.stack.len();
        self.stack.resize(at + self.words, 0);
        for o in 0..rules.option_count() as u32 {
            if rules.fits(state, o) {
                self.stack[at + o as usize / 64] |= 1 << (o % 64);
            }
        }
    }

    /// Pushes the set of the state on top after taking option `o`.
    pub(crate) fn push_taken(&mut self, rules: &Rules, o: u32) {
        let at = self.stack.len();
        self.stack.extend_from_within(at - self.words..at);
        for &(item, _) in rules.items_of(o) {
            let gone = &self.by_item[item as usize * self.words..][..self.words];
            for (w, &g) in self.stack[at..].iter_mut().zip(gone) {
                *w &= !g;
            }
        }
    }

    /// Drops the sets of the states at `slot` and above.
    pub(crate) fn truncate(&mut self, slot: usize) {
        self.stack.truncate(slot * self.words);
    }

    /// The options of `item` that fit in the state on top, in order.
    pub(crate) fn fitting(&self, item: u32) -> impl Iterator<Item = u32> + '_ {
        ones(self.top().iter().zip(self.options(item)).map(|(&live, &mine)| live & mine))
    }

    /// The open primary item with the fewest options that fit in the
    /// state on top (ties to the first), as the "fewest options" rule
    /// picks it; `Err` if one has none.
    pub(crate) fn fewest(&self, rules: &Rules, state: &[u64]) -> Result<Option<u32>, ()> {
        match self.bits {
            Some(p) => p.run(
                #[inline(always)]
                || self.count_fewest(rules, state),
            ),
            None => self.count_fewest(rules, state),
        }
    }

    #[inline(always)]
    fn count_fewest(&self, rules: &Rules, state: &[u64]) -> Result<Option<u32>, ()> {
        let top = self.top();
        let mut best: Option<(u32, u32)> = None;
        for i in rules.plain_open(state) {
            let limit = best.map_or(u32::MAX, |(n, _)| n);
            let mut n = 0;
            for (&live, &mine) in top.iter().zip(self.options(i)) {
                n += (live & mine).count_ones();
                if n >= limit {
                    break;
                }
            }
            if n == 0 {
                return Err(());
            }
            if n < limit {
                best = Some((n, i));
                if n == 1 {
                    break;
                }
            }
        }
        Ok(best.map(|(_, i)| i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::ProblemBuilder;
    use crate::cover::zdd::choice::{Branch, ZddChoice};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A random plain problem: `p` primary and `s` secondary items.
    fn random_plain(rng: &mut ChaCha8Rng) -> crate::cover::Problem {
        let p = rng.random_range(1..=70);
        let s = rng.random_range(0..=3);
        let mut b = ProblemBuilder::new();
        for i in 0..p {
            b.primary(format!("p{i}")).unwrap();
        }
        for i in 0..s {
            b.secondary(format!("s{i}")).unwrap();
        }
        for _ in 0..rng.random_range(1..=150) {
            let mut items: Vec<String> = Vec::new();
            for i in 0..p {
                if rng.random_bool((3.0 / p as f64).min(1.0)) {
                    items.push(format!("p{i}"));
                }
            }
            for i in 0..s {
                if rng.random_bool(0.3) {
                    items.push(format!("s{i}"));
                }
            }
            if items.is_empty() {
                items.push("p0".into());
            }
            b.option(items.iter().map(String::as_str)).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn the_sets_agree_with_testing_each_option_along_random_paths() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..300 {
            let problem = random_plain(&mut rng);
            let rules = Rules::new(&problem);
            let mut live = Live::new(&rules).expect("a plain problem");
            let mut state = rules.start();
            live.push_state(&rules, &state);
            loop {
                let expected = ZddChoice::FewestOptions.branch(&rules, &state);
                let got = match live.fewest(&rules, &state) {
                    Err(()) => Branch::Dead,
                    Ok(None) => Branch::Done,
                    Ok(Some(item)) => Branch::On { item, optional: false },
                };
                assert_eq!(got, expected);
                let Branch::On { item, .. } = got else { break };
                let fitting: Vec<u32> = live.fitting(item).collect();
                let tested: Vec<u32> =
                    rules.options_of(item).iter().copied().filter(|&o| rules.fits(&state, o)).collect();
                assert_eq!(fitting, tested);
                let o = fitting[rng.random_range(0..fitting.len())];
                rules.take(&mut state, o, item);
                live.push_taken(&rules, o);
            }
        }
    }

    #[test]
    fn problems_with_colours_or_multiplicities_keep_the_general_rule() {
        let mut b = ProblemBuilder::new();
        b.primary_with_bounds("m", 1, 2).unwrap();
        b.option(["m"]).unwrap();
        assert!(Live::new(&Rules::new(&b.build().unwrap())).is_none());
        let mut b = ProblemBuilder::new();
        b.primary("a").unwrap();
        b.secondary("s").unwrap();
        b.option(["a", "s:red"]).unwrap();
        assert!(Live::new(&Rules::new(&b.build().unwrap())).is_none());
    }
}
