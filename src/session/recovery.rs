//! What the page does after a panic on its main thread.
//!
//! A panic in WebAssembly aborts the module: the Yew app cannot go on, whatever state it held.
//! Validation is total and the page's doors for outside input are fuzzed (tests/fuzz.rs), so a
//! panic should not happen; if one does, the page reloads itself and says so in one line,
//! rather than leaving a dead page whose Run does nothing. The address bar only ever holds a
//! scenario that validated, so the first reload keeps it. A second panic soon after (the
//! address itself brings it down) reloads the defaults; a third stops and says so on the page.
//!
//! The browser's session storage carries what happened across the reload: the count and time
//! of the panics ([`Crash`]) and the line to show ([`notice`]).

/// The session-storage key of the last panics, `COUNT;TIME_MS`.
pub const CRASH_KEY: &str = "spraylab-crash";
/// The session-storage key of the line the reloaded page shows, removed once shown.
pub const NOTICE_KEY: &str = "spraylab-crash-notice";

/// Panics closer together than this count as one chain.
const CHAIN_MS: f64 = 15_000.0;

/// The panics of a chain so far: how many, and when the last one came (ms since the epoch).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crash {
    pub count: u32,
    pub at_ms: f64,
}

impl Crash {
    /// Reads what [`Crash::to_text`] wrote; anything else is no crash.
    pub fn parse(text: &str) -> Option<Crash> {
        let (count, at) = text.split_once(';')?;
        Some(Crash {
            count: count.parse().ok()?,
            at_ms: at.parse().ok().filter(|t: &f64| t.is_finite())?,
        })
    }

    pub fn to_text(self) -> String {
        format!("{};{}", self.count, self.at_ms)
    }
}

/// What to do after a panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recovery {
    /// Reload the page at its address: the scenario in the address bar validated.
    Reload,
    /// Reload the page without its fragment: the address itself seems to bring the page down.
    ReloadDefaults,
    /// Stop reloading and say so on the page.
    Stop,
}

/// The chain this panic makes, and what to do: `previous` is the stored chain, if any.
pub fn recover(previous: Option<Crash>, now_ms: f64) -> (Crash, Recovery) {
    let count = match previous {
        Some(p) if (0.0..CHAIN_MS).contains(&(now_ms - p.at_ms)) => p.count + 1,
        _ => 1,
    };
    let action = match count {
        1 => Recovery::Reload,
        2 => Recovery::ReloadDefaults,
        _ => Recovery::Stop,
    };
    (
        Crash {
            count,
            at_ms: now_ms,
        },
        action,
    )
}

/// The panic's message on one line, at most 300 characters.
pub fn one_line(message: &str) -> String {
    let line: String = message
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(300)
        .collect();
    crate::scenario::escape_controls(&line)
}

/// The line the reloaded page shows (or the stopped page, for [`Recovery::Stop`]).
pub fn notice(message: &str, action: Recovery) -> String {
    let what = match action {
        Recovery::Reload => "the page reloaded with the scenario in its address bar",
        Recovery::ReloadDefaults => "the page reloaded with the default scenario",
        Recovery::Stop => "reload the page to go on",
    };
    format!(
        "The page stopped on an internal error ({}); {what}",
        one_line(message)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_reloads_a_second_soon_after_drops_the_address_a_third_stops() {
        let (first, a) = recover(None, 1_000.0);
        assert_eq!((first.count, a), (1, Recovery::Reload));
        let (second, b) = recover(Some(first), 3_000.0);
        assert_eq!((second.count, b), (2, Recovery::ReloadDefaults));
        let (third, c) = recover(Some(second), 4_000.0);
        assert_eq!((third.count, c), (3, Recovery::Stop));
        // a panic long after the last starts a new chain
        let (later, d) = recover(Some(third), 4_000.0 + CHAIN_MS + 1.0);
        assert_eq!((later.count, d), (1, Recovery::Reload));
        // a clock that went back does not chain
        assert_eq!(recover(Some(third), 10.0).1, Recovery::Reload);
    }

    #[test]
    fn the_stored_chain_reads_back_and_garbage_is_no_chain() {
        let c = Crash {
            count: 2,
            at_ms: 1.7e12,
        };
        assert_eq!(Crash::parse(&c.to_text()), Some(c));
        for bad in ["", "2", "x;1", "2;nan", "2;inf", "-1;5"] {
            assert_eq!(Crash::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_notice_is_one_short_line() {
        let long = format!(
            "panicked at src/x.rs:1:2:\n{}\u{1b}[31m",
            "attempt ".repeat(100)
        );
        let n = notice(&long, Recovery::Reload);
        assert!(!n.contains('\n') && !n.contains('\u{1b}'), "{n}");
        assert!(n.chars().count() < 420, "{n}");
        assert!(n.starts_with(
            "The page stopped on an internal error (panicked at src/x.rs:1:2: attempt"
        ));
        assert!(n.ends_with("the page reloaded with the scenario in its address bar"));
    }
}
