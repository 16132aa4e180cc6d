//! The builder: a depth-first search over states that memoises each
//! state's node (Nishihara, Inoue, Minato et al., "Dancing with Decision
//! Diagrams", AAAI 2017; Knuth's Algorithm Z, TAOCP 7.2.2.1).
//!
//! In a state, the builder branches on one item ([`ZddChoice`]) and
//! gathers the options of that item that fit. Each option's completions
//! are the node of the state after taking it, found in the memo or built
//! first; the state's node is then the chain `o₁ → o₂ → …`, each link's
//! `hi` the completions with `oⱼ` and its `lo` the next link (⊥ after the
//! last, or the state with the item closed when it may stay uncovered).
//! A state's node is stored in the memo when its chain is done, so the
//! nodes come out children first.
//!
//! The search is iterative (an explicit stack of frames), so a problem
//! with many thousand items can't overflow the thread's stack. Every
//! [`POLL`] steps it looks at the cancel flag, the clock and the node
//! limit, and publishes Knuth's estimate of the fraction done on the
//! progress gauge; before the memo or the node store grows it checks the
//! memory budget.

use super::choice::{Branch, ZddChoice};
use super::error::ZddError;
use super::live::Live;
use super::memo::{HashFn, Memo};
use super::nodes::{NODE_BYTES, Node, Nodes};
use super::state::{Rules, WORD};
use crate::cover::ids::Fork;
use crate::cover::limits::{Limits, Progress, StopReason};
use std::time::Instant;

/// Steps between two looks at the limits.
pub(crate) const POLL: u32 = 4096;

/// Steps between looks at the limits in a probe, which a caller may give
/// a few milliseconds.
const PROBE_POLL: u32 = 256;

/// Lookups after which a probe may judge early: once fewer than one in
/// [`PROBE_RARE`] has found its state, the memo does not pay (the least
/// share [`ZddProbe::pays`] asks for is one in ten), and the probe stops.
///
/// [`ZddProbe::pays`]: super::ZddProbe::pays
const PROBE_JUDGE: u64 = 512;
const PROBE_RARE: u64 = 32;

/// The bytes of a node's count, kept after the build (see `counts`).
const COUNT_BYTES: u64 = 16;

/// One state being expanded.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Where its key starts on the key stack.
    key: usize,
    /// The item it branches on.
    item: u32,
    /// Where its fitting options start on the option stack, and how many.
    opts: usize,
    n: u32,
    /// The next branch to take (the close branch is number `n`).
    next: u32,
    /// Where its children start on the child stack.
    kids: usize,
    optional: bool,
}

/// What a build found, stopped or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// States memoised.
    pub(crate) states: u64,
    /// Lookups in the memo, and how many found their state.
    pub(crate) lookups: u64,
    pub(crate) hits: u64,
}

/// A build in progress.
pub(crate) struct Builder<'a> {
    rules: &'a Rules,
    choice: ZddChoice,
    limits: Limits,
    deadline: Option<Instant>,
    /// Stop (with `StopReason::Nodes`) past this many states, for a probe.
    max_states: Option<u64>,
    /// Steps between looks at the limits: [`POLL`], or [`PROBE_POLL`].
    poll: u32,
    pub(crate) memo: Memo,
    pub(crate) nodes: Nodes,
    frames: Vec<Frame>,
    keys: Vec<u64>,
    opts: Vec<u32>,
    kids: Vec<Node>,
    /// The options that fit, per state on the key stack, for the "fewest
    /// options" rule on a plain problem.
    live: Option<Live>,
    countdown: u32,
    pub(crate) tally: Tally,
}

