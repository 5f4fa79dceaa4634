//! The viewer's runtime files (`web/`), embedded at build time by `build.rs` so that `arena view`
//! and `arena serve` work from any directory.

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/web_files.rs"));
}

/// The embedded viewer file at `path` (relative to `web/`), if any.
pub fn web_file(path: &str) -> Option<&'static [u8]> {
    embedded::WEB_FILES.iter().find(|(p, _)| *p == path).map(|(_, b)| *b)
}

/// The Content-Type of a file by its extension.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        _ => "application/octet-stream",
    }
}
