//! A FIFO of `Copy` values stored in fixed-size blocks, the storage of the event queue's lanes.
//!
//! A lane holds every packet on the wires of one delay: at 8192 hosts two lanes each peak above
//! half a million 64-byte entries. A ring buffer that doubles when full holds up to twice its
//! peak, and while it grows the old and the new buffer live side by side; that was 160 MiB of
//! a 235 MB run. Here a value goes into the back block, a new block is taken when that one is
//! full, and a block whose values have all left goes to a spare list for the next one taken:
//! the memory is the peak rounded up to a block, with no copying, and a push or a pop touches
//! the same lines as in a ring.

use std::collections::VecDeque;

/// Values per block: 64 KiB of 64-byte entries.
const BLOCK: usize = 1024;

type Block<T> = Box<[T; BLOCK]>;

/// A first-in first-out queue of `T` in blocks of [`BLOCK`] values.
pub struct BlockFifo<T: Copy> {
    /// Blocks in order, the one popped from first.
    blocks: VecDeque<Block<T>>,
    /// The next value to pop, in the front block.
    head: usize,
    /// The next free slot, in the back block.
    tail: usize,
    len: usize,
    /// Blocks emptied, kept for reuse.
    spare: Vec<Block<T>>,
}

impl<T: Copy> Default for BlockFifo<T> {
    fn default() -> Self {
        BlockFifo {
            blocks: VecDeque::new(),
            head: 0,
            tail: 0,
            len: 0,
            spare: Vec::new(),
        }
    }
}

impl<T: Copy> BlockFifo<T> {
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
        if self.tail == BLOCK || self.blocks.is_empty() {
            self.take_block(x);
        }
        let back = self.blocks.back_mut().expect("a back block");
        back[self.tail] = x;
        self.tail += 1;
        self.len += 1;
    }

    /// Appends a spare block, or a new one filled with `fill`.
    #[cold]
    #[inline(never)]
    fn take_block(&mut self, fill: T) {
        let block = self.spare.pop().unwrap_or_else(|| {
            // built on the heap: a 64 KiB array on the stack is too much for some threads
            let block: Box<[T]> = vec![fill; BLOCK].into_boxed_slice();
            block.try_into().ok().expect("BLOCK values")
        });
        self.blocks.push_back(block);
        self.tail = 0;
    }

    #[inline(always)]
    pub fn front(&self) -> Option<&T> {
        if self.len == 0 {
            return None;
        }
        self.blocks.front().map(|b| &b[self.head])
    }

    /// Takes the front value of a queue that is not empty.
    #[inline(always)]
    pub fn pop_front(&mut self) -> T {
        debug_assert!(self.len > 0);
        let x = self.blocks.front().expect("a front block")[self.head];
        self.head += 1;
        self.len -= 1;
        if self.head == BLOCK {
            self.retire_front();
        } else if self.len == 0 {
            // the one block left is empty: start it over
            self.head = 0;
            self.tail = 0;
        }
        x
    }

    /// Moves the emptied front block to the spares.
    #[cold]
    #[inline(never)]
    fn retire_front(&mut self) {
        if let Some(block) = self.blocks.pop_front() {
            self.spare.push(block);
        }
        self.head = 0;
        if self.blocks.is_empty() {
            self.tail = 0;
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
        let mut q = BlockFifo::default();
        let mut expected = VecDeque::new();
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
