//! The fixed tables of the band search, computed at compile time.
//!
//! A *band* is three rows of the grid, 27 cells, bit `9 * row + column`
//! of a `u32` (row 0..3 within the band). Its nine *segments* are the
//! intersections of its rows with its boxes: segment `3 * row + box` is
//! cells `9 * row + 3 * box + 0..3`, which are bits `3 * segment + 0..3`.

#![forbid(unsafe_code)]

/// Every cell of a band.
pub(super) const ALL: u32 = (1 << 27) - 1;

/// The look-up tables of a band update, side by side: one base address
/// reaches them all.
pub(super) struct Tables {
    /// Per 9-bit segment pattern (bit `3 * row + box`: the segments where
    /// a digit may still go), the cells of the segments that some way of
    /// placing the digit once in each row and each box of the band uses:
    /// the union of the permutations (row to box) that the pattern
    /// contains. No such way: 0.
    pub(super) keep: [u32; 512],
    /// Per 9-bit column pattern (bit `column`: the columns where a band may
    /// still hold a digit), the cells of another band that may keep it:
    /// the band must put the digit in each of its boxes, so a box with one
    /// column left takes that column from the other bands.
    pub(super) other_bands: [u32; 512],
    /// Per 9-bit pattern of *forced* columns (bit `column`: columns that no
    /// other band can give the digit, so this band must), the cells of the
    /// band that may keep it: in a box with one forced column, that column;
    /// a box with two is a contradiction (every cell goes).
    pub(super) forced: [u32; 512],
    /// Per 9-bit segment pattern, the cells of its segments that
    /// [`Tables::keep`] keeps alone in their row: a cell there alone in
    /// its segment is alone in its row once the band keeps only `keep`.
    pub(super) alone: [u32; 512],
    /// Per row `r` of the band and its 9 cells: the row's segments with a
    /// cell (bit `3 * r + box`) in the low word, and in the high word the
    /// row's cells alone in their segment, in their place in the band.
    rows: [[u64; 512]; 3],
}

/// The tables of a band update.
pub(super) static TABLES: Tables = Tables {
    keep: keep_table(),
    other_bands: other_bands_table(),
    forced: forced_table(),
    alone: alone_table(),
    rows: rows_table(),
};

/// Per cell of a band: the cells that keep a digit placed there, every
/// cell but those of its row and box (the cell itself stays); 0 past the
/// 27 cells, so that a cell index masked to 5 bits needs no bounds check.
pub(super) static STAY: [u32; 32] = stay_table();

/// Per 9-bit segment pattern: the cells of the rows and boxes of its
/// segments (the peers, within the band, of a digit placed there).
pub(super) static SEEN: [u32; 512] = seen_table();

/// The row-to-box permutations of a band, as segment patterns.
const PERMUTATIONS: [usize; 6] = {
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = [0; 6];
    let mut k = 0;
    while k < 6 {
        let o = orders[k];
        out[k] = 1 << o[0] | 1 << (3 + o[1]) | 1 << (6 + o[2]);
        k += 1;
    }
    out
};

/// The cells of the segments of pattern `s`.
const fn segment_cells(s: usize) -> u32 {
    let mut cells = 0;
    let mut j = 0;
    while j < 9 {
        if s >> j & 1 == 1 {
            cells |= 0b111 << (3 * j);
        }
        j += 1;
    }
    cells
}

const fn seen_table() -> [u32; 512] {
    let mut table = [0; 512];
    let mut s = 0;
    while s < 512 {
        let mut j = 0;
        while j < 9 {
            if s >> j & 1 == 1 {
                table[s] |= 0o777 << (9 * (j / 3)) | 0o007_007_007 << (3 * (j % 3));
            }
            j += 1;
        }
        s += 1;
    }
    table
}

const fn keep_table() -> [u32; 512] {
    let mut table = [0; 512];
    let mut s = 0;
    while s < 512 {
        let mut kept = 0;
        let mut k = 0;
        while k < 6 {
            if PERMUTATIONS[k] & !s == 0 {
                kept |= PERMUTATIONS[k];
            }
            k += 1;
        }
        table[s] = segment_cells(kept);
        s += 1;
    }
    table
}

const fn other_bands_table() -> [u32; 512] {
    let mut table = [0; 512];
    let mut cols: usize = 0;
    while cols < 512 {
        let mut keep = ALL;
        let mut b = 0;
        while b < 3 {
            let in_box = cols >> (3 * b) & 7;
            if in_box.count_ones() == 1 {
                keep &= !(0o001_001_001 << (3 * b + in_box.trailing_zeros() as usize));
            }
            b += 1;
        }
        table[cols] = keep;
        cols += 1;
    }
    table
}

