//! Indexing for the dance's hot loop: checked by default, unchecked with
//! the `unchecked` feature. Private to the dance (and its submodules): no
//! other code can index without bounds checks.
//!
//! The dance reads and writes its slices at indices it took from the arena
//! itself: node indices stored in `links`, `top`, `span` and the trail, and
//! item indices stored in `top`. The arena's invariant (see the `arena`
//! module) is that every such index is in bounds, so the checks the
//! compiler inserts never fire. With the `unchecked` feature these
//! functions skip them; the bounds are still asserted in builds with debug
//! assertions, which include the test profile, so the test suite checks
//! the invariant at every access. Without the feature they index normally,
//! and the crate forbids `unsafe` code.

use crate::cover::ids::NodeId;

/// What indexes the dance's slices: a node (item headers included), or a
/// position on the trail.
pub(in crate::cover::dance) trait At: Copy {
    /// The index as a `usize`.
    fn at(self) -> usize;
}

impl At for NodeId {
    #[inline(always)]
    fn at(self) -> usize {
        self.as_usize()
    }
}

impl At for u32 {
    #[inline(always)]
    fn at(self) -> usize {
        self as usize
    }
}

#[cfg(not(feature = "unchecked"))]
mod imp {
    use super::At;

    /// `s[i]`.
    #[inline(always)]
    pub(in crate::cover::dance) fn get<T: Copy>(s: &[T], i: impl At) -> T {
        s[i.at()]
    }

    /// `&mut s[i]`.
    #[inline(always)]
    pub(in crate::cover::dance) fn get_mut<T>(s: &mut [T], i: impl At) -> &mut T {
        &mut s[i.at()]
    }
}

#[cfg(feature = "unchecked")]
#[allow(unsafe_code)]
mod imp {
    use super::At;

    /// `s[i]`, where the caller knows that `i < s.len()`.
    #[inline(always)]
    pub(in crate::cover::dance) fn get<T: Copy>(s: &[T], i: impl At) -> T {
        let i = i.at();
        debug_assert!(i < s.len(), "index {i} out of {}", s.len());
        // SAFETY: the dance only indexes with indices taken from the arena,
        // which are in bounds by the arena's invariant (see the module
        // docs); debug builds assert it above.
        unsafe { *s.get_unchecked(i) }
    }

    /// `&mut s[i]`, where the caller knows that `i < s.len()`.
    #[inline(always)]
    pub(in crate::cover::dance) fn get_mut<T>(s: &mut [T], i: impl At) -> &mut T {
        let i = i.at();
        debug_assert!(i < s.len(), "index {i} out of {}", s.len());
        // SAFETY: as for `get`.
        unsafe { s.get_unchecked_mut(i) }
    }
}

pub(super) use imp::{get, get_mut};
