#!/usr/bin/env bash
# The hostile-input pass: schemathesis (pinned, installed from PyPI into target/hostile-venv on first
# use) against the release binary, as nobody, an agent, a manager and an administrator.
# Short by default (MAX_TIME=40 s per caller); the long run is `MAX_TIME=600 MAX_EXAMPLES=200 bash tests/hostile/run.sh`.
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=target/hostile-venv
if [ ! -x "$VENV/bin/schemathesis" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check schemathesis==4.32.5
fi
SCHEMATHESIS="$VENV/bin/schemathesis" python3 tests/hostile/schemathesis.py
