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

    /// Whether this is ⊥ or ⊤.
    pub(crate) const fn is_terminal(self) -> bool {
        self.0 < 2
    }
}

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
        debug_assert!(lo.as_usize() < self.branches.len() && hi.as_usize() < self.branches.len());
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
