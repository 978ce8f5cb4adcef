#!/usr/bin/env bash
# Runs every test of fieldsales on a fresh machine: installs what is missing (npm packages,
# Debian's chromium), builds the release binary (which builds the frontend), runs the Rust
# unit and API tests, the browser tests, then the fault tests (tests/faults/, Litestream included)
# and the deployment files against the real binary.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step prints the seconds since the start, so a slow CI run shows where its time went.
step() { printf '\n==> [%ds] %s\n' "$SECONDS" "$*"; }
trap 'printf "\n==> [%ds] ended (exit %d)\n" "$SECONDS" "$?"' EXIT

# A Devanagari font too: without one Chromium draws Hindi as boxes, so the Hindi screenshots cannot
# be read and the layout checks measure boxes wider than the letters a phone shows.
if { ! command -v chromium >/dev/null 2>&1 && [ -z "${CHROMIUM:-}" ]; } || ! fc-list :lang=hi 2>/dev/null | grep -q .; then
  step "Installing Debian's chromium and a Devanagari font (Noto) for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium rsync fonts-noto-core >/dev/null
fi

step "Format and lint gates (rustfmt.toml, clippy with warnings as errors)"
cargo fmt --check
cargo clippy --release --locked --all-targets -- -D warnings

step "Imports point down (no cycle between server modules; lib -> features -> app on the frontend)"
python3 tests/imports/check.py

step "SQL only in the query files, each table written by its owner (docs/tables.md)"
python3 tests/imports/handlers_sql.py

step "The frontend's API types match docs/openapi.json (frontend/tools/api-types; the API tests keep docs/openapi.json true to the server)"
(cd frontend/tools/api-types && npm ci --no-audit --no-fund && npm run check)

step "Frontend gates: ESLint, Prettier, tsc, unit tests of lib/ (frontend: npm run check)"
(cd frontend && npm install --no-audit --no-fund && npm run check)

step "Building the release binary (and the frontend)"
cargo build --release --locked

step "Rust unit and API tests"
cargo test --release --locked

step "Browser tests (Playwright + Chromium, headless, against target/release/fieldsales)"
if [ ! -d tests/browser/node_modules ]; then
  (cd tests/browser && npm ci --no-audit --no-fund)
fi
FIELDSALES_BIN="$PWD/target/release/fieldsales" node --test --test-concurrency=2 tests/browser/*.test.mjs

step "Fault tests against target/release/fieldsales (SIGKILL crashes, a held write lock, secrets in logs, a kill during a big import)"
export FIELDSALES_BIN="$PWD/target/release/fieldsales"
python3 tests/faults/crash.py --kills 5 --writes 1000
python3 tests/faults/concurrency.py --writers 200 --hold 10
python3 tests/faults/log_secrets.py
python3 tests/faults/litestream.py --kills 10
python3 tests/faults/import_kill.py --rows 100000

step "Pricing: the phone's engine and the server's (fieldsales price) agree on 10,000 random orders (issue #52)"
node tests/pricing/differential.mjs --cases 10000 --bin "$FIELDSALES_BIN"

step "Result workbooks read back with openpyxl (numbers as numbers, dates as dates; issue #50)"
if [ ! -x target/openpyxl-venv/bin/python ]; then
  python3 -m venv target/openpyxl-venv
  target/openpyxl-venv/bin/pip install --quiet --disable-pip-version-check openpyxl==3.1.5
fi
target/openpyxl-venv/bin/python tests/uploads/result_workbook.py

step "Deployment files (systemd units, litestream.yml, Caddy and the client address, Dockerfile)"
bash tests/deploy/check.sh

step "Hostile workbooks and photos against target/release/fieldsales (forged zip sizes, panics, entities, image bombs), the server's peak memory measured"
python3 tests/hostile/workbooks.py
python3 tests/hostile/photos.py
python3 tests/hostile/sign_in_timing.py

step "Hostile input: schemathesis against target/release/fieldsales as nobody, agent, manager, administrator"
bash tests/hostile/run.sh

step "First-load size of the frontend for an English user (budget 40 KB gzip, issue #42)"
bash bench/frontend-size.sh dist
