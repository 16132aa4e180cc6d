//! Layouts: which groups of cells ("houses") must hold every digit once.
//!
//! The classic layout has rows, columns and boxes. Variants change or add
//! houses: X-Sudoku adds the two main diagonals, windoku (hyper-Sudoku)
//! adds four extra windows, and jigsaw Sudoku replaces the boxes with
//! irregular regions given as a letter map. Every house has exactly `side`
//! cells, so "every digit once" is an exact-cover constraint.

use super::error::{LayoutError, SudokuError};
use std::sync::OnceLock;

/// The kinds of house, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box (or a jigsaw region).
    Box,
    /// A main diagonal (X-Sudoku).
    Diagonal,
    /// A windoku window.
    Window,
}

/// A house: its kind, its number within the kind (from 0), and its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// What kind of house.
    pub kind: HouseKind,
    /// Its number within its kind, from 0.
    pub index: usize,
    /// Its cells, as indices `row * side + column`.
    pub cells: Vec<usize>,
}

impl House {
    /// A name for messages: `row 1`, `box 9`, `diagonal 2`, ...
    pub fn name(&self) -> String {
        let kind = match self.kind {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Window => "window",
        };
        format!("{kind} {}", self.index + 1)
    }
}

/// The houses of a grid of box size `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    n: usize,
    /// The named variant whose houses these are; `None` for a jigsaw.
    variant: Option<Variant>,
    houses: Vec<House>,
    /// For each cell, the houses that contain it, in house order.
    houses_of: Vec<Vec<usize>>,
    /// For each cell, the other cells sharing a house with it, ascending.
    peers: Vec<Vec<usize>>,
}

/// The Sudoku variants with a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Rows, columns and boxes.
    Classic,
    /// Classic plus the two main diagonals.
    X,
    /// Classic plus the windoku windows.
    Windoku,
}

impl Variant {
    /// Every named variant.
    pub const ALL: [Variant; 3] = [Variant::Classic, Variant::X, Variant::Windoku];

    /// Its name: `classic`, `x` or `windoku` (what [`Layout::name`] says
    /// of its layouts).
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::X => "x",
            Variant::Windoku => "windoku",
        }
    }
}

impl std::str::FromStr for Variant {
    type Err = String;

    /// A variant by its name, in any case.
    fn from_str(s: &str) -> Result<Variant, String> {
        let name = s.to_ascii_lowercase();
        Variant::ALL.into_iter().find(|v| v.name() == name).ok_or_else(|| {
            let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
            format!("unknown variant `{}` ({})", crate::text::Escaped(s), names.join(", "))
        })
    }
}

impl Layout {
    /// The classic layout for box size `n` (2..=5, for 4×4 to 25×25);
    /// another size is [`SudokuError::BoxSize`].
    pub fn classic(n: usize) -> Result<Layout, SudokuError> {
        Ok(Layout::classic_box(super::grid::check_box_size(n)?))
    }

    /// The classic layout for grids of `grid`'s size.
    pub fn for_grid(grid: &super::grid::Grid) -> Layout {
        Layout::classic_box(grid.box_size())
    }

    /// The classic layout for a box size known to be valid.
    pub(crate) fn classic_box(n: usize) -> Layout {
        let side = n * n;
        let mut houses = lines(side);
        for b in 0..side {
            let (r0, c0) = (b / n * n, b % n * n);
            let cells = (0..side).map(|k| (r0 + k / n) * side + c0 + k % n).collect();
            houses.push(House { kind: HouseKind::Box, index: b, cells });
        }
        Layout::with_houses(n, Some(Variant::Classic), houses)
    }

