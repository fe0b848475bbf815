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
//! Errors in flags, values or files print one line and exit with code 2 (`errors.rs`). The
//! arguments are parsed in two stages, as ripgrep parses its flags: the grammar (each
//! subcommand's flags in its file under `commands/`, the flags they share in `args.rs`), then the
//! resolver that makes them a checked scenario (`resolve.rs`); each subcommand's effect is in its
//! file beside its flags, dispatched by `commands/mod.rs`.

// unsafe code in two places: restoring SIGPIPE (quiet_on_closed_pipe) and the allocator's
// advice (huge_pages.rs)
#![deny(unsafe_code)]

#[cfg(not(target_arch = "wasm32"))]
mod huge_pages;

#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: huge_pages::HugePageHeap = huge_pages::HugePageHeap;

#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod bitmap_text;
#[cfg(not(target_arch = "wasm32"))]
mod commands;
#[cfg(not(target_arch = "wasm32"))]
mod errors;
#[cfg(not(target_arch = "wasm32"))]
mod plots;
#[cfg(not(target_arch = "wasm32"))]
mod progress;
#[cfg(not(target_arch = "wasm32"))]
mod resolve;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use commands::Parsed;
    use spraylab::scenario::escape_controls;
    use std::process::ExitCode;
    quiet_on_closed_pipe();
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match commands::parse(&argv) {
        Ok(Parsed::Print(text)) => {
            print!("{text}");
            // the top-level help also lists the overrides every scenario command takes
            if argv.len() == 1 && ["help", "--help", "-h"].contains(&argv[0].as_str()) {
                print!("\n{}", args::overrides_help());
            }
            Ok(())
        }
        Ok(Parsed::Command(c)) => c.run(),
        Err(e) => Err(e),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("spraylab: error: {}", escape_controls(&e.to_string()));
            ExitCode::from(2)
        }
    }
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
