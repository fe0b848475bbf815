//! The event queue: events ordered by (time, insertion sequence).
//!
//! Most events in a packet network are scheduled a *constant* delay after "now" (a hop takes
//! serialization + propagation; a port is free again after one serialization). Events scheduled
//! with the same constant delay come out in scheduling order, so each such delay gets a FIFO
//! "lane" and costs O(1). Timers (any absolute time, never before now) go to a radix heap
//! ([`RadixHeap`]), which pops them in the same order a binary heap would but walks its memory in
//! sequence. Lane events (`L`, which may carry a whole packet) and timers (`H`, small) have their
//! own types, so the heap only ever moves small entries. Popping takes the smallest
//! (time, sequence) among the lane heads and the heap's minimum, so ties between equal times
//! always break in insertion order, on every platform.

use super::fifo::BlockFifo;
use super::radix::RadixHeap;
use super::time::SimTime;

/// Most lanes the queue keeps; a delay beyond them is handed back to the caller.
pub const MAX_LANES: usize = 16;

/// The key of an empty lane (sorts after every event).
const NONE: u128 = u128::MAX;

/// Events sort by `key` = time << 64 | insertion sequence: one integer comparison orders by
/// time and breaks ties in insertion order.
///
/// A lane's entries come out in the order they went in, so an entry keeps only how far its key
/// is from the key of the entry before it in its lane ([`Gap`]); the front entry's whole key
/// is in `EventQueue::heads`, and the next one's is that plus its gap. An entry of a lane that
/// carries a packet is 40 bytes, where the whole key made it 48: at 8192 hosts the lanes hold
/// over a million packets on the wires.
#[derive(Clone, Copy, Debug)]
struct Entry<E> {
    gap: Gap,
    event: E,
}

// a lane entry carrying a 32-byte event (a packet) takes 40 bytes
const _: () = assert!(std::mem::size_of::<Entry<[u64; 4]>>() == 40);

/// The distance from one lane entry's key to the next one's: the time in the high 32 bits, the
/// sequence in the low 32. Two entries of a lane are less than the lane's delay apart in time,
/// a hop or a serialization, far below the 4.29 ms that 32 bits of picoseconds hold; an event
/// whose gap does not fit (a delay of milliseconds, or four billion events between two pushes)
/// is handed back to be scheduled as a timer, with the same key, so the order is the same.
#[derive(Clone, Copy, Debug, Default)]
struct Gap(u64);

impl Gap {
    /// The gap from key `from` to key `to` of the same lane (`from <= to` in time and in
    /// sequence), if it fits.
    #[inline(always)]
    fn between(from: u128, to: u128) -> Option<Gap> {
        let time = ((to >> 64) as u64).wrapping_sub((from >> 64) as u64);
        let seq = (to as u64).wrapping_sub(from as u64);
        debug_assert!(to >= from && (to as u64) > from as u64);
        ((time | seq) >> 32 == 0).then_some(Gap(time << 32 | seq))
    }

    /// The key `self` after key `from`.
    #[inline(always)]
    fn after(self, from: u128) -> u128 {
        let time = (from >> 64) as u64 + (self.0 >> 32);
        let seq = from as u64 + (self.0 & u32::MAX as u64);
        (time as u128) << 64 | seq as u128
    }
}

/// The earliest event's place: the lane whose front it is, or the timer itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due<H> {
    Lane(usize),
    Heap(H),
}

/// An event taken from the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next<L, H> {
    Lane(L),
    Heap(H),
}

/// A deterministic discrete-event queue over small `Copy` events.
pub struct EventQueue<L: Copy, H: Copy> {
    now: SimTime,
    next_seq: u64,
    /// Delay of each lane (the first `lanes.len()` entries are used).
    delays: [SimTime; MAX_LANES],
    /// Key of each lane's front entry, `NONE` when empty: choosing the next event scans this
    /// small array rather than every lane's buffer.
    heads: [u128; MAX_LANES],
    /// Key of each lane's back entry (meaningful while the lane holds any), which the next
    /// push's [`Gap`] is counted from.
    tails: [u128; MAX_LANES],
    lanes: Vec<BlockFifo<Entry<L>>>,
    /// The lane of the last event popped from a lane.
    last_lane: usize,
    heap: RadixHeap<H>,
    len: usize,
    /// Whether new lanes fetch their entries into the cache ahead ([`BlockFifo::looking_ahead`]).
    look_ahead: bool,
}

