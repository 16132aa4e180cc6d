//! Index newtypes over `u32`: items, options, colours and arena nodes.
//!
//! Every index the engine hands out is one of these types, never a bare
//! `usize`, so an item can't be passed where an option is expected. Each is
//! `#[repr(transparent)]` over a `u32`, has a checked constructor, and
//! converts back with `as_usize`. The arena refuses problems whose indices
//! would not fit in a `u32` (see [`BuildError::TooLarge`](super::BuildError)).

use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $vis:vis $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        #[repr(transparent)]
        $vis struct $name(u32);

        impl $name {
            /// The id with this index, or `None` if it doesn't fit in a `u32`.
            #[inline]
            #[allow(dead_code)]
            pub fn new(index: usize) -> Option<Self> {
                u32::try_from(index).ok().map(Self)
            }

            /// The id with this `u32` index.
            #[inline]
            pub const fn from_u32(index: u32) -> Self {
                Self(index)
            }

            /// The index as a `usize`, for indexing slices.
            #[inline]
            pub const fn as_usize(self) -> usize {
                self.0 as usize
            }

            /// The index as a `u32`.
            #[inline]
            pub const fn as_u32(self) -> u32 {
                self.0
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", stringify!($name), self.0)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl<T> std::ops::Index<$name> for [T] {
            type Output = T;
            #[inline]
            fn index(&self, id: $name) -> &T {
                &self[id.as_usize()]
            }
        }

        impl<T> std::ops::IndexMut<$name> for [T] {
            #[inline]
            fn index_mut(&mut self, id: $name) -> &mut T {
                &mut self[id.as_usize()]
            }
        }

        impl<T> std::ops::Index<$name> for Vec<T> {
            type Output = T;
            #[inline]
            fn index(&self, id: $name) -> &T {
                &self[id.as_usize()]
            }
        }

        impl<T> std::ops::IndexMut<$name> for Vec<T> {
            #[inline]
            fn index_mut(&mut self, id: $name) -> &mut T {
                &mut self[id.as_usize()]
            }
        }
    };
}

id_type!(
    /// An item (a column of the matrix), numbered from 0 in the order the
    /// items were declared: primary items first, then secondary ones.
    pub ItemId
);

id_type!(
    /// An option (a row of the matrix), numbered from 0 in the order the
    /// options were added. Options ignored at build time (those without a
    /// primary item) keep their number, so ids match the input's order.
    pub OptionId
);

id_type!(
    /// A colour of a secondary item, numbered from 1; 0 means "no colour".
    pub ColorId
);

id_type!(
    /// A node of the arena: an item header, an option node or a spacer.
    /// Item headers are nodes `1..=N` (item `k` from 0 has header
    /// `k + 1`), so the engine names a branching item by its header.
    /// Nodes of one option are consecutive, so a node plus or minus a
    /// count is a node, and the difference of two nodes is a count.
    pub(crate) NodeId
);

impl NodeId {
    /// Node 0: unused by the lists; the `top` of a spacer, and the first
    /// node of an option ignored at build time.
    pub(crate) const NULL: NodeId = NodeId(0);

    /// The header of item `item` (numbered from 0).
    #[inline(always)]
    pub(crate) const fn header(item: u32) -> NodeId {
        NodeId(item + 1)
    }

    /// The item (numbered from 0) whose header this node is.
    #[inline(always)]
    pub(crate) const fn item(self) -> u32 {
        debug_assert!(self.0 > 0, "node 0 heads no item");
        self.0 - 1
    }

    /// Whether this node is the header of one of the first `n_primary`
    /// items, the primary ones.
    #[inline(always)]
    pub(crate) const fn is_primary_header(self, n_primary: u32) -> bool {
        self.0 >= 1 && self.0 <= n_primary
    }
}

impl std::ops::Add<u32> for NodeId {
    type Output = NodeId;
    #[inline(always)]
    fn add(self, k: u32) -> NodeId {
        NodeId(self.0 + k)
    }
}

impl std::ops::Sub<u32> for NodeId {
    type Output = NodeId;
    #[inline(always)]
    fn sub(self, k: u32) -> NodeId {
        NodeId(self.0 - k)
    }
}

impl std::ops::Sub for NodeId {
    type Output = u32;
    /// How many nodes lie from `earlier` up to (not including) `self`.
    #[inline(always)]
    fn sub(self, earlier: NodeId) -> u32 {
        self.0 - earlier.0
    }
}

impl ColorId {
    /// The absence of a colour.
    pub const NONE: ColorId = ColorId(0);

    /// Whether this is a real colour rather than [`ColorId::NONE`].
    #[inline]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }
}

id_type!(
    /// A position on the arena's trail (its length when taken): undoing
    /// the trail to it puts back everything hidden since, last first.
    pub(crate) TrailMark
);

/// Where the search stands at one level of the tree: the level offers
/// `ways` branches (0 at a dead end or a solution) and is on branch
/// `taken`, from 0. A path of these is Knuth's position for the progress
/// estimate, and a subproblem's address in a parallel search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Fork {
    pub(crate) ways: u32,
    pub(crate) taken: u32,
}
