//! Per-sequence-number state sized by what a flow holds: a ring indexed by sequence number that
//! doubles when the span of live sequence numbers outgrows it.
//!
//! A flow's scoreboards only ever hold a window of consecutive sequence numbers (the sender's
//! from `snd_una` to `snd_nxt`, the receiver's from `rcv_nxt` to the highest packet held), at
//! most [`SCOREBOARD`](super::SCOREBOARD) wide. Most flows keep it near their congestion
//! window, a few hundred packets, so a ring that starts small and doubles on demand holds what
//! the flow needs in a few cache lines instead of the full 4096 slots, and the slots a packet
//! touches stay close together.

/// Slots of a new ring.
const FIRST: usize = 64;

/// Per-sequence-number values of type `T`, for a window of consecutive sequence numbers.
#[derive(Clone, Debug)]
pub struct SeqRing<T> {
    slots: Vec<T>,
    mask: u64,
}

impl<T: Copy + Default> SeqRing<T> {
    /// A ring of [`FIRST`] slots, all `T::default()`.
    pub fn new() -> SeqRing<T> {
        SeqRing {
            slots: vec![T::default(); FIRST],
            mask: FIRST as u64 - 1,
        }
    }

    /// A ring that holds nothing (for state a flow does not keep); it must never be read.
    pub fn none() -> SeqRing<T> {
        SeqRing {
            slots: Vec::new(),
            mask: 0,
        }
    }

    /// Bytes it holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<T>()
    }

    /// Slots it has.
    pub fn capacity(&self) -> u64 {
        self.slots.len() as u64
    }

    /// The value for `seq`.
    #[inline(always)]
    pub fn get(&self, seq: u64) -> T {
        self.slots[(seq & self.mask) as usize]
    }

    /// The value for `seq`, to change.
    #[inline(always)]
    pub fn get_mut(&mut self, seq: u64) -> &mut T {
        &mut self.slots[(seq & self.mask) as usize]
    }

    /// The same window with every value passed through `f`, each in its slot.
    pub fn map<U: Copy + Default>(&self, f: impl Fn(T) -> U) -> SeqRing<U> {
        SeqRing {
            slots: self.slots.iter().map(|&v| f(v)).collect(),
            mask: self.mask,
        }
    }

    /// Makes room for sequence number `seq` in a window starting at `from`: doubles while the
    /// window `from..=seq` is wider than the ring, keeping the values of `from..from + old
    /// capacity` (every slot of the old ring) and `T::default()` elsewhere.
    #[inline(always)]
    pub fn cover(&mut self, from: u64, seq: u64) {
        if seq - from >= self.capacity() {
            self.grow(from, seq);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, from: u64, seq: u64) {
        let mut cap = self.capacity().max(FIRST as u64);
        while seq - from >= cap {
            cap *= 2;
        }
        let mut slots = vec![T::default(); cap as usize];
        for s in from..from + self.capacity() {
            slots[(s & (cap - 1)) as usize] = self.get(s);
        }
        self.slots = slots;
        self.mask = cap - 1;
    }
}

impl<T: Copy + Default> Default for SeqRing<T> {
    fn default() -> Self {
        SeqRing::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_keeps_its_window_when_it_grows() {
        let mut r: SeqRing<u64> = SeqRing::new();
        // the window 1000..1050 written, then a packet far ahead of it
        for s in 1000..1050 {
            r.cover(1000, s);
            *r.get_mut(s) = s * 10;
        }
        assert_eq!(r.capacity(), 64);
        r.cover(1000, 1300);
        assert_eq!(r.capacity(), 512);
        for s in 1000..1050 {
            assert_eq!(r.get(s), s * 10, "{s}");
        }
        for s in 1050..1512 {
            assert_eq!(r.get(s), 0, "{s}");
        }
        // a window that moved on needs no room
        r.cover(1400, 1800);
        assert_eq!(r.capacity(), 512);
    }
}