const fn forced_table() -> [u32; 512] {
    let mut table = [0; 512];
    let mut cols: usize = 0;
    while cols < 512 {
        let mut keep = ALL;
        let mut b = 0;
        while b < 3 {
            let in_box = cols >> (3 * b) & 7;
            let box_cells = 0o007_007_007 << (3 * b);
            if in_box.count_ones() == 1 {
                keep &= !box_cells | 0o001_001_001 << (3 * b + in_box.trailing_zeros() as usize);
            } else if in_box.count_ones() > 1 {
                keep = 0;
            }
            b += 1;
        }
        table[cols] = keep;
        cols += 1;
    }
    table
}

const fn stay_table() -> [u32; 32] {
    let mut table = [0; 32];
    let mut i = 0;
    while i < 27 {
        let (row, column) = (i / 9, i % 9);
        let box_cells = 0o007_007_007 << (3 * (column / 3));
        table[i] = ALL & !(0o777 << (9 * row)) & !box_cells | 1 << i;
        i += 1;
    }
    table
}

/// The segments of pattern `s` that are alone in their row (the row's
/// other two segments not in `s`).
const fn alone_in_row(s: usize) -> usize {
    let mut alone = 0;
    let mut row = 0;
    while row < 3 {
        let in_row = s >> (3 * row) & 7;
        if in_row.count_ones() == 1 {
            alone |= in_row << (3 * row);
        }
        row += 1;
    }
    alone
}

const fn alone_table() -> [u32; 512] {
    let mut table = [0; 512];
    let mut s = 0;
    while s < 512 {
        table[s] = segment_cells(alone_in_row(pattern_of(KEEP[s])));
        s += 1;
    }
    table
}

/// The `keep` table, for the tables built from it.
const KEEP: [u32; 512] = keep_table();

/// The segments (bit `3 * row + box`) where the band's cells `x` have a
/// cell, bit by bit (for the tables).
const fn pattern_of(x: u32) -> usize {
    let mut s = 0;
    let mut j = 0;
    while j < 9 {
        if x >> (3 * j) & 7 != 0 {
            s |= 1 << j;
        }
        j += 1;
    }
    s
}

const fn rows_table() -> [[u64; 512]; 3] {
    let mut table = [[0; 512]; 3];
    let mut row = 0;
    while row < 3 {
        let mut r: usize = 0;
        while r < 512 {
            let mut segments = 0u64;
            let mut lone = 0u64;
            let mut b = 0;
            while b < 3 {
                let in_box = r >> (3 * b) & 7;
                if in_box != 0 {
                    segments |= 1 << (3 * row + b);
                }
                if in_box.count_ones() == 1 {
                    lone |= (in_box as u64) << (3 * b + 9 * row);
                }
                b += 1;
            }
            table[row][r] = segments | lone << 32;
            r += 1;
        }
        row += 1;
    }
    table
}

/// Per 8 bits: the 8 bytes whose byte `k` is bit `k` (0 or 1).
pub(super) static SPREAD: [u64; 256] = {
    let mut table = [0; 256];
    let mut c = 0;
    while c < 256 {
        let mut k = 0;
        while k < 8 {
            table[c] |= ((c >> k & 1) as u64) << (8 * k);
            k += 1;
        }
        c += 1;
    }
    table
};

/// The segments of a band (bit `3 * row + box`) where the band's bits
/// `x` have a cell, and the cells of `x` alone in their segment: a look-up
/// per row.
#[inline(always)]
pub(super) fn segments(x: u32) -> (usize, u32) {
    let t = &TABLES.rows;
    let both = t[0][x as usize & 511] | t[1][(x >> 9) as usize & 511] | t[2][(x >> 18) as usize & 511];
    (both as usize & 511, (both >> 32) as u32)
}

/// The columns (bit `column`) where the band's bits `x` have a cell.
#[inline(always)]
pub(super) fn columns(x: u32) -> usize {
    ((x | x >> 9 | x >> 18) & 0o777) as usize
}

