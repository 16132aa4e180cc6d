//! Aligned pair (6.2) and triple (7.5) exclusion, as Sudoku Explainer
//! finds them.
//!
//! Take two (three) cells and the cells with two (up to three) candidates
//! that all of them see. A combination of digits for the base cells is
//! impossible when two of them see each other and hold the same digit, or
//! when it would leave one of those common cells with no candidate. A
//! digit of a base cell that appears in no possible combination goes.
//!
//! Base cells have two or more candidates, no peer with a single one, and
//! at least one peer that could exclude. Pairs of base cells go in SE's
//! order; a third cell is a base cell among the first two's excluders.

use crate::sudoku::logic::se::board::{Board, PEER_SETS, PEERS, cell_name, cells_of, sees};
use crate::sudoku::logic::se::combos::bits;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;

mod quiet;

/// The first aligned exclusion of `degree` (2 or 3) cells, SE's way.
pub(crate) fn find_se(b: &Board, degree: usize) -> Option<Step> {
    let mut memo = quiet::Scan::start(b, degree);
    let step = scan(b, degree, &mut memo, true);
    memo.finish();
    step
}

/// The scan of [`find_se`], skipping the sets `memo` knows are quiet;
/// with `quick`, triples are first tried in the quickest order (see
/// [`any_triple_excludes`]).
fn scan(b: &Board, degree: usize, memo: &mut quiet::Scan, quick: bool) -> Option<Step> {
    // The base cells in cell order; for each, its excluders in SE's peer
    // order (a list and a set) and its position among the base cells.
    let mut base = [0u8; 81];
    let mut excluders = [[0u8; 20]; 81];
    let mut lens = [0u8; 81];
    let mut sets = [0u128; 81];
    let mut position = [u8::MAX; 81];
    let mut n = 0;
    let mut is_base = 0u128;
    let (mut singles, mut small) = (0u128, 0u128);
    for k in 0..81 {
        let count = b.count(k);
        singles |= u128::from(count == 1) << k;
        small |= u128::from((2..=degree as u32).contains(&count)) << k;
    }
    for k in 0..81 {
        let set = PEER_SETS[k] & small;
        if b.count(k) < 2 || PEER_SETS[k] & singles != 0 || set == 0 {
            continue;
        }
        let mut len = 0;
        for &p in PEERS[k].iter().filter(|&&p| set >> p & 1 != 0) {
            excluders[n][len] = p;
            len += 1;
        }
        base[n] = k as u8;
        lens[n] = len as u8;
        sets[n] = set;
        position[k] = n as u8;
        is_base |= 1u128 << k;
        n += 1;
    }
    if n < degree {
        return None;
    }
    let excluders_of = |i: usize| &excluders[i][..usize::from(lens[i])];
    // Most scans of triples find nothing, and then their order does not
    // matter: each triple is tried once, in the quickest order, and only
    // when one excludes is the scan made again in SE's order.
    if quick && degree == 3 && !any_triple_excludes(b, &base[..n], &sets[..n], small, memo, excluders_of) {
        return None;
    }
    // Pairs in SE's order: by the larger index, then the smaller.
    for i1 in 1..n {
        for i0 in 0..i1 {
            let (c0, c1) = (usize::from(base[i0]), usize::from(base[i1]));
            let common01 = sets[i0] & sets[i1];
            if degree == 2 {
                if two_or_more(common01) {
                    let step = tried(memo, b, &[c0, c1], excluders_of(i0), common01);
                    if step.is_some() {
                        return step;
                    }
                }
                continue;
            }
            // A triple's common cells are among the pair's.
            let twin = (sets[i0] | sets[i1]) & is_base & !(1u128 << c0 | 1u128 << c1);
            if twin == 0 || !two_or_more(common01) {
                continue;
            }
            let tail = excluders_of(i0).iter().chain(excluders_of(i1).iter().filter(|&&k| sets[i0] >> k & 1 == 0));
            for &third in tail.filter(|&&k| twin >> k & 1 != 0) {
                let i2 = usize::from(position[usize::from(third)]);
                let common = common01 & sets[i2];
                if two_or_more(common) && first_meeting(&sets, [i0, i1, i2], [c0, c1]) {
                    let step = tried(memo, b, &[c0, c1, usize::from(third)], excluders_of(i0), common);
                    if step.is_some() {
                        return step;
                    }
                }
            }
        }
    }
    None
}

