//! Sudoku Explainer's basic techniques on a [`Board`], each scanning in
//! SE's order and returning the first pattern it meets: singles, naked
//! sets, fish, and XY- and XYZ-Wings. (Locked candidates and hidden sets,
//! with their direct forms, are in `direct_locking.rs` and
//! `direct_hidden_set.rs`.)
//!
//! SE's side conditions are kept, because they decide which technique
//! fires: a naked set of `n` needs `2n` empty cells in its region, a plain
//! hidden set more than `2n`, a direct one more than `n`; a fish of `n`
//! lines needs `2n` unplaced copies of its digit; every member of a set or
//! fish has at least two candidates or places.

use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{
    Board, PEER_SETS, PEERS, REGION_SETS, REGIONS, cell_name, cells_of, places_in, region_name,
};
use crate::sudoku::logic::se::combos::{bits, subsets_of};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::{Rating, Technique};
use crate::sudoku::logic::words;

/// Region types in the order `(first, count)`: blocks, rows, columns.
const BLOCKS: std::ops::Range<usize> = 0..9;
const ROWS: std::ops::Range<usize> = 9..18;
const COLUMNS: std::ops::Range<usize> = 18..27;

fn elim_text(elims: &[(usize, u8)]) -> String {
    words::removals(elims, 9)
}

/// Full houses (1.0: blocks, columns, rows), then hidden singles (blocks
/// 1.2, then columns and rows 1.5).
pub(crate) fn hidden_single(b: &Board) -> Option<Step> {
    let full: [bool; 27] = std::array::from_fn(|r| b.empty_in(r) == 1);
    for alone in [true, false] {
        for r in BLOCKS.chain(COLUMNS).chain(ROWS).filter(|&r| full[r] == alone) {
            for d in 1..=9u8 {
                let p = b.places(r, d);
                if p.pop() != 1 {
                    continue;
                }
                let cell = REGIONS[r][p.trailing_zeros() as usize] as usize;
                let (t, rating, text) = if alone {
                    (
                        Technique::FullHouse,
                        10,
                        format!(
                            "Full house: {} is the last empty cell of {}, so it is {d}.",
                            cell_name(cell),
                            region_name(r)
                        ),
                    )
                } else {
                    let rating = if r < 9 { 12 } else { 15 };
                    (
                        Technique::HiddenSingle,
                        rating,
                        format!("Hidden single: in {}, {d} can only go in {}.", region_name(r), cell_name(cell)),
                    )
                };
                let step =
                    Step::logic(t).rated(Rating::from_tenths(rating)).cells([cell]).digits([d]).house(&region_name(r));
                return Some(step.place(cell, d).text(text));
            }
        }
    }
    None
}

/// The first naked single, row by row (2.3).
pub(crate) fn naked_single(b: &Board) -> Option<Step> {
    let cell = (0..81).find(|&k| b.cand[k].pop() == 1)?;
    let d = b.cand[cell].trailing_zeros() as u8 + 1;
    let text = format!("Naked single: {} can only be {d}.", cell_name(cell));
    Some(Step::logic(Technique::NakedSingle).cells([cell]).digits([d]).place(cell, d).text(text))
}

/// Naked sets of `n` cells (pair 3.0, triple 3.6, quad 5.0): regions
/// blocks, columns, rows.
pub(crate) fn naked_set(b: &Board, n: u32) -> Option<Step> {
    for r in BLOCKS.chain(COLUMNS).chain(ROWS) {
        if b.empty_in(r) < 2 * n {
            continue;
        }
        // The cells with two to `n` candidates: a set has only those.
        let narrow = (0..9)
            .filter(|&i| (2..=n).contains(&b.cand[usize::from(REGIONS[r][i])].pop()))
            .fold(0u32, |m, i| m | 1 << i);
        for set in subsets_of(n, narrow) {
            let union = bits(set).fold(0u16, |u, i| u | b.cand[usize::from(REGIONS[r][i])]);
            // Something to remove, checked before anything is listed: a
            // digit of the set with a place outside it.
            if union.pop() != n || !bits(u32::from(union)).any(|i| b.places(r, i as u8 + 1) & !(set as u16) != 0) {
                continue;
            }
            let cells: Vec<usize> = places_in(r, set).collect();
            let elims: Vec<(usize, u8)> = REGIONS[r]
                .iter()
                .map(|&k| k as usize)
                .filter(|k| !cells.contains(k))
                .flat_map(|k| bits(u32::from(b.cand[k] & union)).map(move |i| (k, i as u8 + 1)))
                .collect();
            if elims.is_empty() {
                continue;
            }
            let (t, name) = match n {
                2 => (Technique::NakedPair, "Naked pair"),
                3 => (Technique::NakedTriple, "Naked triple"),
                _ => (Technique::NakedQuad, "Naked quad"),
            };
            let digits: Vec<u8> = bits(u32::from(union)).map(|i| i as u8 + 1).collect();
            let text = format!(
                "{name}: in {}, {} hold only {}, so remove {}.",
                region_name(r),
                words::cells(&cells, 9),
                words::digits(&digits),
                elim_text(&elims)
            );
            return Some(Step::logic(t).cells(cells).digits(digits).house(&region_name(r)).eliminate(elims).text(text));
        }
    }
    None
}