    /// A named variant for box size `n` (2..=5); another size is
    /// [`SudokuError::BoxSize`].
    pub fn variant(variant: Variant, n: usize) -> Result<Layout, SudokuError> {
        let classic = Layout::classic(n)?;
        let side = n * n;
        let mut houses = match variant {
            // Built once, not again from its houses.
            Variant::Classic => return Ok(classic),
            _ => classic.houses,
        };
        match variant {
            Variant::Classic => {}
            Variant::X => {
                let main = (0..side).map(|k| k * side + k).collect();
                let anti = (0..side).map(|k| k * side + side - 1 - k).collect();
                houses.push(House { kind: HouseKind::Diagonal, index: 0, cells: main });
                houses.push(House { kind: HouseKind::Diagonal, index: 1, cells: anti });
            }
            Variant::Windoku => {
                // Windows start one cell in from each box corner, one
                // cell apart: for 9×9 at rows/columns 2-4 and 6-8.
                let starts: Vec<usize> = (0..n - 1).map(|k| 1 + k * (n + 1)).collect();
                let mut index = 0;
                for &r0 in &starts {
                    for &c0 in &starts {
                        let cells = (0..side).map(|k| (r0 + k / n) * side + c0 + k % n).collect();
                        houses.push(House { kind: HouseKind::Window, index, cells });
                        index += 1;
                    }
                }
            }
        }
        Ok(Layout::with_houses(n, Some(variant), houses))
    }

    /// A jigsaw layout: rows, columns and the regions of a letter map
    /// (`side` lines of `side` characters, one character per region).
    pub fn jigsaw(map: &str) -> Result<Layout, SudokuError> {
        // A byte-order mark (a map saved by Notepad) is no cell.
        let map = map.strip_prefix('\u{feff}').unwrap_or(map);
        let rows: Vec<Vec<char>> = map
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<char>>())
            .filter(|l| !l.is_empty())
            .collect();
        let side = rows.len();
        let n = super::grid::BOX_SIZES
            .into_iter()
            .find(|n| n * n == side)
            .ok_or(SudokuError::Layout(LayoutError::Rows(side)))?;
        let mut letters: Vec<char> = Vec::new();
        let mut regions: Vec<Vec<usize>> = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            if row.len() != side {
                return Err(SudokuError::Layout(LayoutError::RowLength { row: r + 1, cells: row.len(), side }));
            }
            for (c, &ch) in row.iter().enumerate() {
                let k = letters.iter().position(|&l| l == ch).unwrap_or_else(|| {
                    letters.push(ch);
                    regions.push(Vec::new());
                    letters.len() - 1
                });
                regions[k].push(r * side + c);
            }
        }
        if let Some((k, cells)) = regions.iter().enumerate().find(|(_, cells)| cells.len() != side) {
            return Err(SudokuError::Layout(LayoutError::RegionSize { letter: letters[k], cells: cells.len(), side }));
        }
        if regions.len() != side {
            return Err(SudokuError::Layout(LayoutError::RegionCount { regions: regions.len(), side }));
        }
        let mut houses = lines(side);
        houses.extend(regions.into_iter().enumerate().map(|(index, cells)| House {
            kind: HouseKind::Box,
            index,
            cells,
        }));
        Ok(Layout::with_houses(n, None, houses))
    }

    /// A layout of these houses, with the tables every user of a layout
    /// derives from them (the houses of each cell, each cell's peers),
    /// computed here once: the exact-cover adapter, the singles pass and
    /// the logic solver's geometry all read them.
    fn with_houses(n: usize, variant: Option<Variant>, houses: Vec<House>) -> Layout {
        let cells = n.pow(4);
        let mut houses_of = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for &c in &house.cells {
                houses_of[c].push(h);
            }
        }
        let peers = (0..cells)
            .map(|c| {
                let mut p: Vec<usize> = houses_of[c].iter().flat_map(|&h| houses[h].cells.iter().copied()).collect();
                p.sort_unstable();
                p.dedup();
                p.retain(|&k| k != c);
                p
            })
            .collect();
        Layout { n, variant, houses, houses_of, peers }
    }

    /// The box size n.
    pub fn box_size(&self) -> usize {
        self.n
    }

    /// The side n².
    pub fn side(&self) -> usize {
        self.n * self.n
    }

    /// The layout's name: `classic`, `x`, `windoku` or `jigsaw`.
    pub fn name(&self) -> &'static str {
        self.variant.map_or("jigsaw", Variant::name)
    }

    /// The named variant whose houses these are; `None` for a jigsaw.
    pub fn named_variant(&self) -> Option<Variant> {
        self.variant
    }

    /// Whether these are the classic rows, columns and boxes alone.
    pub fn is_classic(&self) -> bool {
        self.variant == Some(Variant::Classic)
    }

    /// The houses.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// For each cell, the houses that contain it (indices into
    /// [`Layout::houses`], ascending).
    pub fn houses_of(&self) -> &[Vec<usize>] {
        &self.houses_of
    }

    /// The peers of a cell: the other cells sharing a house with it,
    /// ascending.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }
}

