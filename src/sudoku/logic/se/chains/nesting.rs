//! Nesting: the techniques a dynamic search applies to its reduced grid
//! when its links run dry, SE's way ([`eliminations`], the [`Nest`](super::propagate::Nest) that
//! SE's forcing chains pass to the propagation).
//!
//! At level 1 these are locked candidates, hidden pairs, naked pairs and
//! X-Wings; level 2 adds the cycles and forcing chains of [`super::unary`],
//! level 3 static cell and region forcing chains; level 4 dynamic forcing
//! chains instead of both, and level 5 also dynamic forcing chains of
//! level 2. Forcing chains nest forcing chains: [`eliminations`] hands
//! itself to [`forcing::hints`] for the levels below, so the recursion
//! runs through a parameter and no file imports one above it. The first
//! technique that gives anything gives all its steps; each elimination
//! becomes an off node whose parents are the search's eliminations the
//! step relied on (a step that relies on none is left out: it needs no
//! chain).

use super::forcing::{self, Rule};
use super::hint::{ChainHint, Source, sorted};
use super::propagate::Found;
use super::run::{Cause, Key, NONE, Nested, Run, key, parts};
use super::unary;
use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{Board, REGION_SETS, REGIONS, cells_of, places_in};
use crate::sudoku::logic::se::combos::{bits, subsets};
use std::rc::Rc;

