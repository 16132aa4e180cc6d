//! X-, Y- and XY-cycles and forcing X- and XY-chains: the chains that
//! follow a single line of reasoning from one candidate, as Sudoku
//! Explainer finds and rates them.
//!
//! From each candidate `d@c` assumed on, links alternate: an on candidate
//! turns off its peers with the same digit (and, with cell links, the
//! other digits of its cell); an off candidate turns on the other place
//! of its digit in a house where it had two (X links) or the other digit
//! of a bivalue cell (Y links). The search goes breadth first.
//!
//! * A **cycle** comes back to `d@c` on after at least four links. Every
//!   candidate that sees an on node and an off node of the cycle with its
//!   digit (outside the cycle's cells) goes. X-cycles use X links only,
//!   Y-cycles start in bivalue cells and turn on through cells only,
//!   XY-cycles use both. Rating 6.5 (X or Y) or 7.0 (XY), plus length.
//! * A **forcing chain** from `d@c` on that turns `d@c` off removes `d`
//!   from `c`; one from `d@c` off that turns it on places `d`. Rating 6.6
//!   for X links only (a Turbot Fish when it has 6 nodes), 7.0 with both,
//!   plus length.

use super::hint::{ChainHint, Source, easiest as first_in_order};
use super::links::Links;
use super::quiet::{Family, Places};
use super::reach::Reach;
use super::run::{Cause, Key, NONE, Run, key, length_tenths, parts};
use crate::sudoku::logic::se::board::{Board, PEER_SETS};
use crate::sudoku::logic::technique::Technique;
use std::collections::VecDeque;
use std::rc::Rc;

/// Every cycle and forcing chain step, in discovery order (X passes, then
/// Y, then XY).
pub(crate) fn hints(b: &Board) -> Vec<ChainHint> {
    search(b, false)
}

/// The first step in SE's order (rating, complexity, kind, discovery).
/// Searches stop early once no step they could still find would come
/// before the best found so far.
pub(crate) fn easiest(b: &Board) -> Option<ChainHint> {
    first_in_order(search(b, true))
}

/// SE's order of a step: rating, complexity, kind.
type Order = (u8, u32, u8);

/// Whether a search of family `(base, sort)` that can only find steps of
/// complexity `c` or more can still beat `bound`.
fn can_beat(bound: Option<Order>, base: u8, c: u32, sort: u8) -> bool {
    bound.is_none_or(|b| (base + length_tenths(c), c, sort) < b)
}

fn search(b: &Board, best_only: bool) -> Vec<ChainHint> {
    let mut out: Vec<ChainHint> = Vec::new();
    let mut work = Work::default();
    let links = Links::new(b);
    // The X pass follows one digit at a time: digits whose places are known
    // to give nothing are skipped (see `quiet`).
    let places = Places::of(b);
    let quiet: [bool; 10] = std::array::from_fn(|d| d > 0 && places.quiet(Family::X, d as u8));
    for (y, x) in [(false, true), (true, false), (true, true)] {
        let x_pass = !y;
        if x_pass && quiet[1..].iter().all(|&q| q) {
            continue;
        }
        // A pass whose easiest possible step can't beat the best so far is
        // not made (nor its closure): Y-cycles are 6.5 with four nodes or
        // more, the XY pass's steps 7.0 with two or more.
        let least = if !x { (65, 4, 3) } else { (70, 2, 4) };
        let best = if best_only { out.iter().map(ChainHint::order).min() } else { None };
        if !x_pass && !can_beat(best, least.0, least.1, least.2) {
            continue;
        }
        // Searches that can find nothing are skipped (see `Reach`).
        // (Forcing chains, which need the closure, only with house links.)
        let reach = if x_pass {
            let digits = (1..=9).filter(|&d| !quiet[d]).fold(0u16, |m, d| m | 1 << d);
            Rc::new(Reach::of_digits(&links, digits))
        } else if !x {
            Rc::new(Reach::of_bivalue_cells(&links))
        } else {
            Reach::with_cells_and_houses(&links)
        };
        for c in 0..81 {
            if b.count(c) < 2 {
                continue;
            }
            for d in (1..=9u8).filter(|&d| b.has(c, d) && !(x_pass && quiet[usize::from(d)])) {
                if b.count(c) > 2 && !x {
                    continue;
                }
                let bound =
                    |out: &Vec<ChainHint>| if best_only { out.iter().map(ChainHint::order).min() } else { None };
                let (on, off) = (key(c, d, true), key(c, d, false));
                if reach.on_cycle(on) {
                    let best = bound(&out);
                    cycles(&links, &reach, c, d, y, x, &mut work, &mut out, best);
                }
                if x && reach.reaches(on, off) {
                    let best = bound(&out);
                    forcing(b, &links, on, y, &mut work, &mut out, best);
                }
                if x && reach.reaches(off, on) {
                    let best = bound(&out);
                    forcing(b, &links, off, y, &mut work, &mut out, best);
                }
            }
        }
        // With no step found, no bound cut a search short: every digit
        // searched gave nothing.
        if x_pass && out.is_empty() {
            for d in (1..=9u8).filter(|&d| !quiet[usize::from(d)]) {
                places.remember(Family::X, d);
            }
        }
    }
    out
}

