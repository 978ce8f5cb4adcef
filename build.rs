//! Builds the frontend (`frontend/`, Parcel) into `dist/`, which rust-embed puts in the binary.
//! Installs the locked npm packages first when `frontend/node_modules` is missing (`npm install`,
//! not `npm ci`: npm 11 wrongly reports the lock out of sync over swc's optional platform
//! packages, see docs/decisions.md).
//! FIELDSALES_SKIP_FRONTEND=1 skips it (a placeholder page is embedded if dist/ is empty).
//!
//! It also turns the table of upload columns (`src/uploads/columns.tsv`) into Rust constants.

use std::path::Path;
use std::process::{exit, Command};

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    exit(1);
}

fn npm(args: &[&str], dir: &Path) {
    let status = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .env("APP_VERSION", env!("CARGO_PKG_VERSION"))
        .status()
        .unwrap_or_else(|_| fail("building the frontend needs Node.js 18+ with npm on the PATH (https://nodejs.org); none was found"));
    if !status.success() {
        fail(&format!("`npm {}` failed in {}", args.join(" "), dir.display()));
    }
}

/// `src/uploads/columns.tsv` as `pub const <KIND>: &[Column] = &[..];`, one per kind in the
/// table's order, written to `$OUT_DIR/upload_columns.rs` (included by `uploads::kinds`).
fn upload_columns(root: &Path) {
    let table = root.join("src/uploads/columns.tsv");
    println!("cargo:rerun-if-changed={}", table.display());
    let text = std::fs::read_to_string(&table).unwrap_or_else(|e| fail(&format!("reading {}: {e}", table.display())));
    let mut kinds: Vec<(String, Vec<String>)> = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let bad = |why: &str| -> ! { fail(&format!("src/uploads/columns.tsv line {}: {why}", n + 1)) };
        let [kind, header, required, check, example, field] = line.split('\t').collect::<Vec<_>>()[..] else {
            bad("expected 6 tab-separated fields: kind, header, required, check, example, field")
        };
        let (required, added_later) = match required {
            "yes" => (true, false),
            "no" => (false, false),
            "later" => (false, true),
            other => bad(&format!("required is yes, no or later, not {other:?}")),
        };
        let check = match check {
            "text" => "Text",
            "number" => "Number",
            "money" => "Money",
            "date" => "Date",
            "mobile" => "Mobile",
            "email" => "Email",
            other => bad(&format!("check is text, number, money, date, mobile or email, not {other:?}")),
        };
        // Every column of text names its limit; a number or a date has none.
        let limit = match (check, field) {
            ("Number" | "Money" | "Date", "-") => "None".to_string(),
            ("Number" | "Money" | "Date", other) => bad(&format!("a {check} column has no field, not {other:?}")),
            (_, "-") => bad("a text, mobile or email column names its field of validate::limits"),
            (_, field) => format!("Some(&crate::platform::validate::limits::{field})"),
        };
        let column = format!(
            "Column {{ header: {header:?}, required: {required}, check: Check::{check}, example: {example:?}, added_later: {added_later}, limit: {limit} }}"
        );
        match kinds.last_mut() {
            Some((last, columns)) if last == kind => columns.push(column),
            _ => kinds.push((kind.to_string(), vec![column])),
        }
    }
    let code: String = kinds
        .iter()
        .map(|(kind, columns)| format!("pub const {}: &[Column] = &[\n    {},\n];\n", kind.to_uppercase(), columns.join(",\n    ")))
        .collect();
    let out = Path::new(&std::env::var_os("OUT_DIR").unwrap_or_else(|| fail("cargo sets OUT_DIR"))).join("upload_columns.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| fail(&format!("writing {}: {e}", out.display())));
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    upload_columns(root);
    for path in ["frontend/src", "frontend/package.json", "frontend/package-lock.json"] {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=FIELDSALES_SKIP_FRONTEND");
    let dist = root.join("dist");
    if std::env::var_os("FIELDSALES_SKIP_FRONTEND").is_some() {
        if !dist.join("index.html").exists() {
            std::fs::create_dir_all(&dist).unwrap_or_else(|e| fail(&format!("creating dist/: {e}")));
            std::fs::write(dist.join("index.html"), "<!doctype html><title>fieldsales</title><p>Built without the frontend.</p>")
                .unwrap_or_else(|e| fail(&format!("writing dist/index.html: {e}")));
        }
        return;
    }
    let frontend = root.join("frontend");
    if !frontend.join("node_modules").exists() {
        npm(&["install", "--no-audit", "--no-fund"], &frontend);
    }
    // Start from an empty dist/ so old bundles are not embedded beside new ones.
    let _ = std::fs::remove_dir_all(&dist);
    npm(&["run", "build"], &frontend);
    if !dist.join("index.html").exists() {
        fail("the frontend build produced no dist/index.html");
    }
}
