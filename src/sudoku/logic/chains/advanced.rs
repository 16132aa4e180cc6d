//! Nesting: the techniques a dynamic search applies to its reduced grid
//! when its links run dry, SE's way.
//!
//! At level 1 these are locked candidates, hidden pairs, naked pairs and
//! X-Wings; level 2 adds the cycles and forcing chains of
//! [`unary_chains`](crate::sudoku::logic::strategies), level 3 static cell
//! and region forcing chains; level 4 dynamic forcing chains instead of
//! both, and level 5 also dynamic forcing chains of level 2. The first
//! technique that gives anything gives all its steps; each elimination
//! becomes an off node whose parents are the search's eliminations the
//! step relied on (a step that relies on none is left out: it needs no
//! chain).

use super::run::{Cause, Key, NONE, Nested, Run, key, parts};
use super::{ChainHint, Source};
use crate::sudoku::logic::se::board::{Board, REGION_SETS, REGIONS};
use crate::sudoku::logic::se::combos::{bits, subsets};
use crate::sudoku::logic::strategies::{forcing_chains, unary_chains};
use std::rc::Rc;

/// An elimination found on the reduced grid: its key, its parents in the
/// run, and the nested chain it came from.
pub(crate) type Found = (Key, Vec<u32>, Option<Rc<Nested>>);

/// The eliminations the first productive technique of `level` makes on
/// `reduced` (whose grid before the search was `orig`).
pub(crate) fn eliminations(reduced: &Board, orig: &Board, run: &Run, level: u8) -> Vec<Found> {
    let orig = &orig.cand;
    let basic: [fn(&Board) -> Vec<Basic>; 4] = [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in basic {
        let out = from_basic(rule(reduced), orig, reduced, run);
        if !out.is_empty() {
            return out;
        }
    }
    let mut rules: Vec<forcing_chains::Rule> = Vec::new();
    if level < 4 {
        if level >= 2 {
            let out = from_chains(unary_chains::hints(reduced), orig, reduced, run);
            if !out.is_empty() {
                return out;
            }
        }
        if level >= 3 {
            rules.push(forcing_chains::Rule::MULTIPLE);
        }
    } else {
        rules.push(forcing_chains::Rule::dynamic(0));
        if level >= 5 {
            rules.push(forcing_chains::Rule::dynamic(level - 3));
        }
    }
    for rule in rules {
        let out = from_chains(forcing_chains::hints(reduced, rule), orig, reduced, run);
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

fn from_chains(hints: Vec<ChainHint>, orig: &[u16; 81], now: &Board, run: &Run) -> Vec<Found> {
    let mut out = Vec::new();
    for h in super::sorted(hints) {
        let parents: Vec<u32> =
            rule_parents(&h, orig, now).into_iter().map(|k| run.get(k)).filter(|&id| id != NONE).collect();
        if parents.is_empty() {
            continue;
        }
        let nested = Rc::new(Nested { complexity: h.complexity, text: h.name.to_lowercase() });
        for &(k, d) in &h.eliminations {
            out.push((key(k, d, false), parents.clone(), Some(nested.clone())));
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

fn cells_of(r: usize, mask: u16) -> impl Iterator<Item = usize> {
    bits(u32::from(mask)).map(move |i| REGIONS[r][i] as usize)
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
            if p.count_ones() < 2 || cells_of(r1, p).any(|k| REGION_SETS[r2] >> k & 1 == 0) {
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
            let ds: Vec<u8> = bits(set).map(|i| i as u8 + 1).collect();
            let places: Vec<u16> = ds.iter().map(|&d| b.places(r, d)).collect();
            if places.iter().any(|p| p.count_ones() < 2) {
                continue;
            }
            let union = places[0] | places[1];
            if union.count_ones() != 2 {
                continue;
            }
            let elims: Vec<(usize, u8)> = cells_of(r, union)
                .flat_map(|k| bits(u32::from(b.cand[k] & !(set as u16))).map(move |i| (k, i as u8 + 1)))
                .collect();
            if elims.is_empty() {
                continue;
            }
            let needs = cells_of(r, !union & 0x1ff).flat_map(|k| ds.iter().map(move |&d| (k, d))).collect();
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
            let cells: Vec<usize> = cells_of(r, set as u16).collect();
            if cells.iter().any(|&k| b.count(k) < 2) {
                continue;
            }
            let union = b.cand[cells[0]] | b.cand[cells[1]];
            if union.count_ones() != 2 {
                continue;
            }
            let elims: Vec<(usize, u8)> = REGIONS[r]
                .iter()
                .map(|&k| k as usize)
                .filter(|k| !cells.contains(k))
                .flat_map(|k| bits(u32::from(b.cand[k] & union)).map(move |i| (k, i as u8 + 1)))
                .collect();
            if elims.is_empty() {
                continue;
            }
            let needs = cells
                .iter()
                .flat_map(|&k| (1..=9u8).filter(move |&d| union >> (d - 1) & 1 == 0).map(move |d| (k, d)))
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
    for (base, cover) in [(18usize, 9usize), (9, 18)] {
        for set in subsets(2, 9) {
            for d in 1..=9u8 {
                if b.occurrences(d) + 4 > 9 {
                    continue;
                }
                let lines: Vec<usize> = bits(set).map(|i| base + i).collect();
                let places: Vec<u16> = lines.iter().map(|&l| b.places(l, d)).collect();
                if places.iter().any(|p| p.count_ones() < 2) {
                    continue;
                }
                let union = places[0] | places[1];
                if union.count_ones() != 2 {
                    continue;
                }
                let covers: u128 = bits(u32::from(union)).fold(0, |m, i| m | REGION_SETS[cover + i]);
                let bases: u128 = lines.iter().fold(0, |m, &l| m | REGION_SETS[l]);
                let elims: Vec<(usize, u8)> = (0..81)
                    .filter(|&k| covers >> k & 1 != 0 && bases >> k & 1 == 0 && b.has(k, d))
                    .map(|k| (k, d))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let needs = (0..81).filter(|&k| bases >> k & 1 != 0 && covers >> k & 1 == 0).map(|k| (k, d)).collect();
                out.push((elims, needs));
            }
        }
    }
    out
}