/// The run, queues and lists of one search, reused by every search of a
/// board (there are thousands).
#[derive(Default)]
struct Work {
    run: Run,
    on_q: VecDeque<u32>,
    off_q: VecDeque<u32>,
    /// The nodes where the search found what it looks for.
    ends: Vec<u32>,
    offs: Vec<(Key, Cause)>,
    ons: Vec<(Key, Cause)>,
}

impl Work {
    /// Empties everything and starts a run from `source`, queued.
    fn start(&mut self, source: Key) {
        self.run.clear();
        self.on_q.clear();
        self.off_q.clear();
        self.ends.clear();
        let root = self.run.push(source, Cause::Assumed, &[]);
        self.run.enter(root);
        if source % 2 == 1 { self.on_q.push_back(root) } else { self.off_q.push_back(root) }
    }
}

/// Breadth-first waves from `d@c` on, recording every return to it.
#[allow(clippy::too_many_arguments)]
fn cycles(
    links: &Links,
    reach: &Reach,
    c: usize,
    d: u8,
    y: bool,
    x: bool,
    work: &mut Work,
    out: &mut Vec<ChainHint>,
    bound: Option<Order>,
) {
    let (base, sort) = match (x, y) {
        (true, true) => (70, 4),
        (false, true) => (65, 3),
        _ => (65, 2),
    };
    let source = key(c, d, true);
    // Only the nodes of the source's component can be on a path back to
    // it, and nodes outside it lead only outside it: they are not
    // followed, which leaves every node of the component reached as before.
    let home = reach.component(source);
    // The off keys that lead back to the source.
    let (leading, n_leading) = links.leading_on(c, d, y, x);
    let leading = &leading[..n_leading];
    work.start(source);
    let Work { run, on_q, off_q, ends: found, offs, ons } = work;
    let mut length = 0;
    while !on_q.is_empty() || !off_q.is_empty() {
        // A cycle closed in the coming waves has at least `length + 2`
        // distinct nodes.
        if !can_beat(bound, base, (length + 2).max(4), sort) {
            break;
        }
        length += 1;
        while let Some(p) = on_q.pop_front() {
            let (pc, pd, _) = parts(run.key_of(p));
            links.on_to_off(pc, pd, y, offs);
            for &(k, cause) in offs.iter() {
                // A key reached before (its first node processed before this
                // one would be) leads to no node of the component not
                // already reached: a new node for it matters only if it
                // closes a cycle, when it is not on its own path.
                if reach.component(k) != home
                    || (run.get(k) != NONE && (!leading.contains(&k) || run.has_ancestor(p, k)))
                {
                    continue;
                }
                let id = run.push(k, cause, &[p]);
                if run.get(k) == NONE {
                    run.enter(id);
                }
                off_q.push_back(id);
            }
        }
        length += 1;
        while let Some(p) = off_q.pop_front() {
            let (pc, pd, _) = parts(run.key_of(p));
            links.off_to_on(pc, pd, y, x, ons);
            for &(k, cause) in ons.iter() {
                if length >= 4 && k == source {
                    found.push(run.push(k, cause, &[p]));
                }
                if run.get(k) == NONE && reach.component(k) == home {
                    let id = run.push(k, cause, &[p]);
                    run.enter(id);
                    on_q.push_back(id);
                }
            }
        }
    }
    if found.is_empty() {
        return;
    }
    // The run is shared by the steps, copied only when there is one.
    let mut shared: Option<Rc<Run>> = None;
    for &end in found.iter() {
        let path = run.path(end);
        let cells: u128 = path[1..].iter().fold(0, |m, &n| m | 1u128 << parts(run.key_of(n)).0);
        // The cells outside the cycle that see one of its off nodes of each
        // digit; then those that also see an on node, in the order the on
        // nodes meet them.
        let seen = |n: u32| {
            let (pc, pd, on) = parts(run.key_of(n));
            (pd, on, PEER_SETS[pc] & !cells & links.cells_with(pd))
        };
        let mut back = [0u128; 9];
        for &n in &path[1..] {
            let (pd, on, m) = seen(n);
            if !on {
                back[usize::from(pd) - 1] |= m;
            }
        }
        let mut forw = Vec::new();
        for &n in &path[1..] {
            let (pd, on, m) = seen(n);
            if on {
                let both = &mut back[usize::from(pd) - 1];
                let mut hit = *both & m;
                // Each elimination once: clear it from `back` once taken.
                *both &= !hit;
                while hit != 0 {
                    let k = hit.trailing_zeros() as usize;
                    hit &= hit - 1;
                    forw.push((k, pd));
                }
            }
        }
        if forw.is_empty() {
            continue;
        }
        let (t, name, base, sort) = match (x, y) {
            (true, true) => (Technique::XyCycle, "Bidirectional cycle", 70, 4),
            (false, true) => (Technique::YCycle, "Bidirectional Y-cycle", 65, 3),
            _ if path.len() == 5 => (Technique::XCycle, "Generalized X-Wing", 65, 2),
            _ => (Technique::XCycle, "Bidirectional X-cycle", 65, 2),
        };
        let run = shared.get_or_insert_with(|| Rc::new(run.clone())).clone();
        out.push(ChainHint::new(t, name, base, sort, Source::Assumption(source), vec![(run, end)], forw, None));
    }
}

