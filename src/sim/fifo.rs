//! A FIFO of `Copy` values stored in fixed-size blocks, the storage of the event queue's lanes.
//!
//! A lane holds every packet on the wires of one delay: at 8192 hosts two lanes each peak above
//! half a million 40-byte entries. A ring buffer that doubles when full holds up to twice its
//! peak, and while it grows the old and the new buffer live side by side; that was 160 MiB of
//! a 235 MB run. Here a value goes into the back block, a new block is taken when that one is
//! full, and a block whose values have all left goes to a spare list for the next one taken:
//! the memory is the peak rounded up to a block, with no copying, and a push or a pop touches
//! the same lines as in a ring.
//!
//! Blocks are raw allocations read and written in place, so this is one of the crate's two
//! places allowed unsafe code (the other, [`super::prefetch`], a cache hint); every unsafe block
//! says why it holds.
#![allow(unsafe_code)]

/// Values per block: 40 KiB of 40-byte entries.
const BLOCK: usize = 1024;

/// How far ahead of a push or a pop, in values, a queue that looks ahead fetches the line its
/// push or pop will reach into the cache: 1.25 KiB of 40-byte entries (with 64-byte entries, 16
/// and 8 measured 1.5 % and 4 % slower at 1024 hosts).
const AHEAD: usize = 32;

/// A first-in first-out queue of `T` in blocks of [`BLOCK`] values.
///
/// A block is a heap array of `BLOCK` values held by its raw pointer from its allocation (as a
/// `Box<[T; BLOCK]>`) to the queue's drop, so it never moves. The hot path reads and writes
/// through the front and the back block's pointers, as cheap as a ring's one buffer; looking a
/// block up in a `Vec` of boxes cost 5 % more instructions per event at 128 hosts.
pub struct BlockFifo<T: Copy> {
    /// Blocks in use, `blocks[first..]`, the one popped from first; the blocks before `first`
    /// have been emptied and are reused before any spare is allocated.
    blocks: Vec<*mut T>,
    first: usize,
    /// The next value to pop, in `blocks[first]`.
    head: usize,
    /// The next free slot in the last block; `BLOCK` when a push needs a new block.
    tail: usize,
    len: usize,
    /// `blocks[first]` while a block is in use.
    front: *mut T,
    /// The last block while a block is in use.
    back: *mut T,
    /// Blocks emptied, kept for reuse.
    spare: Vec<*mut T>,
    /// A push or a pop at a position below this fetches the line [`AHEAD`] values on into the
    /// cache: `BLOCK - AHEAD` in a queue that looks ahead, 0 (never) in one that does not, so
    /// that either costs one comparison.
    ahead_below: usize,
}

// SAFETY: the queue owns its blocks as a `Vec<Box<[T; BLOCK]>>` would; nothing else points at them.
unsafe impl<T: Copy + Send> Send for BlockFifo<T> {}

impl<T: Copy> Default for BlockFifo<T> {
    fn default() -> Self {
        BlockFifo {
            blocks: Vec::new(),
            first: 0,
            head: 0,
            tail: BLOCK,
            len: 0,
            front: std::ptr::null_mut(),
            back: std::ptr::null_mut(),
            spare: Vec::new(),
            ahead_below: 0,
        }
    }
}

impl<T: Copy> Drop for BlockFifo<T> {
    fn drop(&mut self) {
        for &block in self.blocks.iter().chain(&self.spare) {
            // SAFETY: every pointer held came from `Box::into_raw` of a `Box<[T; BLOCK]>`
            // (`take_block`) and is held once
            drop(unsafe { Box::from_raw(block as *mut [T; BLOCK]) });
        }
    }
}