/// Basic fish on `n` lines (X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2):
/// columns as base lines first, then rows; for each, base line sets in
/// SE's order, then digits up.
pub(crate) fn fish(b: &Board, n: u32) -> Option<Step> {
    for (base, cover) in [(COLUMNS, ROWS), (ROWS, COLUMNS)] {
        // The first fish in (set, digit) order: for each digit its first
        // set, among the lines with two to `n` places of it.
        let mut first: Option<(u32, u8, u16)> = None;
        for d in (1..=9u8).filter(|&d| b.occurrences(d) + 2 * n <= 9) {
            let narrow =
                (0..9).filter(|&i| (2..=n).contains(&b.places(base.start + i, d).pop())).fold(0, |m, i| m | 1 << i);
            for set in subsets_of(n, narrow) {
                if first.is_some_and(|(f, ..)| set >= f) {
                    break;
                }
                let union = bits(set).fold(0u16, |u, i| u | b.places(base.start + i, d));
                // Something to remove, checked before anything is listed: a
                // cover line with a place of `d` off the base lines (a cover
                // line's places are numbered as the base lines are).
                if union.pop() == n && bits(u32::from(union)).any(|i| b.places(cover.start + i, d) & !(set as u16) != 0)
                {
                    first = Some((set, d, union));
                    break;
                }
            }
        }
        if let Some((set, d, union)) = first {
            return Some(fish_step(b, n, d, (base, set), (cover, union)));
        }
    }
    None
}

/// The fish of digit `d` on the base lines `set` (of `base`) and the cover
/// lines `union` (of `cover`).
fn fish_step(
    b: &Board,
    n: u32,
    d: u8,
    (base, set): (std::ops::Range<usize>, u32),
    (cover, union): (std::ops::Range<usize>, u16),
) -> Step {
    let lines: Vec<usize> = bits(set).map(|i| base.start + i).collect();
    let covers: Vec<usize> = bits(u32::from(union)).map(|i| cover.start + i).collect();
    let in_base = lines.iter().fold(0u128, |m, &l| m | REGION_SETS[l]);
    let elims: Vec<(usize, u8)> = covers
        .iter()
        .flat_map(|&c| REGIONS[c].iter().map(|&k| k as usize))
        .filter(|&k| in_base >> k & 1 == 0 && b.has(k, d))
        .map(|k| (k, d))
        .collect();
    let (t, name) = match n {
        2 => (Technique::XWing, "X-Wing"),
        3 => (Technique::Swordfish, "Swordfish"),
        _ => (Technique::Jellyfish, "Jellyfish"),
    };
    let names: Vec<String> = lines.iter().map(|&l| region_name(l)).collect();
    let cover_names: Vec<String> = covers.iter().map(|&l| region_name(l)).collect();
    let text = format!(
        "{name}: in {}, {d} can only go in {}, so remove {}.",
        words::and_list(&names),
        words::and_list(&cover_names),
        elim_text(&elims)
    );
    let cells = lines.iter().flat_map(|&l| REGIONS[l].iter().map(|&k| k as usize)).filter(|&k| b.has(k, d));
    let mut step = Step::logic(t).cells(cells).digits([d]);
    for name in names {
        step = step.house(&name);
    }
    step.eliminate(elims).text(text)
}

