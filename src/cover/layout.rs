//! Where each option lies in the arena, both ways: an option's first node,
//! and the option of a node.
//!
//! The arena lays the options out one after the other, from node `N + 2`
//! (after the `N` item headers and a spacer), each followed by its
//! spacers; options ignored for having no primary item take no nodes.
//! When every option is kept and has a size the search loop is compiled
//! for (see `arena::computed_spans`), option `k` starts at `first + k *
//! stride`, and both ways are arithmetic: nothing is stored. Otherwise
//! two tables hold them, 4 bytes a node and 4 an option.
//!
//! Invariant: for every kept option `o` and every node `p` of it,
//! `option_of(p) == o` and `first_node(o)` is its first node; for an
//! ignored option, `first_node` is [`NodeId::NULL`].

use super::arena::{Shape, computed_spans, option_stride};
use super::ids::{NodeId, OptionId};
use std::collections::TryReserveError;

/// The map between options and arena nodes: arithmetic when the tables
/// are empty (strided), else the tables.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// The first option's first node, and the distance between options
    /// when strided.
    first: u32,
    stride: u32,
    /// Each option's first node ([`NodeId::NULL`] if ignored); empty when
    /// strided.
    first_node: Vec<NodeId>,
    /// Each node's option (0 for headers and spacers); empty when strided.
    node_option: Vec<OptionId>,
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
        let stride = option_stride(shape.uniform);
        let (mut first_node, mut node_option) = (Vec::new(), Vec::new());
        if computed_spans(shape.uniform) && ignored == 0 {
            return Ok(Layout { first, stride, first_node, node_option });
        }
        let spacers = shape.spacers() as u32;
        node_option.try_reserve_exact(shape.nodes())?;
        node_option.resize(shape.nodes(), OptionId::default());
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
        Ok(Layout { first, stride, first_node, node_option })
    }

    /// The option of node `p` (an option node), in a search loop compiled
    /// for options of `U` nodes: with `U = 0` the arena keeps its spans
    /// and so the layout its tables (see `arena::computed_spans`), read
    /// with no test; with `U > 0` the layout may still have tables (when
    /// some options were ignored), else the division is a shift.
    #[inline(always)]
    pub(crate) fn option_of<const U: u32>(&self, p: NodeId) -> OptionId {
        if U > 0 && self.node_option.is_empty() {
            return OptionId::from_u32((p.as_u32() - self.first) / option_stride(U));
        }
        self.node_option[p]
    }

    /// The option of node `p`, outside the search loops.
    pub(crate) fn option_at(&self, p: NodeId) -> OptionId {
        if self.node_option.is_empty() {
            OptionId::from_u32((p.as_u32() - self.first) / self.stride)
        } else {
            self.node_option[p]
        }
    }

    /// The first node of option `o`: `None` if there is no such option
    /// among `count`, [`NodeId::NULL`] if it was ignored.
    pub(crate) fn first_node(&self, o: OptionId, count: usize) -> Option<NodeId> {
        if self.first_node.is_empty() {
            (o.as_usize() < count).then(|| NodeId::from_u32(self.first + o.as_u32() * self.stride))
        } else {
            self.first_node.get(o.as_usize()).copied()
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
