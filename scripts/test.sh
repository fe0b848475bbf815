#!/usr/bin/env bash
# Runs every check SprayLab has, installing what is missing first (scripts/setup.sh):
# formatting and lints; the native test suite; the web app built by Trunk; the browser tests
# (wasm-bindgen-test in headless Chromium, against the real worker of that build, served from a
# sub-path); and an end-to-end run of the page, whose screenshot lands in target/e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh core web browser
export PATH="$PWD/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy (native and wasm32)"
cargo clippy --all-targets --release -- -D warnings
cargo clippy --all-targets --release --target wasm32-unknown-unknown -- -D warnings

echo "== native tests"
cargo test --release

echo "== web build (trunk)"
trunk build --release

echo "== browser tests (headless Chromium)"
mkdir -p target/e2e
python3 e2e/serve.py dist /spraylab/ > target/e2e/port &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -s target/e2e/port ] && break; sleep 0.1; done
base="http://127.0.0.1:$(head -n1 target/e2e/port)/spraylab"
SPRAYLAB_WORKER_BASE="$base" CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=300 \
    cargo test --release --target wasm32-unknown-unknown --test web

echo "== end to end: the page runs the baseline from a run=1 link"
node e2e/run_page.mjs "$base/#run=1" target/e2e/baseline.png 120000 | node e2e/check_page.mjs
echo "screenshot: target/e2e/baseline.png"