/// The eliminations the first productive technique of `level` makes on
/// `reduced` (whose grid before the search was `orig`): SE's [`Nest`](super::propagate::Nest).
pub(crate) fn eliminations(reduced: &Board, orig: &Board, run: &Run, level: u8) -> Vec<Found> {
    let orig = &orig.cand;
    let basic: [fn(&Board) -> Vec<Basic>; 4] = [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in basic {
        let out = from_basic(rule(reduced), orig, reduced, run);
        if !out.is_empty() {
            return out;
        }
    }
    if level < 2 {
        return Vec::new();
    }
    let cache_key = (level, orig.to_vec(), reduced.cand);
    let hit = CACHE.with_borrow(|c| c.get(&cache_key).cloned());
    let found = hit.unwrap_or_else(|| {
        let found = Rc::new(chain_eliminations(reduced, orig, level));
        CACHE.with_borrow_mut(|c| {
            if c.len() > 20_000 {
                c.clear();
            }
            c.insert(cache_key, found.clone());
        });
        found
    });
    found
        .iter()
        .filter_map(|(k, parent_keys, nested)| {
            let parents: Vec<u32> = parent_keys.iter().map(|&p| run.get(p)).filter(|&id| id != NONE).collect();
            (!parents.is_empty()).then(|| (*k, parents, Some(nested.clone())))
        })
        .collect()
}

/// An elimination by a nested chain: its key, the keys of the outer
/// eliminations it relies on, and the chain.
type ChainFound = (Key, Vec<Key>, Rc<Nested>);

/// A nesting level, the grid before the outer search and the reduced grid.
type CacheKey = (u8, Vec<u16>, [u16; 81]);

thread_local! {
    /// Nested chains found on a reduced grid, by (level, grid before the
    /// search, reduced grid): different assumptions often reduce the grid
    /// alike (a candidate on and its only alternative off), and the nested
    /// search is the costly part.
    static CACHE: std::cell::RefCell<std::collections::HashMap<CacheKey, Rc<Vec<ChainFound>>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// The eliminations of the first productive chain family of `level` (2 or
/// more) on `reduced`.
fn chain_eliminations(reduced: &Board, orig: &[u16; 81], level: u8) -> Vec<ChainFound> {
    let mut families: Vec<Option<Rule>> = Vec::new();
    if level < 4 {
        families.push(None);
        if level >= 3 {
            families.push(Some(Rule::MULTIPLE));
        }
    } else {
        families.push(Some(Rule::dynamic(0)));
        if level >= 5 {
            families.push(Some(Rule::dynamic(level - 3)));
        }
    }
    for family in families {
        let hints = match family {
            None => unary::hints(reduced),
            Some(rule) => forcing::hints(reduced, rule, eliminations),
        };
        let out = from_chains(hints, orig, reduced);
        if !out.is_empty() {
            return out;
        }
    }
    Vec::new()
}

/// A basic step: its eliminations and the (cell, digit) candidates whose
/// absence it relies on, among those the grid had before the search.
type Basic = (Vec<(usize, u8)>, Vec<(usize, u8)>);

fn from_basic(steps: Vec<Basic>, orig: &[u16; 81], _now: &Board, run: &Run) -> Vec<Found> {
    let mut out = Vec::new();
    for (elims, needs) in steps {
        let parents: Vec<u32> = needs
            .iter()
            .filter(|&&(k, d)| orig[k] >> (d - 1) & 1 != 0)
            .map(|&(k, d)| run.get(key(k, d, false)))
            .filter(|&id| id != NONE)
            .collect();
        if parents.is_empty() {
            continue;
        }
        out.extend(elims.into_iter().map(|(k, d)| (key(k, d, false), parents.clone(), None)));
    }
    out
}

fn from_chains(hints: Vec<ChainHint>, orig: &[u16; 81], now: &Board) -> Vec<ChainFound> {
    let mut out = Vec::new();
    for h in sorted(hints) {
        let parents = rule_parents(&h, orig, now);
        if parents.is_empty() {
            continue;
        }
        let nested = Rc::new(Nested { complexity: h.complexity, text: h.name.to_lowercase() });
        for &(k, d) in &h.eliminations {
            out.push((key(k, d, false), parents.clone(), nested.clone()));
        }
    }
    out
}

/// The outer search's eliminations a nested chain relied on: for each on
/// node of its chains, the candidates of its cell (or of its region, for
/// a hidden single) that were there before the outer search and are gone.
fn rule_parents(h: &ChainHint, orig: &[u16; 81], now: &Board) -> Vec<Key> {
    let mut out = Vec::new();
    for (run, target) in &h.targets {
        let mut seen = [0u64; 23];
        let mut todo = vec![*target];
        while let Some(p) = todo.pop() {
            let k = run.key_of(p);
            if seen[usize::from(k) / 64] >> (k % 64) & 1 != 0 {
                continue;
            }
            seen[usize::from(k) / 64] |= 1 << (k % 64);
            todo.extend_from_slice(run.parents(p));
            let (c, d, on) = parts(k);
            if !on {
                continue;
            }
            let cause = match (run.nodes[p as usize].cause, h.source) {
                (Cause::Assumed, Source::Cell(_)) => Cause::Cell,
                (Cause::Assumed, Source::Region(r, _)) => Cause::Region(r as u8),
                (cause, _) => cause,
            };
            match cause {
                Cause::Cell => {
                    for v in bits(u32::from(orig[c] & !now.cand[c])) {
                        out.push(key(c, v as u8 + 1, false));
                    }
                }
                Cause::Region(r) => {
                    for &cell in &REGIONS[usize::from(r)] {
                        let cell = cell as usize;
                        if orig[cell] >> (d - 1) & 1 != 0 && now.cand[cell] >> (d - 1) & 1 == 0 {
                            out.push(key(cell, d, false));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// The crossing regions locked candidates look at, in SE's order.
fn crossings() -> impl Iterator<Item = (usize, usize)> {
    let kinds = [(0..9, 18..27), (0..9, 9..18), (18..27, 0..9), (9..18, 0..9)];
    kinds.into_iter().flat_map(|(a, t)| a.flat_map(move |r1| t.clone().map(move |r2| (r1, r2))))
}

/// Every locked candidate, SE's order; it relies on the digit's absence
/// from the rest of the first region.
fn locking(b: &Board) -> Vec<Basic> {
    let mut out = Vec::new();
    for (r1, r2) in crossings() {
        if REGION_SETS[r1] & REGION_SETS[r2] == 0 {
            continue;
        }
        for d in 1..=9u8 {
            let p = b.places(r1, d);
            if p.pop() < 2 || places_in(r1, u32::from(p)).any(|k| REGION_SETS[r2] >> k & 1 == 0) {
                continue;
            }
            let elims: Vec<(usize, u8)> = REGIONS[r2]
                .iter()
                .map(|&k| k as usize)
                .filter(|&k| REGION_SETS[r1] >> k & 1 == 0 && b.has(k, d))
                .map(|k| (k, d))
                .collect();
            if elims.is_empty() {
                continue;
            }
            let needs = REGIONS[r1]
                .iter()
                .map(|&k| k as usize)
                .filter(|&k| REGION_SETS[r2] >> k & 1 == 0)
                .map(|k| (k, d))
                .collect();
            out.push((elims, needs));
        }
    }
    out
}

fn house_order() -> impl Iterator<Item = usize> {
    (0..9).chain(18..27).chain(9..18)
}

/// Every hidden pair (regions with more than 4 empty cells); it relies on
/// the pair's digits being gone from the region's other cells.
fn hidden_pairs(b: &Board) -> Vec<Basic> {
    let mut out = Vec::new();
    for r in house_order() {
        if b.empty_in(r) <= 4 {
            continue;
        }
        for set in subsets(2, 9) {
            let (d1, d2) = (set.trailing_zeros() as u8 + 1, (31 - set.leading_zeros()) as u8 + 1);
            let (p1, p2) = (b.places(r, d1), b.places(r, d2));
            if p1.pop() < 2 || p2.pop() < 2 || !(p1 | p2).two() {
                continue;
            }
            let union = p1 | p2;
            if !places_in(r, u32::from(union)).any(|k| b.cand[k] & !(set as u16) != 0) {
                continue;
            }
            let elims = places_in(r, u32::from(union))
                .flat_map(|k| bits(u32::from(b.cand[k] & !(set as u16))).map(move |i| (k, i as u8 + 1)))
                .collect();
            let needs = places_in(r, u32::from(!union & 0x1ff)).flat_map(|k| [(k, d1), (k, d2)]).collect();
            out.push((elims, needs));
        }
    }
    out
}

/// Every naked pair (regions with 4 or more empty cells); it relies on the
/// pair's cells having lost their other digits.
fn naked_pairs(b: &Board) -> Vec<Basic> {
    let mut out = Vec::new();
    for r in house_order() {
        if b.empty_in(r) < 4 {
            continue;
        }
        for set in subsets(2, 9) {
            let (i1, i2) = (set.trailing_zeros() as usize, (31 - set.leading_zeros()) as usize);
            let (c1, c2) = (REGIONS[r][i1] as usize, REGIONS[r][i2] as usize);
            let union = b.cand[c1] | b.cand[c2];
            if b.count(c1) < 2 || b.count(c2) < 2 || !union.two() {
                continue;
            }
            let others = REGIONS[r].iter().map(|&k| k as usize).filter(|&k| k != c1 && k != c2);
            if !others.clone().any(|k| b.cand[k] & union != 0) {
                continue;
            }
            let elims =
                others.flat_map(|k| bits(u32::from(b.cand[k] & union)).map(move |i| (k, i as u8 + 1))).collect();
            let needs = [c1, c2]
                .into_iter()
                .flat_map(|k| (1..=9u8).filter(move |&d| union >> (d - 1) & 1 == 0).map(move |d| (k, d)))
                .collect();
            out.push((elims, needs));
        }
    }
    out
}

/// Every X-Wing, columns as base lines first; it relies on the digit's
/// absence from the base lines outside the cover lines.
fn x_wings(b: &Board) -> Vec<Basic> {
    let mut out = Vec::new();
    let occurrences: [u32; 10] = std::array::from_fn(|d| if d == 0 { 9 } else { b.occurrences(d as u8) });
    for (base, cover) in [(18usize, 9usize), (9, 18)] {
        for set in subsets(2, 9) {
            let (l1, l2) = (base + set.trailing_zeros() as usize, base + (31 - set.leading_zeros()) as usize);
            for d in 1..=9u8 {
                if occurrences[usize::from(d)] + 4 > 9 {
                    continue;
                }
                let (p1, p2) = (b.places(l1, d), b.places(l2, d));
                if p1.pop() < 2 || p2.pop() < 2 || !(p1 | p2).two() {
                    continue;
                }
                let union = p1 | p2;
                let covers: u128 = bits(u32::from(union)).fold(0, |m, i| m | REGION_SETS[cover + i]);
                let bases: u128 = REGION_SETS[l1] | REGION_SETS[l2];
                let victims = covers & !bases;
                if !cells_of(victims).any(|k| b.has(k, d)) {
                    continue;
                }
                let elims = cells_of(victims).filter(|&k| b.has(k, d)).map(|k| (k, d)).collect();
                let needs = cells_of(bases & !covers).map(|k| (k, d)).collect();
                out.push((elims, needs));
            }
        }
    }
    out
}
