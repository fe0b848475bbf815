//! `spraylab`: the native command-line front end of the simulator.
//!
//! - `spraylab run`: one scenario (a preset, a TOML/JSON file, flag overrides) → a text summary or
//!   a JSON report, optionally the sampled timelines as CSV.
//! - `spraylab scenario`: prints the scenario `run` would use, as TOML (a starting point for files).
//! - `spraylab presets`: the named scenarios; `spraylab fields`: every field a scenario has.
//! - `spraylab model`: the paper's closed-form throughput models against q, beside simulated
//!   points of the n-path theory scenario.
//! - `spraylab repro`, `spraylab merge`: the paper's evaluation grids, on all cores, in shards.
//! - `spraylab bench`: simulator speed and memory on the standard cases.
//!
//! Errors in flags, values or files print one line and exit with code 2.

// the one unsafe call: restoring SIGPIPE (quiet_on_closed_pipe)
#![deny(unsafe_code)]

#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod bench;
#[cfg(not(target_arch = "wasm32"))]
mod bitmap_text;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod errors;
#[cfg(not(target_arch = "wasm32"))]
mod fields;
#[cfg(not(target_arch = "wasm32"))]
mod model;
#[cfg(not(target_arch = "wasm32"))]
mod plots;
#[cfg(not(target_arch = "wasm32"))]
mod progress;
#[cfg(not(target_arch = "wasm32"))]
mod repro;
#[cfg(not(target_arch = "wasm32"))]
mod resolve;
#[cfg(not(target_arch = "wasm32"))]
mod run;
#[cfg(not(target_arch = "wasm32"))]
mod scenario;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    quiet_on_closed_pipe();
    cli::main()
}

/// A closed pipe (`spraylab run --format json | head`) ends the program quietly, as it does
/// other command-line tools, instead of a panic in `println!` (Rust ignores SIGPIPE by default).
#[cfg(unix)]
#[allow(unsafe_code)]
fn quiet_on_closed_pipe() {
    extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: restores one signal's default action, before any other thread exists.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(all(not(unix), not(target_arch = "wasm32")))]
fn quiet_on_closed_pipe() {}

/// The command line needs a file system and processes; in the browser the web app is the front end.
#[cfg(target_arch = "wasm32")]
fn main() {}
