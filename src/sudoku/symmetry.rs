//! Symmetries of the givens: which cells must be removed together so that
//! a generated puzzle looks symmetric.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

/// The symmetry of a puzzle's givens. The modes of qqwing (`none`,
/// `rotate90`, `rotate180`, `mirror`, `flip`, `random`) and of the `sudoku`
/// crate (vertical, horizontal, both, diagonal, antidiagonal and both
/// diagonal mirrors, half and quarter turns, and all of them at once) are
/// all here.
///
/// [`Symmetry::Random`] is not a symmetry itself: a generator picks one of
/// [`Symmetry::Random`]'s [`choices`](Symmetry::choices) for each puzzle,
/// from the puzzle's seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry.
    None,
    /// Unchanged by a half turn (the usual newspaper symmetry).
    Rot180,
    /// Unchanged by a quarter turn.
    Rot90,
    /// Unchanged by a left–right mirror.
    Mirror,
    /// Unchanged by a top–bottom flip.
    Flip,
    /// Unchanged by a reflection in the main diagonal.
    Diagonal,
    /// Unchanged by a reflection in the anti-diagonal.
    AntiDiagonal,
    /// Unchanged by a left–right mirror and a top–bottom flip (so by a
    /// half turn too).
    BothMirrors,
    /// Unchanged by reflections in both diagonals (so by a half turn too).
    BothDiagonals,
    /// Unchanged by all eight symmetries of the square.
    Dihedral,
    /// One of the other symmetries but `None`, picked for each puzzle.
    Random,
}

/// A map of cell `(row, column)` on a grid of the given side.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

impl Symmetry {
    /// Every mode, for `--symmetry` help and tests: `None` first, `Random`
    /// last.
    pub const ALL: [Symmetry; 11] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BothMirrors,
        Symmetry::BothDiagonals,
        Symmetry::Dihedral,
        Symmetry::Random,
    ];

    /// The symmetries a puzzle of this mode may have: every mode but
    /// `None` for [`Symmetry::Random`], the mode itself otherwise.
    pub fn choices(self) -> &'static [Symmetry] {
        match self {
            // `ALL` starts with `None` and ends with `Random`.
            Symmetry::Random => &Symmetry::ALL[1..Symmetry::ALL.len() - 1],
            s => {
                let k = Symmetry::ALL.iter().position(|&x| x == s).unwrap_or(0);
                &Symmetry::ALL[k..=k]
            }
        }
    }

    /// The maps of cell `(r, c)` (0-based, on a side×side grid) that
    /// generate the group.
    fn generators(self) -> Vec<CellMap> {
        let rot180: CellMap = |r, c, s| (s - 1 - r, s - 1 - c);
        let rot90: CellMap = |r, c, s| (c, s - 1 - r);
        let mirror: CellMap = |r, c, s| (r, s - 1 - c);
        let flip: CellMap = |r, c, s| (s - 1 - r, c);
        let diagonal: CellMap = |r, c, _| (c, r);
        let anti: CellMap = |r, c, s| (s - 1 - c, s - 1 - r);
        match self {
            Symmetry::None | Symmetry::Random => vec![],
            Symmetry::Rot180 => vec![rot180],
            Symmetry::Rot90 => vec![rot90],
            Symmetry::Mirror => vec![mirror],
            Symmetry::Flip => vec![flip],
            Symmetry::Diagonal => vec![diagonal],
            Symmetry::AntiDiagonal => vec![anti],
            Symmetry::BothMirrors => vec![mirror, flip],
            Symmetry::BothDiagonals => vec![diagonal, anti],
            Symmetry::Dihedral => vec![rot90, mirror],
        }
    }

    /// The cells that must be kept or removed together, each orbit sorted,
    /// in order of their first cell. For [`Symmetry::Random`], which fixes
    /// no symmetry in advance, every cell is an orbit of its own.
    pub fn orbits(self, side: usize) -> Vec<Vec<usize>> {
        let generators = self.generators();
        let mut orbit_of = vec![usize::MAX; side * side];
        let mut orbits: Vec<Vec<usize>> = Vec::new();
        for start in 0..side * side {
            if orbit_of[start] != usize::MAX {
                continue;
            }
            let id = orbits.len();
            let mut orbit = vec![start];
            orbit_of[start] = id;
            let mut k = 0;
            while k < orbit.len() {
                let (r, c) = (orbit[k] / side, orbit[k] % side);
                for g in &generators {
                    let (r2, c2) = g(r, c, side);
                    let cell = r2 * side + c2;
                    if orbit_of[cell] == usize::MAX {
                        orbit_of[cell] = id;
                        orbit.push(cell);
                    }
                }
                k += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether a grid's filled cells have this symmetry (for
    /// [`Symmetry::Random`], one of its choices).
    pub fn holds(self, cells: &[u8], side: usize) -> bool {
        if self == Symmetry::Random {
            return self.choices().iter().any(|s| s.holds(cells, side));
        }
        self.orbits(side).iter().all(|o| o.iter().all(|&c| (cells[c] != 0) == (cells[o[0]] != 0)))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::BothMirrors => "bothmirrors",
            Symmetry::BothDiagonals => "bothdiagonals",
            Symmetry::Dihedral => "dihedral",
            Symmetry::Random => "random",
        })
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(s: &str) -> Result<Symmetry, String> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "none" => Symmetry::None,
            "rot180" | "rotate180" | "half" => Symmetry::Rot180,
            "rot90" | "rotate90" | "quarter" => Symmetry::Rot90,
            "mirror" | "vertical" => Symmetry::Mirror,
            "flip" | "horizontal" => Symmetry::Flip,
            "diagonal" => Symmetry::Diagonal,
            "antidiagonal" | "anti-diagonal" => Symmetry::AntiDiagonal,
            "bothmirrors" | "both-mirrors" | "mirrors" => Symmetry::BothMirrors,
            "bothdiagonals" | "both-diagonals" | "diagonals" | "bidiagonal" => Symmetry::BothDiagonals,
            "dihedral" | "all" | "full" => Symmetry::Dihedral,
            "random" => Symmetry::Random,
            _ => {
                let names: Vec<String> = Symmetry::ALL.iter().map(Symmetry::to_string).collect();
                return Err(format!("unknown symmetry `{}` ({})", crate::text::Escaped(s), names.join(", ")));
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbit_sizes() {
        let sizes = |s: Symmetry| {
            let mut v: Vec<usize> = s.orbits(9).iter().map(Vec::len).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        assert_eq!(Symmetry::None.orbits(9).len(), 81);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(sizes(Symmetry::Rot90), [1, 4]);
        assert_eq!(Symmetry::Mirror.orbits(9).len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
        assert_eq!(sizes(Symmetry::Dihedral), [1, 4, 8]);
        assert_eq!(Symmetry::Dihedral.orbits(9).len(), 15);
        assert_eq!(sizes(Symmetry::BothMirrors), [1, 2, 4]);
        assert_eq!(Symmetry::BothMirrors.orbits(9).len(), 25);
        assert_eq!(sizes(Symmetry::BothDiagonals), [1, 2, 4]);
        assert_eq!(Symmetry::BothDiagonals.orbits(9).len(), 25);
        assert_eq!(Symmetry::Random.orbits(9).len(), 81);
        assert_eq!(Symmetry::Random.choices().len(), 9);
        assert_eq!(Symmetry::Mirror.choices(), [Symmetry::Mirror]);
    }

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.to_string().parse::<Symmetry>().unwrap(), s);
        }
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
