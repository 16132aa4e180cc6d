//! Locked candidates on the bitboards, for 9×9 layouts with the classic
//! rows, columns and boxes (classic, X, windoku): a step the search takes
//! when singles are stuck, before it guesses.
//!
//! A *band* is three rows of boxes; its nine *segments* are the
//! intersections of its rows with its boxes, three cells each. For one
//! digit, if a row's places all lie in one segment, the digit goes in that
//! segment, so the box's other segments lose it ("claiming"); if a box's
//! places all lie in one segment, the row's other segments lose it
//! ("pointing"). The same holds for a *stack* (three columns of boxes)
//! with columns for rows. Which segments of a band still hold the digit is
//! a 9-bit pattern, and [`LOCK`] maps each pattern to what the two rules
//! leave of it, applied until nothing changes: one table look-up per band
//! and per stack replaces the rules.
//!
//! **Soundness.** Both rules are deductions that hold in every solution
//! under the board's placements: each removes a candidate only when the
//! digit is already forced into another segment of the same row (column)
//! or box. Rows, columns or boxes that hold the digit have no places, so
//! no rule fires on them. Removing candidates can leave a house with no
//! place or a cell with none; the singles pass that follows finds that
//! contradiction, because every house is marked `touched` for each digit
//! that lost a candidate.
//!
//! Singles alone ([`Bits::propagate`]) don't take this step: the engines
//! of `Singles` must agree candidate for candidate with the mask engine,
//! and the logic solver names locked candidates as a technique of its own.

#![forbid(unsafe_code)]

use super::bits::Bits;

/// A 9-bit segment pattern, bit `3 * line + box` (a line is a row of a
/// band or a column of a stack, each counted from 0 within it).
type Pattern = usize;

/// What claiming and pointing leave of each pattern, until neither
/// removes anything more. The two rules are each other's mirror image
/// (swap lines and boxes), so the table serves patterns read either way:
/// bands are read by line (`3 * row + box`), stacks by box (`3 * box +
/// column`).
static LOCK: [u16; 512] = lock_table();

/// Per pattern of the first band's segments (bit `3 * row + box`): its
/// cells on the board (bit `9 * row + column`).
static BAND_CELLS: [u128; 512] = segment_cells(false);
/// Per pattern of the first stack's segments (bit `3 * box + column`):
/// its cells on the board.
static STACK_CELLS: [u128; 512] = segment_cells(true);

/// The fixed point of the two rules on pattern `s` (bit `3 * line + box`).
const fn lock(mut s: usize) -> usize {
    loop {
        let mut t = s;
        let mut k = 0;
        while k < 3 {
            // Line k in one box only: the box's other lines lose it.
            let line = t >> (3 * k) & 7;
            if line.count_ones() == 1 {
                let b = line.trailing_zeros() as usize;
                t &= !(0b001_001_001 << b) | 1 << (3 * k + b);
            }
            // Box k in one line only: the line's other boxes lose it.
            let boxed = (t >> k & 1) | (t >> (3 + k) & 1) << 1 | (t >> (6 + k) & 1) << 2;
            if boxed.count_ones() == 1 {
                let l = boxed.trailing_zeros() as usize;
                t &= !(0b111 << (3 * l)) | 1 << (3 * l + k);
            }
            k += 1;
        }
        if t == s {
            return s;
        }
        s = t;
    }
}

const fn lock_table() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        table[s] = lock(s) as u16;
        s += 1;
    }
    table
}

/// Per pattern: its segments' cells, of the first band (`stack` false:
/// segment `3 * row + box` is cells `9 * row + 3 * box + 0..3`) or of the
/// first stack (`stack` true: segment `3 * box + column` is the column's
/// cells in rows `3 * box + 0..3`).
const fn segment_cells(stack: bool) -> [u128; 512] {
    let mut table = [0u128; 512];
    let mut s = 0;
    while s < 512 {
        let mut j = 0;
        while j < 9 {
            if s >> j & 1 == 1 {
                let (a, b) = (j / 3, j % 3);
                table[s] |= if stack { (1 | 1 << 9 | 1 << 18) << (27 * a + b) } else { 0b111 << (9 * a + 3 * b) };
            }
            j += 1;
        }
        s += 1;
    }
    table
}

/// The band's segments that hold a place (bit `3 * row + box`), from the
/// band's 27 cells.
#[inline(always)]
fn band_pattern(band: u32) -> Pattern {
    // Bit 3j: segment j has a place.
    let any = (band | band >> 1 | band >> 2) & 0o111_111_111;
    // Each row's three segment bits side by side, at bits 0, 9 and 18.
    let rows = any | any >> 2 | any >> 4;
    ((rows & 7) | (rows >> 9 & 7) << 3 | (rows >> 18 & 7) << 6) as Pattern
}

