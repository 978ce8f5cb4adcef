#!/usr/bin/env python3
"""Puts src/ in its three floors (issue #51, decision 55) and rewrites every path to them.

    src/app/       the program's entry: the command line, the server, the router, the API
                   description, the message catalogue, the demo data
    src/<area>/    the areas (auth, masters, customers, ...), where they are
    src/platform/  what the areas stand on: the database, the writer, files, errors, money,
                   formats, the request plumbing (state, extractors), rights and the scope

Idempotent: run it on a tree that is already in floors and it changes nothing; run it on a tree
where someone added code against the flat layout (a merge) and it moves what still lies flat and
rewrites the new paths. What it does:

1. moves `src/<m>.rs` (or the folder `src/<m>/`) of each module listed below to its floor
   (`git mv` where git tracks it);
2. declares the modules: `pub mod app; pub mod platform;` in src/lib.rs instead of the moved
   ones, `pub mod <m>;` in src/app/mod.rs and src/platform/mod.rs for each module there;
3. rewrites Rust paths in src/, tests/, bench/ and build.rs: `crate::db::x` ->
   `crate::platform::db::x`, `$crate::error` in macros, `fieldsales::db` in tests and main.rs,
   the items of `use crate::{db, error::AppError}` groups;
4. rewrites `include_str!`/`include_bytes!` paths of the moved files that no longer resolve;
5. rewrites file names in prose and scripts (`src/db.rs` -> `src/platform/db.rs`, `src/seed/`
   -> `src/app/seed/`) in the repository's text files outside frontend/ (and this script);
6. runs `cargo fmt` (unless --no-fmt) so the rewritten `use` lines sort as rustfmt wants.

It names any top-level module of src/ it does not know (a new file from a merge): put it in a
list below, or leave it where it is if it is an area.

Usage: python3 tools/floors-rewrite.py [--check] [--no-fmt]
    --check   change nothing; exit 1 and name what would change
"""
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SELF = os.path.relpath(os.path.abspath(__file__), ROOT)

APP = ["catalogue", "cli", "openapi", "seed", "server", "web"]
PLATFORM = [
    "api", "backup", "config", "db", "error", "extract", "files", "formats", "geo", "ids", "lanes", "lenient", "mailer",
    "memory", "money", "rights", "scope", "state", "taxids", "tokens", "validate", "workbook", "writer",
]
FLOOR = {**{m: "app" for m in APP}, **{m: "platform" for m in PLATFORM}}
# What stays at the top of src/: the crate's root files and the floors themselves.
ROOT_FILES = {"lib", "main", "app", "platform"}
DOC = {
    "app": "//! The program's entry: the command line (`cli`), the server's start (`server`), the router and\n"
    "//! its middleware (`web`), the API description (`openapi`), the message catalogue of every area\n"
    "//! (`catalogue`) and the demo data (`seed`). Only this floor knows every area; nothing below imports it.\n",
    "platform": "//! What the areas stand on: the database and its writer, stored files, errors and the message\n"
    "//! type, money, formats, the request plumbing (state, extractors, the API's shared bodies), rights\n"
    "//! and the scope rule, and small checks (validate, lenient, taxids, geo). It imports no area and\n"
    "//! not the app.\n",
}
RUST_DIRS = ["src", "tests", "bench", "benches", "examples"]
TEXT_ENDINGS = (".md", ".py", ".sh", ".rs", ".toml", ".yml", ".yaml", ".mjs", ".js", ".txt", ".tsv")
SKIP_DIRS = {"target", "node_modules", "frontend", "dist", ".git"}

CHECK = "--check" in sys.argv
changes = []


def path(*parts):
    return os.path.join(ROOT, *parts)


def read(p):
    with open(p, encoding="utf-8") as f:
        return f.read()


def write(p, text):
    rel = os.path.relpath(p, ROOT)
    changes.append(f"rewrite {rel}")
    if not CHECK:
        with open(p, "w", encoding="utf-8") as f:
            f.write(text)


def tracked(rel):
    return subprocess.run(["git", "ls-files", "--error-unmatch", rel], cwd=ROOT, capture_output=True).returncode == 0


def move(old_rel, new_rel):
    changes.append(f"move {old_rel} -> {new_rel}")
    if CHECK:
        return
    os.makedirs(os.path.dirname(path(new_rel)), exist_ok=True)
    if tracked(old_rel):
        subprocess.run(["git", "mv", old_rel, new_rel], cwd=ROOT, check=True)
    else:
        os.rename(path(old_rel), path(new_rel))


def move_modules():
    for m, floor in sorted(FLOOR.items()):
        for old, new in ((f"src/{m}.rs", f"src/{floor}/{m}.rs"), (f"src/{m}", f"src/{floor}/{m}")):
            if os.path.exists(path(old)):
                if os.path.exists(path(new)):
                    sys.exit(f"both {old} and {new} exist: merge them by hand, then run this again")
                move(old, new)


def unknown_modules():
    found = []
    for name in sorted(os.listdir(path("src"))):
        m = name[:-3] if name.endswith(".rs") else name
        if (name.endswith(".rs") or os.path.isdir(path("src", name))) and m not in ROOT_FILES and m not in FLOOR:
            if name.endswith(".rs"):
                found.append(m)
    return found


