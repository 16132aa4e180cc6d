//! Forcing chains that combine several lines of reasoning, as Sudoku
//! Explainer finds and rates them: Nishio, cell and region forcing chains
//! (static), and contradiction, double, cell and region forcing chains
//! (dynamic), nested to any level.
//!
//! For each candidate `d@c` the search (see [`super::propagate`]) runs
//! twice,
//! from `d@c` on and from `d@c` off:
//!
//! * **contradiction** (dynamic and Nishio): if assuming `d@c` on (off)
//!   makes some candidate both on and off, `d@c` is off (on);
//! * **double** (dynamic, cells with 3+ candidates): what follows from
//!   both `d@c` on and `d@c` off holds;
//! * **cell**: what follows from every candidate of `c` holds (static
//!   searches only from cells with 3+ candidates);
//! * **region**: what follows from every place of `d` in a house holds.
//!
//! Ratings: Nishio 7.5, static 8.0, dynamic 8.5, level 1 9.0, level `n ≥
//! 2` 9.5 + 0.5 (n − 2), each plus the length increment.

use super::hint::{ChainHint, Source};
use super::propagate::{Mode, Nest, Outcome, propagate};
use super::quiet::{Family, Places};
use super::reach::Reach;
use super::run::{Key, Run, key, parts};
use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{Board, REGIONS, REGIONS_OF, places_in};
use crate::sudoku::logic::technique::Technique;
use std::rc::Rc;

/// A family of forcing chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rule {
    pub multiple: bool,
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u8,
}

impl Rule {
    /// Nishio forcing chains.
    pub const NISHIO: Rule = Rule { multiple: false, dynamic: true, nishio: true, level: 0 };
    /// Static cell and region forcing chains.
    pub const MULTIPLE: Rule = Rule { multiple: true, dynamic: false, nishio: false, level: 0 };

    /// Dynamic forcing chains nested to `level`.
    pub const fn dynamic(level: u8) -> Rule {
        Rule { multiple: true, dynamic: true, nishio: false, level }
    }

    /// The base rating in tenths.
    pub fn base(self) -> u8 {
        match self.level {
            l if l >= 2 => 95 + 5 * (l - 2),
            l if l > 0 => 85 + 5 * l,
            _ if self.nishio => 75,
            _ if self.dynamic => 85,
            _ => 80,
        }
    }

    fn mode(self) -> Mode {
        Mode { cells: !self.nishio, dynamic: self.dynamic, level: self.level }
    }

