#!/usr/bin/env bash
# The frontend's first-load size: the JS and CSS that dist/index.html loads before any lazy chunk
# (its scripts, stylesheets and module preloads, and what those import statically), each gzip -9,
# summed, against a budget; and the largest chunk loaded later. Exits 1 over budget, 2 when there
# is no dist/index.html. Works on any built dist/, e.g. in CI after the frontend build.
#   bash bench/frontend-size.sh [DIST] [BUDGET_BYTES]      (defaults: dist, 40960 = 40 KB, issue #42)
set -euo pipefail
DIST=${1:-dist}
BUDGET=${2:-40960}
[ -f "$DIST/index.html" ] || { echo "no $DIST/index.html: build the frontend first (cd frontend && npm run build)" >&2; exit 2; }
python3 - "$DIST" "$BUDGET" <<'PY'
import gzip, html.parser, os, re, sys

dist, budget = sys.argv[1], int(sys.argv[2])

class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.files = []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        rel = (a.get("rel") or "").lower().split()
        if tag == "script" and a.get("src"):
            self.files.append(a["src"])
        elif tag == "link" and a.get("href") and ({"stylesheet", "modulepreload", "preload"} & set(rel)):
            self.files.append(a["href"])

def local(ref):
    ref = ref.split("?")[0].split("#")[0]
    if re.match(r"^[a-z]+://|^//", ref):
        return None  # another origin: not ours to count
    return os.path.normpath(os.path.join(dist, ref.lstrip("/")))

# Static ES imports (`import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"`) load
# with the file; dynamic `import("./a.js")` and bundler manifests load later.
STATIC = re.compile(r"""(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.(?:js|css))["']""")

page = Page()
page.feed(open(os.path.join(dist, "index.html"), encoding="utf-8").read())
first, queue = [], [p for p in map(local, page.files) if p]
while queue:
    path = queue.pop(0)
    if path in first or not os.path.isfile(path):
        continue
    first.append(path)
    if path.endswith(".js"):
        text = open(path, encoding="utf-8", errors="replace").read()
        queue += [p for p in (local(os.path.join(os.path.dirname(os.path.relpath(path, dist)), m)) for m in STATIC.findall(text)) if p]

def gz(path):
    return len(gzip.compress(open(path, "rb").read(), 9))

total = 0
for path in first:
    size = gz(path)
    total += size
    print("first_load_file=%s raw=%d gzip=%d" % (os.path.relpath(path, dist), os.path.getsize(path), size))
lazy = [os.path.join(root, f) for root, _, files in os.walk(dist) for f in files
        if f.endswith((".js", ".css")) and os.path.join(root, f) not in first]
largest = max(lazy, key=gz, default=None)
print("first_load_gzip_bytes=%d" % total)
print("first_load_budget_bytes=%d" % budget)
if largest:
    print("largest_lazy_chunk=%s" % os.path.relpath(largest, dist))
    print("largest_lazy_chunk_gzip_bytes=%d" % gz(largest))
verdict = "within" if total <= budget else "OVER"
print("first-load JS+CSS %.1f KB gzip, %s the %.0f KB budget" % (total / 1024, verdict, budget / 1024), file=sys.stderr)
sys.exit(0 if total <= budget else 1)
PY
