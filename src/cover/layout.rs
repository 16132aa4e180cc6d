//! Where each option lies in the arena, both ways: an option's first node,
//! and the option of a node.
//!
//! The arena lays the options out one after the other, from node `N + 2`
//! (after the `N` item headers and a spacer), each followed by its
//! spacers; options ignored for having no primary item take no nodes.
//! When every option is kept and has a size the search loop is compiled
//! for (see `arena::computed_spans`), option `k` starts at `first + k *
//! stride`, and both ways are arithmetic ([`Layout::Strided`]): nothing is
//! stored. Otherwise two tables hold them ([`Layout::Table`]), 4 bytes a
//! node and 4 an option.
//!
//! Invariant: for every kept option `o` and every node `p` of it,
//! `option_of(p) == o` and `first_node(o)` is its first node; for an
//! ignored option, `first_node` is [`NodeId::NULL`].

use super::arena::{Shape, computed_spans, option_stride};
use super::ids::{NodeId, OptionId};
use std::collections::TryReserveError;

/// The map between options and arena nodes.
#[derive(Clone, Debug)]
pub(crate) enum Layout {
    /// Every option is kept, option `k` at node `first + k * stride`.
    Strided { first: u32, stride: u32 },
    /// Each option's first node ([`NodeId::NULL`] if ignored), and each
    /// node's option (0 for headers and spacers).
    Table { first_node: Vec<NodeId>, node_option: Vec<OptionId> },
}

impl Layout {
    /// The layout of the options whose sizes `sizes` gives in order (`None`
    /// for an ignored option), in an arena of `shape`.
    pub(crate) fn new(
        shape: &Shape,
        ignored: usize,
        sizes: impl Iterator<Item = Option<u32>>,
    ) -> Result<Layout, TryReserveError> {
        let first = shape.n_items as u32 + 2;
        if computed_spans(shape.uniform) && ignored == 0 {
            return Ok(Layout::Strided { first, stride: option_stride(shape.uniform) });
        }
        let spacers = shape.spacers() as u32;
        let n_nodes = shape.nodes();
        let mut node_option = Vec::new();
        node_option.try_reserve_exact(n_nodes)?;
        node_option.resize(n_nodes, OptionId::default());
        let mut first_node = Vec::new();
        let (lower, _) = sizes.size_hint();
        first_node.try_reserve_exact(lower)?;
        let mut next = first;
        for (o, size) in sizes.enumerate() {
            let Some(size) = size else {
                first_node.push(NodeId::NULL);
                continue;
            };
            let id = OptionId::from_u32(o as u32);
            node_option[next as usize..][..size as usize].fill(id);
            first_node.push(NodeId::from_u32(next));
            next += size + spacers;
        }
        Ok(Layout::Table { first_node, node_option })
    }

    /// The option of node `p` (an option node). In a loop compiled for
    /// options of `U` nodes, the division is a shift.
    #[inline(always)]
    pub(crate) fn option_of<const U: u32>(&self, p: NodeId) -> OptionId {
        match self {
            Layout::Strided { first, stride } => {
                let k = if U > 0 { (p.as_u32() - first) / option_stride(U) } else { (p.as_u32() - first) / stride };
                OptionId::from_u32(k)
            }
            Layout::Table { node_option, .. } => node_option[p],
        }
    }

    /// The first node of option `o`: `None` if there is no such option
    /// among `count`, [`NodeId::NULL`] if it was ignored.
    pub(crate) fn first_node(&self, o: OptionId, count: usize) -> Option<NodeId> {
        match self {
            Layout::Strided { first, stride } => {
                (o.as_usize() < count).then(|| NodeId::from_u32(first + o.as_u32() * stride))
            }
            Layout::Table { first_node, .. } => first_node.get(o.as_usize()).copied(),
        }
    }

    /// The heap bytes a layout of `shape` would take (an upper bound,
    /// for the budget).
    pub(crate) fn bytes_for(shape: &Shape, ignored: usize) -> u64 {
        if computed_spans(shape.uniform) && ignored == 0 {
            return 0;
        }
        4 * (shape.nodes() + shape.option_count + ignored) as u64
    }
}
