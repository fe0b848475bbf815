#!/usr/bin/env bash
# Runs every check SprayLab has: formatting, lints, the native test suite, and the core library
# built for wasm32. Installs what is missing first (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh core

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy (native and wasm32)"
cargo clippy --all-targets --release -- -D warnings
cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings
echo "== core library for wasm32"
cargo build --lib --target wasm32-unknown-unknown
echo "== native tests"
cargo test --release