impl<'a> Builder<'a> {
    /// A builder over `rules` with the limits' budgets and the hash given.
    pub(crate) fn new(rules: &'a Rules, choice: ZddChoice, limits: &Limits, hash: HashFn) -> Builder<'a> {
        Builder {
            rules,
            choice,
            limits: limits.clone(),
            deadline: limits.deadline_from_now(),
            max_states: None,
            memo: Memo::with_hash(rules.width, hash),
            nodes: Nodes::new(),
            frames: Vec::new(),
            keys: Vec::new(),
            opts: Vec::new(),
            kids: Vec::new(),
            live: if choice == ZddChoice::FewestOptions { Live::new(rules) } else { None },
            countdown: POLL,
            poll: POLL,
            tally: Tally::default(),
        }
    }

    /// Stops the build past `n` states (a probe).
    pub(crate) fn max_states(mut self, n: u64) -> Builder<'a> {
        self.max_states = Some(n);
        (self.poll, self.countdown) = (PROBE_POLL, PROBE_POLL);
        self
    }

    /// Builds the diagram of the completions of `start`; returns its root.
    pub(crate) fn run(&mut self, start: &[u64]) -> Result<Node, ZddError> {
        let w = self.rules.width;
        self.keys.extend_from_slice(start);
        if let Some(live) = &mut self.live {
            live.push_state(self.rules, start);
        }
        if let Some(node) = self.enter()? {
            return Ok(node);
        }
        loop {
            let top = self.frames.len() - 1;
            let f = self.frames[top];
            if f.next < f.n + u32::from(f.optional) {
                self.keys.extend_from_within(f.key..f.key + w);
                let at = self.keys.len() - w;
                if f.next < f.n {
                    let o = self.opts[f.opts + f.next as usize];
                    self.rules.take(&mut self.keys[at..], o, f.item);
                    if let Some(live) = &mut self.live {
                        live.push_taken(self.rules, o);
                    }
                } else {
                    self.rules.close(&mut self.keys[at..], f.item);
                }
                self.frames[top].next += 1;
                if let Some(node) = self.enter()? {
                    self.kids.push(node);
                    self.truncate_keys(at);
                }
                continue;
            }
            // Every branch is done: chain the options, last first.
            self.frames.pop();
            let mut node = if f.optional { self.kids[f.kids + f.n as usize] } else { Node::BOTTOM };
            self.room_for_nodes(f.n as u64)?;
            for j in (0..f.n as usize).rev() {
                let option = self.opts[f.opts + j];
                node = self.nodes.add(option, node, self.kids[f.kids + j]).map_err(|_| self.out_of_memory())?;
            }
            self.room_for_state()?;
            self.memo.insert(&self.keys[f.key..f.key + w], node).map_err(|_| self.out_of_memory())?;
            self.tally.states += 1;
            self.truncate_keys(f.key);
            self.opts.truncate(f.opts);
            self.kids.truncate(f.kids);
            if self.frames.is_empty() {
                return Ok(node);
            }
            self.kids.push(node);
        }
    }

    /// Looks at the state on top of the key stack: its node if the memo
    /// has it or it is a terminal, else a new frame for it (`None`).
    fn enter(&mut self) -> Result<Option<Node>, ZddError> {
        self.step()?;
        let w = self.rules.width;
        let at = self.keys.len() - w;
        let key = &self.keys[at..];
        self.tally.lookups += 1;
        if let Some(node) = self.memo.get(key) {
            self.tally.hits += 1;
            return Ok(Some(node));
        }
        let branch = match &self.live {
            Some(live) => match live.fewest(self.rules, key) {
                Err(()) => Branch::Dead,
                Ok(None) => Branch::Done,
                Ok(Some(item)) => Branch::On { item, optional: false },
            },
            None => self.choice.branch(self.rules, key),
        };
        let (item, optional) = match branch {
            Branch::Done => return Ok(Some(Node::TOP)),
            Branch::Dead => return Ok(Some(Node::BOTTOM)),
            Branch::On { item, optional } => (item, optional),
        };
        let opts = self.opts.len();
        match &self.live {
            Some(live) => self.opts.extend(live.fitting(item)),
            None => {
                for &o in self.rules.options_of(item) {
                    if self.rules.fits(key, o) {
                        self.opts.push(o);
                    }
                }
            }
        }
        let n = (self.opts.len() - opts) as u32;
        if n == 0 && !optional {
            return Ok(Some(Node::BOTTOM));
        }
        self.frames.push(Frame { key: at, item, opts, n, next: 0, kids: self.kids.len(), optional });
        Ok(None)
    }