/// Breadth-first waves from one assumption, recording where it turns
/// itself around (on to off, or off to on).
fn forcing(
    b: &Board,
    links: &Links,
    source: Key,
    y: bool,
    work: &mut Work,
    out: &mut Vec<ChainHint>,
    bound: Option<Order>,
) {
    let (base, sort) = if y { (70, 4) } else { (66, 2) };
    // The depth (links from the assumption) of the nodes in each queue; a
    // target made from a node of depth `k` has `k + 2` distinct nodes.
    let (mut on_depth, mut off_depth) = (0u32, 0u32);
    work.start(source);
    let Work { run, on_q, off_q, ends: targets, offs, ons } = work;
    while !on_q.is_empty() || !off_q.is_empty() {
        if !on_q.is_empty() {
            if !can_beat(bound, base, on_depth + 2, sort) {
                break;
            }
            off_depth = on_depth + 1;
        }
        while let Some(p) = on_q.pop_front() {
            let (pc, pd, _) = parts(run.key_of(p));
            links.on_to_off(pc, pd, y, offs);
            for &(k, cause) in offs.iter() {
                if k | 1 == source && !targets.iter().any(|&t| run.key_of(t) == k) {
                    targets.push(run.push(k, cause, &[p]));
                }
                // A key on the path back to the assumption is already in
                // the run, so the path need not be walked.
                if run.get(k) == NONE {
                    let id = run.push(k, cause, &[p]);
                    run.enter(id);
                    off_q.push_back(id);
                }
            }
        }
        if !off_q.is_empty() {
            if !can_beat(bound, base, off_depth + 2, sort) {
                break;
            }
            on_depth = off_depth + 1;
        }
        while let Some(p) = off_q.pop_front() {
            let (pc, pd, _) = parts(run.key_of(p));
            links.off_to_on(pc, pd, y, true, ons);
            for &(k, cause) in ons.iter() {
                if k & !1 == source && !targets.iter().any(|&t| run.key_of(t) == k) {
                    targets.push(run.push(k, cause, &[p]));
                }
                if run.get(k) == NONE {
                    let id = run.push(k, cause, &[p]);
                    run.enter(id);
                    on_q.push_back(id);
                }
            }
        }
    }
    if targets.is_empty() {
        return;
    }
    // The steps keep the run; the work area takes a fresh one.
    let run = Rc::new(std::mem::take(run));
    for &t in targets.iter() {
        let (c, d, on) = parts(run.key_of(t));
        let (elims, place): (Vec<(usize, u8)>, _) = if on {
            ((1..=9u8).filter(|&v| v != d && b.has(c, v)).map(|v| (c, v)).collect(), Some((c, d)))
        } else {
            (vec![(c, d)], None)
        };
        if elims.is_empty() {
            continue;
        }
        let nodes = {
            let mut seen = Vec::new();
            run.ancestors(t, &mut seen)
        };
        let (tech, name, base, sort) = match y {
            true => (Technique::ForcingChain, "Forcing chain", 70, 4),
            false if nodes == 6 => (Technique::ForcingXChain, "Turbot Fish", 66, 2),
            false => (Technique::ForcingXChain, "Forcing X-chain", 66, 2),
        };
        out.push(ChainHint::new(
            tech,
            name,
            base,
            sort,
            Source::Assumption(source),
            vec![(run.clone(), t)],
            elims,
            place,
        ));
    }
}
