//! The solver's doors to the diagram: [`Solver::zdd`], with a choice of
//! rule, and [`Solver::zdd_probe`], which says whether the memo pays.

use super::build::{Builder, Tally};
use super::choice::ZddChoice;
use super::counts::{Counts, Unmade};
use super::error::ZddError;
use super::memo::{HashFn, mix};
use super::nodes::Node;
use super::state::Rules;
use super::{BigCount, Zdd, ZddStats};
use crate::cover::limits::{Limits, StopReason};
use crate::cover::solver::Solver;
use std::time::Instant;

/// States a probe searches before it judges.
const PROBE_STATES: u64 = 2_000;

/// The fewest solutions of a diagram the probe finished for which
/// [`ZddProbe::pays_well`] says yes.
const MANY_SOLUTIONS: u64 = 10_000;

/// What a short build says of a problem ([`Solver::zdd_probe`]).
#[derive(Clone, Debug)]
pub struct ZddProbe {
    /// States searched.
    pub states: u64,
    /// Lookups in the memo.
    pub lookups: u64,
    /// Lookups that found their state.
    pub hits: u64,
    /// The whole diagram, if the probe got to its end.
    pub zdd: Option<Zdd>,
}

impl ZddProbe {
    /// Whether to build the diagram rather than search: the probe built
    /// it, or at least one lookup in ten found a state searched before.
    /// Where the memo pays, a third of the lookups or more find one from
    /// the start (domino tilings); where it doesn't, one in fifty or fewer
    /// (queens, pentominoes; docs/PERFORMANCE.md).
    pub fn pays(&self) -> bool {
        self.zdd.is_some() || self.hits * 10 >= self.lookups
    }

    /// Whether the memo pays by a wide margin: one lookup in five or more
    /// found its state (domino and brick tilings find one in four to one
    /// in three; Langford pairs one in eight, where the search is quicker:
    /// docs/PERFORMANCE.md, "The memo"), and the problem is not one the
    /// search also finishes at once: the probe did not get to the end, or
    /// its diagram has at least 10,000 solutions. What `xc
    /// cover` asks before it takes the diagram on its own.
    pub fn pays_well(&self) -> bool {
        self.hits * 5 >= self.lookups && self.zdd.as_ref().is_none_or(|z| z.count() >= BigCount::from(MANY_SOLUTIONS))
    }
}

impl Solver {
    /// The diagram of all solutions of the problem, with the options
    /// pinned taken first, built within the solver's limits: the memory
    /// budget, the node limit (on the diagram's nodes), the time limit and
    /// the cancel flag; a progress gauge gets Knuth's estimate of the
    /// fraction done. See [`Zdd`] and docs/ARCHITECTURE.md.
    pub fn zdd(&self) -> Result<Zdd, ZddError> {
        self.zdd_with(ZddChoice::default())
    }

    /// [`Solver::zdd`] with another rule for the item to branch on.
    pub fn zdd_with(&self, choice: ZddChoice) -> Result<Zdd, ZddError> {
        build(self, choice, mix, self.limits()).map_err(|(e, _)| e)
    }

    /// Builds the diagram for a moment (a few thousand states, or a few
    /// hundred once lookups show the memo seldom finds its state) and says
    /// whether it pays to go on, by how often the memo found a state it
    /// had searched before. Takes milliseconds; honours the limits.
    pub fn zdd_probe(&self) -> ZddProbe {
        let limits = self.limits().clone();
        match build_probe(self, &limits) {
            Ok(zdd) => {
                let s = zdd.stats();
                ZddProbe { states: s.states, lookups: s.lookups, hits: s.hits, zdd: Some(zdd) }
            }
            Err((_, t)) => ZddProbe { states: t.states, lookups: t.lookups, hits: t.hits, zdd: None },
        }
    }

    /// [`Solver::zdd`] with a hash of four values, so that nearly every
    /// pair of states collides (for the test that collisions never change
    /// a count).
    #[cfg(any(test, feature = "testing"))]
    #[doc(hidden)]
    pub fn zdd_with_tiny_hash(&self, choice: ZddChoice) -> Result<Zdd, ZddError> {
        build(self, choice, |k| mix(k) & 3, self.limits()).map_err(|(e, _)| e)
    }
}

fn build_probe(solver: &Solver, limits: &Limits) -> Result<Zdd, (ZddError, Tally)> {
    let rules = rules(solver);
    let mut builder = Builder::new(&rules, ZddChoice::default(), limits, mix).max_states(PROBE_STATES);
    finish(solver, &rules, &mut builder, Instant::now())
}

fn build(solver: &Solver, choice: ZddChoice, hash: HashFn, limits: &Limits) -> Result<Zdd, (ZddError, Tally)> {
    let rules = rules(solver);
    let mut builder = Builder::new(&rules, choice, limits, hash);
    finish(solver, &rules, &mut builder, Instant::now())
}

/// The rules of the solver's problem, its pinned options taken.
fn rules(solver: &Solver) -> Rules {
    Rules::with_pins(solver.problem(), &solver.pinned().collect::<Vec<_>>())
}

fn finish(solver: &Solver, rules: &Rules, builder: &mut Builder, start: Instant) -> Result<Zdd, (ZddError, Tally)> {
    let pins: Vec<_> = solver.pinned().collect();
    let mut state = rules.start();
    for p in &pins {
        rules.take(&mut state, p.as_u32(), u32::MAX);
    }
    let root =
        if solver.limits().cancelled() { Err(builder.stopped(StopReason::Cancelled)) } else { builder.run(&state) };
    let root: Node = root.map_err(|e| (e, builder.tally))?;
    let mut nodes = std::mem::replace(&mut builder.nodes, super::nodes::Nodes::new());
    let tally = builder.tally;
    nodes.shrink();
    let limits = solver.limits();
    // Big counts can take more time and memory than the build: they keep
    // to the limits too.
    let held = builder.memo.bytes() + nodes.bytes();
    let size = nodes.len() as u64 - 2;
    let counts = Counts::new(&nodes, limits, limits.deadline_from(start), held).map_err(|unmade| {
        let e = match unmade {
            Unmade::Stopped(reason) => ZddError::Stopped { reason, states: tally.states, nodes: size },
            Unmade::OverBudget(needed) => ZddError::OverBudget {
                needed,
                budget: limits.memory_budget().unwrap_or(u64::MAX),
                states: tally.states,
                nodes: size,
            },
        };
        (e, tally)
    })?;
    let stats = ZddStats {
        states: tally.states,
        lookups: tally.lookups,
        hits: tally.hits,
        nodes: size,
        elapsed: start.elapsed(),
        bytes: held + counts.bytes(),
    };
    Ok(Zdd { problem: solver.problem().clone(), nodes, root, pins, counts, stats })
}
