//! Learning a game: its rules page (`/games/<game>/rules`), its starter kit
//! (`/games/<game>/starter-kit.zip`) and the `arena` command itself (`/download/arena`).
//!
//! The rules page shows the game's page of `docs/games/` (embedded at build time, rendered to
//! HTML once per process), the parameters with their defaults (the engine's catalog), the C++
//! player API (read from the SDK's headers: `site::cpp_api`), the starter kit's link and the
//! commands for a local match. Markdown is rendered with `pulldown-cmark`: a maintained
//! CommonMark parser with GitHub tables and few, small dependencies, whose event stream we
//! filter (headings moved down a level, raw HTML shown as text, image links pointed at the
//! embedded screenshots) rather than HTML we would have to sanitise afterwards.

use super::pages::PageError;
use super::session::{Csrf, Layout, MaybeUser};
use crate::site::players::cpp_api::{self, ApiCall};
use crate::site::players::{arena_binary, starter_kit};
use crate::site::state::AppState;
use askama::Template;
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::OnceLock;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{game}/rules", get(rules_page))
        .route("/games/{game}/starter-kit.zip", get(starter_kit_zip))
        .route("/learn/img/{file}", get(doc_image))
        .route("/download/arena", get(arena_download))
}

/// The screenshot called `file` that a rules page shows (`../img/<file>` in the markdown).
fn picture(file: &str) -> Option<&'static [u8]> {
    crate::games::GAMES.iter().filter_map(|g| g.picture).find(|(f, _)| *f == file).map(|(_, bytes)| bytes)
}

/// Embedded files change only with a new build.
const CACHE: &str = "public, max-age=3600";

/// A game's page of `docs/games/`, as markdown.
pub fn doc_markdown(game: &str) -> Option<&'static str> {
    crate::games::assets(game).map(|g| g.rules_md)
}

/// A game's rules as HTML, rendered once per process.
pub fn rules_html(game: &str) -> Option<&'static str> {
    static RENDERED: OnceLock<Vec<(&'static str, String)>> = OnceLock::new();
    let all =
        RENDERED.get_or_init(|| crate::games::GAMES.iter().map(|g| (g.name, render_markdown(g.rules_md))).collect());
    all.iter().find(|(g, _)| *g == game).map(|(_, html)| html.as_str())
}

/// Markdown to HTML for a page whose `<h1>` is the site's: the document's title is dropped and
/// its other headings move one level down; raw HTML is shown as text; images point at
/// `/learn/img/`; wide tables scroll on their own.
fn render_markdown(md: &str) -> String {
    use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    let down = |l: HeadingLevel| match l {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    };
    let mut in_title = false;
    let mut seen_title = false;
    let events = Parser::new_ext(md, options).filter_map(|event| match event {
        Event::Start(Tag::Heading { level: HeadingLevel::H1, .. }) if !seen_title => {
            (in_title, seen_title) = (true, true);
            None
        }
        Event::End(TagEnd::Heading(HeadingLevel::H1)) if in_title => {
            in_title = false;
            None
        }
        _ if in_title => None,
        Event::Start(Tag::Heading { level, id, classes, attrs }) => {
            Some(Event::Start(Tag::Heading { level: down(level), id, classes, attrs }))
        }
        Event::End(TagEnd::Heading(level)) => Some(Event::End(TagEnd::Heading(down(level)))),
        Event::Html(text) | Event::InlineHtml(text) => Some(Event::Text(text)),
        Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
            let dest_url = match dest_url.rsplit('/').next() {
                Some(file) if picture(file).is_some() => CowStr::from(format!("/learn/img/{file}")),
                _ => dest_url,
            };
            Some(Event::Start(Tag::Image { link_type, dest_url, title, id }))
        }
        Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
            Some(Event::Start(Tag::Link { link_type, dest_url: site_link(dest_url), title, id }))
        }
        other => Some(other),
    });
    let mut html = String::with_capacity(md.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    html.replace("<table>", "<div class=\"table-scroll\"><table>").replace("</table>", "</table></div>")
}

