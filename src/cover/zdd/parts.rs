//! The diagram built on several threads, sharing one memo.
//!
//! The top of the build is branched here, as the builder would branch it,
//! down to the first depth with at least [`PARTS_PER_THREAD`] states per
//! thread below it (at most [`MAX_DEPTH`] levels); each state there is a
//! *part*. The parts are dealt round robin (part `i` to thread `i mod t`),
//! and each thread builds its parts one after another with a builder of
//! its own over one memo they all share ([`SharedMemo`]): a state any
//! thread has built is found by all. Each thread stores its nodes in a
//! store of its own, tagged with its number ([`Node::of_thread`]). Then
//! the stores are joined into one, children first ([`join`]), and the top
//! is chained over the parts' roots as the builder chains a state's
//! options.
//!
//! Invariants: the diagram has the one-thread build's solutions in its
//! order (the same branches at the top, in the same order, over diagrams
//! of the same completions), and its store is in topological order. Its
//! nodes and states can differ from a one-thread build's where threads met
//! a state at once. Each thread keeps to a `t`-th of the memory budget
//! (the shared memo counted whole in each), only the first publishes
//! progress, and the node limit applies to the whole diagram.

use super::build::{Branching, Builder, Tally};
use super::choice::ZddChoice;
use super::error::ZddError;
use super::memo::{HashFn, Table};
use super::nodes::{Node, Nodes, THREAD_BITS};
use super::shared_memo::SharedMemo;
use super::state::Rules;
use crate::cover::limits::{Limits, StopReason};
use std::collections::TryReserveError;

/// The least parts a thread gets: enough to even out their sizes.
const PARTS_PER_THREAD: usize = 8;

/// The top is branched no deeper than this.
const MAX_DEPTH: usize = 4;

/// A built diagram's root and nodes, with the build's figures.
pub(super) struct Built {
    pub(super) root: Node,
    pub(super) nodes: Nodes,
    pub(super) tally: Tally,
    /// The bytes the memos held at their largest.
    pub(super) memo_bytes: u64,
}

/// The top of the build, above the parts.
enum Top {
    /// A state whose node is known at once (⊥ or ⊤).
    Node(Node),
    /// A part: the index of its state.
    Part(usize),
    /// A state branched on: each option's completions, and the state with
    /// the item closed (when it may stay open).
    Chain { opts: Vec<u32>, kids: Vec<Top>, close: Option<Box<Top>> },
}

/// What one thread built: its nodes, and its parts' roots.
struct Piece {
    nodes: Nodes,
    roots: Vec<Node>,
    tally: Tally,
}

/// Builds the diagram of the completions of `start` on `threads` threads
/// (at most `2^THREAD_BITS`).
pub(super) fn build(
    rules: &Rules,
    choice: ZddChoice,
    hash: HashFn,
    limits: &Limits,
    threads: usize,
    start: &[u64],
) -> Result<Built, (ZddError, Tally)> {
    let threads = threads.min(1 << THREAD_BITS);
    let mut brancher = Builder::new(rules, choice, limits, hash);
    let (top, parts) = branch_top(&mut brancher, rules, start, threads).map_err(|e| (e, brancher.tally))?;
    let memo = SharedMemo::new(rules.width, hash);
    let own = limits.memory_budget().map(|b| b / threads as u64);
    let pieces: Vec<Result<Piece, (ZddError, Tally)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let mut mine = if t == 0 { limits.clone() } else { limits.without_progress() };
                if let Some(b) = own {
                    mine = mine.memory(b);
                }
                let (parts, memo) = (&parts, &memo);
                scope.spawn(move || {
                    let mut builder = Builder::sharing(rules, choice, &mine, memo, t as u32);
                    build_piece(&mut builder, parts.iter().skip(t).step_by(threads))
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    });
    let mut tally = brancher.tally;
    let mut stores = Vec::with_capacity(threads);
    let mut roots = vec![Node::BOTTOM; parts.len()];
    for (t, piece) in pieces.into_iter().enumerate() {
        let piece = piece.map_err(|(e, more)| (e, tally.plus(more)))?;
        tally = tally.plus(piece.tally);
        for (root, &own) in roots.iter_mut().skip(t).step_by(threads).zip(&piece.roots) {
            *root = own;
        }
        stores.push(piece.nodes);
    }
    let out_of_memory = |_| (ZddError::OutOfMemory { states: tally.states, nodes: 0 }, tally);
    // A join that can't go on (a bug) gives way to the build on one thread.
    let Some(mut nodes) = join(&stores, &mut roots).map_err(out_of_memory)? else {
        return Err((ZddError::TooLarge, tally));
    };
    drop(stores);
    let root = chain(&top, &mut nodes, &roots).map_err(out_of_memory)?;
    let stored = nodes.len() as u64 - 2;
    if limits.node_budget().is_some_and(|max| stored > max) {
        return Err((ZddError::Stopped { reason: StopReason::Nodes, states: tally.states, nodes: stored }, tally));
    }
    Ok(Built { root, nodes, tally, memo_bytes: memo.bytes() })
}