/// The stack's segments that hold a place (bit `3 * box + column`), from
/// `columns` (bit `27 * box + column`: any place in those three rows).
#[inline(always)]
fn stack_pattern(columns: u128, stack: usize) -> Pattern {
    let at = |b: usize| (columns >> (27 * b + 3 * stack)) as usize & 7;
    at(0) | at(1) << 3 | at(2) << 6
}

impl Bits {
    /// Applies locked candidates to every digit's board once (see the
    /// module docs); for layouts with the classic houses only. Whether
    /// any candidate went.
    pub(super) fn lock(&mut self) -> bool {
        debug_assert!(self.locks);
        let mut changed = false;
        for d in 0..9 {
            let before = self.b.pos[d];
            let mut x = before;
            for band in 0..3 {
                let s = band_pattern((x >> (27 * band)) as u32 & 0o777_777_777);
                let gone = s & !usize::from(LOCK[s]);
                if gone != 0 {
                    x &= !(BAND_CELLS[gone] << (27 * band));
                }
            }
            let columns = x | x >> 9 | x >> 18;
            for stack in 0..3 {
                let s = stack_pattern(columns, stack);
                let gone = s & !usize::from(LOCK[s]);
                if gone != 0 {
                    x &= !(STACK_CELLS[gone] << (3 * stack));
                }
            }
            if x != before {
                self.b.pos[d] = x;
                self.b.touched[d] = self.all_houses;
                changed = true;
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_on_small_patterns() {
        // Row 0 only in box 1: box 1 loses rows 1 and 2.
        let s = 0b111_111_010;
        assert_eq!(lock(s), 0b101_101_010);
        // Box 2 only in row 1 (pointing): row 1 loses boxes 0 and 1.
        let s = 0b011_111_011;
        assert_eq!(lock(s), 0b011_100_011);
        // Nothing to do.
        assert_eq!(lock(0b111_111_111), 0b111_111_111);
        // Two rows each in box 0 only: one claims it, and the other is
        // left without a place (a contradiction for singles to see).
        let t = lock(0b111_001_001);
        assert!(t & 0b111 == 0 || t & 0b111_000 == 0, "{t:09b}");
        for s in 0..512 {
            assert_eq!(lock(lock(s)), lock(s), "{s:09b}");
            assert_eq!(lock(s) & !s, 0, "{s:09b}: only removes");
        }
    }

    /// The lines (bit `k` for line `k`) and boxes that have a segment in
    /// pattern `s`.
    fn lines_and_boxes(s: usize) -> (usize, usize) {
        let (mut lines, mut boxes) = (0, 0);
        for j in (0..9).filter(|j| s >> j & 1 == 1) {
            lines |= 1 << (j / 3);
            boxes |= 1 << (j % 3);
        }
        (lines, boxes)
    }

    /// Soundness, against brute force: a way to place the digit in a
    /// band is a set of segments, one in each line and each box that
    /// still lacks it (those with a segment left); the table keeps every
    /// segment of every such way, whichever way the pattern is read.
    #[test]
    fn the_table_keeps_every_way_to_place_the_digit() {
        let mut removed = 0;
        for (s, &kept) in LOCK.iter().enumerate() {
            let (lines, boxes) = lines_and_boxes(s);
            let mut used = 0;
            for p in (0..512usize).filter(|&p| p & !s == 0) {
                let (l, b) = lines_and_boxes(p);
                let one_each = p.count_ones() == lines.count_ones() && p.count_ones() == boxes.count_ones();
                if one_each && l == lines && b == boxes {
                    used |= p;
                }
            }
            let kept = usize::from(kept);
            assert_eq!(used & !kept, 0, "{s:09b}: removed a segment of a way to place the digit");
            removed += (s & !kept).count_ones();
        }
        assert!(removed > 500, "{removed}");
    }

    #[test]
    fn patterns_and_cells_agree() {
        for s in 0..512usize {
            assert_eq!(band_pattern(BAND_CELLS[s] as u32), s);
            let columns = STACK_CELLS[s] | STACK_CELLS[s] >> 9 | STACK_CELLS[s] >> 18;
            assert_eq!(stack_pattern(columns, 0), s);
            assert_eq!(stack_pattern(columns << 6, 2), s);
        }
    }
}
