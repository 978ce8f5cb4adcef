#!/usr/bin/env python3
"""SQL lives in the query files, and each table has one area that writes it (issue #51).

1. SQL only in query files: a Rust file under src/ holds no SQL statement unless it is an area's
   `queries.rs` (or a file under a `queries/` folder beside it: the area's queries module in parts)
   or is on the short ALLOWED list below; SQL may also stand in `.sql` files. So an area reads as
   handlers (HTTP only), its other logic, queries (SQL) and types (docs/architecture.md).
2. One writer a table: docs/tables.md maps each table to the area that owns it; an INSERT,
   UPDATE, DELETE or REPLACE on a table in another area's SQL (Rust or `.sql`) fails: that area
   calls the owner's function instead. A table written anywhere must be in the map. The schema
   (`schema.sql`, the `*_upgrade.sql` steps and their triggers) and the demo data (seed) are not
   an area's writes.
3. The scope's parameter is bound by the scope alone (`Scope::with`, `Scope::param`): no file but
   the scope module names it as a parameter to bind.

Unit tests at the end of a file (`#[cfg(test)] mod tests`) do not count. Exits 1 naming each
offence with its file and line.
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
SRC = os.path.join(ROOT, "src")
TABLES = os.path.join(ROOT, "docs", "tables.md")

# A string that opens with an SQL statement or one of the clauses that SQL is glued from.
SQL = re.compile(
    r'"\s*(SELECT|INSERT|UPDATE|DELETE|WITH|REPLACE|CREATE|ALTER|DROP|FROM|WHERE|JOIN|LEFT JOIN|ORDER BY|GROUP BY)\s'
)
# A write and the table it writes (keywords in capitals, as this code writes its SQL).
WRITE = re.compile(
    r"\b(?:INSERT(?:\s+OR\s+[A-Z]+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+[A-Z]+)?|DELETE\s+FROM)\s+([a-z_][a-z_0-9]*)\b"
)

# Files that hold SQL outside a query module, each with why (paths from the repository root; a
# path ending in / is a folder).
ALLOWED = {
    "src/platform/db.rs": "the schema, its upgrade steps and the settings table: the database itself",
    "src/platform/writer.rs": "the write queue warms the connection it writes with",
    "src/platform/files.rs": "the stored-files check lists, for each kind of upload, the column its rows name files in",
    "src/platform/scope.rs": "the scope rule composes the SQL condition every area's queries use, and binds it",
    "src/app/seed/": "demo and scale data fill every table, as a first import would",
    "src/reports/defs.rs": "a report is its SQL: the definitions are the reports' queries",
}
# Writers that are no area: the schema and the demo data.
NO_AREA = ("src/platform/db.rs", "src/app/seed/")


def rel(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def code_of(path):
    text = open(path, encoding="utf-8").read()
    return re.split(r"#\[cfg\(test\)\]\s*mod tests", text)[0] if path.endswith(".rs") else text


def is_query_file(path):
    parts = rel(path).split("/")
    return parts[-1] == "queries.rs" or "queries" in parts[:-1]


def allowed(path):
    r = rel(path)
    return any(r == a or (a.endswith("/") and r.startswith(a)) for a in ALLOWED)


def area_of(path):
    """The area a file belongs to: its folder under src/ (src/<area>/...), under src/app/ or
    src/platform/ the module named there; a top-level file is its own module."""
    parts = rel(path).split("/")[1:]
    if parts[0] in ("app", "platform") and len(parts) > 1:
        parts = parts[1:]
    return parts[0][:-3] if parts[0].endswith(".rs") else parts[0]


def source_files():
    for folder, dirs, files in os.walk(SRC):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".rs", ".sql")):
                yield os.path.join(folder, name)


def line_of(text, at):
    return text.count("\n", 0, at) + 1


def sql_outside_queries():
    found = []
    for path in source_files():
        if not path.endswith(".rs") or is_query_file(path) or allowed(path):
            continue
        text = code_of(path)
        match = SQL.search(text)
        if match:
            found.append(f"{rel(path)}:{line_of(text, match.start())}")
    return found


def owners():
    """table -> owning area, from the rows of docs/tables.md: | `table` | area | why |"""
    table = {}
    for line in open(TABLES, encoding="utf-8"):
        match = re.match(r"\|\s*`([a-z_0-9]+)`\s*\|\s*([a-z_0-9]+)\s*\|", line)
        if match:
            table[match.group(1)] = match.group(2)
    return table


def foreign_writes(owner_of):
    found = []
    for path in source_files():
        r = rel(path)
        if r == "schema.sql" or r.endswith("_upgrade.sql") or any(r == n or (n.endswith("/") and r.startswith(n)) for n in NO_AREA):
            continue
        text = code_of(path)
        area = area_of(path)
        for match in WRITE.finditer(text):
            table = match.group(1)
            owner = owner_of.get(table)
            where = f"{r}:{line_of(text, match.start())}"
            if owner is None:
                found.append(f"{where}: writes `{table}`, which docs/tables.md gives no owner")
            elif owner != area:
                found.append(f"{where}: {area} writes `{table}`, owned by {owner} (call {owner}'s function)")
    return found


def scope_binders():
    found = []
    for path in source_files():
        if not path.endswith(".rs") or area_of(path) == "scope":
            continue
        text = open(path, encoding="utf-8").read()
        at = text.find('":scope_uid"')
        if at >= 0:
            found.append(f"{rel(path)}:{line_of(text, at)}")
    return found


if __name__ == "__main__":
    binders = scope_binders()
    for place in binders:
        print(f"The scope's parameter bound by hand (use Scope::with or Scope::param): {place}")
    outside = sql_outside_queries()
    for place in outside:
        print(f"SQL outside the query files: {place}")
    if outside:
        print(f"{len(outside)} files hold SQL; move it to the area's queries module (or add the file to ALLOWED with why).")
    owner_of = owners()
    foreign = foreign_writes(owner_of)
    for offence in foreign:
        print(f"Table written outside its owner: {offence}")
    if outside or binders or foreign:
        sys.exit(1)
    print(f"SQL only in query files ({len(ALLOWED)} allowed others); {len(owner_of)} tables, each written by its owner alone.")