impl<L: Copy, H: Copy> Default for EventQueue<L, H> {
    fn default() -> Self {
        Self::new()
    }
}

impl<L: Copy, H: Copy> EventQueue<L, H> {
    pub fn new() -> Self {
        EventQueue {
            now: 0,
            next_seq: 0,
            delays: [0; MAX_LANES],
            heads: [NONE; MAX_LANES],
            tails: [NONE; MAX_LANES],
            lanes: Vec::with_capacity(MAX_LANES),
            last_lane: 0,
            heap: RadixHeap::new(),
            len: 0,
            look_ahead: false,
        }
    }

    /// A queue whose lanes fetch their entries into the cache ahead of their pushes and pops:
    /// for networks whose packets in flight outgrow the CPU's caches.
    pub fn looking_ahead() -> Self {
        EventQueue {
            look_ahead: true,
            ..Self::new()
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

    /// The key of the next event scheduled, at `time`; [`claim`](Self::claim) takes it.
    fn next_key(&self, time: SimTime) -> u128 {
        (time as u128) << 64 | self.next_seq as u128
    }

    /// Counts the event just given [`next_key`](Self::next_key)'s key.
    fn claim(&mut self) {
        self.next_seq += 1;
        self.len += 1;
    }

    /// Schedules `event` `delay` picoseconds from now, in the lane of that delay.
    ///
    /// Use only for delays drawn from a small set of constants; returns the event back if
    /// every lane is taken by other delays, or if its key is too far from the key before it in
    /// its lane for a [`Gap`] (the caller then schedules it as a timer, which takes the same
    /// key).
    #[inline(always)]
    pub fn schedule_after(&mut self, delay: SimTime, event: L) -> Result<(), L> {
        let n = self.lanes.len();
        let lane = match self.delays[..n].iter().position(|&d| d == delay) {
            Some(i) => i,
            None if n < MAX_LANES => {
                self.delays[n] = delay;
                self.lanes.push(match self.look_ahead {
                    true => BlockFifo::looking_ahead(),
                    false => BlockFifo::default(),
                });
                n
            }
            None => return Err(event),
        };
        let key = self.next_key(self.now + delay);
        let fifo = &mut self.lanes[lane];
        let gap = if fifo.is_empty() {
            self.heads[lane] = key;
            Gap::default()
        } else {
            match Gap::between(self.tails[lane], key) {
                Some(gap) => gap,
                None => return Err(event),
            }
        };
        self.tails[lane] = key;
        fifo.push(Entry { gap, event });
        self.claim();
        Ok(())
    }

    /// Schedules timer `event` at absolute time `time` (not before now).
    pub fn schedule_at(&mut self, time: SimTime, event: H) {
        let key = self.next_key(time.max(self.now));
        self.claim();
        self.heap.push(key, event);
    }

    /// Removes and returns the earliest event, advancing `now` to its time.
    pub fn pop(&mut self) -> Option<(SimTime, Next<L, H>)> {
        self.pop_until(SimTime::MAX)
    }

    /// Like [`pop`](Self::pop), but only an event at or before `limit`.
    #[inline]
    pub fn pop_until(&mut self, limit: SimTime) -> Option<(SimTime, Next<L, H>)> {
        let next = match self.pop_due(limit)? {
            Due::Lane(lane) => Next::Lane(self.take_lane(lane)),
            Due::Heap(e) => Next::Heap(e),
        };
        Some((self.now, next))
    }

    /// The earliest event, if it is at or before `limit`: a timer, taken, or the lane whose
    /// front it is, to read in place ([`lane_front`](Self::lane_front), then
    /// [`drop_lane_front`](Self::drop_lane_front)) or take ([`take_lane`](Self::take_lane)).
    /// `now` advances to its time. In steps so that a lane's event, a whole packet, is copied
    /// once, from the lane to its handler: handed out inside `Option<(SimTime, Next)>` it went
    /// through the stack in overlapping pieces, and cost a fifth of the run at 1024 hosts.
    #[inline(always)]
    pub fn pop_due(&mut self, limit: SimTime) -> Option<Due<H>> {
        let mut best = self.heap.min_key().unwrap_or(NONE);
        let mut best_lane = MAX_LANES;
        for (i, &head) in self.heads[..self.lanes.len()].iter().enumerate() {
            if head < best {
                best = head;
                best_lane = i;
            }
        }
        if best == NONE || (best >> 64) as SimTime > limit {
            return None;
        }
        self.len -= 1;
        self.now = (best >> 64) as SimTime;
        if best_lane == MAX_LANES {
            return self.heap.pop().map(|(_, e)| Due::Heap(e));
        }
        Some(Due::Lane(best_lane))
    }

    /// Takes the front event of `lane`, which [`pop_due`](Self::pop_due) named.
    #[inline(always)]
    pub fn take_lane(&mut self, lane: usize) -> L {
        let event = *self.lane_front(lane);
        self.drop_lane_front(lane);
        event
    }

    /// The front event of `lane`, which [`pop_due`](Self::pop_due) named, to read in place
    /// (then [`drop_lane_front`](Self::drop_lane_front)): what the caller copies out of it is
    /// copied straight from the lane.
    #[inline(always)]
    pub fn lane_front(&self, lane: usize) -> &L {
        &self.lanes[lane]
            .front()
            .expect("pop_due names a lane with events")
            .event
    }

    /// Removes the front event of `lane`.
    #[inline(always)]
    pub fn drop_lane_front(&mut self, lane: usize) {
        let fifo = &mut self.lanes[lane];
        fifo.pop_front();
        self.heads[lane] = fifo.front().map_or(NONE, |e| e.gap.after(self.heads[lane]));
        self.last_lane = lane;
    }

    /// The event that follows, in its lane, the last event popped from a lane: it comes out
    /// soon, so what it will touch can be fetched into the cache meanwhile.
    #[inline]
    pub fn next_in_last_lane(&self) -> Option<&L> {
        self.lanes
            .get(self.last_lane)
            .and_then(|l| l.front())
            .map(|e| &e.event)
    }

    /// The time of the earliest pending event.
    pub fn peek_time(&self) -> Option<SimTime> {
        let lanes = self.heads.iter().copied().min().unwrap_or(NONE);
        let best = lanes.min(self.heap.min_key().unwrap_or(NONE));
        (best != NONE).then_some((best >> 64) as SimTime)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(q: &mut EventQueue<char, char>) -> Vec<char> {
        std::iter::from_fn(|| {
            q.pop().map(|(_, e)| match e {
                Next::Lane(c) | Next::Heap(c) => c,
            })
        })
        .collect()
    }

    #[test]
    fn pops_in_time_order_and_ties_in_insertion_order() {
        let mut q = EventQueue::new();
        q.schedule_at(50, 'a');
        q.schedule_after(10, 'b').unwrap();
        q.schedule_after(50, 'c').unwrap(); // same time as 'a', inserted later
        q.schedule_after(10, 'd').unwrap();
        q.schedule_at(5, 'e');
        assert_eq!(drain(&mut q), vec!['e', 'b', 'd', 'a', 'c']);
    }

    #[test]
    fn lanes_and_heap_interleave_correctly_as_time_advances() {
        let mut q: EventQueue<u32, u32> = EventQueue::new();
        let mut out = Vec::new();
        q.schedule_after(3, 0).unwrap();
        let mut n = 1;
        while let Some((t, e)) = q.pop() {
            out.push((t, e));
            if n < 200 {
                // a mix of lane delays and heap timers
                q.schedule_after(3 + (n % 4) as u64, n).unwrap();
                q.schedule_at(t + (n as u64 * 7919) % 23, n + 1000);
                n += 1;
            }
        }
        assert!(out.windows(2).all(|w| w[0].0 <= w[1].0));
        assert_eq!(out.len(), 1 + 2 * 199);
        assert!(q.is_empty());
    }

    /// Lanes of several delays, added in no particular order, and timers, with many events due
    /// at the same time: the order is (time, insertion order), as a binary heap of
    /// (time, sequence) keys gives it.
    #[test]
    fn ties_between_lanes_and_timers_break_in_insertion_order() {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let delays = [6u64, 2, 9, 4, 3];
        let mut q: EventQueue<u64, u64> = EventQueue::new();
        let mut reference = BinaryHeap::new();
        let (mut seq, mut x, mut now) = (0u64, 7u64, 0u64);
        type Reference = BinaryHeap<Reverse<(u64, u64)>>;
        let schedule =
            |q: &mut EventQueue<u64, u64>, r: &mut Reference, x: u64, now: u64, seq: &mut u64| {
                let time = if x % 3 == 0 {
                    let t = now + (x >> 8) % 10;
                    q.schedule_at(t, *seq);
                    t
                } else {
                    let d = delays[(x >> 8) as usize % delays.len()];
                    q.schedule_after(d, *seq).unwrap();
                    now + d
                };
                r.push(Reverse((time, *seq)));
                *seq += 1;
            };
        for _ in 0..3 {
            x = crate::sim::rng::mix64(x);
            schedule(&mut q, &mut reference, x, now, &mut seq);
        }
        let mut popped = 0;
        while let Some((t, e)) = q.pop() {
            let Reverse((time, expected)) = reference.pop().unwrap();
            let (Next::Lane(got) | Next::Heap(got)) = e;
            assert_eq!((t, got), (time, expected));
            now = t;
            popped += 1;
            for _ in 0..1 + x % 2 {
                x = crate::sim::rng::mix64(x);
                if seq < 20_000 {
                    schedule(&mut q, &mut reference, x, now, &mut seq);
                }
            }
            x = crate::sim::rng::mix64(x);
        }
        assert!(reference.is_empty());
        assert!(popped > 10_000, "{popped}");
    }

    #[test]
    fn pop_until_leaves_later_events() {
        let mut q: EventQueue<u8, u8> = EventQueue::new();
        q.schedule_after(10, 1).unwrap();
        q.schedule_at(20, 2);
        assert_eq!(q.pop_until(9), None);
        assert_eq!(q.pop_until(10), Some((10, Next::Lane(1))));
        assert_eq!(q.pop_until(19), None);
        assert_eq!(q.now(), 10);
        assert_eq!(q.len(), 1);
        assert_eq!(q.peek_time(), Some(20));
    }

    #[test]
    fn a_gap_holds_32_bits_of_time_and_of_sequence() {
        let key = |time: u64, seq: u64| (time as u128) << 64 | seq as u128;
        let from = key(5, 7);
        let to = key(5 + u32::MAX as u64, 7 + u32::MAX as u64);
        assert_eq!(Gap::between(from, to).map(|g| g.after(from)), Some(to));
        assert_eq!(
            Gap::between(from, key(6, 8)).map(|g| g.after(from)),
            Some(key(6, 8))
        );
        assert!(Gap::between(from, key(5 + (1 << 32), 8)).is_none());
        assert!(Gap::between(from, key(6, 7 + (1 << 32))).is_none());
    }

    /// An event whose key is too far from the one before it in its lane is handed back, and
    /// as a timer with the same key still comes out in (time, insertion) order.
    #[test]
    fn an_event_too_far_behind_its_lane_is_handed_back() {
        let mut q: EventQueue<u64, u64> = EventQueue::new();
        let delay = 6_000_000_000; // 6 ms: two of its entries may be more than 4.29 ms apart
        q.schedule_after(delay, 0).unwrap();
        q.schedule_at(4_500_000_000, 1);
        assert_eq!(q.pop(), Some((4_500_000_000, Next::Heap(1))));
        // at 4.5 ms, 4.5 ms after the lane's back entry was scheduled
        assert_eq!(q.schedule_after(delay, 2), Err(2));
        q.schedule_at(q.now() + delay, 2);
        q.schedule_at(q.now() + delay, 3); // the same time, inserted after 2
        assert_eq!(q.pop(), Some((delay, Next::Lane(0))));
        // the lane is empty again, and close entries fit
        q.schedule_after(delay, 4).unwrap();
        q.schedule_after(delay, 5).unwrap();
        let rest: Vec<_> = std::iter::from_fn(|| q.pop()).collect();
        let t = 4_500_000_000 + delay;
        assert_eq!(
            rest,
            vec![
                (t, Next::Heap(2)),
                (t, Next::Heap(3)),
                (2 * delay, Next::Lane(4)),
                (2 * delay, Next::Lane(5))
            ]
        );
    }

    #[test]
    fn too_many_distinct_delays_are_handed_back() {
        let mut q: EventQueue<u64, u64> = EventQueue::new();
        let mut refused = 0;
        for d in 0..40u64 {
            if let Err(e) = q.schedule_after(d * 3 + 1, d) {
                q.schedule_at(q.now() + e * 3 + 1, e);
                refused += 1;
            }
        }
        assert_eq!(refused, 40 - MAX_LANES);
        let times: Vec<u64> = std::iter::from_fn(|| q.pop().map(|(t, _)| t)).collect();
        assert_eq!(times, (0..40u64).map(|d| d * 3 + 1).collect::<Vec<_>>());
    }
}
