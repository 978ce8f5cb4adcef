#!/usr/bin/env python3
"""Imports point down, on both halves; exits 1 and names the offenders when they do not.

Server: src/ stands in three floors (docs/architecture.md, decision 55): the app (src/app/: cli,
server, web, openapi, catalogue, seed), the areas (src/<area>/) and the platform (src/platform/:
db, writer, error, money, state, ...). The platform imports no area and not the app; an area
imports not the app. The modules (an area, or one module of the app or the platform, such as
`platform::db`) form no import cycle: one across two modules means the ground knows an area or
two areas lean on each other.
Nor do the files inside one module (issue #51): `orders/queries/credit.rs` is
`orders::queries::credit`, `customers/mod.rs` is `customers`. A file uses another when it names
one of its items: by `use` (`super::x`, `self::x`, `crate::area::x::y`, `use super::{a, b}`), by
a path in its code, or by re-exporting it (`pub use`: the holder cannot compile without it). A
name reached through a `use` (a re-export or a private one) is followed to the file that defines
it, so the module that forwards its children's items (the area's face: `mod.rs`, `api.rs`) stands
between no two files; only an item defined in the face itself makes a use of the face. `mod x;` declares a child, it
does not use it. Unit tests (`#[cfg(test)] mod tests`) may reach anywhere and are left out.
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


IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
PATH = re.compile(rf"\b(?:crate|super|self)(?:\s*::\s*{IDENT})+")
USE_DECL = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
DEFINED = re.compile(rf"\b(?:fn|struct|enum|const|static|type|trait|mod|union)\s+({IDENT})|macro_rules!\s*({IDENT})")


def code_only(text):
    """The text with comments, strings and character literals blanked (a doc comment's link or
    an SQL text is no use), and the unit tests cut off."""
    text = re.split(r"#\[cfg\(test\)\]\s*mod tests", text)[0]
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j, depth = i + 2, 1
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            i = j
        elif re.match(r'b?r#*"', text[i:i + 8]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'b?r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + m.end())
            i = n if end < 0 else end + 1 + len(m.group(1))
            out.append('""')
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append('""')
        elif c == "'" and re.match(r"'(\\.[^']*|[^\\'])'", text[i:]):
            i += re.match(r"'(\\.[^']*|[^\\'])'", text[i:]).end()
            out.append("' '")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def inline_modules_flattened(text):
    """`super` inside an inline `mod x { ... }` is the file itself: written `self` there."""
    for m in reversed(list(re.finditer(rf"\bmod\s+{IDENT}\s*\{{", text))):
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        text = text[: m.end()] + re.sub(r"\bsuper\s*::", "self::", text[m.end():j]) + text[j:]
    return text


def use_paths(tree):
    """The paths one `use` tree names: `super::{a, b::c as d}` gives (super, a) and (super, b, c)
    with their bound names."""
    tree = re.sub(r"\s+", " ", tree).strip().lstrip(":")
    paths = []

    def walk(prefix, rest):
        rest = rest.strip()
        if not rest:
            return
        if "{" in rest and (rest.find("{") < rest.find(",") if "," in rest else True):
            head, body = rest.split("{", 1)
            body = body[: body.rindex("}")]
            head = [s.strip() for s in head.split("::") if s.strip()]
            parts, depth, cur = [], 0, ""
            for ch in body:
                depth += {"{": 1, "}": -1}.get(ch, 0)
                if ch == "," and depth == 0:
                    parts.append(cur)
                    cur = ""
                else:
                    cur += ch
            parts.append(cur)
            for part in parts:
                walk(prefix + head, part)
            return
        alias = None
        if " as " in rest:
            rest, alias = [s.strip() for s in rest.split(" as ")]
        segments = [s.strip() for s in rest.split("::") if s.strip()]
        if segments == ["self"]:
            segments = []
        path = prefix + segments
        if path:
            paths.append((path, alias or path[-1]))

    walk([], tree)
    return paths


def file_graph(src):
    """The file modules under src/, what each defines and binds by `use`, and the items it names."""
    files, tests_only = {}, set()
    for folder, _, names in os.walk(src):
        for name in names:
            if name.endswith(".rs"):
                text = open(os.path.join(folder, name), encoding="utf-8").read()
                for spec in re.findall(r'#\[cfg\(test\)\]\s*#\[path\s*=\s*"([^"]+)"\]', text):
                    tests_only.add(os.path.normpath(os.path.join(folder, spec)))
    for folder, _, names in os.walk(src):
        for name in names:
            path = os.path.join(folder, name)
            if not name.endswith(".rs") or name == "main.rs" or os.path.normpath(path) in tests_only:
                continue
            parts = os.path.relpath(path, src).split(os.sep)
            parts[-1] = parts[-1][:-3]
            if parts[-1] in ("mod", "lib"):
                parts.pop()
            text = inline_modules_flattened(code_only(open(path, encoding="utf-8").read()))
            files[tuple(parts)] = text
    graph = {}
    for module, text in files.items():
        uses, bindings, globs = [], {}, []
        for decl in USE_DECL.finditer(text):
            for path, bound in use_paths(decl.group(2)):
                absolute = absolute_path(module, path, files)
                if absolute is None:
                    continue
                uses.append(absolute)
                if path[-1] == "*":
                    globs.append(absolute[:-1])
                else:
                    bindings[bound] = absolute
        body = USE_DECL.sub(" ", text)
        for found in PATH.finditer(body):
            path = re.split(r"\s*::\s*", found.group(0))
            absolute = absolute_path(module, path, files)
            if absolute is not None:
                uses.append(absolute)
        children = {m[-1]: list(m) for m in files if m[:-1] == module and len(m) == len(module) + 1}
        for alias, target in {**children, **bindings}.items():
            for found in re.finditer(rf"(?<![\w:])({alias}(?:\s*::\s*{IDENT})+)", body):
                uses.append(target + re.split(r"\s*::\s*", found.group(1))[1:])
        defined = {a or b for a, b in DEFINED.findall(text)}
        graph[module] = {"uses": uses, "bindings": bindings, "globs": globs, "defined": defined}
    return graph


def absolute_path(module, path, files):
    """A path written in `module` from the crate's root, or None for another crate's."""
    if path[0] == "crate":
        return path[1:]
    if path[0] in ("self", "super"):
        base, rest = list(module), list(path)
        while rest and rest[0] in ("self", "super"):
            if rest.pop(0) == "super":
                base.pop()
        return base + rest
    if tuple(module) + (path[0],) in files:
        return list(module) + path
    return None


def owner(graph, path, seen=()):
    """The file module that defines the item a path names, through re-exports."""
    for cut in range(len(path), -1, -1):
        module = tuple(path[:cut])
        if module in graph:
            break
    else:
        return None
    rest = path[cut:]
    if not rest or rest[0] == "*" or (module, rest[0]) in seen:
        return module
    info, seen = graph[module], seen + ((module, rest[0]),)
    if rest[0] in info["bindings"]:
        return owner(graph, info["bindings"][rest[0]] + rest[1:], seen)
    if rest[0] not in info["defined"]:
        for glob in info["globs"]:
            found = owner(graph, glob + rest, seen)
            if found is not None and rest[0] in graph[found]["defined"]:
                return found
    return module


def file_edges(src):
    """File module -> the file modules of the same module (module_of) whose items it names."""
    graph = file_graph(src)
    group = lambda module: module_of([*module, "mod.rs"]) if module else "lib"
    edges = {}
    for module, info in graph.items():
        targets = edges.setdefault(module, set())
        for path in info["uses"]:
            found = owner(graph, path)
            if found is not None and found != module and group(found) == group(module):
                targets.add(found)
    return {"::".join(m): {"::".join(t) for t in ts} for m, ts in edges.items()}


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
    inner = file_edges(os.path.join(ROOT, "src"))
    inside = cycles(inner)
    for component in inside:
        print("import cycle between the files of one module: " + " -> ".join(component))
    floors = floor_offences(edges)
    for offence in floors:
        print("floors: " + offence)
    offences = frontend_offences(os.path.join(ROOT, "frontend", "src"))
    for offence in offences:
        print("frontend: " + offence)
    modules = len(edges)
    uses = sum(len(t) for t in edges.values())
    if found or inside or offences or floors:
        return 1
    files, file_uses = len(inner), sum(len(t) for t in inner.values())
    print(
        f"imports point down: {modules} server modules, {uses} uses between them, no cycle; "
        f"{files} files, {file_uses} uses between files of one module, no cycle; floors kept; frontend layers kept"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