/// The band's cells in the columns `cols` (bit `column`).
#[inline(always)]
pub(super) fn column_cells(cols: usize) -> u32 {
    let cols = cols as u32 & 0o777;
    cols | cols << 9 | cols << 18
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: the ways to place a digit in a band are the sets of
    /// three cells, one in each row and each box; `keep`
    /// keeps every cell that such a way uses within the pattern's
    /// segments, and 0 where there is none.
    #[test]
    fn keep_holds_every_way_to_place_a_digit() {
        for (s, &kept) in TABLES.keep.iter().enumerate() {
            let cells = segment_cells(s);
            let mut used = 0;
            for a in 0..9 {
                for b in 0..9 {
                    for c in 0..9 {
                        let (x, y, z) = (a, 9 + b, 18 + c);
                        let boxes = [a / 3, b / 3, c / 3];
                        let distinct = boxes[0] != boxes[1] && boxes[0] != boxes[2] && boxes[1] != boxes[2];
                        let way = 1u32 << x | 1 << y | 1 << z;
                        if distinct && way & !cells == 0 {
                            used |= way;
                        }
                    }
                }
            }
            assert_eq!(kept, used, "{s:09b}");
        }
    }

    /// Brute force: a digit placed in a cell stays in the cell and in the
    /// cells of other rows and boxes; past the 27 cells, nothing.
    #[test]
    fn stay_keeps_the_cells_outside_the_row_and_box() {
        for (i, &stay) in STAY.iter().enumerate() {
            let kept =
                (0..27).filter(|&k| k == i || (k / 9 != i / 9 && k % 9 / 3 != i % 9 / 3)).fold(0u32, |m, k| m | 1 << k);
            assert_eq!(stay, if i < 27 { kept } else { 0 }, "{i}");
        }
    }

    #[test]
    fn spread_puts_each_bit_in_its_byte() {
        for (c, &bytes) in SPREAD.iter().enumerate() {
            let expected: Vec<u8> = (0..8).map(|k| (c >> k & 1) as u8).collect();
            assert_eq!(bytes.to_le_bytes().to_vec(), expected, "{c:08b}");
        }
    }

    /// Brute force over every 9-cell row: its segments and its cells alone
    /// in their segment, in each of the three rows of a band.
    #[test]
    fn row_tables_hold_every_row() {
        for r in 0..512u32 {
            let boxes = (0..3).filter(|b| r >> (3 * b) & 7 != 0).fold(0, |m, b| m | 1 << b);
            let lone = (0..3).map(|b| r & 7 << (3 * b)).filter(|s| s.count_ones() == 1).fold(0, |m, s| m | s);
            for row in 0..3 {
                assert_eq!(segments(r << (9 * row)), (boxes << (3 * row), lone << (9 * row)), "{r:09b} in row {row}");
            }
        }
    }

    /// The cells of `x` alone in their row, counted.
    fn row_singles(x: u32) -> u32 {
        (0..3).map(|row| x & 0o777 << (9 * row)).filter(|r| r.count_ones() == 1).fold(0, |m, r| m | r)
    }

    /// What the band update keeps of `x` and its cells alone in their row
    /// then, from the tables, against the brute force: for each segment
    /// pattern, random fillings of its segments (from one cell each to
    /// all three), and every band whose rows have at most two cells.
    #[test]
    fn alone_finds_the_cells_alone_in_their_row_after_keep() {
        let check = |x: u32| {
            let (pattern, lone) = segments(x);
            let kept = x & TABLES.keep[pattern];
            assert_eq!(pattern, pattern_of(x), "{x:027b}");
            if kept != 0 {
                assert_eq!(lone & TABLES.alone[pattern], row_singles(kept), "{x:027b}");
            }
        };
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for s in 0..512 {
            for _ in 0..64 {
                let mut x = 0;
                for j in 0..9 {
                    if s >> j & 1 == 1 {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        x |= ((1 + state % 7) as u32) << (3 * j);
                    }
                }
                check(x);
            }
        }
        let small: Vec<u32> = (0..512u32).filter(|r| r.count_ones() <= 2).collect();
        for &r0 in &small {
            for &r1 in &small {
                for &r2 in &small {
                    check(r0 | r1 << 9 | r2 << 18);
                }
            }
        }
    }

    #[test]
    fn patterns_columns_and_singles() {
        for s in 0..512 {
            assert_eq!(segments(segment_cells(s)).0, s);
        }
        assert_eq!(segments(1 << 26 | 1 << 9), (1 << 8 | 1 << 3, 1 << 26 | 1 << 9));
        assert_eq!(columns(1 << 26 | 1 << 9 | 1), 1 << 8 | 1);
        assert_eq!(row_singles(0b11 | 1 << 12 | 0b101 << 18), 1 << 12);
        // Row 0 in box 0 alone, row 1 in boxes 0 and 1, row 2 in boxes 0
        // and 2: keep gives box 0 to row 0, box 1 to row 1 (its one cell
        // there then alone in the row), box 2 to row 2 (two cells).
        let x = 1 | (1 << 1 | 1 << 4) << 9 | (1 << 2 | 0b11 << 6) << 18;
        let (pattern, lone) = segments(x);
        assert_eq!(pattern, 1 | 1 << 3 | 1 << 4 | 1 << 6 | 1 << 8);
        assert_eq!(x & TABLES.keep[pattern], 1 | 1 << 13 | 0b11 << 24);
        assert_eq!(lone & TABLES.alone[pattern], 1 | 1 << 13);
        // A digit placed in cell 4 (row 0, box 1) leaves rows 1 and 2 outside box 1.
        assert_eq!(STAY[4], 1 << 4 | 0o707_707_000);
        assert_eq!(SEEN[1 << 4], 0o777_000 | 0o070_070_070);
        assert_eq!(column_cells(0b101), 0o005_005_005);
        // Column 4 forced: box 1 keeps it alone; columns 3 and 5: none.
        assert_eq!(TABLES.forced[1 << 4], ALL & !0o050_050_050);
        assert_eq!(TABLES.forced[0b101 << 3], 0);
        // Box 0 in column 1 alone, box 1 in two columns, box 2 in none.
        assert_eq!(TABLES.other_bands[0b011_010], ALL & !(0o002_002_002));
    }
}
