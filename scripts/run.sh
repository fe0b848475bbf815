#!/usr/bin/env bash
# Builds the command-line simulator and runs the paper's baseline (or the arguments given,
# e.g. `scripts/run.sh --cca lswift` or `scripts/run.sh run --preset permutation --format json`).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin spraylab
if [ $# -eq 0 ]; then
    set -- run --preset baseline
elif [ "${1#-}" != "$1" ]; then
    set -- run "$@"
fi
exec target/release/spraylab "$@"
