//! Embeds the viewer's runtime files (everything under `web/` except node_modules, tests and
//! npm manifests) so that `arena view` works from any directory.

use std::path::{Path, PathBuf};

fn collect(dir: &Path, root: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with('.') || matches!(name, "node_modules" | "tests" | "package.json" | "package-lock.json") {
            continue;
        }
        if path.is_dir() {
            collect(&path, root, out);
        } else {
            out.push(path.strip_prefix(root).expect("under root").to_path_buf());
        }
    }
}

fn main() {
    // `sqlx::migrate!` embeds migrations/ at compile time: a new or changed migration rebuilds.
    println!("cargo:rerun-if-changed={}", Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations").display());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web");
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    // Watch the embedded files and their folders (for new files), not web/ as a whole: it holds
    // node_modules and the browser tests' artifacts, which must not trigger rebuilds.
    let mut dirs: Vec<PathBuf> = files.iter().filter_map(|f| f.parent().map(Path::to_path_buf)).collect();
    dirs.sort();
    dirs.dedup();
    for d in dirs.iter().filter(|d| !d.as_os_str().is_empty()) {
        println!("cargo:rerun-if-changed={}", root.join(d).display());
    }
    if files.is_empty() {
        println!("cargo:rerun-if-changed={}", root.display());
    }
    let mut code = String::from(
        "/// The viewer's files: (path relative to web/, contents).\npub static WEB_FILES: &[(&str, &[u8])] = &[\n",
    );
    for f in &files {
        println!("cargo:rerun-if-changed={}", root.join(f).display());
        let rel = f.to_string_lossy().replace('\\', "/");
        code.push_str(&format!(
            "    ({rel:?}, include_bytes!({:?})),\n",
            root.join(f).canonicalize().expect("file exists")
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("web_files.rs");
    std::fs::write(out, code).expect("write web_files.rs");
}
