//! The Sudoku Explainer rating loop: at each step, ask the techniques in
//! SE's fixed order and apply the first step the first productive one
//! gives; the puzzle's ER is the hardest step, EP the hardest up to the
//! first placed digit, ED the first step's rating.

use super::board::Board;
use super::chains::{self, Rule};
use super::techniques::{aligned_exclusion, basics, bug, direct_hidden_set, direct_locking, unique_loop};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::{Rating, Technique};

/// A technique, or family of chains, in SE's order. Each gives its
/// easiest step (or its first, for the techniques with one rating).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Producer {
    HiddenSingle,
    DirectLocking,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriple,
    Locking,
    NakedSet(u32),
    Fish(u32),
    HiddenSet(u32),
    XyWing,
    XyzWing,
    UniqueLoops,
    Bug,
    AlignedPair,
    /// X-, Y- and XY-cycles and forcing X- and XY-chains.
    Unary,
    AlignedTriple,
    Nishio,
    /// Static cell and region forcing chains.
    Multiple,
    /// Dynamic forcing chains, nested to the given level (0: none).
    Dynamic(u8),
}

impl Producer {
    /// Every producer up to nesting level `max_level`, in SE's order.
    pub(crate) fn sequence(max_level: u8) -> Vec<Producer> {
        use Producer::*;
        let mut v = vec![
            HiddenSingle,
            DirectLocking,
            DirectHiddenPair,
            NakedSingle,
            DirectHiddenTriple,
            Locking,
            NakedSet(2),
            Fish(2),
            HiddenSet(2),
            NakedSet(3),
            Fish(3),
            HiddenSet(3),
            XyWing,
            XyzWing,
            UniqueLoops,
            NakedSet(4),
            Fish(4),
            HiddenSet(4),
            Bug,
            AlignedPair,
            Unary,
            AlignedTriple,
            Nishio,
            Multiple,
        ];
        v.extend((0..=max_level).map(Dynamic));
        v
    }

    /// The producer's step on `b`, if any.
    pub(crate) fn find(self, b: &Board) -> Option<Step> {
        match self {
            Producer::HiddenSingle => basics::hidden_single(b),
            Producer::DirectLocking => direct_locking::find_se(b, true),
            Producer::DirectHiddenPair => direct_hidden_set::find_se(b, 2, true),
            Producer::NakedSingle => basics::naked_single(b),
            Producer::DirectHiddenTriple => direct_hidden_set::find_se(b, 3, true),
            Producer::Locking => direct_locking::find_se(b, false),
            Producer::NakedSet(n) => basics::naked_set(b, n),
            Producer::Fish(n) => basics::fish(b, n),
            Producer::HiddenSet(n) => direct_hidden_set::find_se(b, n, false),
            Producer::XyWing => basics::xy_wing(b, false),
            Producer::XyzWing => basics::xy_wing(b, true),
            Producer::UniqueLoops => unique_loop::find_se(b),
            Producer::Bug => bug::find_se(b),
            Producer::AlignedPair => aligned_exclusion::find_se(b, 2),
            Producer::Unary => chains::unary_easiest(b).map(|h| h.to_step()),
            Producer::AlignedTriple => aligned_exclusion::find_se(b, 3),
            Producer::Nishio => chains::forcing_easiest(b, Rule::NISHIO).map(|h| h.to_step()),
            Producer::Multiple => chains::forcing_easiest(b, Rule::MULTIPLE).map(|h| h.to_step()),
            Producer::Dynamic(level) => chains::forcing_easiest(b, Rule::dynamic(level)).map(|h| h.to_step()),
        }
    }
}

/// Applies a step to a board: its placements, then its eliminations.
pub(crate) fn apply(b: &mut Board, step: &Step) {
    for &(k, d) in step.placements() {
        b.place(k, d);
    }
    for &(k, d) in step.eliminations() {
        b.remove(k, d);
    }
}

/// The result of the SE loop on one puzzle.
#[derive(Clone, Debug, Default)]
pub(crate) struct Run {
    /// The hardest step so far (ER when solved).
    pub er: Rating,
    /// The hardest rating up to the first placement (EP), if any digit was placed.
    pub ep: Option<Rating>,
    /// The first step's rating (ED).
    pub ed: Option<Rating>,
    /// The technique of the hardest step (the first that reached ER).
    pub hardest: Option<Technique>,
    /// Steps taken.
    pub steps: usize,
    /// Whether the grid was solved (else the producers ran out, or `stop`
    /// said to stop).
    pub solved: bool,
    /// Whether `stop` ended the loop.
    pub stopped: bool,
}

/// Runs SE's loop from `b` with the producers up to `max_level`, calling
/// `visit` with each step. `stop` is asked before each producer is tried
/// (for Ctrl-C), so the loop ends within one producer's search of it
/// saying yes.
pub(crate) fn run(mut b: Board, max_level: u8, mut visit: impl FnMut(&Step, &Board), stop: impl Fn() -> bool) -> Run {
    let producers = Producer::sequence(max_level);
    let mut run = Run::default();
    while !b.is_solved() {
        let mut stopped = false;
        let found = producers.iter().find_map(|p| {
            stopped = stopped || stop();
            if stopped { None } else { p.find(&b) }
        });
        let Some(step) = found else {
            run.stopped = stopped;
            return run;
        };
        if run.hardest.is_none() || step.rating() > run.er {
            run.er = step.rating();
            run.hardest = step.technique();
        }
        apply(&mut b, &step);
        run.steps += 1;
        if run.ed.is_none() {
            run.ed = Some(run.er);
        }
        if run.ep.is_none() && !step.placements().is_empty() {
            run.ep = Some(run.er);
        }
        visit(&step, &b);
    }
    run.solved = true;
    run
}
