//! How cells and digits are written: a cell as `r1c1`, a digit as `1`–`9`
//! then `A`, `B`, ... for the bigger grids, an empty cell as `.` (read
//! from `.`, `0` or `_`). Below the grid and the errors, which both name
//! cells and digits.

#![forbid(unsafe_code)]

/// The character for a value: `.` for 0, `1`–`9`, then `A`, `B`, ...
pub fn digit_char(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => char::from(b'0' + v),
        _ => char::from(b'A' + v - 10),
    }
}

/// The value of a cell character in a grid of this side, if valid: 0 for
/// `.`, `0` and `_`; letters are case-insensitive.
pub fn digit_value(c: char, side: usize) -> Option<u8> {
    let v = if c.is_ascii() { CELL_VALUE[c as usize] } else { NOT_A_CELL };
    (usize::from(v) <= side).then_some(v)
}

/// Above every side: the value of a byte that is no cell character.
const NOT_A_CELL: u8 = u8::MAX;

/// The value of each byte as a cell character, for any side (a digit
/// beyond the grid's side is the caller's to refuse), or [`NOT_A_CELL`].
pub(crate) const CELL_VALUE: [u8; 256] = {
    let mut table = [NOT_A_CELL; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = match c {
            b'.' | b'0' | b'_' => 0,
            b'1'..=b'9' => c - b'0',
            b'A'..=b'Z' => c - b'A' + 10,
            b'a'..=b'z' => c - b'a' + 10,
            _ => NOT_A_CELL,
        };
        b += 1;
    }
    table
};

/// The name of cell `k` in a grid of this side: `r1c1`, `r1c2`, ...
pub fn cell_name(k: usize, side: usize) -> String {
    format!("r{}c{}", k / side + 1, k % side + 1)
}
