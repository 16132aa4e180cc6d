//! A step found by chains ([`ChainHint`]), with what it takes to rate,
//! order, apply and explain it: SE's rating is a base for the family plus
//! a length increment from the chains' complexity, and a family's steps
//! are taken in SE's order (rating, then complexity, then a kind key).

use super::run::{Cause, Key, Run, complexity, length_tenths, parts};
use crate::sudoku::logic::se::board::{cell_name, region_name};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::{Rating, Technique};
use std::rc::Rc;

/// What a chain step concluded from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// One assumption (a key).
    Assumption(Key),
    /// Every candidate of a cell.
    Cell(usize),
    /// Every place of a digit in a region.
    Region(usize, u8),
}

/// A step found by chains, with what it takes to rate, order, apply and
/// explain it.
#[derive(Clone, Debug)]
pub(crate) struct ChainHint {
    pub technique: Technique,
    /// Rating in tenths.
    pub rating: u8,
    pub complexity: u32,
    /// SE's tie-break between kinds of chain steps.
    pub sort_key: u8,
    pub eliminations: Vec<(usize, u8)>,
    pub placement: Option<(usize, u8)>,
    /// The chains, each ending at a node of a run.
    pub targets: Vec<(Rc<Run>, u32)>,
    pub source: Source,
    /// The name SE gives this kind of step.
    pub name: &'static str,
}

impl ChainHint {
    /// A hint; rates it from its family's base (tenths) and its chains.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        technique: Technique,
        name: &'static str,
        base: u8,
        sort_key: u8,
        source: Source,
        targets: Vec<(Rc<Run>, u32)>,
        eliminations: Vec<(usize, u8)>,
        placement: Option<(usize, u8)>,
    ) -> ChainHint {
        let refs: Vec<(&Run, u32)> = targets.iter().map(|(r, id)| (r.as_ref(), *id)).collect();
        let complexity = complexity(&refs);
        ChainHint {
            technique,
            rating: base.saturating_add(length_tenths(complexity)),
            complexity,
            sort_key,
            eliminations,
            placement,
            targets,
            source,
            name,
        }
    }

    /// The order SE applies hints of one family in.
    pub fn order(&self) -> (u8, u32, u8) {
        (self.rating, self.complexity, self.sort_key)
    }

    /// The step, with a sentence that follows the chains.
    pub fn to_step(&self) -> Step {
        let mut step = Step::logic(self.technique).rated(Rating::from_tenths(self.rating));
        let mut cells = Vec::new();
        let mut digits = Vec::new();
        for (run, id) in &self.targets {
            for n in run.path(*id) {
                let (c, d, _) = parts(run.key_of(n));
                cells.push(c);
                digits.push(d);
            }
        }
        step = step.cells(cells).digits(digits);
        if let Some((c, d)) = self.placement {
            step = step.place(c, d);
        }
        let step = step.eliminate(self.eliminations.iter().copied());
        let text = self.sentence();
        step.text(text)
    }

    fn conclusion(&self) -> String {
        match self.placement {
            Some((c, d)) => format!("{} is {d}", cell_name(c)),
            None => format!("remove {}", crate::sudoku::logic::words::removals(&self.eliminations, 9)),
        }
    }

    fn sentence(&self) -> String {
        let chains: Vec<String> = self.targets.iter().map(|(run, id)| describe(run, *id)).collect();
        let conclusion = self.conclusion();
        match self.source {
            Source::Assumption(k) => {
                let (c, d, on) = parts(k);
                let assume =
                    if on { format!("{} is {d}", cell_name(c)) } else { format!("{} is not {d}", cell_name(c)) };
                match chains.as_slice() {
                    [one] => format!("{}: if {assume}, then {one}; so {conclusion}.", self.name),
                    [a, b] => format!("{}: if {assume}, then {a}; and {b}; so {conclusion}.", self.name),
                    _ => format!("{}: starting from {assume}; so {conclusion}.", self.name),
                }
            }
            Source::Cell(c) => format!(
                "{}: whichever digit {} holds leads to the same result: {}; so {conclusion}.",
                self.name,
                cell_name(c),
                chains.join("; ")
            ),
            Source::Region(r, d) => format!(
                "{}: wherever {d} goes in {}, the same result follows: {}; so {conclusion}.",
                self.name,
                region_name(r),
                chains.join("; ")
            ),
        }
    }
}

/// "r1c2=5 → r1c5≠5 → r3c5=5": a chain along first parents, with a note
/// on the links that needed more than one cause and on nested chains.
pub(crate) fn describe(run: &Run, id: u32) -> String {
    let path = run.path(id);
    let mut out = String::new();
    for (i, &n) in path.iter().enumerate() {
        let (c, d, on) = parts(run.key_of(n));
        if i > 0 {
            out.push_str(" → ");
        }
        out.push_str(&format!("{}{}{d}", cell_name(c), if on { "=" } else { "≠" }));
        let node = &run.nodes[n as usize];
        if node.cause == Cause::Advanced {
            match &node.nested {
                Some(nested) => out.push_str(&format!(" (by {})", nested.text)),
                None => out.push_str(" (by a locked set or fish on the reduced grid)"),
            }
        }
    }
    out
}

/// The first hint of `hints` in SE's order.
pub(crate) fn easiest(hints: Vec<ChainHint>) -> Option<ChainHint> {
    hints.into_iter().enumerate().min_by_key(|(i, h)| (h.order(), *i)).map(|(_, h)| h)
}

/// The hints in SE's order (a stable sort).
pub(crate) fn sorted(mut hints: Vec<ChainHint>) -> Vec<ChainHint> {
    hints.sort_by_key(ChainHint::order);
    hints
}
