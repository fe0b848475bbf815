//! A cache hint: the hot path asks for the next port's or queue block's line ahead of time
//! (docs/performance.md measures it). One of the crate's two places allowed unsafe code (the
//! other is [`super::fifo`]'s blocks): the hint is an intrinsic.
#![allow(unsafe_code)]

/// Asks the CPU to bring the cache line at `x` in, without waiting for it (x86-64; elsewhere
/// nothing). A reference coerces to the pointer; any address will do, since nothing is read.
#[inline(always)]
pub(super) fn prefetch<T>(x: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints the cache; it reads nothing the program sees and cannot fault
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(x as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}
