#!/usr/bin/env bash
# Installs what SprayLab needs beyond the Rust toolchain, skipping what is already there.
# Usage: scripts/setup.sh [core]
#   core: the wasm32 target (the core library is also built for the browser).
set -euo pipefail

say() { printf 'setup: %s\n' "$*"; }

setup_core() {
    if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
        say "wasm32-unknown-unknown target present"
    else
        say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
}

for what in "${@:-core}"; do
    case "$what" in
        core) setup_core ;;
        *) echo "setup: unknown part '$what' (expected: core)" >&2; exit 2 ;;
    esac
done
