//! `arena view FILE`: serves the viewer and one replay on localhost, with the bots' stderr in
//! the viewer's panel when `arena run --keep-stderr` wrote it beside the replay.

use anyhow::Context;
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

use arena::web_assets::{content_type, web_file};

#[derive(clap::Args)]
pub struct ViewArgs {
    /// The replay to show.
    file: std::path::PathBuf,
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:0")]
    listen: String,
}

async fn static_file(Path(path): Path<String>) -> Response {
    match web_file(&path) {
        Some(bytes) => ([(header::CONTENT_TYPE, content_type(&path))], bytes).into_response(),
        None => (StatusCode::NOT_FOUND, format!("no such viewer file: {path}")).into_response(),
    }
}

pub fn view(a: ViewArgs) -> anyhow::Result<()> {
    let bytes = std::fs::read(&a.file).with_context(|| format!("cannot read {}", a.file.display()))?;
    // Refuse a damaged replay here too, with the same message the page would show.
    engine::replay::Replay::parse(&bytes).with_context(|| format!("{}", a.file.display()))?;
    if web_file("viewer.html").is_none() {
        anyhow::bail!("this build has no viewer (web/viewer.html was missing when arena was built)");
    }
    let side = arena::stderr_rounds::side_file(&a.file);
    let stderr: Option<Arc<Vec<u8>>> = match std::fs::read(&side) {
        Ok(json) => {
            serde_json::from_slice::<arena::stderr_rounds::MatchStderr>(&json)
                .with_context(|| format!("{} is not the stderr `arena run --keep-stderr` writes", side.display()))?;
            eprintln!("with the bots' stderr from {}", side.display());
            Some(Arc::new(json))
        }
        Err(_) => None,
    };
    let page: &'static str = if stderr.is_some() {
        "/viewer.html?replay=/replay.bin&stderr=/stderr.json"
    } else {
        "/viewer.html?replay=/replay.bin"
    };
    let replay: Arc<Vec<u8>> = Arc::new(bytes);
    let mut app = Router::new().route("/", get(move || async move { axum::response::Redirect::to(page) }));
    if let Some(json) = stderr {
        app = app.route(
            "/stderr.json",
            get(move || {
                let j = json.clone();
                async move { ([(header::CONTENT_TYPE, "application/json")], j.as_ref().clone()) }
            }),
        );
    }
    let app = app
        .route(
            "/replay.bin",
            get(move || {
                let r = replay.clone();
                async move { ([(header::CONTENT_TYPE, "application/octet-stream")], r.as_ref().clone()) }
            }),
        )
        .route("/{*path}", get(static_file));
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build()?;
    rt.block_on(async move {
        let listener =
            tokio::net::TcpListener::bind(&a.listen).await.with_context(|| format!("cannot listen on {}", a.listen))?;
        let addr = listener.local_addr()?;
        println!("viewer: http://{addr}{page}");
        eprintln!("serving {} until interrupted (Ctrl-C)", a.file.display());
        use std::io::Write;
        std::io::stdout().flush()?;
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
    })
}
