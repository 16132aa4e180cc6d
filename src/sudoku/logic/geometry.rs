//! The fixed facts of a layout that the techniques look up again and
//! again: the houses, the houses of each cell, each cell's peers, a
//! "sees" bit matrix, and the intersections of houses.
//!
//! A geometry never changes once built. The classic geometries (box sizes
//! 2 to 5) are built once per process and shared; others are built per
//! layout.

use crate::sudoku::layout::{HouseKind, Layout, Variant};
use std::sync::{Arc, OnceLock};

/// One house, with a name for sentences.
#[derive(Clone, Debug)]
pub(crate) struct HouseInfo {
    pub kind: HouseKind,
    /// Its number within its kind, from 0.
    pub index: usize,
    pub cells: Vec<usize>,
    pub name: String,
}

/// Two houses sharing two or more cells (a box and a line, for the
/// classic layout).
#[derive(Clone, Debug)]
pub(crate) struct Intersection {
    /// The house whose candidates may be confined to the common cells.
    pub source: usize,
    /// The house that loses them outside the common cells.
    pub target: usize,
    /// The common cells, in the source house's order.
    pub common: Vec<usize>,
    /// The other cells of the source and of the target, in their houses'
    /// order.
    pub source_rest: Vec<usize>,
    pub target_rest: Vec<usize>,
}

/// The layout's houses and relations between its cells.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub n: usize,
    pub side: usize,
    pub houses: Vec<HouseInfo>,
    /// For each cell, the indices of the houses that contain it.
    pub houses_of: Vec<Vec<usize>>,
    /// For each cell, its houses with its index in each: `(house, i)`
    /// where `houses[house].cells[i]` is the cell.
    pub slots: Vec<Vec<(usize, usize)>>,
    /// For each cell, the other cells sharing a house with it.
    pub peers: Vec<Vec<usize>>,
    sees: Vec<u64>,
    stride: usize,
    /// Every ordered pair of houses with two or more common cells.
    pub intersections: Vec<Intersection>,
    /// The row, column and box houses (by number), when the layout has
    /// them; rows and columns always exist.
    pub rows: Vec<usize>,
    pub cols: Vec<usize>,
    /// True when the houses are exactly the rows, the columns and the
    /// regular boxes: the uniqueness techniques are proven only there.
    pub classic: bool,
    /// The layout's variant (`None` for a jigsaw), to tell layouts apart.
    pub variant: Option<Variant>,
}

impl Geometry {
    /// The geometry of a layout.
    pub fn new(layout: &Layout) -> Geometry {
        let side = layout.side();
        let cells = side * side;
        let houses: Vec<HouseInfo> = layout
            .houses()
            .iter()
            .map(|h| HouseInfo { kind: h.kind, index: h.index, cells: h.cells.clone(), name: h.name() })
            .collect();
        let houses_of = layout.houses_of().to_vec();
        let slots = (0..cells)
            .map(|c| {
                houses_of[c]
                    .iter()
                    .map(|&h| {
                        let i = houses[h].cells.iter().position(|&k| k == c);
                        (h, i.expect("a cell of its house"))
                    })
                    .collect()
            })
            .collect();
        let stride = cells.div_ceil(64);
        let mut sees = vec![0u64; stride * cells];
        for a in 0..cells {
            for &b in layout.peers(a) {
                sees[a * stride + b / 64] |= 1 << (b % 64);
            }
        }
        let peers = (0..cells).map(|a| layout.peers(a).to_vec()).collect();
        let mut intersections = Vec::new();
        for (s, source) in houses.iter().enumerate() {
            for (t, target) in houses.iter().enumerate() {
                if s == t {
                    continue;
                }
                let common: Vec<usize> = source.cells.iter().copied().filter(|c| target.cells.contains(c)).collect();
                if common.len() >= 2 {
                    let rest = |cells: &[usize]| cells.iter().copied().filter(|c| !common.contains(c)).collect();
                    let (source_rest, target_rest) = (rest(&source.cells), rest(&target.cells));
                    intersections.push(Intersection { source: s, target: t, common, source_rest, target_rest });
                }
            }
        }
        let of_kind = |kind| {
            let mut v: Vec<(usize, usize)> =
                houses.iter().enumerate().filter(|(_, h)| h.kind == kind).map(|(i, h)| (h.index, i)).collect();
            v.sort_unstable();
            v.into_iter().map(|(_, i)| i).collect::<Vec<usize>>()
        };
        let (rows, cols) = (of_kind(HouseKind::Row), of_kind(HouseKind::Column));
        Geometry {
            n: layout.box_size(),
            side,
            houses,
            houses_of,
            slots,
            peers,
            sees,
            stride,
            intersections,
            rows,
            cols,
            classic: layout.is_classic(),
            variant: layout.named_variant(),
        }
    }

    /// The shared geometry of the classic layout of box size `n`.
    pub fn classic(n: usize) -> Arc<Geometry> {
        static CLASSIC: [OnceLock<Arc<Geometry>>; 4] = [const { OnceLock::new() }; 4];
        CLASSIC[n - 2].get_or_init(|| Arc::new(Geometry::new(&Layout::classic_box(n)))).clone()
    }

    /// The geometry of any layout: the shared one for classic layouts.
    pub fn of(layout: &Layout) -> Arc<Geometry> {
        if layout.is_classic() { Geometry::classic(layout.box_size()) } else { Arc::new(Geometry::new(layout)) }
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// Whether two distinct cells share a house.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.sees[a * self.stride + b / 64] >> (b % 64) & 1 == 1
    }

    /// The house of this kind holding the cell, if any.
    pub fn house_of_kind(&self, cell: usize, kind: HouseKind) -> Option<usize> {
        self.houses_of[cell].iter().copied().find(|&h| self.houses[h].kind == kind)
    }
}
