#!/usr/bin/env bash
# Installs what SprayLab needs beyond the Rust toolchain, skipping what is already installed at
# the right version. Usage: scripts/setup.sh [core] [web] [browser]
#   core:    the wasm32-unknown-unknown target
#   web:     wasm-bindgen-cli 0.2.130 and trunk 0.21.14 (crates.io), wasm-opt and playwright-core (npm, in e2e/)
#   browser: Debian's chromium and chromium-driver (headless browser tests)
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130 # must equal the wasm-bindgen crate pin in Cargo.toml
TRUNK_VERSION=0.21.14        # the newest trunk that builds with rustc 1.95

say() { printf 'setup: %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PATH"

setup_core() {
    if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
        say "wasm32-unknown-unknown target present"
    else
        say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
}

# A cheaper release profile for the tools: minutes instead of a quarter of an hour, same speed.
# The resolver prefers dependency versions this rustc supports.
cheap_install() {
    CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=false \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_STRIP=true cargo install "$@"
}

setup_web() {
    if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
        say "wasm-bindgen $WASM_BINDGEN_VERSION present"
    else
        say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes)"
        cheap_install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
    fi
    if [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ]; then
        say "trunk $TRUNK_VERSION present"
    else
        say "installing trunk $TRUNK_VERSION (a few minutes)"
        cheap_install trunk --version "$TRUNK_VERSION" --locked --no-default-features
    fi
    if [ "$(e2e/node_modules/.bin/wasm-opt --version 2>/dev/null)" = "wasm-opt version 132 (version_132)" ] &&
        [ -f e2e/node_modules/playwright-core/package.json ]; then
        say "npm tools (binaryen 132, playwright-core) present"
    else
        say "installing npm tools in e2e/ (binaryen 132, playwright-core)"
        (cd e2e && npm ci --no-audit --no-fund)
    fi
}

setup_browser() {
    if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
        say "chromium and chromedriver present"
        return
    fi
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    say "installing Debian's chromium and chromium-driver"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
}

for what in "${@:-core}"; do
    case "$what" in
        core) setup_core ;;
        web) setup_web ;;
        browser) setup_browser ;;
        *) echo "setup: unknown part '$what' (expected: core, web, browser)" >&2; exit 2 ;;
    esac
done
