//! BUG+1 (bivalue universal grave plus one). A grid where every empty
//! cell has two candidates and every candidate appears exactly twice in
//! each house it appears in has no unique solution (the BUG). If every
//! empty cell is bivalue but one, which has three candidates, and removing
//! one digit from it would leave a BUG, that digit must go there.
//!
//! This relies on the puzzle having a unique solution, and is used only
//! in the classic layout, where the BUG theorem is proven.

use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::digits::DigitSet;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::names::digit_char;

/// The BUG+1 placement, if the grid is one.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    if !c.geo.classic {
        return None;
    }
    let mut extra = None;
    for k in 0..c.len() {
        match c.mask(k).count_ones() {
            0 if c.value(k) == 0 => return None,
            0 | 2 => {}
            3 if extra.is_none() => extra = Some(k),
            _ => return None,
        }
    }
    let cell = extra?;
    let digit = DigitSet::from_bits(c.mask(cell)).iter().find(|&d| is_grave_without(c, cell, d))?;
    let step = Step::logic(Technique::BugPlusOne).cells([cell]).digits(c.candidates(cell).iter()).place(cell, digit);
    let text = format!(
        "BUG+1: every empty cell but {cell_name} has two candidates, and without {d} in \
         {cell_name} every candidate would appear exactly twice in each of its houses, a pattern \
         with no unique solution; so {cell_name} is {d}.",
        cell_name = c.cell_name(cell),
        d = digit_char(digit),
    );
    Some(step.text(text))
}

/// Whether every house has each candidate 0 or 2 times once `digit` is
/// removed from `cell`.
fn is_grave_without(c: &Candidates, cell: usize, digit: u8) -> bool {
    let drop = 1u32 << (digit - 1);
    c.geo.houses.iter().all(|house| {
        let (mut once, mut twice, mut more) = (0u32, 0u32, 0u32);
        for &k in &house.cells {
            let m = if k == cell { c.mask(k) & !drop } else { c.mask(k) };
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        more == 0 && once == twice
    })
}