/// A layout built when first asked for: a named variant's (its name and
/// box size kept until then) or one handed over built (a jigsaw's).
///
/// Invariant: [`LazyLayout::get`] always gives the same layout, the one
/// the value was made with; what the layout is (its side, whether it is
/// classic) is known without building it. A solver of classic 9×9 puzzles
/// may never need one (the band search and the classic check take none),
/// so a run of them doesn't build it, nor copy it into each clone.
#[derive(Clone, Debug)]
pub(crate) struct LazyLayout {
    /// The named variant and box size of a layout not handed over built.
    named: Option<(Variant, usize)>,
    built: OnceLock<Layout>,
    /// The side of the layout's grids.
    side: usize,
    /// Whether these are the classic rows, columns and boxes alone.
    classic: bool,
}

impl LazyLayout {
    /// The layout of `variant` for box size `n` (2..=5), built on first use.
    pub(crate) fn named(variant: Variant, n: usize) -> LazyLayout {
        debug_assert!(super::grid::BOX_SIZES.contains(&n));
        LazyLayout {
            named: Some((variant, n)),
            built: OnceLock::new(),
            side: n * n,
            classic: variant == Variant::Classic,
        }
    }

    /// `layout`, already built.
    pub(crate) fn built(layout: Layout) -> LazyLayout {
        let (side, classic) = (layout.side(), layout.is_classic());
        LazyLayout { named: None, built: OnceLock::from(layout), side, classic }
    }

    /// The layout, built now if it wasn't.
    pub(crate) fn get(&self) -> &Layout {
        self.built.get_or_init(|| {
            let (variant, n) = self.named.expect("a layout not handed over built is named");
            Layout::variant(variant, n).expect("a box size checked when named")
        })
    }

    /// The side of the layout's grids, without building it.
    pub(crate) fn side(&self) -> usize {
        self.side
    }

    /// Whether these are the classic rows, columns and boxes alone,
    /// without building them.
    pub(crate) fn is_classic(&self) -> bool {
        self.classic
    }

    /// Whether the layout was built.
    #[cfg(test)]
    pub(crate) fn is_built(&self) -> bool {
        self.built.get().is_some()
    }
}

