#!/usr/bin/env python3
"""Imports point down, on both halves; exits 1 and names the offenders when they do not.

Server: src/ stands in three floors (docs/architecture.md, decision 55): the app (src/app/: cli,
server, web, openapi, catalogue, seed), the areas (src/<area>/) and the platform (src/platform/:
db, writer, error, money, state, ...). The platform imports no area and not the app; an area
imports not the app. The modules (an area, or one module of the app or the platform, such as
`platform::db`) form no import cycle: a cycle inside one area is that area's business, one across
two modules means the ground knows an area or two areas lean on each other.
Frontend: lib/ and components/ import no feature and not app/; a feature imports no other
feature and not app/ (lib -> features -> app, docs/architecture.md).
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))


FLOORS = ("app", "platform")
USE = re.compile(r"crate::((?:app|platform)::[a-z_0-9]+|[a-z_0-9]+)")


def module_of(parts):
    """The module a file under src/ belongs to: `platform::db`, `app::cli`, or an area's name."""
    name = lambda part: part[:-3] if part.endswith(".rs") else part
    if parts[0] in FLOORS and len(parts) > 1 and parts[1] != "mod.rs":
        return f"{parts[0]}::{name(parts[1])}"
    return name(parts[0])


def floor_of(module):
    if "::" in module:
        return module.split("::")[0]
    return "root" if module in ("lib", "main") or module in FLOORS else "area"


def rust_edges(src):
    edges = {}
    for folder, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            module = module_of(os.path.relpath(path, src).split(os.sep))
            text = open(path, encoding="utf-8").read()
            # Unit tests may reach anywhere; they are not part of the build's graph.
            text = re.split(r"#\[cfg\(test\)\]\s*mod tests", text)[0]
            targets = edges.setdefault(module, set())
            for used in USE.findall(text):
                if used != module:
                    targets.add(used)
    # Names that are items of lib.rs (`crate::now`), not modules, lead nowhere.
    return {m: {t for t in ts if t in edges} for m, ts in edges.items()}


def floor_offences(edges):
    """The platform imports no area and not the app; an area imports not the app."""
    offences = []
    for module, targets in sorted(edges.items()):
        for target in sorted(targets):
            here, there = floor_of(module), floor_of(target)
            if here == "platform" and there in ("area", "app"):
                offences.append(f"{module} imports {target} (the platform imports no area and not the app)")
            if here == "area" and there == "app":
                offences.append(f"{module} imports {target} (an area imports not the app)")
    return offences


def cycles(edges):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def frontend_offences(src):
    offences = []
    pattern = re.compile(r"""(?:from\s+|import\s*\()["'](\.[^"']+)["']""")
    for folder, _, files in os.walk(src):
        for name in files:
            if not name.endswith((".js", ".jsx", ".mjs")):
                continue
            path = os.path.join(folder, name)
            here = os.path.relpath(path, src).split(os.sep)
            for spec in pattern.findall(open(path, encoding="utf-8").read()):
                target = os.path.relpath(os.path.normpath(os.path.join(folder, spec)), src).split(os.sep)
                if here[0] in ("lib", "components") and target[0] in ("features", "app"):
                    offences.append(f"{'/'.join(here)} imports {'/'.join(target)} (lib and components import no feature)")
                if here[0] == "features" and target[0] == "app":
                    offences.append(f"{'/'.join(here)} imports {'/'.join(target)} (a feature imports not app/)")
                if here[0] == "features" and target[0] == "features" and target[1] != here[1]:
                    offences.append(f"{'/'.join(here)} imports {'/'.join(target)} (features import no other feature)")
    return offences


def main():
    edges = rust_edges(os.path.join(ROOT, "src"))
    found = cycles(edges)
    for component in found:
        print("import cycle across server modules: " + " -> ".join(component))
    floors = floor_offences(edges)
    for offence in floors:
        print("floors: " + offence)
    offences = frontend_offences(os.path.join(ROOT, "frontend", "src"))
    for offence in offences:
        print("frontend: " + offence)
    modules = len(edges)
    uses = sum(len(t) for t in edges.values())
    if found or offences or floors:
        return 1
    print(f"imports point down: {modules} server modules, {uses} uses between them, no cycle, floors kept; frontend layers kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