    /// Drops the states from key-stack position `at` up, with their sets
    /// of fitting options.
    fn truncate_keys(&mut self, at: usize) {
        self.keys.truncate(at);
        if let Some(live) = &mut self.live {
            live.truncate(at / self.rules.width);
        }
    }

    /// One step: every `poll` steps, the limits.
    #[inline]
    fn step(&mut self) -> Result<(), ZddError> {
        self.countdown -= 1;
        if self.countdown > 0 {
            return Ok(());
        }
        self.countdown = self.poll;
        let stop = |reason| Err(self.stopped(reason));
        if self.limits.cancelled() {
            return stop(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return stop(StopReason::Time);
        }
        let nodes = self.nodes.len() as u64 - 2;
        let Tally { lookups, hits, states } = self.tally;
        let judged = lookups >= PROBE_JUDGE && hits * PROBE_RARE < lookups;
        if self.limits.node_budget().is_some_and(|max| nodes > max)
            || self.max_states.is_some_and(|max| states > max || judged)
        {
            return stop(StopReason::Nodes);
        }
        if let Some(gauge) = self.limits.progress_gauge() {
            gauge.set(self.fraction(), self.tally.states);
        }
        Ok(())
    }

    /// Knuth's estimate of the fraction of the search done, from the
    /// branches taken in each frame.
    fn fraction(&self) -> f64 {
        let forks: Vec<Fork> = self
            .frames
            .iter()
            .map(|f| Fork { ways: f.n + u32::from(f.optional), taken: f.next.saturating_sub(1) })
            .collect();
        Progress::estimate(&forks)
    }

    /// The error for a stop, with how far the build got.
    pub(crate) fn stopped(&self, reason: StopReason) -> ZddError {
        ZddError::Stopped { reason, states: self.tally.states, nodes: self.nodes.len() as u64 - 2 }
    }

    fn out_of_memory(&self) -> ZddError {
        ZddError::OutOfMemory { states: self.tally.states, nodes: self.nodes.len() as u64 - 2 }
    }

    /// The bytes held now, with the counts the nodes will need.
    fn bytes(&self, memo: u64, nodes: u64) -> u64 {
        let stacks = (self.keys.capacity() * WORD + self.opts.capacity() * 4 + self.kids.capacity() * 4) as u64
            + (self.frames.capacity() * std::mem::size_of::<Frame>()) as u64;
        self.rules.bytes() + self.live.as_ref().map_or(0, Live::bytes) + memo + nodes + stacks
    }

    fn over(&self, needed: u64) -> Result<(), ZddError> {
        match self.limits.memory_budget() {
            Some(budget) if needed > budget => Err(ZddError::OverBudget {
                needed,
                budget,
                states: self.tally.states,
                nodes: self.nodes.len() as u64 - 2,
            }),
            _ => Ok(()),
        }
    }

    /// Fails if the memo's next growth would pass the budget.
    fn room_for_state(&self) -> Result<(), ZddError> {
        if self.limits.memory_budget().is_none() || !self.memo.grows_next() {
            return Ok(());
        }
        let nodes = self.nodes.bytes() + self.nodes.len() as u64 * COUNT_BYTES;
        self.over(self.bytes(self.memo.bytes_after_growth(), nodes))
    }

    /// Fails if `k` more nodes would pass the budget or a `u32`.
    fn room_for_nodes(&self, k: u64) -> Result<(), ZddError> {
        let len = self.nodes.len() as u64 + k;
        if len >= u64::from(u32::MAX) {
            return Err(ZddError::TooLarge);
        }
        if self.limits.memory_budget().is_none() || !self.nodes.grows_with(k as usize) {
            return Ok(());
        }
        let nodes = self.nodes.bytes_after_growth().max(len * NODE_BYTES) + len * 2 * COUNT_BYTES;
        self.over(self.bytes(self.memo.bytes(), nodes))
    }
}
