#!/usr/bin/env bash
# Runs every check SprayLab has, installing what is missing first (scripts/setup.sh):
# formatting and lints; the native test suite; the web app built by Trunk; the browser tests
# (wasm-bindgen-test in headless Chromium, against the real worker of that build, served from a
# sub-path); and an end-to-end run of the page, whose screenshot lands in target/e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh core web browser
export PATH="$PWD/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# The lints need rustup's rustfmt and clippy components (present on this project's machines);
# where one is missing and cannot be added, its check is skipped with a notice.
has_component() {
    cargo "$1" --version >/dev/null 2>&1 || rustup component add "$2" >/dev/null 2>&1
}
if has_component fmt rustfmt; then
    echo "== cargo fmt --check"
    cargo fmt --all -- --check
else
    echo "== notice: rustfmt is not installed here; formatting not checked"
fi
if has_component clippy clippy; then
    echo "== cargo clippy (native and wasm32)"
    cargo clippy --all-targets --release -- -D warnings
    cargo clippy --all-targets --release --target wasm32-unknown-unknown -- -D warnings
else
    echo "== notice: clippy is not installed here; lints not checked"
fi

# the fuzzing targets explore from a new seed each run; the seed printed here reproduces a run
export SPRAYLAB_FUZZ_SEED="${SPRAYLAB_FUZZ_SEED:-$(date +%s)}"
echo "== native tests (fuzzing seed: SPRAYLAB_FUZZ_SEED=$SPRAYLAB_FUZZ_SEED)"
cargo test --release

echo "== examples (examples/)"
cargo run --release --quiet --example first_run
cargo run --release --quiet --example sweep_history

echo "== web build (trunk)"
trunk build --release

echo "== browser tests (headless Chromium)"
mkdir -p target/e2e
python3 e2e/serve.py dist /spraylab/ > target/e2e/port &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -s target/e2e/port ] && break; sleep 0.1; done
base="http://127.0.0.1:$(head -n1 target/e2e/port)/spraylab"
# a checks script's output without its passing lines: a failure, the page's errors and the count
quiet() { grep -v -E '^(ok  |\{"errors":\[\]\})' || true; }
SPRAYLAB_WORKER_BASE="$base" CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=300 \
    cargo test --release --target wasm32-unknown-unknown --test web

echo "== end to end: the page runs the baseline from a run=1 link"
node e2e/run_page.mjs "$base/#run=1" target/e2e/baseline.png 120000 | node e2e/check_page.mjs
echo "screenshot: target/e2e/baseline.png"

echo "== end to end: the largest network a tab runs (k = 32, 8192 hosts, 1 MiB flows) within 60 s"
node e2e/run_page.mjs "$base/#k=32&flow-size=1MiB&run=1" target/e2e/k32.png 120000 | node e2e/check_page.mjs 60
echo "screenshot: target/e2e/k32.png"

echo "== a sweep: Fig. 4's grid (5 CCAs x 3 LB schemes x 3 seeds) from one click, within 2 minutes"
# a task is judged by the main thread's CPU time, which the machine's load does not stretch
node e2e/sweep_page.mjs "$base/" "#sweep-figure-baseline" target/e2e/sweep-fig4.png 120 | tail -n 3
echo "screenshot: target/e2e/sweep-fig4.png"

echo "== layout: a phone (390x844) and a projector (1280x720), no sideways scrolling"
node e2e/look.mjs "$base/#k=4&elephants=2&flow-size=1MiB&run=1" target/e2e/phone 390 844 3 | tail -n 2
node e2e/look.mjs "$base/#k=4&elephants=2&flow-size=1MiB&run=1" target/e2e/desktop 1280 720 | tail -n 2
echo "screenshots: target/e2e/phone-*.png, target/e2e/desktop-*.png"

echo "== presentation: every step of the class story, its picture and its chart fit 1280x720"
# a chart's canvas that has not settled to its shown size within the check's 10 s (step 1's,
# in 2 of 5 full runs on a 2-core machine, never in 3 runs alone) gets one more attempt, both
# printed
node e2e/present.mjs "$base" target/e2e/present | tail -n 1 ||
    node e2e/present.mjs "$base" target/e2e/present | tail -n 1
echo "screenshots: target/e2e/present-step*.png"

echo "== keys: the keyboard model with a button focused, a live run paused in one press, a text field's own keys"
node e2e/keys.mjs "$base" | quiet

echo "== instruments: every chart read at the pointer and on a tap, a drag zooms, two fingers pinch, a legend entry hides its series"
node e2e/instruments.mjs "$base" | quiet

echo "== pods: a k = 32 picture draws its pods as blocks; a click or a tap opens one, its label goes back"
node e2e/pods.mjs "$base" target/e2e/pods | quiet

echo "== decision: the followed flow's decision at the cursor, stepped by ↓ ↑ and the buttons, under MSwift and Swift"
node e2e/decision.mjs "$base" target/e2e/decision.png | quiet

echo "== links: a pasted link, Back and Forward replace the scenario and run it; a sweep link scrolls to its running sweep"
node e2e/links.mjs "$base" | quiet

echo "== files: a scenario file opened (TOML, the page's own JSON export, an htsim .cm) or refused in one line; the CSVs' provenance"
node e2e/files.mjs "$base" | quiet

echo "== hostile input: the file that once crashed the page, as a file and as links, is refused in one line; Run still runs"
node e2e/hostile.mjs "$base" | quiet

echo "== phone: 44 px targets where a finger goes, every definition inside the screen (390x844)"
node e2e/phone.mjs "$base/#k=4&elephants=2&flow-size=1MiB&run=1" | tail -n 1

echo "== class on a phone: each step answered and run by a tap, its chart brought into view and read by a tap (390x844)"
node e2e/class_phone.mjs "$base" target/e2e/class-phone | quiet
echo "screenshots: target/e2e/class-phone-step*.png"

echo "== lockstep: a beside= link runs two stages, side by side at 1280x720, stacked at 390x844"
node e2e/lockstep.mjs "$base" target/e2e/lockstep | tail -n 1
echo "screenshots: target/e2e/lockstep-*.png"

echo "== offline: the service worker serves the page, its worker and a run with the server gone"
node e2e/offline.mjs dist | tail -n 8
