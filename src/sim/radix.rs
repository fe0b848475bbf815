//! A radix heap: the event queue's priority queue for timers.
//!
//! A discrete-event simulator never schedules into the past, so its timer keys are *monotone*:
//! every key pushed is larger than every key popped before. A radix heap (Ahuja, Mehlhorn, Orlin
//! and Tarjan, 1990) exploits that. With `last` the last key popped, bucket `b` holds the keys
//! whose highest bit differing from `last` is bit `b − 1` (bucket 0: `last` itself). Every key
//! of a lower bucket is smaller than every key of a higher one, so the minimum is in the first
//! non-empty bucket. Popping it makes it the new `last` and moves that bucket's other keys to
//! lower buckets; a key moves at most 128 times in its life, and in practice a few.
//!
//! Against a binary heap of the same entries it pops the same keys in the same order (keys are
//! unique, so the order is total), but touches memory in sequence: a push appends to a bucket,
//! a pop walks one bucket. A binary heap of the 14,000 timers of a 1024-host run walks 14 levels
//! of scattered cache lines at every pop.

/// A monotone min-queue of `(key, value)` entries with unique `u128` keys.
#[derive(Clone, Debug)]
pub struct RadixHeap<T> {
    /// The last key popped (0 before the first pop): every key held is at least this.
    last: u128,
    /// Bucket `b` holds the entries whose key's highest bit differing from `last` is `b − 1`.
    buckets: Vec<Vec<Keyed<T>>>,
    /// Bit `b` set: bucket `b` is not empty (buckets 0 to 127; bucket 128 is checked apart).
    occupied: u128,
    len: usize,
    /// The smallest key held (`u128::MAX` when empty): what the event queue compares on every
    /// pop, kept up to date so that looking at it costs nothing.
    min: u128,
}

impl<T: Copy> Default for RadixHeap<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// An entry: its key in two 8-byte halves, so that it is aligned to 8 and a timer of 8 bytes
/// takes 24 (a `u128`, aligned to 16, made it 32: at 8192 hosts the timers' buckets held 7.7 MB).
#[derive(Clone, Copy, Debug)]
struct Keyed<T> {
    key: [u64; 2],
    value: T,
}

impl<T: Copy> Keyed<T> {
    fn new(key: u128, value: T) -> Keyed<T> {
        Keyed {
            key: [(key >> 64) as u64, key as u64],
            value,
        }
    }

    fn key(&self) -> u128 {
        (self.key[0] as u128) << 64 | self.key[1] as u128
    }
}

// a timer of the simulation (8 bytes) with its key takes 24 bytes
const _: () = assert!(std::mem::size_of::<Keyed<u64>>() == 24);

/// The bucket of `key` relative to `last` (`key ≥ last`).
fn bucket(key: u128, last: u128) -> usize {
    (128 - (key ^ last).leading_zeros()) as usize
}

impl<T: Copy> RadixHeap<T> {
    pub fn new() -> Self {
        RadixHeap {
            last: 0,
            buckets: vec![Vec::new(); 129],
            occupied: 0,
            len: 0,
            min: u128::MAX,
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The smallest key held, if any.
    pub fn min_key(&self) -> Option<u128> {
        (self.len > 0).then_some(self.min)
    }

    /// Adds an entry; `key` must be larger than every key popped so far.
    pub fn push(&mut self, key: u128, value: T) {
        debug_assert!(key >= self.last, "a radix heap's keys are monotone");
        let b = bucket(key, self.last);
        self.buckets[b].push(Keyed::new(key, value));
        self.mark(b);
        self.len += 1;
        self.min = self.min.min(key);
    }

    /// Removes the entry with the smallest key.
    pub fn pop(&mut self) -> Option<(u128, T)> {
        if self.len == 0 {
            return None;
        }
        let first = self.first_occupied();
        if first > 0 {
            // the minimum becomes `last`; the rest of its bucket moves down
            self.last = self.min;
            let mut moving = std::mem::take(&mut self.buckets[first]);
            self.occupied &= !(1u128.checked_shl(first as u32).unwrap_or(0));
            for &entry in &moving {
                let b = bucket(entry.key(), self.last);
                self.buckets[b].push(entry);
                self.mark(b);
            }
            moving.clear();
            self.buckets[first] = moving;
        }
        let out = self.buckets[0].pop().map(|e| (e.key(), e.value));
        debug_assert_eq!(out.map(|e| e.0), Some(self.min));
        if self.buckets[0].is_empty() {
            self.occupied &= !1;
        }
        self.len -= 1;
        self.min = self.smallest();
        out
    }

    fn mark(&mut self, b: usize) {
        if b < 128 {
            self.occupied |= 1 << b;
        }
    }

    fn first_occupied(&self) -> usize {
        if self.occupied != 0 {
            self.occupied.trailing_zeros() as usize
        } else {
            128
        }
    }

    /// The smallest key held: the smallest of the first non-empty bucket.
    fn smallest(&self) -> u128 {
        if self.len == 0 {
            return u128::MAX;
        }
        let b = self.first_occupied();
        self.buckets[b]
            .iter()
            .map(Keyed::key)
            .min()
            .unwrap_or(u128::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// Pushes and pops interleaved as a simulator makes them (each new key above the last
    /// popped), against a binary heap.
    fn agrees_with_a_binary_heap(seed: u64, spread: u64) {
        let mut radix = RadixHeap::new();
        let mut binary = BinaryHeap::new();
        let (mut now, mut seq, mut x) = (0u64, 0u64, seed);
        for step in 0..20_000u64 {
            x = crate::sim::rng::mix64(x);
            if x % 3 != 0 || binary.is_empty() {
                let time = now + (x >> 8) % spread;
                let key = (time as u128) << 64 | seq as u128;
                seq += 1;
                radix.push(key, step);
                binary.push(Reverse((key, step)));
            } else {
                let Reverse(expected) = binary.pop().unwrap();
                assert_eq!(radix.pop(), Some(expected));
                now = (expected.0 >> 64) as u64;
            }
            assert_eq!(radix.len(), binary.len());
            assert_eq!(radix.min_key(), binary.peek().map(|e| e.0 .0));
        }
        while let Some(Reverse(expected)) = binary.pop() {
            assert_eq!(radix.pop(), Some(expected));
        }
        assert!(radix.pop().is_none() && radix.is_empty() && radix.min_key().is_none());
    }

    #[test]
    fn pops_what_a_binary_heap_pops_for_monotone_keys() {
        // ties in time (broken by the sequence number) and times far apart
        for (seed, spread) in [(1, 1), (2, 7), (3, 1 << 20), (4, u64::MAX >> 2)] {
            agrees_with_a_binary_heap(seed, spread);
        }
    }

    #[test]
    fn keys_equal_to_the_last_popped_and_the_largest_keys_are_held() {
        let mut h = RadixHeap::new();
        h.push(0, 'a'); // equal to the initial `last`: bucket 0
        h.push(u128::MAX - 1, 'c'); // highest bit differs: bucket 128
        h.push(5, 'b');
        assert_eq!(h.pop(), Some((0, 'a')));
        assert_eq!(h.pop(), Some((5, 'b')));
        h.push(u128::MAX, 'd');
        assert_eq!(h.pop(), Some((u128::MAX - 1, 'c')));
        assert_eq!(h.pop(), Some((u128::MAX, 'd')));
        assert_eq!(h.pop(), None);
    }
}
