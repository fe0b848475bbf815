//! The native command line's entry: the arguments parsed (`args.rs`), the subcommand run (one
//! file each: `run.rs`, `scenario.rs`, `fields.rs`, `model.rs`, `repro.rs`, `bench.rs`), an error printed on
//! one line with exit code 2 (`errors.rs`).

use crate::args::{self, Command, Parsed};
use crate::errors::UsageError;
use spraylab::scenario::escape_controls;
use std::process::ExitCode;

pub fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args::parse(&argv) {
        Ok(Parsed::Print(text)) => {
            print!("{text}");
            // the top-level help also lists the overrides every scenario command takes
            if argv.len() == 1 && ["help", "--help", "-h"].contains(&argv[0].as_str()) {
                print!("\n{}", args::overrides_help());
            }
            Ok(())
        }
        Ok(Parsed::Command(c)) => dispatch(*c),
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

fn dispatch(command: Command) -> Result<(), UsageError> {
    match command {
        Command::Run(a) => crate::run::run(a),
        Command::Scenario(a) => crate::scenario::scenario(&a),
        Command::Matrix(a) => crate::scenario::matrix(&a),
        Command::Presets => crate::scenario::presets(),
        Command::Fields { markdown } => crate::fields::fields(markdown),
        Command::Model(a) => crate::model::run(a),
        Command::Repro(a) => crate::repro::run(a),
        Command::Merge { out, dirs } => crate::repro::merge(&out, &dirs),
        Command::Report { dir, out, force } => {
            let to = out.unwrap_or_else(|| dir.join(crate::repro::REPORT));
            crate::repro::report(&dir, &to, force)
        }
        Command::Bench {
            quick,
            against: None,
            ..
        } => crate::bench::run(quick),
        Command::Bench {
            quick,
            against: Some(other),
            rounds,
        } => crate::bench::against(quick, &other, rounds),
        Command::BenchCase(a) => crate::bench::case(&a),
    }
}
