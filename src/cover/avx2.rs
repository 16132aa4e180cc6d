//! The CPU-feature tokens: proof, checked once, that this CPU has AVX2
//! ([`Avx2`]: the search loop is compiled for it without asking again) or
//! the bit instructions too ([`BitOps`]: the Sudoku band search, the
//! memo's count of fitting options). The indexing
//! without bounds checks lives in `dance/index.rs`, private to the Dancing
//! Links code (`dance`).

/// Proof that this CPU has AVX2: a zero-sized token that only
/// [`Avx2::detect`] makes, after asking the CPU. The search holds one (or
/// `None`) from its construction, so the hot loop never asks again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// The token, if the CPU has AVX2 (and the `unchecked` feature is on: a
    /// build without it, every access bounds-checked, never uses AVX2).
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
    /// Callers mark the closure `#[inline(always)]` ([`with_avx2`]): a
    /// closure holding a whole search loop is otherwise left out of line
    /// once the loop grows past the inliner's threshold, and runs without
    /// AVX2, which costs the search measurably (docs/PERFORMANCE.md,
    /// "Algorithm X's loops").
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

/// `avx2.run(|| body)` with the closure marked `#[inline(always)]` (see
/// [`Avx2::run`]): the one way the searches call it.
macro_rules! with_avx2 {
    ($avx2:expr, $body:expr) => {
        $avx2.run(
            #[inline(always)]
            || $body,
        )
    };
}
pub(crate) use with_avx2;

/// `with_avx2!` for an `Option<Avx2>`: the body under AVX2 when the CPU
/// has it, else as it is.
macro_rules! maybe_avx2 {
    ($avx2:expr, $body:expr) => {
        match $avx2 {
            Some(avx2) => $crate::cover::avx2::with_avx2!(avx2, $body),
            None => $body,
        }
    };
}
pub(crate) use maybe_avx2;

/// Proof that this CPU has AVX2, POPCNT, BMI1 and BMI2: the token of code
/// that counts and scans bits (the Sudoku band search, the memo's count of
/// fitting options), which only
/// [`BitOps::detect`] makes. Without those features, `count_ones` on a
/// `u128` is a dozen instructions a word instead of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BitOps(());

impl BitOps {
    /// The token, if the CPU has the features (and the `unchecked`
    /// feature is on, as for [`Avx2::detect`]).
    pub(crate) fn detect() -> Option<BitOps> {
        #[cfg(all(feature = "unchecked", target_arch = "x86_64"))]
        if std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
        {
            return Some(BitOps(()));
        }
        None
    }

    /// Runs `f` compiled for the features (see [`Avx2::run`]; callers mark
    /// the closure `#[inline(always)]`).
    #[inline(always)]
    pub(crate) fn run<R>(self, f: impl FnOnce() -> R) -> R {
        #[cfg(all(feature = "unchecked", target_arch = "x86_64"))]
        {
            simd::bit_ops(f)
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
    /// `f()`, with AVX2, POPCNT, BMI1 and BMI2 enabled for the code inlined
    /// into it.
    #[inline(always)]
    pub(crate) fn bit_ops<R>(f: impl FnOnce() -> R) -> R {
        // SAFETY: only `BitOps::run` calls this, and a `BitOps` token exists
        // only once `BitOps::detect` has found the features on this CPU.
        unsafe { bit_ops_enabled(f) }
    }

    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
    #[inline]
    unsafe fn bit_ops_enabled<R>(f: impl FnOnce() -> R) -> R {
        f()
    }

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
