//! The command line's allocator: the system's `malloc`, with the heap backed by transparent
//! huge pages.
//!
//! A run at 8192 hosts reads its flows' state, its queued packets and its ports at random over
//! a hundred megabytes. With 4 KiB pages nearly every such read also misses the TLB, whose
//! entries cover a few megabytes, and waits for a page walk; with 2 MiB pages the same entries
//! cover gigabytes. Linux backs memory with 2 MiB pages (transparent huge pages) everywhere when
//! `/sys/kernel/mm/transparent_hugepage/enabled` says `always`, and only where the program asks
//! (`madvise(MADV_HUGEPAGE)`) when it says `madvise`, the usual default. So this allocator asks:
//!
//! - for the heap, which `malloc` grows by moving the program break: after an allocation, the
//!   part of the heap between the break it last saw and the break now;
//! - for a block of 2 MiB or more, which `malloc` maps on its own: the huge pages wholly inside
//!   it.
//!
//! The advice comes before the allocation is handed out, so the memory its owner writes is
//! backed by huge pages from the first write. The kernel backs only a 2 MiB range that lies
//! wholly inside one mapping, and each growth of the heap is a mapping of its own, so the heap
//! grows by at least 32 MiB at a time (`M_TOP_PAD`): a growth of 2 MiB, unaligned, would hold
//! none. glibc's own `glibc.malloc.hugetlb=1` tunable does the same from inside `malloc`, but
//! only the environment a program starts in can set it. docs/performance.md measures it: the
//! 8192-host runs a tenth to a sixth faster, the small ones unchanged, and the peak memory up by
//! about a huge page.
//!
//! Advice changes only how memory is mapped: every result is the same with it or without it.
//! On systems other than Linux with glibc this is the system allocator alone.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};

/// The system allocator, asking for huge pages where the platform allows.
pub struct HugePageHeap;

// SAFETY: every call is the system allocator's, with the same arguments; the advice after it
// reads and writes no memory of the program's.
unsafe impl GlobalAlloc for HugePageHeap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on
        let p = unsafe { System.alloc(layout) };
        advise(p, layout.size());
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on
        let p = unsafe { System.alloc_zeroed(layout) };
        advise(p, layout.size());
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on
        unsafe { System.dealloc(p, layout) }
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on
        let q = unsafe { System.realloc(p, layout, new_size) };
        advise(q, new_size);
        q
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod linux {
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A transparent huge page on x86-64 and most aarch64 kernels.
    const HUGE_PAGE: usize = 2 << 20;
    /// A base page: the unit of the program break.
    const PAGE: usize = 4 << 10;
    /// `madvise`'s advice that the range be backed by huge pages.
    const MADV_HUGEPAGE: i32 = 14;
    /// `mallopt`'s parameter for how much more than asked the heap grows by.
    const M_TOP_PAD: i32 = -2;
    /// How much more than asked the heap grows by: the kernel backs with a huge page only a
    /// 2 MiB range wholly inside one mapping, and the heap grows as a mapping of its own each
    /// time, so a growth of 32 MiB is nearly all huge pages where one of 2 MiB would hold none.
    const TOP_PAD: usize = 32 << 20;

    extern "C" {
        fn sbrk(increment: isize) -> *mut u8;
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
        fn mallopt(param: i32, value: i32) -> i32;
    }

    /// The program break when the heap was last looked at (0: never).
    static BREAK: AtomicUsize = AtomicUsize::new(0);

    /// Advises `[from, to)` (page-aligned), if it holds anything.
    fn advise_pages(from: usize, to: usize) {
        if from < to {
            // SAFETY: advice about how the range's pages are backed; it reads and writes no
            // memory, and the range is the program's own (its heap, or a block it was given)
            unsafe {
                madvise(from as *mut u8, to - from, MADV_HUGEPAGE);
            }
        }
    }

    pub(super) fn advise(p: *mut u8, size: usize) {
        if p.is_null() {
            return;
        }
        if size >= HUGE_PAGE {
            // a block of its own: the huge pages wholly inside it, nothing of its neighbours'
            let (start, end) = (p as usize, p as usize + size);
            advise_pages(start.next_multiple_of(HUGE_PAGE), end & !(HUGE_PAGE - 1));
        }
        // SAFETY: sbrk(0) moves nothing: it returns the current program break
        let brk = unsafe { sbrk(0) } as usize;
        let before = BREAK.swap(brk, Ordering::Relaxed);
        if before == 0 {
            // SAFETY: sets one of malloc's tunables, as a program may at any time
            unsafe {
                mallopt(M_TOP_PAD, TOP_PAD as i32);
            }
        } else if brk > before {
            advise_pages(before & !(PAGE - 1), brk.next_multiple_of(PAGE));
        }
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
use linux::advise;

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn advise(_p: *mut u8, _size: usize) {}