/// [`exclude`], unless `memo` knows the set is quiet; a quiet set is
/// remembered.
fn tried(memo: &mut quiet::Scan, b: &Board, cells: &[usize], order: &[u8], common: u128) -> Option<Step> {
    if memo.known_quiet(cells) {
        return None;
    }
    let step = exclude(b, cells, order, common);
    if step.is_none() {
        memo.quiet(cells);
    }
    step
}

/// Whether some triple of base cells that the scan in SE's order would try
/// excludes a digit. The triples are taken by their positions `p < q < r`
/// (base cells in cell order, with excluders `sets`); the scan tries one
/// when its common cells are two or more and one of its pairs meets it:
/// the third cell is small (`small`: two or three candidates) and sees
/// one of the pair. The triples found quiet are remembered in `memo`.
fn any_triple_excludes<'e>(
    b: &Board,
    base: &[u8],
    sets: &[u128],
    small: u128,
    memo: &mut quiet::Scan,
    excluders_of: impl Fn(usize) -> &'e [u8],
) -> bool {
    let n = base.len();
    let cell = |i: usize| usize::from(base[i]);
    // In position space: the small base cells, and each one's peers.
    let small_at: u128 = (0..n).filter(|&i| small >> cell(i) & 1 != 0).fold(0, |m, i| m | 1 << i);
    let mut at = [0u8; 81];
    let mut base_set = 0u128;
    for i in 0..n {
        at[cell(i)] = i as u8;
        base_set |= 1 << cell(i);
    }
    let peers_at: Vec<u128> =
        (0..n).map(|i| cells_of(PEER_SETS[cell(i)] & base_set).fold(0, |m, k| m | 1 << at[k])).collect();
    // For each cell, the positions of the base cells it is an excluder of.
    let mut excluding = [0u128; 81];
    for (i, &set) in sets.iter().enumerate() {
        for z in cells_of(set) {
            excluding[z] |= 1 << i;
        }
    }
    for p in 0..n {
        for q in p + 1..n {
            let common_pq = sets[p] & sets[q];
            if !two_or_more(common_pq) {
                continue;
            }
            // The positions whose excluders hold two or more of the pair's
            // common cells: only those make a triple with two or more.
            let (mut once, mut twice) = (0u128, 0u128);
            for z in cells_of(common_pq) {
                twice |= once & excluding[z];
                once |= excluding[z];
            }
            // The thirds `r > q` some pair meets: through (p, q), a small r
            // seeing p or q; through (p, r), a small q seeing p or r;
            // through (q, r), a small p seeing q or r.
            let mut meets = small_at & (peers_at[p] | peers_at[q]);
            for (x, y) in [(q, p), (p, q)] {
                if small_at >> x & 1 != 0 {
                    meets |= if peers_at[x] >> y & 1 != 0 { !0 } else { peers_at[x] };
                }
            }
            let mut thirds = meets & twice & !0u128 << q << 1 & !(!0u128 << n);
            while thirds != 0 {
                let r = thirds.trailing_zeros() as usize;
                thirds &= thirds - 1;
                let common = common_pq & sets[r];
                debug_assert!(two_or_more(common));
                let cells = [cell(p), cell(q), cell(r)];
                if memo.known_quiet(&cells) {
                    continue;
                }
                if exclude(b, &cells, excluders_of(p), common).is_some() {
                    return true;
                }
                memo.quiet(&cells);
            }
        }
    }
    false
}

/// Whether the pair `(i0, i1)` (base positions, `i0 < i1`) is the first
/// in the scan to meet the triple it makes with the base cell at `i2`.
/// Whether a triple excludes a digit does not depend on the order of its
/// cells, and the scan meets most triples from more than one of their
/// pairs, so each is tried once: at its first pair. With the triple's
/// positions `p < q < r`, the pairs come in the order `(p, q)`, `(p, r)`,
/// `(q, r)`, and a pair meets a triple whose common cells are two or more
/// exactly when the third cell is among either cell's excluders
/// (`sets[x] | sets[y]`).
fn first_meeting(sets: &[u128; 81], [i0, i1, i2]: [usize; 3], [c0, c1]: [usize; 2]) -> bool {
    let meets = |x: usize, y: usize, third: usize| (sets[x] | sets[y]) >> third & 1 != 0;
    if i2 > i1 {
        true
    } else if i2 > i0 {
        !meets(i0, i2, c1)
    } else {
        !meets(i2, i0, c1) && !meets(i2, i1, c0)
    }
}

