#!/usr/bin/env python3
"""Handlers hold no SQL: a Rust file with an HTTP handler (a `#[utoipa::path]`) holds no SQL
statement, so an area reads as handlers (HTTP only), queries (SQL) and types (docs/architecture.md).
Exits 1 naming each file and its first SQL line. Unit tests at the end of a file do not count.

Also: the scope's parameter is bound by the scope alone (`Scope::with`, `Scope::param`): no file
but src/scope.rs names it as a parameter to bind (issue #51).
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
SQL = re.compile(r'"\s*(SELECT|INSERT|UPDATE|DELETE|WITH|REPLACE|CREATE)\s', re.MULTILINE)


def offenders(src):
    found = []
    for folder, _, files in os.walk(src):
        for name in sorted(files):
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            text = open(path, encoding="utf-8").read()
            text = re.split(r"#\[cfg\(test\)\]\s*mod tests", text)[0]
            if "#[utoipa::path" not in text:
                continue
            match = SQL.search(text)
            if match:
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{os.path.relpath(path, ROOT)}:{line}")
    return found


def scope_binders(src):
    found = []
    for folder, _, files in os.walk(src):
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not name.endswith(".rs") or os.path.relpath(path, src) == "scope.rs":
                continue
            text = open(path, encoding="utf-8").read()
            at = text.find('":scope_uid"')
            if at >= 0:
                found.append(f"{os.path.relpath(path, ROOT)}:{text.count(chr(10), 0, at) + 1}")
    return found


if __name__ == "__main__":
    binders = scope_binders(os.path.join(ROOT, "src"))
    for place in binders:
        print(f"The scope's parameter bound by hand (use Scope::with or Scope::param): {place}")
    bad = offenders(os.path.join(ROOT, "src"))
    for place in bad:
        print(f"SQL in a handler file: {place}")
    if bad:
        print(f"{len(bad)} handler files hold SQL; move it to the area's queries module.")
    if bad or binders:
        sys.exit(1)
    print("No handler file holds SQL.")