def declare():
    lib = path("src", "lib.rs")
    text = read(lib)
    new = text
    for m in FLOOR:
        new = re.sub(rf"^pub mod {m};\n", "", new, flags=re.M)
    for floor in ("app", "platform"):
        if not re.search(rf"^pub mod {floor};$", new, flags=re.M):
            # Among the other `pub mod` lines, in order.
            mods = [mo for mo in re.finditer(r"^pub mod ([a-z_0-9]+);\n", new, flags=re.M)]
            after = [mo for mo in mods if mo.group(1) < floor]
            at = after[-1].end() if after else (mods[0].start() if mods else len(new))
            new = new[:at] + f"pub mod {floor};\n" + new[at:]
    if new != text:
        write(lib, new)
    for floor in ("app", "platform"):
        mod_rs = path("src", floor, "mod.rs")
        here = sorted(
            n[:-3] if n.endswith(".rs") else n
            for n in (os.listdir(path("src", floor)) if os.path.isdir(path("src", floor)) else [])
            if n != "mod.rs" and (n.endswith(".rs") or os.path.isdir(path("src", floor, n)))
        )
        if CHECK and not os.path.isdir(path("src", floor)):
            here = sorted(m for m, f in FLOOR.items() if f == floor)
        old = read(mod_rs) if os.path.exists(mod_rs) else ""
        body = DOC[floor] + "\n" + "".join(f"pub mod {m};\n" for m in here)
        if old != body:
            write(mod_rs, body)


def rewrite_group(inner):
    """The items of a `crate::{...}` group, with the moved modules' items under their floor."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(inner[start:i])
            start = i + 1
    items.append(inner[start:])
    out = []
    for item in items:
        stripped = item.strip()
        first = re.match(r"([a-z_0-9]+)", stripped)
        if first and first.group(1) in FLOOR:
            lead = item[: len(item) - len(item.lstrip())]
            trail = item[len(item.rstrip()):]
            item = f"{lead}{FLOOR[first.group(1)]}::{stripped}{trail}"
        out.append(item)
    return ",".join(out)


MODULES = "|".join(sorted(FLOOR, key=len, reverse=True))
CRATE_PATH = re.compile(rf"(\$?\bcrate)::({MODULES})\b(?!!)")
LIB_PATH = re.compile(rf"\bfieldsales::({MODULES})\b(?!!)")
GROUP = re.compile(r"(\bcrate::)\{")
FILE_NAME = re.compile(rf"(?<![\w/.-])src/({MODULES})(\.rs\b|/)")


def rewrite_rust(text):
    text = CRATE_PATH.sub(lambda mo: f"{mo.group(1)}::{FLOOR[mo.group(2)]}::{mo.group(2)}", text)
    text = LIB_PATH.sub(lambda mo: f"fieldsales::{FLOOR[mo.group(1)]}::{mo.group(1)}", text)
    out, at = [], 0
    for mo in GROUP.finditer(text):
        if mo.start() < at:
            continue
        depth, i = 1, mo.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out.append(text[at:mo.end()] + rewrite_group(text[mo.end():i - 1]) + "}")
        at = i
    out.append(text[at:])
    return "".join(out)


def rewrite_includes(file, text):
    """`include_str!("../schema.sql")` of a moved file, made relative to where it lies now."""
    rel = os.path.relpath(file, path("src")).split(os.sep)
    if rel[0] not in ("app", "platform"):
        return text
    here = os.path.dirname(file)
    before = os.path.join(path("src"), *rel[1:-1])

    def fix(mo):
        target = mo.group(2)
        # Normalized first: the folder the file came from may be gone (src/seed/ -> src/app/seed/).
        if os.path.exists(os.path.normpath(os.path.join(here, target))) or not os.path.exists(
            os.path.normpath(os.path.join(before, target))
        ):
            return mo.group(0)
        moved = os.path.relpath(os.path.normpath(os.path.join(before, target)), here).replace(os.sep, "/")
        return f'{mo.group(1)}"{moved}"'

    return re.sub(r'(include_(?:str|bytes)!\(\s*)"([^"]+)"', fix, text)


def rust_files():
    for d in RUST_DIRS:
        for folder, dirs, files in os.walk(path(d)):
            dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
            for name in sorted(files):
                if name.endswith(".rs"):
                    yield os.path.join(folder, name)
    if os.path.exists(path("build.rs")):
        yield path("build.rs")


def text_files():
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True).stdout
    for rel in sorted(set(listed.split("\n"))):
        if not rel or rel == SELF or rel.split("/")[0] in SKIP_DIRS or not rel.endswith(TEXT_ENDINGS):
            continue
        if os.path.isfile(path(rel)):
            yield path(rel)


def rewrite_files():
    seen = set()
    for file in rust_files():
        seen.add(file)
        text = read(file)
        new = FILE_NAME.sub(lambda mo: f"src/{FLOOR[mo.group(1)]}/{mo.group(1)}{mo.group(2)}", rewrite_includes(file, rewrite_rust(text)))
        if new != text:
            write(file, new)
    for file in text_files():
        if file in seen:
            continue
        text = read(file)
        new = FILE_NAME.sub(lambda mo: f"src/{FLOOR[mo.group(1)]}/{mo.group(1)}{mo.group(2)}", text)
        if file.endswith(".md"):
            new = CRATE_PATH.sub(lambda mo: f"{mo.group(1)}::{FLOOR[mo.group(2)]}::{mo.group(2)}", new)
        if new != text:
            write(file, new)


def main():
    os.chdir(ROOT)
    move_modules()
    if not CHECK:
        declare()
        rewrite_files()
    else:
        # What would move is listed; the rewrites depend on the moves, so --check stops here
        # when something is still to move.
        if not changes:
            declare()
            rewrite_files()
    for m in unknown_modules():
        print(f"note: src/{m}.rs is in no floor: add it to APP or PLATFORM in {SELF}, or make it an area folder")
    if CHECK:
        for c in changes:
            print(c)
        sys.exit(1 if changes else 0)
    if changes and "--no-fmt" not in sys.argv:
        subprocess.run(["cargo", "fmt"], cwd=ROOT, check=False)
    print(f"{len(changes)} changes" if changes else "already in floors: nothing to change")


if __name__ == "__main__":
    main()
