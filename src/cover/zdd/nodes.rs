//! The diagram's nodes: each names an option and two children, `lo` (the
//! solutions without the option) and `hi` (the rest of the solutions with
//! it).
//!
//! Invariant: nodes 0 and 1 are the terminals ⊥ (no solution) and ⊤ (the
//! empty solution); every other node's children were stored before it
//! (so the store is in topological order, children first), and no node
//! has `hi` = ⊥ (the zero-suppression rule: such a node would be its
//! `lo`). The root is any node; the solutions below a node are its `hi`
//! solutions, each with the node's option added, then its `lo` ones.
//!
//! A build on several threads has a store per thread, and a node's top
//! [`THREAD_BITS`] bits name the store that holds it ([`Node::of_thread`]):
//! a node's children may then be in other stores, stored before it in
//! time, not place. The build joins the stores into one of the kind above.

use crate::cover::ids::OptionId;

/// A node of the diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub(crate) struct Node(u32);

impl Node {
    /// ⊥: no solution.
    pub(crate) const BOTTOM: Node = Node(0);
    /// ⊤: one solution, the empty one.
    pub(crate) const TOP: Node = Node(1);

    /// The node with this index.
    pub(crate) const fn from_u32(i: u32) -> Node {
        Node(i)
    }

    /// The index, for slices.
    pub(crate) const fn as_usize(self) -> usize {
        self.0 as usize
    }

    /// The index.
    pub(crate) const fn as_u32(self) -> u32 {
        self.0
    }

    /// The most nodes one store holds, terminals included: a build on
    /// several threads keeps each thread's number in a node's top
    /// [`THREAD_BITS`] bits.
    pub(crate) const LOCAL_MAX: u32 = 1 << (32 - THREAD_BITS);

    /// Node `local` of thread `thread`'s store (thread 0's are the nodes
    /// themselves; the terminals are everyone's).
    #[inline]
    pub(crate) const fn of_thread(local: Node, thread: u32) -> Node {
        if local.is_terminal() { local } else { Node(thread << (32 - THREAD_BITS) | local.0) }
    }

    /// The thread whose store holds this node.
    pub(crate) const fn thread(self) -> usize {
        (self.0 >> (32 - THREAD_BITS)) as usize
    }

    /// This node's place in its thread's store.
    pub(crate) const fn local(self) -> Node {
        Node(self.0 & (Node::LOCAL_MAX - 1))
    }

    /// Whether this is ⊥ or ⊤.
    pub(crate) const fn is_terminal(self) -> bool {
        self.0 < 2
    }
}

/// The bits of a node that name the thread whose store holds it, in a
/// build on several threads (at most `2^THREAD_BITS` of them).
pub(crate) const THREAD_BITS: u32 = 5;

/// One node: its option and children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Branch {
    pub(crate) option: OptionId,
    pub(crate) lo: Node,
    pub(crate) hi: Node,
}

/// The bytes one node takes in the store.
pub(crate) const NODE_BYTES: u64 = 12;

/// The nodes of a diagram.
#[derive(Clone, Debug)]
pub(crate) struct Nodes {
    branches: Vec<Branch>,
}

impl Nodes {
    /// A store with the two terminals.
    pub(crate) fn new() -> Nodes {
        let terminal = Branch { option: OptionId::from_u32(u32::MAX), lo: Node::BOTTOM, hi: Node::BOTTOM };
        Nodes { branches: vec![terminal; 2] }
    }

    /// Nodes stored, with the terminals.
    pub(crate) fn len(&self) -> usize {
        self.branches.len()
    }

    /// The bytes the store holds.
    pub(crate) fn bytes(&self) -> u64 {
        self.branches.capacity() as u64 * NODE_BYTES
    }

    /// The bytes the store would hold after its next growth.
    pub(crate) fn bytes_after_growth(&self) -> u64 {
        (self.branches.capacity().max(4) as u64 * 2) * NODE_BYTES
    }

    /// Whether storing `k` more nodes grows the store.
    pub(crate) fn grows_with(&self, k: usize) -> bool {
        self.branches.len() + k > self.branches.capacity()
    }

    /// Node `n` (not a terminal).
    #[inline]
    pub(crate) fn get(&self, n: Node) -> Branch {
        self.branches[n.as_usize()]
    }

    /// Stores a node whose children are stored, unless `hi` is ⊥ (then the
    /// node is `lo`, by the zero-suppression rule). Fails, storing
    /// nothing, if memory can't be had.
    pub(crate) fn add(&mut self, option: u32, lo: Node, hi: Node) -> Result<Node, std::collections::TryReserveError> {
        if hi == Node::BOTTOM {
            return Ok(lo);
        }
        if self.branches.len() == self.branches.capacity() {
            self.branches.try_reserve(self.branches.len())?;
        }
        self.branches.push(Branch { option: OptionId::from_u32(option), lo, hi });
        Ok(Node::from_u32(self.branches.len() as u32 - 1))
    }

    /// Every node but the terminals, children first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Node, Branch)> + '_ {
        self.branches.iter().enumerate().skip(2).map(|(i, &b)| (Node::from_u32(i as u32), b))
    }

    /// Gives back memory held beyond the nodes.
    pub(crate) fn shrink(&mut self) {
        self.branches.shrink_to_fit();
    }
}
