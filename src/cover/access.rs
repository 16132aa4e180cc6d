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

/// Proof that this CPU has AVX2: a zero-sized token that only
/// [`Avx2::detect`] makes, after asking the CPU. The search holds one (or
/// `None`) from its construction, so the hot loop never asks again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// The token, if the CPU has AVX2 (and the `unchecked` feature is on:
    /// the checked twin never uses it).
    pub(crate) fn detect() -> Option<Avx2> {
        #[cfg(all(feature = "unchecked", target_arch = "x86_64"))]
        if std::is_x86_feature_detected!("avx2") {
            return Some(Avx2(()));
        }
        None
    }

    /// Runs `f` compiled for AVX2: everything inlined into it (the whole
    /// search loop, with its choice of item) uses 8-lane vectors, so the
    /// minimum of the choice takes one `vpminsd` per 8 lengths instead of
    /// SSE2's four-instruction emulation of a signed minimum per 4.
    #[inline(always)]
    pub(crate) fn run<R>(self, f: impl FnOnce() -> R) -> R {
        #[cfg(all(feature = "unchecked", target_arch = "x86_64"))]
        {
            simd::avx2(f)
        }
        #[cfg(not(all(feature = "unchecked", target_arch = "x86_64")))]
        {
            f()
        }
    }
}

#[cfg(all(feature = "unchecked", target_arch = "x86_64"))]
#[allow(unsafe_code)]
mod simd {
    /// `f()`, with AVX2 enabled for the code inlined into it.
    #[inline(always)]
    pub(crate) fn avx2<R>(f: impl FnOnce() -> R) -> R {
        // SAFETY: only `Avx2::run` calls this, and an `Avx2` token exists
        // only once `Avx2::detect` has found AVX2 on this CPU.
        unsafe { enabled(f) }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
}
