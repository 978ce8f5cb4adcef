//! Builds the frontend (`frontend/`, Parcel) into `dist/`, which rust-embed puts in the binary.
//! Installs the locked npm packages first when `frontend/node_modules` is missing (`npm install`,
//! not `npm ci`: npm 11 wrongly reports the lock out of sync over swc's optional platform
//! packages, see docs/decisions.md).
//! FIELDSALES_SKIP_FRONTEND=1 skips it (a placeholder page is embedded if dist/ is empty).

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

fn main() {
    for path in ["frontend/src", "frontend/package.json", "frontend/package-lock.json"] {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=FIELDSALES_SKIP_FRONTEND");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
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
