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

#[cfg(not(feature = "unchecked"))]
mod imp {
    /// `s[i]`.
    #[inline(always)]
    pub(in crate::cover::dance) fn get<T: Copy>(s: &[T], i: u32) -> T {
        s[i as usize]
    }

    /// `&mut s[i]`.
    #[inline(always)]
    pub(in crate::cover::dance) fn get_mut<T>(s: &mut [T], i: u32) -> &mut T {
        &mut s[i as usize]
    }
}

#[cfg(feature = "unchecked")]
#[allow(unsafe_code)]
mod imp {
    /// `s[i]`, where the caller knows that `i < s.len()`.
    #[inline(always)]
    pub(in crate::cover::dance) fn get<T: Copy>(s: &[T], i: u32) -> T {
        debug_assert!((i as usize) < s.len(), "index {i} out of {}", s.len());
        // SAFETY: the dance only indexes with indices taken from the arena,
        // which are in bounds by the arena's invariant (see the module
        // docs); debug builds assert it above.
        unsafe { *s.get_unchecked(i as usize) }
    }

    /// `&mut s[i]`, where the caller knows that `i < s.len()`.
    #[inline(always)]
    pub(in crate::cover::dance) fn get_mut<T>(s: &mut [T], i: u32) -> &mut T {
        debug_assert!((i as usize) < s.len(), "index {i} out of {}", s.len());
        // SAFETY: as for `get`.
        unsafe { s.get_unchecked_mut(i as usize) }
    }
}

pub(super) use imp::{get, get_mut};