    fn technique(self, kind: Kind) -> (Technique, &'static str) {
        match (self.level, kind) {
            _ if self.nishio => (Technique::Nishio, "Nishio forcing chain"),
            (1, _) => (Technique::DynamicForcingChainPlus, "Dynamic forcing chains (+)"),
            (2.., _) => (Technique::NestedForcingChain, "Nested forcing chains"),
            (0, Kind::Cell) if self.dynamic => (Technique::DynamicCellForcingChain, "Dynamic cell forcing chains"),
            (0, Kind::Region) if self.dynamic => {
                (Technique::DynamicRegionForcingChain, "Dynamic region forcing chains")
            }
            (0, Kind::Cell) => (Technique::CellForcingChain, "Cell forcing chains"),
            (0, Kind::Region) => (Technique::RegionForcingChain, "Region forcing chains"),
            (0, Kind::Contradiction) => (Technique::ContradictionForcingChain, "Contradiction forcing chain"),
            (0, Kind::Double) => (Technique::DoubleForcingChain, "Double forcing chain"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Contradiction,
    Double,
    Cell,
    Region,
}

impl Kind {
    fn sort_key(self) -> u8 {
        match self {
            Kind::Double => 1,
            Kind::Cell => 5,
            Kind::Region => 6,
            Kind::Contradiction => 7,
        }
    }
}

struct Searches<'a> {
    board: &'a Board,
    mode: Mode,
    /// What a nested search applies when its links run dry.
    nest: Nest,
    /// Searches from each candidate assumed on, done once.
    on: Vec<Option<Outcome>>,
    /// For static searches, what each can reach at most.
    reach: Option<Rc<Reach>>,
}

impl Searches<'_> {
    /// Whether the searches from `keys` may reach a node in common: always
    /// for dynamic searches; for static ones, when their closures meet (a
    /// search stopped by a contradiction reaches less than its closure).
    fn may_meet(&self, keys: impl Iterator<Item = Key>) -> bool {
        self.reach.as_ref().is_none_or(|r| r.meet(keys))
    }

    /// The houses of `c` (with the places of `d` there) that give region
    /// chains: `c` is the digit's first place, it has two places (or more,
    /// for cell and region chains), and their searches may meet.
    fn houses(&self, c: usize, d: u8, rule: Rule) -> impl Iterator<Item = (usize, u16)> {
        REGIONS_OF[c].iter().map(|&r| usize::from(r)).filter_map(move |r| {
            let p = self.board.places(r, d);
            let ok = (p.two() || (rule.multiple && p.pop() > 2))
                && usize::from(REGIONS[r][p.trailing_zeros() as usize]) == c
                && self.may_meet(places_in(r, u32::from(p)).map(|cell| key(cell, d, true)));
            ok.then_some((r, p))
        })
    }

    fn on(&mut self, c: usize, d: u8) -> Outcome {
        let slot = usize::from(key(c, d, true) / 2);
        self.on[slot].get_or_insert_with(|| propagate(self.board, key(c, d, true), self.mode, self.nest)).clone()
    }
}

/// Eliminations, and the placement they amount to.
type Conclusion = (Vec<(usize, u8)>, Option<(usize, u8)>);

/// The conclusion of a node: remove its digit (off) or the other digits
/// of its cell and place it (on). `None` when nothing would change.
fn conclude(b: &Board, k: Key) -> Option<Conclusion> {
    let (c, d, on) = parts(k);
    if !on {
        return Some((vec![(c, d)], None));
    }
    let others: Vec<(usize, u8)> = (1..=9u8).filter(|&v| v != d && b.has(c, v)).map(|v| (c, v)).collect();
    (!others.is_empty()).then_some((others, Some((c, d))))
}

/// Every step of the family on `b`, in discovery order; nested searches
/// apply `nest` when their links run dry.
pub(crate) fn hints(b: &Board, rule: Rule, nest: Nest) -> Vec<ChainHint> {
    search(b, rule, nest, false)
}

/// The first step of the family in SE's order (rating, complexity, kind,
/// discovery), without rating the steps that can't be first.
pub(crate) fn easiest(b: &Board, rule: Rule, nest: Nest) -> Option<ChainHint> {
    search(b, rule, nest, true).pop()
}

/// Every step, or (`best_only`) the first in SE's order: a step whose
/// chains' paths alone are as long as the best so far can't beat it
/// (equal steps keep their discovery order), so it is not rated.
fn search(b: &Board, rule: Rule, nest: Nest, best_only: bool) -> Vec<ChainHint> {
    // Only the static rules ask the closure (Nishio is a dynamic rule).
    let reach = (!rule.dynamic).then(|| Reach::with_cells_and_houses_of(b));
    let mut s = Searches { board: b, mode: rule.mode(), nest, on: vec![None; 729], reach };
    let mut out = Vec::new();
    let mut push =
        |out: &mut Vec<ChainHint>, kind: Kind, source: Source, targets: &[(Rc<Run>, u32)], k: Key, place: bool| {
            if best_only && let Some(best) = out.first() {
                let bound: u32 = targets.iter().map(|(run, id)| run.path_bound(*id)).sum();
                if (bound, kind.sort_key()) >= (best.complexity, best.sort_key) {
                    return;
                }
            }
            let Some((elims, placement)) = conclude(b, k) else { return };
            let (t, name) = rule.technique(kind);
            let placement = if place { placement } else { None };
            let targets = targets.to_vec();
            let hint = ChainHint::new(t, name, rule.base(), kind.sort_key(), source, targets, elims, placement);
            if !best_only {
                out.push(hint);
            } else if out.first().is_none_or(|best| (hint.complexity, hint.sort_key) < (best.complexity, best.sort_key))
            {
                out.clear();
                out.push(hint);
            }
        };
    // Nishio: digits whose places are known to give nothing are skipped;
    // the others are remembered if they give nothing now.
    let places = rule.nishio.then(|| Places::of(b));
    let mut skip = [false; 10];
    let mut loud = [false; 10];
    if let Some(p) = &places {
        for d in 1..=9u8 {
            skip[usize::from(d)] = p.quiet(Family::Nishio, d);
        }
    }
    // Lists reused from cell to cell.
    let mut targets: Vec<(Rc<Run>, u32)> = Vec::new();
    let mut runs: Vec<Outcome> = Vec::new();
    let mut houses: Vec<(usize, u16)> = Vec::new();
    for c in 0..81 {
        let n = b.count(c);
        if b.value[c] != 0 || !(n > 2 || (n > 1 && rule.dynamic)) {
            continue;
        }
        let mut digits = [0u8; 9];
        let mut count = 0;
        for d in (1..=9u8).filter(|&d| b.has(c, d)) {
            digits[count] = d;
            count += 1;
        }
        let digits = &digits[..count];
        let cell_chains =
            !rule.nishio && (n == 2 || (rule.multiple && n > 2)) && s.may_meet(digits.iter().map(|&d| key(c, d, true)));
        runs.clear();
        for &d in digits.iter().filter(|&&d| !skip[usize::from(d)]) {
            houses.clear();
            if !rule.nishio {
                houses.extend(s.houses(c, d, rule));
            }
            // A static search serves only cell and region chains.
            if !rule.dynamic && !cell_chains && houses.is_empty() {
                continue;
            }
            let on = s.on(c, d);
            // Only contradictions and double chains (dynamic or Nishio) use
            // the search from `d@c` off; in a bivalue cell, only a
            // contradiction, and there is none when the other digit's search
            // from on found none (see `off_is_quiet`).
            let off = ((rule.dynamic || rule.nishio) && !off_is_quiet(&mut s, rule, c, d, digits))
                .then(|| propagate(b, key(c, d, false), rule.mode(), nest));
            if rule.dynamic || rule.nishio {
                loud[usize::from(d)] |=
                    on.contradiction.is_some() || off.as_ref().is_some_and(|o| o.contradiction.is_some());
                if let Some((a, z)) = on.contradiction {
                    let r = on.run.clone();
                    push(
                        &mut out,
                        Kind::Contradiction,
                        Source::Assumption(key(c, d, true)),
                        &[(r.clone(), a), (r, z)],
                        key(c, d, false),
                        false,
                    );
                }
                if let Some(off) = &off
                    && let Some((a, z)) = off.contradiction
                {
                    let r = off.run.clone();
                    push(
                        &mut out,
                        Kind::Contradiction,
                        Source::Assumption(key(c, d, false)),
                        &[(r.clone(), a), (r, z)],
                        key(c, d, true),
                        true,
                    );
                }
            }
            if let Some(off) = off.as_ref().filter(|_| n >= 3 && rule.dynamic && !rule.nishio) {
                let (ron, roff) = (on.run.clone(), off.run.clone());
                for (id, k) in shared_nodes(&on.run, [&*on.run, &*off.run]) {
                    push(
                        &mut out,
                        Kind::Double,
                        Source::Assumption(key(c, d, k % 2 == 1)),
                        &[(ron.clone(), id), (roff.clone(), off.run.get(k))],
                        k,
                        true,
                    );
                }
            }
            regions(&mut s, &mut out, &mut push, c, d, &on, &houses);
            runs.push(on);
        }
        if cell_chains {
            for (_, k) in shared_nodes(&runs[0].run, runs.iter().map(|o| &*o.run)) {
                targets.clear();
                targets.extend(runs.iter().map(|o| (o.run.clone(), o.run.get(k))));
                push(&mut out, Kind::Cell, Source::Cell(c), &targets, k, true);
            }
        }
    }
    if let Some(p) = &places {
        for d in (1..=9u8).filter(|&d| !skip[usize::from(d)] && !loud[usize::from(d)]) {
            p.remember(Family::Nishio, d);
        }
    }
    out
}

/// Whether the dynamic search (level 0, with cell links) from `d@c` off,
/// in a cell `c` with the two candidates `digits`, surely ends without a
/// contradiction: when the search from the other digit `e@c` on did.
///
/// `d@c` off turns `e@c` on, and `e@c` on turns `d@c` off, so what either
/// search reaches, the other's links lead to. Where a dynamic search ends
/// without a contradiction, its nodes are closed under the links (a cell
/// or house left with one candidate, or place, turns it on when the
/// second-last goes, in whatever order they go) and hold no candidate both
/// on and off. So each node the search from `d@c` off reaches is among
/// those of `e@c` on, and it meets no contradiction either. In a bivalue
/// cell the search from off serves only a contradiction.
fn off_is_quiet(s: &mut Searches, rule: Rule, c: usize, d: u8, digits: &[u8]) -> bool {
    if !(rule.dynamic && !rule.nishio && rule.level == 0 && digits.len() == 2) {
        return false;
    }
    let e = digits.iter().copied().find(|&e| e != d).expect("a bivalue cell's other digit");
    let quiet = s.on(c, e).contradiction.is_none();
    debug_assert!(!quiet || propagate(s.board, key(c, d, false), rule.mode(), s.nest).contradiction.is_none());
    quiet
}

type Push<'p> = dyn FnMut(&mut Vec<ChainHint>, Kind, Source, &[(Rc<Run>, u32)], Key, bool) + 'p;

/// Region forcing chains for `d@c` on, in `houses` (see
/// [`Searches::houses`]).
fn regions(
    s: &mut Searches,
    out: &mut Vec<ChainHint>,
    push: &mut Push,
    c: usize,
    d: u8,
    on: &Outcome,
    houses: &[(usize, u16)],
) {
    let mut targets = Vec::new();
    for &(r, p) in houses {
        let outcomes: Vec<Outcome> =
            places_in(r, u32::from(p)).map(|cell| if cell == c { on.clone() } else { s.on(cell, d) }).collect();
        for (_, k) in shared_nodes(&on.run, outcomes.iter().map(|o| &*o.run)) {
            targets.clear();
            targets.extend(outcomes.iter().map(|o| (o.run.clone(), o.run.get(k))));
            push(out, Kind::Region, Source::Region(r, d), &targets, k, true);
        }
    }
}

/// The nodes of `lead` (on nodes, then off nodes, each in the order
/// reached) whose keys every one of `runs` reached, with their keys: the
/// runs' sets of keys are met first, so most nodes cost one bit test.
fn shared_nodes<'r>(lead: &'r Run, runs: impl IntoIterator<Item = &'r Run>) -> impl Iterator<Item = (u32, Key)> + 'r {
    let common = Run::common_keys(runs);
    let lists = if common == [0; 23] { [&[][..], &[][..]] } else { [&lead.on_list[..], &lead.off_list[..]] };
    lists
        .into_iter()
        .flatten()
        .map(|&id| (id, lead.key_of(id)))
        .filter(move |&(_, k)| common[usize::from(k) / 64] >> (k % 64) & 1 != 0)
}