/// XY-Wing (4.2) or XYZ-Wing (4.4): a pivot with 2 (3) candidates and two
/// bivalue pincers it sees; the pincers' common digit leaves the cells
/// that see both pincers (and the pivot, for XYZ).
pub(crate) fn xy_wing(b: &Board, xyz: bool) -> Option<Step> {
    let size = if xyz { 3 } else { 2 };
    for pivot in 0..81 {
        let xy = b.cand[pivot];
        if xy.pop() != size {
            continue;
        }
        for &xz_cell in &PEERS[pivot] {
            let xz = b.cand[xz_cell as usize];
            if !xz.two() || (xy & !xz).pop() != 1 {
                continue;
            }
            for &yz_cell in &PEERS[pivot] {
                let yz = b.cand[yz_cell as usize];
                if !yz.two() {
                    continue;
                }
                let (union, inter) = (xy | xz | yz, xy & xz & yz);
                if union.pop() != 3 || inter.pop() != if xyz { 1 } else { 0 } {
                    continue;
                }
                let (a, c) = (xz_cell as usize, yz_cell as usize);
                let z = (xz & yz).trailing_zeros() as u8 + 1;
                let mut victims = PEER_SETS[a] & PEER_SETS[c];
                if xyz {
                    victims &= PEER_SETS[pivot];
                }
                victims &= !(1u128 << pivot | 1u128 << a | 1u128 << c);
                let elims: Vec<(usize, u8)> = cells_of(victims).filter(|&k| b.has(k, z)).map(|k| (k, z)).collect();
                if elims.is_empty() {
                    continue;
                }
                let (t, name) = if xyz { (Technique::XyzWing, "XYZ-Wing") } else { (Technique::XyWing, "XY-Wing") };
                let set = |k: usize| words::set(u32::from(b.cand[k]));
                let text = format!(
                    "{name}: pivot {} {} with pincers {} {} and {} {}: one of them is {z}, so remove {}.",
                    cell_name(pivot),
                    set(pivot),
                    cell_name(a),
                    set(a),
                    cell_name(c),
                    set(c),
                    elim_text(&elims)
                );
                return Some(Step::logic(t).cells([pivot, a, c]).digits([z]).eliminate(elims).text(text));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::logic::se::board::random_board;
    use crate::sudoku::logic::se::combos::subsets;
    use rand::{RngExt, SeedableRng};

    /// The fish SE's loop meets first, the plain way: sets of base lines in
    /// order, and for each every digit.
    fn first_fish_plainly(b: &Board, n: u32) -> Option<Step> {
        for (base, cover) in [(COLUMNS, ROWS), (ROWS, COLUMNS)] {
            for set in subsets(n, 9) {
                for d in (1..=9u8).filter(|&d| b.occurrences(d) + 2 * n <= 9) {
                    let places: Vec<u16> = bits(set).map(|i| b.places(base.start + i, d)).collect();
                    let union = places.iter().fold(0, |u, p| u | p);
                    let in_base = bits(set).fold(0u128, |m, i| m | REGION_SETS[base.start + i]);
                    let removes = bits(u32::from(union))
                        .flat_map(|i| REGIONS[cover.start + i].iter())
                        .any(|&k| in_base >> k & 1 == 0 && b.has(usize::from(k), d));
                    if places.iter().all(|p| p.pop() >= 2) && union.pop() == n && removes {
                        return Some(fish_step(b, n, d, (base, set), (cover.clone(), union)));
                    }
                }
            }
        }
        None
    }

    /// On random boards, the fish found digit by digit is the one the plain
    /// loop meets first.
    #[test]
    fn fish_are_found_in_ses_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut found = [0; 3];
        for _ in 0..300 {
            let mut b = random_board(&mut rng, 450..700);
            // Half the boards give digit 7 the places of digit 2, so that
            // two digits have the same fish (the lower digit comes first).
            if rng.random_range(0..2) == 0 {
                let cand = b.cand.map(|m| m & !(1 << 6) | (m >> 1 & 1) << 6);
                b = Board::new(cand, [0; 81]);
            }
            for n in 2..=4 {
                let fish = fish(&b, n);
                assert_eq!(format!("{fish:?}"), format!("{:?}", first_fish_plainly(&b, n)));
                found[n as usize - 2] += usize::from(fish.is_some());
            }
        }
        assert!(found.iter().all(|&f| f > 10), "too few fish to compare: {found:?}");
    }
}
