#!/usr/bin/env bash
# Installs what is missing, builds the web app and serves it on http://127.0.0.1:8080/
# (rebuilding on changes). Extra arguments go to `trunk serve` (e.g. --port 9000).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh core web
export PATH="$PWD/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"
echo "serving SprayLab on http://127.0.0.1:8080/ (Ctrl-C stops)"
exec trunk serve --release "$@"