fn lines(side: usize) -> Vec<House> {
    let rows =
        (0..side).map(|r| House { kind: HouseKind::Row, index: r, cells: (0..side).map(|c| r * side + c).collect() });
    let cols = (0..side).map(|c| House {
        kind: HouseKind::Column,
        index: c,
        cells: (0..side).map(|r| r * side + c).collect(),
    });
    rows.chain(cols).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_house_has_side_cells() {
        for n in 2..=5 {
            for v in [Variant::Classic, Variant::X, Variant::Windoku] {
                let l = Layout::variant(v, n).unwrap();
                assert!(l.houses().iter().all(|h| h.cells.len() == n * n));
            }
        }
        assert_eq!(Layout::classic(3).unwrap().houses().len(), 27);
        assert_eq!(Layout::variant(Variant::Windoku, 3).unwrap().houses().len(), 31);
    }

    /// The derived tables agree with the houses: a cell's houses are those
    /// holding it, and its peers are the other cells of those houses, a
    /// symmetric relation (20 peers in classic 9×9, 26 on an X diagonal).
    #[test]
    fn houses_of_and_peers_follow_the_houses() {
        let jigsaw = Layout::jigsaw("AAAB\nABBB\nCCDD\nCCDD").unwrap();
        let mut layouts = vec![jigsaw];
        for n in 2..=4 {
            for v in [Variant::Classic, Variant::X, Variant::Windoku] {
                layouts.push(Layout::variant(v, n).unwrap());
            }
        }
        for l in &layouts {
            let cells = l.side() * l.side();
            for c in 0..cells {
                let holding: Vec<usize> = (0..l.houses().len()).filter(|&h| l.houses()[h].cells.contains(&c)).collect();
                assert_eq!(l.houses_of()[c], holding, "{} cell {c}", l.name());
                for k in 0..cells {
                    let shares = k != c && holding.iter().any(|&h| l.houses()[h].cells.contains(&k));
                    assert_eq!(l.peers(c).contains(&k), shares, "{} cells {c}, {k}", l.name());
                    assert_eq!(l.peers(c).contains(&k), l.peers(k).contains(&c));
                }
                assert!(l.peers(c).windows(2).all(|w| w[0] < w[1]));
            }
        }
        let classic = Layout::classic(3).unwrap();
        assert!((0..81).all(|c| classic.peers(c).len() == 20));
        assert_eq!(Layout::variant(Variant::X, 3).unwrap().peers(0).len(), 26);
    }

    #[test]
    fn variants_by_name() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert_eq!(v.name().to_uppercase().parse::<Variant>(), Ok(v));
            assert_eq!(Layout::variant(v, 3).unwrap().name(), v.name());
            assert_eq!(Layout::variant(v, 3).unwrap().is_classic(), v == Variant::Classic);
        }
        let jigsaw = Layout::jigsaw("AABB\nAABB\nCCDD\nCCDD").unwrap();
        assert_eq!((jigsaw.name(), jigsaw.named_variant(), jigsaw.is_classic()), ("jigsaw", None, false));
        assert_eq!("hyper".parse::<Variant>(), Err("unknown variant `hyper` (classic, x, windoku)".to_string()));
    }

    /// A lazy layout tells its side and whether it is classic without
    /// being built, and once built (or handed over built) is the layout
    /// it was made with; a clone made before it was built builds its own.
    #[test]
    fn a_lazy_layout_is_the_one_named() {
        for n in 2..=5 {
            for v in Variant::ALL {
                let lazy = LazyLayout::named(v, n);
                assert_eq!((lazy.side(), lazy.is_classic()), (n * n, v == Variant::Classic));
                assert!(!lazy.is_built());
                let clone = lazy.clone();
                assert_eq!(*lazy.get(), Layout::variant(v, n).unwrap());
                assert!(lazy.is_built() && !clone.is_built());
                assert_eq!(clone.get(), lazy.get());
            }
        }
        let map = Layout::jigsaw("AAAB\nABBB\nCCDD\nCCDD").unwrap();
        let jigsaw = LazyLayout::built(map.clone());
        assert!(jigsaw.is_built());
        assert_eq!((jigsaw.side(), jigsaw.is_classic(), jigsaw.get()), (4, false, &map));
    }

    #[test]
    fn jigsaw_maps_are_checked() {
        assert!(Layout::jigsaw("AABB\nAABB\nCCDD\nCCDD").is_ok());
        assert!(Layout::jigsaw("AAAB\nABBB\nCCDD\nCCDD").is_ok());
        assert!(Layout::jigsaw("AAAA\nABBB\nCCDD\nCCDD").is_err());
        assert!(Layout::jigsaw("AAB\nABB\nCCD").is_err());
        // A byte-order mark first (a map saved by Notepad) is no cell: it
        // was "region map row 1 has 5 cells, expected 4".
        let marked = Layout::jigsaw("\u{feff}AABB\r\nAABB\r\nCCDD\r\nCCDD\r\n").unwrap();
        assert_eq!(marked.houses(), Layout::jigsaw("AABB\nAABB\nCCDD\nCCDD").unwrap().houses());
    }
}
