//! Sentence pieces shared by the techniques: lists of cells and digits,
//! and the list of eliminations.

use super::digits::DigitSet;
use crate::sudoku::names::{cell_name, digit_char};

/// "a", "a and b", "a, b and c".
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "r1c1, r1c5 and r3c3".
pub(crate) fn cells(cells: &[usize], side: usize) -> String {
    and_list(&cells.iter().map(|&c| cell_name(c, side)).collect::<Vec<_>>())
}

/// "3 and 8".
pub(crate) fn digits(digits: &[u8]) -> String {
    and_list(&digits.iter().map(|&d| digit_char(d).to_string()).collect::<Vec<_>>())
}

/// "{3,5}": a candidate set.
pub(crate) fn set(mask: u32) -> String {
    let ds: Vec<String> = DigitSet::from_bits(mask).iter().map(|d| digit_char(d).to_string()).collect();
    format!("{{{}}}", ds.join(","))
}

/// "3 from r1c7 and r1c9, and 8 from r1c9": the eliminations grouped by
/// digit (digits in increasing order), digits that leave the same cells
/// together ("2 and 9 from r4c3").
pub(crate) fn removals(eliminations: &[(usize, u8)], side: usize) -> String {
    let mut ds: Vec<u8> = eliminations.iter().map(|&(_, d)| d).collect();
    ds.sort_unstable();
    ds.dedup();
    let mut groups: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    for d in ds {
        let cs: Vec<usize> = eliminations.iter().filter(|&&(_, e)| e == d).map(|&(c, _)| c).collect();
        match groups.iter_mut().find(|(_, g)| *g == cs) {
            Some((group, _)) => group.push(d),
            None => groups.push((vec![d], cs)),
        }
    }
    let parts: Vec<String> =
        groups.iter().map(|(group, cs)| format!("{} from {}", digits(group), cells(cs, side))).collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    }
}

/// "pivot r5c5 {1,2} with pincers r5c1 {1,3} and r2c5 {2,3}", for the
/// wings.
pub(crate) fn wing(c: &super::candidates::Candidates, pivot: usize, a: usize, b: usize) -> String {
    format!(
        "pivot {} {} with pincers {} {} and {} {}",
        c.cell_name(pivot),
        set(c.mask(pivot)),
        c.cell_name(a),
        set(c.mask(a)),
        c.cell_name(b),
        set(c.mask(b))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists() {
        assert_eq!(cells(&[0, 4, 20], 9), "r1c1, r1c5 and r3c3");
        assert_eq!(digits(&[3, 8]), "3 and 8");
        assert_eq!(removals(&[(6, 3), (8, 3), (8, 8)], 9), "3 from r1c7 and r1c9, and 8 from r1c9");
        assert_eq!(removals(&[(30, 2), (30, 9)], 9), "2 and 9 from r4c4");
    }
}
