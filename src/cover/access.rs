//! Indexing for the hot loop: checked by default, unchecked with the
//! `unchecked` feature.
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
    pub(crate) fn get<T: Copy>(s: &[T], i: u32) -> T {
        s[i as usize]
    }

    /// `&mut s[i]`.
    #[inline(always)]
    pub(crate) fn get_mut<T>(s: &mut [T], i: u32) -> &mut T {
        &mut s[i as usize]
    }
}

#[cfg(feature = "unchecked")]
#[allow(unsafe_code)]
mod imp {
    /// `s[i]`, where the caller knows that `i < s.len()`.
    #[inline(always)]
    pub(crate) fn get<T: Copy>(s: &[T], i: u32) -> T {
        debug_assert!((i as usize) < s.len(), "index {i} out of {}", s.len());
        // SAFETY: the dance only indexes with indices taken from the arena,
        // which are in bounds by the arena's invariant (see the module
        // docs); debug builds assert it above.
        unsafe { *s.get_unchecked(i as usize) }
    }

    /// `&mut s[i]`, where the caller knows that `i < s.len()`.
    #[inline(always)]
    pub(crate) fn get_mut<T>(s: &mut [T], i: u32) -> &mut T {
        debug_assert!((i as usize) < s.len(), "index {i} out of {}", s.len());
        // SAFETY: as for `get`.
        unsafe { s.get_unchecked_mut(i as usize) }
    }
}

pub(crate) use imp::{get, get_mut};

/// Whether `with_wide_vectors` can use AVX2 on this CPU (detected once).
pub(crate) fn wide_vectors_available() -> bool {
    #[cfg(all(feature = "unchecked", target_arch = "x86_64"))]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(all(feature = "unchecked", target_arch = "x86_64")))]
    {
        false
    }
}

/// Runs `f` compiled for AVX2 when `wide` (which must come from
/// `wide_vectors_available`), so the vectorised minimum of the choice uses
/// 8-lane signed 32-bit minima instead of SSE2's four-instruction
/// emulation; otherwise runs `f` as it is.
#[inline(always)]
pub(crate) fn with_wide_vectors<R>(wide: bool, f: impl FnOnce() -> R) -> R {
    #[cfg(all(feature = "unchecked", target_arch = "x86_64"))]
    if wide {
        return simd::avx2(f);
    }
    let _ = wide;
    f()
}

#[cfg(all(feature = "unchecked", target_arch = "x86_64"))]
#[allow(unsafe_code)]
mod simd {
    /// `f()`, with AVX2 enabled for the code inlined into it.
    #[inline(always)]
    pub(crate) fn avx2<R>(f: impl FnOnce() -> R) -> R {
        // SAFETY: callers pass `wide` only when `wide_vectors_available`
        // found AVX2 on this CPU.
        unsafe { enabled(f) }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
}