/// A link of a game's page, as the site serves it: another game's page becomes its rules page;
/// anything else is kept as written.
fn site_link(dest: pulldown_cmark::CowStr<'_>) -> pulldown_cmark::CowStr<'_> {
    if dest.starts_with("http://") || dest.starts_with("https://") || dest.starts_with('#') || dest.starts_with('/') {
        return dest;
    }
    let file = dest.rsplit('/').next().unwrap_or("");
    if let Some(game) = file.strip_suffix(".md").filter(|g| doc_markdown(g).is_some()) {
        return format!("/games/{game}/rules").into();
    }
    dest
}

/// One row of the parameters table.
struct ParamRow {
    name: &'static str,
    default: i64,
    range: String,
    doc: &'static str,
}

#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    layout: Layout,
    game: &'static str,
    title: &'static str,
    params: Vec<ParamRow>,
    api: &'static [ApiCall],
    house_bots: String,
    kit_file: String,
    rules: &'static str,
    /// The `arena` executable on offer (`/download/arena`), in one line.
    arena_binary: Option<String>,
}

async fn rules_page(user: MaybeUser, csrf: Csrf, Path(game): Path<String>) -> Result<Response, PageError> {
    let layout = Layout::new(&user, &csrf);
    let found = engine::catalog::find(&game).ok_or_else(|| unknown_game(&layout, &game))?;
    let name = found.name();
    let (Some(rules), Some(api), Some(kit)) = (rules_html(name), cpp_api::api(name), starter_kit::kit_for(name)) else {
        return Err(PageError::internal(&layout, format!("the rules of {name} are not built in")));
    };
    let params = found
        .param_specs()
        .iter()
        .map(|p| ParamRow {
            name: p.name,
            default: p.default,
            range: if p.min == p.max { format!("{}", p.min) } else { format!("{} to {}", p.min, p.max) },
            doc: p.doc,
        })
        .collect();
    let page = RulesPage {
        layout,
        game: name,
        title: found.title(),
        params,
        api,
        house_bots: found.house_bots().join(", "),
        kit_file: kit.file_name(),
        rules,
        arena_binary: arena_binary::current_async().await.map(|b| b.summary()),
    };
    match page.render() {
        Ok(html) => Ok((StatusCode::OK, Html(html)).into_response()),
        Err(e) => Err(PageError::internal(&page.layout, e)),
    }
}

/// The server's own executable, streamed from its file (`players::arena_binary`).
async fn arena_download() -> Response {
    let Some(bin) = arena_binary::current_async().await else {
        let why = "This server offers no arena executable: it is built for Linux x86-64 only; \
                   build arena from the repository (cargo build --release -p arena).";
        return (StatusCode::NOT_FOUND, why).into_response();
    };
    let file = match tokio::fs::File::open(&bin.path).await {
        Ok(f) => f,
        Err(e) => {
            tracing::error!("cannot open {}: {e}", bin.path.display());
            return (StatusCode::INTERNAL_SERVER_ERROR, "the executable cannot be read; try again later")
                .into_response();
        }
    };
    let chunks = futures::stream::unfold(Some(file), |file| async move {
        use tokio::io::AsyncReadExt;
        let mut file = file?;
        let mut buf = vec![0u8; 64 << 10];
        match file.read(&mut buf).await {
            Ok(0) => None,
            Ok(n) => {
                buf.truncate(n);
                Some((Ok(axum::body::Bytes::from(buf)), Some(file)))
            }
            Err(e) => Some((Err(e), None)),
        }
    });
    (
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"arena\"".to_string()),
            (header::CONTENT_LENGTH, bin.size.to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
        ],
        axum::body::Body::from_stream(chunks),
    )
        .into_response()
}

fn unknown_game(layout: &Layout, game: &str) -> PageError {
    let known: Vec<&str> = engine::catalog::games().iter().map(|g| g.name()).collect();
    PageError::not_found(layout, format!("This server plays no game called “{game}”. Games: {}.", known.join(", ")))
}

async fn starter_kit_zip(user: MaybeUser, csrf: Csrf, Path(game): Path<String>) -> Result<Response, PageError> {
    let layout = Layout::new(&user, &csrf);
    let found = engine::catalog::find(&game).ok_or_else(|| unknown_game(&layout, &game))?;
    let (Some(kit), Some(bytes)) = (starter_kit::kit_for(found.name()), starter_kit::zip_bytes(found.name())) else {
        return Err(PageError::not_found(&layout, format!("There is no starter kit for {}.", found.title())));
    };
    let bytes = bytes.map_err(|e| PageError::internal(&layout, e))?;
    let disposition = format!("attachment; filename=\"{}\"", kit.file_name());
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, CACHE.to_string()),
        ],
        bytes,
    )
        .into_response())
}

async fn doc_image(Path(file): Path<String>) -> Response {
    match picture(&file) {
        Some(bytes) => ([(header::CONTENT_TYPE, "image/png"), (header::CACHE_CONTROL, CACHE)], bytes).into_response(),
        None => (StatusCode::NOT_FOUND, "no such image").into_response(),
    }
}