/// Builds `parts` one after another.
fn build_piece<'p, T: Table>(
    builder: &mut Builder<T>,
    parts: impl Iterator<Item = &'p Vec<u64>>,
) -> Result<Piece, (ZddError, Tally)> {
    let mut roots = Vec::new();
    for part in parts {
        roots.push(builder.run(part).map_err(|e| (e, builder.tally))?);
    }
    let nodes = std::mem::replace(&mut builder.nodes, Nodes::new());
    Ok(Piece { nodes, roots, tally: builder.tally })
}

/// The threads' `stores` joined into one, children first; `roots` are
/// moved to their copies. Each store is copied in its own order, as far
/// as the nodes' children in other stores are copied, store after store
/// until all are: a node's children were stored before it *in time* (the
/// memo holds a node once its chain is stored), so some store can always
/// go on (the oldest node not yet copied has all its children copied).
/// `None` if none could (which would be a bug).
fn join(stores: &[Nodes], roots: &mut [Node]) -> Result<Option<Nodes>, TryReserveError> {
    // The copy of each node, by store and place (0: not copied yet).
    let mut copy: Vec<Vec<u32>> = stores.iter().map(|s| vec![0; s.len()]).collect();
    let copied = |copy: &[Vec<u32>], n: Node| match n.is_terminal() {
        true => Some(n),
        false => Some(copy[n.thread()][n.local().as_usize()]).filter(|&c| c != 0).map(Node::from_u32),
    };
    let mut nodes = Nodes::new();
    let mut next = vec![2; stores.len()];
    let mut moved = true;
    while moved {
        moved = false;
        for (t, store) in stores.iter().enumerate() {
            while next[t] < store.len() {
                let b = store.get(Node::from_u32(next[t] as u32));
                let (Some(lo), Some(hi)) = (copied(&copy, b.lo), copied(&copy, b.hi)) else { break };
                copy[t][next[t]] = nodes.add(b.option.as_u32(), lo, hi)?.as_u32();
                (next[t], moved) = (next[t] + 1, true);
            }
        }
    }
    if next.iter().zip(stores).any(|(&n, s)| n < s.len()) {
        debug_assert!(false, "a store is stuck");
        return Ok(None);
    }
    for root in roots.iter_mut() {
        *root = copied(&copy, *root).expect("every node is copied");
    }
    Ok(Some(nodes))
}

/// The top of the build from `start`, branched to the first depth with
/// at least [`PARTS_PER_THREAD`] parts a thread (or [`MAX_DEPTH`]), and
/// the parts' states.
fn branch_top(
    brancher: &mut Builder,
    rules: &Rules,
    start: &[u64],
    threads: usize,
) -> Result<(Top, Vec<Vec<u64>>), ZddError> {
    let mut depth = 1;
    loop {
        let mut parts = Vec::new();
        let top = branch(brancher, rules, start, depth, &mut parts)?;
        if parts.len() >= PARTS_PER_THREAD * threads || depth == MAX_DEPTH {
            return Ok((top, parts));
        }
        depth += 1;
    }
}

/// The top from `state` down `depth` levels, with its parts added to
/// `parts`.
fn branch(
    brancher: &mut Builder,
    rules: &Rules,
    state: &[u64],
    depth: usize,
    parts: &mut Vec<Vec<u64>>,
) -> Result<Top, ZddError> {
    if depth == 0 {
        parts.push(state.to_vec());
        return Ok(Top::Part(parts.len() - 1));
    }
    let (item, optional, opts) = match brancher.fork(state)? {
        Branching::Node(node) => return Ok(Top::Node(node)),
        Branching::On { item, optional, opts } => (item, optional, opts),
    };
    let mut next = state.to_vec();
    let mut kids = Vec::with_capacity(opts.len());
    for &o in &opts {
        next.copy_from_slice(state);
        rules.take(&mut next, o, item);
        kids.push(branch(brancher, rules, &next, depth - 1, parts)?);
    }
    let close = if optional {
        next.copy_from_slice(state);
        rules.close(&mut next, item);
        Some(Box::new(branch(brancher, rules, &next, depth - 1, parts)?))
    } else {
        None
    };
    Ok(Top::Chain { opts, kids, close })
}

/// Stores the top's chains over the parts' `roots`, children first, as
/// the builder chains a state's options; returns the top's root.
fn chain(top: &Top, nodes: &mut Nodes, roots: &[Node]) -> Result<Node, TryReserveError> {
    match top {
        Top::Node(node) => Ok(*node),
        Top::Part(i) => Ok(roots[*i]),
        Top::Chain { opts, kids, close } => {
            let mut node = match close {
                Some(close) => chain(close, nodes, roots)?,
                None => Node::BOTTOM,
            };
            let kids = kids.iter().map(|k| chain(k, nodes, roots)).collect::<Result<Vec<_>, _>>()?;
            for (&o, &kid) in opts.iter().zip(&kids).rev() {
                node = nodes.add(o, node, kid)?;
            }
            Ok(node)
        }
    }
}
