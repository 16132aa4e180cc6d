//! Basic fish: X-Wing (2 lines), Swordfish (3) and Jellyfish (4).
//!
//! If, in `k` rows (the base), a digit's places all lie in the same `k`
//! columns (the cover), those `k` rows put the digit once in each of the
//! `k` columns, so the rest of those columns loses it. The same holds with
//! rows and columns swapped. Each base line has two to `k` places.

use super::combos::first_combination;
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::digits::bit_indices;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The first fish of size `k` (2 to 4) that removes something: by digit,
/// rows as base before columns, then by combination of base lines.
pub(crate) fn find(c: &Candidates, k: usize) -> Option<Step> {
    let side = c.side();
    let geo = &c.geo;
    for digit in 1..=side as u8 {
        for (base_lines, cover_lines, base_kind, cover_kind) in
            [(&geo.rows, &geo.cols, "rows", "columns"), (&geo.cols, &geo.rows, "columns", "rows")]
        {
            let lines: Vec<(usize, u32)> = (0..side)
                .map(|i| (i, c.places(base_lines[i], digit)))
                .filter(|&(_, p)| (2..=k).contains(&(p.count_ones() as usize)))
                .collect();
            let found = first_combination(lines.len(), k, |pick| {
                let cover = pick.iter().fold(0u32, |m, &i| m | lines[i].1);
                if cover.count_ones() as usize != k {
                    return None;
                }
                let base: u32 = pick.iter().fold(0, |m, &i| m | 1 << lines[i].0);
                let elims: Vec<(usize, u8)> = bit_indices(cover)
                    .flat_map(|j| {
                        let cells = &geo.houses[cover_lines[j]].cells;
                        (0..side).filter(move |&i| base >> i & 1 == 0).map(move |i| cells[i])
                    })
                    .filter(|&cell| c.has(cell, digit))
                    .map(|cell| (cell, digit))
                    .collect();
                (!elims.is_empty()).then_some((base, cover, elims))
            });
            let Some((base, cover, elims)) = found else {
                continue;
            };
            let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][k - 2];
            let pattern = bit_indices(base).flat_map(|i| {
                let cells = &geo.houses[base_lines[i]].cells;
                bit_indices(cover).map(move |j| cells[j])
            });
            let number =
                |mask: u32| words::and_list(&bit_indices(mask).map(|i| (i + 1).to_string()).collect::<Vec<_>>());
            let step = Step::logic(technique)
                .cells(pattern.filter(|&cell| c.has(cell, digit)))
                .digits([digit])
                .eliminate(elims);
            let text = format!(
                "{technique}: in {base_kind} {}, {} can only go in {cover_kind} {}, so remove {}.",
                number(base),
                digit_char(digit),
                number(cover),
                words::removals(step.eliminations(), side)
            );
            return Some(step.text(text));
        }
    }
    None
}
