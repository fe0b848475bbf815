//! The event queue: events ordered by (time, insertion sequence).
//!
//! Most events in a packet network are scheduled a *constant* delay after "now" (a hop takes
//! serialization + propagation; a port is free again after one serialization). Events scheduled
//! with the same constant delay come out in scheduling order, so each such delay gets a FIFO
//! "lane" and costs O(1). Everything else (timers) goes to a binary heap. Popping takes the
//! smallest (time, sequence) among the lane heads and the heap top, so ties between equal times
//! always break in insertion order, the same on every platform.

use super::time::SimTime;
use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

/// Most lanes the queue keeps; further distinct delays use the heap.
const MAX_LANES: usize = 12;

#[derive(Clone, Copy, Debug)]
struct Entry<E> {
    time: SimTime,
    seq: u64,
    event: E,
}

impl<E> Entry<E> {
    fn key(&self) -> (SimTime, u64) {
        (self.time, self.seq)
    }
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    /// Reversed, so that `BinaryHeap` (a max-heap) pops the earliest entry.
    fn cmp(&self, other: &Self) -> Ordering {
        other.key().cmp(&self.key())
    }
}

struct Lane<E> {
    delay: SimTime,
    fifo: VecDeque<Entry<E>>,
}

/// A deterministic discrete-event queue over small `Copy` events.
pub struct EventQueue<E: Copy> {
    now: SimTime,
    next_seq: u64,
    lanes: Vec<Lane<E>>,
    heap: BinaryHeap<Entry<E>>,
    len: usize,
}

impl<E: Copy> Default for EventQueue<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: Copy> EventQueue<E> {
    pub fn new() -> Self {
        EventQueue {
            now: 0,
            next_seq: 0,
            lanes: Vec::new(),
            heap: BinaryHeap::new(),
            len: 0,
        }
    }

    /// The time of the last popped event.
    pub fn now(&self) -> SimTime {
        self.now
    }

    /// Pending events.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn entry(&mut self, time: SimTime, event: E) -> Entry<E> {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.len += 1;
        Entry { time, seq, event }
    }

    /// Schedules `event` `delay` picoseconds from now.
    pub fn schedule_after(&mut self, delay: SimTime, event: E) {
        let entry = self.entry(self.now + delay, event);
        if let Some(lane) = self.lanes.iter_mut().find(|l| l.delay == delay) {
            lane.fifo.push_back(entry);
        } else if self.lanes.len() < MAX_LANES {
            let mut fifo = VecDeque::with_capacity(1024);
            fifo.push_back(entry);
            self.lanes.push(Lane { delay, fifo });
        } else {
            self.heap.push(entry);
        }
    }

    /// Schedules `event` at absolute time `time` (not before now).
    pub fn schedule_at(&mut self, time: SimTime, event: E) {
        let time = time.max(self.now);
        let entry = self.entry(time, event);
        self.heap.push(entry);
    }

    /// Removes and returns the earliest event, advancing `now` to its time.
    pub fn pop(&mut self) -> Option<(SimTime, E)> {
        self.pop_until(SimTime::MAX)
    }

    /// Like [`pop`](Self::pop), but only an event at or before `limit`.
    pub fn pop_until(&mut self, limit: SimTime) -> Option<(SimTime, E)> {
        let mut best: Option<(SimTime, u64)> = self.heap.peek().map(Entry::key);
        let mut best_lane = usize::MAX;
        for (i, lane) in self.lanes.iter().enumerate() {
            if let Some(front) = lane.fifo.front() {
                if best.is_none_or(|b| front.key() < b) {
                    best = Some(front.key());
                    best_lane = i;
                }
            }
        }
        if best?.0 > limit {
            return None;
        }
        let entry = if best_lane == usize::MAX {
            self.heap.pop()
        } else {
            self.lanes[best_lane].fifo.pop_front()
        }?;
        self.len -= 1;
        self.now = entry.time;
        Some((entry.time, entry.event))
    }

    /// The time of the earliest pending event.
    pub fn peek_time(&self) -> Option<SimTime> {
        let lanes = self
            .lanes
            .iter()
            .filter_map(|l| l.fifo.front().map(|e| e.time));
        lanes.chain(self.heap.peek().map(|e| e.time)).min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_time_order_and_ties_in_insertion_order() {
        let mut q = EventQueue::new();
        q.schedule_at(50, 'a');
        q.schedule_after(10, 'b');
        q.schedule_after(50, 'c'); // same time as 'a', inserted later
        q.schedule_after(10, 'd');
        q.schedule_at(5, 'e');
        let order: Vec<char> = std::iter::from_fn(|| q.pop().map(|(_, e)| e)).collect();
        assert_eq!(order, vec!['e', 'b', 'd', 'a', 'c']);
    }

    #[test]
    fn lanes_and_heap_interleave_correctly_as_time_advances() {
        let mut q = EventQueue::new();
        let mut out = Vec::new();
        q.schedule_after(3, 0u32);
        let mut n = 1;
        while let Some((t, e)) = q.pop() {
            out.push((t, e));
            if n < 200 {
                // a mix of lane delays and heap timers
                q.schedule_after(3 + (n % 4) as u64, n);
                q.schedule_at(t + (n as u64 * 7919) % 23, n + 1000);
                n += 1;
            }
        }
        assert!(out.windows(2).all(|w| w[0].0 <= w[1].0));
        assert_eq!(out.len(), 1 + 2 * 199);
        assert!(q.is_empty());
    }

    #[test]
    fn pop_until_leaves_later_events() {
        let mut q = EventQueue::new();
        q.schedule_after(10, 1);
        q.schedule_at(20, 2);
        assert_eq!(q.pop_until(9), None);
        assert_eq!(q.pop_until(10), Some((10, 1)));
        assert_eq!(q.pop_until(19), None);
        assert_eq!(q.now(), 10);
        assert_eq!(q.len(), 1);
    }

    #[test]
    fn many_distinct_delays_fall_back_to_the_heap() {
        let mut q = EventQueue::new();
        for d in (0..40u64).rev() {
            q.schedule_after(d * 3 + 1, d);
        }
        let times: Vec<u64> = std::iter::from_fn(|| q.pop().map(|(t, _)| t)).collect();
        let mut sorted = times.clone();
        sorted.sort();
        assert_eq!(times, sorted);
    }
}
