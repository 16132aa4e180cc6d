//! Digits known to give no single-digit chain, remembered by their places.
//!
//! Nishio searches, X-cycles and forcing X-chains follow one digit only:
//! from `d@c` on or off they link `d`'s places in houses and nothing else
//! (no cell links, no nested techniques), and a Nishio search removes only
//! `d` from its working grid. So whether any of a digit's searches finds
//! a step depends on the set of cells where the digit is a candidate, and
//! nothing else, provided every such cell is a start (has two candidates
//! or more; the rater asks for these chains only once no naked single is
//! left). The rater meets the same places step after step, since a step
//! changes few digits, and on the next puzzle too; a digit whose places
//! are known to be quiet is not searched again.
//!
//! **Invariant.** The set holds only (family, digit, places) triples whose
//! every search was run to the end, with no bound from another step,
//! without finding a step.

use crate::sudoku::logic::se::board::Board;
use std::cell::RefCell;
use std::collections::HashSet;

/// Remembered pairs per thread, at most; the set is emptied when full.
const CAPACITY: usize = 1 << 16;

thread_local! {
    static QUIET: RefCell<HashSet<u128>> = RefCell::new(HashSet::new());
}

/// The single-digit chain families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// Nishio forcing chains (contradictions).
    Nishio = 0,
    /// X-cycles and forcing X-chains.
    X = 1,
}

/// The places of each digit of a board, and whether the memory applies.
pub(crate) struct Places {
    places: [u128; 10],
    applies: bool,
}

impl Places {
    /// The places of `b`'s digits.
    pub(crate) fn of(b: &Board) -> Places {
        let mut places = [0u128; 10];
        let mut applies = true;
        for c in 0..81 {
            let mut m = b.cand[c];
            applies &= m & m.wrapping_sub(1) != 0 || m == 0;
            while m != 0 {
                places[m.trailing_zeros() as usize + 1] |= 1u128 << c;
                m &= m - 1;
            }
        }
        Places { places, applies }
    }

    fn key(&self, family: Family, d: u8) -> u128 {
        self.places[usize::from(d)] | u128::from(d) << 81 | (family as u128) << 85
    }

    /// Whether digit `d`'s places are known to give no step of `family`.
    pub(crate) fn quiet(&self, family: Family, d: u8) -> bool {
        self.applies && QUIET.with(|q| q.borrow().contains(&self.key(family, d)))
    }

    /// Records that every search of `family` from digit `d` ran to the end
    /// and found no step.
    pub(crate) fn remember(&self, family: Family, d: u8) {
        if self.applies {
            QUIET.with(|q| {
                let mut q = q.borrow_mut();
                if q.len() >= CAPACITY {
                    q.clear();
                }
                q.insert(self.key(family, d));
            });
        }
    }
}