/// Whether a set of cells has two or more (without a population count:
/// see [`Pop`](crate::sudoku::logic::se::board::Pop)).
fn two_or_more(set: u128) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// The cells of `set`, in the order of `order` (at most 20).
fn ordered(order: &[u8], set: u128) -> Cells {
    let mut out = Cells { cells: [0; 20], len: 0 };
    for &k in order {
        if set >> k & 1 != 0 {
            out.cells[out.len] = usize::from(k);
            out.len += 1;
        }
    }
    out
}

/// A short list of cells on the stack.
struct Cells {
    cells: [usize; 20],
    len: usize,
}

impl std::ops::Deref for Cells {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// Whether base cells alone (no common cell can be emptied) exclude a
/// digit: only when two of them are the same bivalue pair `{p,x}`, see
/// each other, and both see a third base cell holding `p` (each cell has
/// two or more candidates, so no other case leaves a digit without a
/// combination).
fn clash_only_exclusion(b: &Board, cells: &[usize]) -> bool {
    if cells.len() < 3 {
        return false;
    }
    (0..3).any(|i| {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        let (cj, ck) = (cells[j], cells[k]);
        b.count(cj) == 2
            && b.cand[cj] == b.cand[ck]
            && sees(cj, ck)
            && sees(cells[i], cj)
            && sees(cells[i], ck)
            && b.cand[cells[i]] & b.cand[cj] != 0
    })
}

/// The exclusion of the base `cells`, whose common cells are the set
/// `common` (listed in the order of `order` in the step's sentence).
fn exclude(b: &Board, cells: &[usize], order: &[u8], common: u128) -> Option<Step> {
    let n = cells.len();
    let union = cells.iter().fold(0u16, |m, &k| m | b.cand[k]);
    // Only the common cells whose candidates all lie among the base cells'
    // can be emptied.
    let mut masks = [0u16; 20];
    let mut count = 0;
    let mut rest = common;
    while rest != 0 {
        let k = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if b.cand[k] & !union == 0 && !masks[..count].contains(&b.cand[k]) {
            masks[count] = b.cand[k];
            count += 1;
        }
    }
    let masks = &masks[..count];
    if masks.is_empty() && !clash_only_exclusion(b, cells) {
        return None;
    }
    let dead = |used: u16| masks.iter().any(|&m| m & !used == 0);
    let s01 = sees(cells[0], cells[1]);
    let (s02, s12) = if n == 3 { (sees(cells[0], cells[2]), sees(cells[1], cells[2])) } else { (false, false) };
    let full: [u16; 3] = std::array::from_fn(|i| if i < n { b.cand[cells[i]] } else { 0 });
    // The digits of each cell that some possible combination uses; a
    // combination of digits all already allowed is not tried again.
    let mut allowed = [0u16; 3];
    let mut ma = full[0];
    while ma != 0 {
        let a = ma & ma.wrapping_neg();
        ma &= ma - 1;
        let mut mc = full[1];
        while mc != 0 {
            // Once `a` is allowed and the other cells' digits all are, no
            // combination with `a` adds anything.
            if allowed[0] & a != 0 && allowed[1] == full[1] && allowed[2] == full[2] {
                break;
            }
            let c = mc & mc.wrapping_neg();
            mc &= mc - 1;
            if a == c && s01 {
                continue;
            }
            if n == 2 {
                if !dead(a | c) {
                    allowed[0] |= a;
                    allowed[1] |= c;
                }
                continue;
            }
            let mut me = full[2];
            while me != 0 {
                if allowed[0] & a != 0 && allowed[1] & c != 0 && allowed[2] == full[2] {
                    break;
                }
                let e = me & me.wrapping_neg();
                me &= me - 1;
                if (e == a && s02) || (e == c && s12) {
                    continue;
                }
                let known = allowed[0] & a != 0 && allowed[1] & c != 0 && allowed[2] & e != 0;
                if known || dead(a | c | e) {
                    continue;
                }
                allowed[0] |= a;
                allowed[1] |= c;
                allowed[2] |= e;
            }
        }
        if allowed[0] == full[0] && allowed[1] == full[1] && allowed[2] == full[2] {
            return None;
        }
    }
    let elims: Vec<(usize, u8)> = cells
        .iter()
        .enumerate()
        .flat_map(|(i, &k)| bits(u32::from(b.cand[k] & !allowed[i])).map(move |j| (k, j as u8 + 1)))
        .collect();
    if elims.is_empty() {
        return None;
    }
    let (t, name) = if n == 2 {
        (Technique::AlignedPairExclusion, "Aligned pair exclusion")
    } else {
        (Technique::AlignedTripleExclusion, "Aligned triple exclusion")
    };
    let names: Vec<String> = cells.iter().map(|&k| cell_name(k)).collect();
    let text = format!(
        "{name}: every way to fill {} either repeats a digit in a house or empties one of {}, except those without {}; \
         so remove them.",
        words::and_list(&names),
        words::cells(&ordered(order, common), 9),
        words::removals(&elims, 9)
    );
    Some(Step::logic(t).cells(cells.iter().copied()).eliminate(elims).text(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    /// On random boards, the scan of triples that first tries them in the
    /// quickest order finds the step the scan in SE's order alone finds
    /// (each with no memory of other boards); where there is none, both
    /// tried the same triples.
    #[test]
    fn the_quick_triple_scan_finds_what_the_ordered_one_finds() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (mut found, mut compared) = (0, 0);
        for _ in 0..400 {
            let mut b = Board::new([0x1ff; 81], [0; 81]);
            for _ in 0..rng.random_range(350..550) {
                let c = rng.random_range(0..81);
                if b.count(c) > 2 {
                    b.remove(c, rng.random_range(1..=9));
                }
            }
            let (mut a, mut z) = (quiet::Scan::empty(&b, 3), quiet::Scan::empty(&b, 3));
            let (quick, ordered) = (scan(&b, 3, &mut a, true), scan(&b, 3, &mut z, false));
            assert_eq!(format!("{quick:?}"), format!("{ordered:?}"));
            found += usize::from(quick.is_some());
            if ordered.is_none() {
                assert_eq!(a.found_quiet(), z.found_quiet());
                compared += usize::from(!z.found_quiet().is_empty());
            }
        }
        assert!(found > 20 && compared > 20, "too few to compare: {found}, {compared}");
    }

    /// On random symmetric excluder relations (position `i` is cell `i`),
    /// a scan of the pairs in SE's order that tries a triple only at its
    /// first meeting tries each triple it meets exactly once.
    #[test]
    fn each_met_triple_is_tried_once() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for round in 0..40 {
            let n = 12 + round % 20;
            let mut sets = [0u128; 81];
            for i in 0..n {
                for j in 0..i {
                    if rng.random_range(0..3) == 0 {
                        sets[i] |= 1 << j;
                        sets[j] |= 1 << i;
                    }
                }
            }
            let mut met: HashMap<[usize; 3], (u32, u32)> = HashMap::new();
            for i1 in 1..n {
                for i0 in 0..i1 {
                    for i2 in (0..n).filter(|&t| t != i0 && t != i1 && (sets[i0] | sets[i1]) >> t & 1 != 0) {
                        if !two_or_more(sets[i0] & sets[i1] & sets[i2]) {
                            continue;
                        }
                        let mut triple = [i0, i1, i2];
                        triple.sort();
                        let entry = met.entry(triple).or_default();
                        entry.0 += 1;
                        entry.1 += u32::from(first_meeting(&sets, [i0, i1, i2], [i0, i1]));
                    }
                }
            }
            assert!(met.values().any(|&(meetings, _)| meetings > 1), "no triple met twice");
            for (triple, (_, tried)) in met {
                assert_eq!(tried, 1, "{triple:?}");
            }
        }
    }
}
