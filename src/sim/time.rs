//! Simulated time: integer picoseconds.
//!
//! Integer time keeps event ordering exact and identical on every platform (native and wasm):
//! a 4096 B packet at 800 Gbps serializes in exactly 40 960 ps, a 64 B ACK in 640 ps.

/// A point in simulated time, or a duration, in picoseconds.
pub type SimTime = u64;

/// Picoseconds in one microsecond.
pub const PS_PER_US: u64 = 1_000_000;

/// Converts microseconds to picoseconds, rounding to the nearest picosecond.
pub fn from_us(us: f64) -> SimTime {
    (us * PS_PER_US as f64).round() as SimTime
}

/// Converts picoseconds to microseconds.
pub fn to_us(t: SimTime) -> f64 {
    t as f64 / PS_PER_US as f64
}

/// Serialization time of `bytes` on a link of `gbps` gigabits per second, in picoseconds,
/// rounded up so that a link never runs faster than its rate.
pub fn serialization(bytes: u32, gbps: u32) -> SimTime {
    (bytes as u64 * 8_000).div_ceil(gbps as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialization_matches_the_papers_network() {
        assert_eq!(serialization(4096, 800), 40_960);
        assert_eq!(serialization(64, 800), 640);
        assert_eq!(serialization(1, 3), 2_667);
    }

    #[test]
    fn microsecond_round_trip() {
        assert_eq!(from_us(0.5), 500_000);
        assert_eq!(to_us(6_249_600), 6.2496);
    }
}