impl<T: Copy> BlockFifo<T> {
    /// A queue whose pushes and pops fetch the lines they will reach ahead into the cache: a
    /// lane of a large network is written and read long apart, out of cache at both ends, in an
    /// order the CPU's own prefetcher does not follow among the many other lines a packet
    /// touches.
    pub fn looking_ahead() -> Self {
        let mut q = Self::default();
        q.ahead_below = BLOCK - AHEAD;
        q
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Blocks held, in use or spare.
    #[cfg(test)]
    fn blocks_held(&self) -> usize {
        self.blocks.len() + self.spare.len()
    }

    #[inline(always)]
    pub fn push(&mut self, x: T) {
        if self.tail == BLOCK {
            self.take_block(x);
        }
        // SAFETY: `tail` < BLOCK, and `back` is the last block, live and held by this queue only
        unsafe { self.back.add(self.tail).write(x) };
        self.tail += 1;
        if self.tail < self.ahead_below {
            super::prefetch::prefetch(self.back.wrapping_add(self.tail + AHEAD));
        }
        self.len += 1;
    }

    /// Appends a block for the back: an emptied one, a spare, or a new one filled with `fill`.
    #[cold]
    #[inline(never)]
    fn take_block(&mut self, fill: T) {
        if self.spare.is_empty() && self.first > 0 {
            self.spare.extend(self.blocks.drain(..self.first));
            self.first = 0;
        }
        let block = self.spare.pop().unwrap_or_else(|| {
            // built on the heap: a 64 KiB array on the stack is too much for some threads
            let block: Box<[T]> = vec![fill; BLOCK].into_boxed_slice();
            let block: Box<[T; BLOCK]> = block.try_into().ok().expect("BLOCK values");
            Box::into_raw(block) as *mut T
        });
        self.blocks.push(block);
        self.back = block;
        if self.blocks.len() - self.first == 1 {
            self.front = block;
        }
        self.tail = 0;
    }

    #[inline(always)]
    pub fn front(&self) -> Option<&T> {
        // SAFETY: with a value queued, `head` < BLOCK indexes a written value of the front block
        (self.len > 0).then(|| unsafe { &*self.front.add(self.head) })
    }

    /// Takes the front value of a queue that is not empty.
    #[inline(always)]
    pub fn pop_front(&mut self) -> T {
        assert!(self.len > 0, "pop from an empty lane");
        // SAFETY: as in `front`
        let x = unsafe { self.front.add(self.head).read() };
        self.head += 1;
        self.len -= 1;
        if self.head < self.ahead_below {
            super::prefetch::prefetch(self.front.wrapping_add(self.head + AHEAD));
        }
        if self.head == BLOCK {
            self.retire_front();
        }
        x
    }

    /// Moves past the emptied front block. Emptied blocks move to the spares when a new block
    /// is needed, or all at once when no block is left in use.
    #[cold]
    #[inline(never)]
    fn retire_front(&mut self) {
        self.head = 0;
        self.first += 1;
        if self.first == self.blocks.len() {
            self.spare.append(&mut self.blocks);
            self.first = 0;
            self.tail = BLOCK;
            self.front = std::ptr::null_mut();
            self.back = std::ptr::null_mut();
        } else {
            self.front = self.blocks[self.first];
        }
    }

    #[cfg(test)]
    pub fn pop(&mut self) -> Option<T> {
        (self.len > 0).then(|| self.pop_front())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_fifo_order_across_blocks() {
        for q in [BlockFifo::default(), BlockFifo::looking_ahead()] {
            keeps_fifo_order(q);
        }
    }

    fn keeps_fifo_order(mut q: BlockFifo<u32>) {
        let mut expected = std::collections::VecDeque::new();
        let mut x = 1u64;
        for i in 0..20_000u32 {
            q.push(i);
            expected.push_back(i);
            x = crate::sim::rng::mix64(x);
            // pops at about the rate of pushes, in runs, so the queue empties now and then
            for _ in 0..x % 3 {
                assert_eq!(q.pop(), expected.pop_front());
            }
            assert_eq!(q.len(), expected.len());
        }
        while let Some(x) = expected.pop_front() {
            assert_eq!(q.front(), Some(&x));
            assert_eq!(q.pop(), Some(x));
        }
        assert!(q.is_empty() && q.pop().is_none() && q.front().is_none());
    }

    #[test]
    fn memory_is_the_peak_rounded_up_to_a_block() {
        let mut q = BlockFifo::default();
        // a peak of 2.5 blocks, then many blocks' worth passing through a short queue
        for i in 0..BLOCK * 5 / 2 {
            q.push(i);
        }
        for i in 0..BLOCK * 40 {
            q.pop();
            q.push(i);
        }
        assert_eq!(q.len(), BLOCK * 5 / 2);
        assert!(q.blocks_held() <= 4, "{}", q.blocks_held());
        while q.pop().is_some() {}
        // emptied, it reuses what it holds
        for i in 0..BLOCK * 3 {
            q.push(i);
        }
        assert!(q.blocks_held() <= 4, "{}", q.blocks_held());
    }
}
