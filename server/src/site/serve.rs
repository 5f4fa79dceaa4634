//! `arena serve` (web server + workers + the schedulers' periodic work, i.e. the ladder) and
//! `arena worker` (workers, and the schedulers' periodic work unless --no-ladder).

use crate::site::core::config::SiteConfig;
use crate::site::state::AppState;
use crate::site::store::db;
use crate::site::store::replay_store::ReplayStore;
use anyhow::Context;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Opens the database (or starts the private cluster), loads the house bots and builds the state.
async fn start(config: SiteConfig, with_metrics: bool) -> anyhow::Result<(AppState, db::Database)> {
    if let Some(start) = config.seed_start {
        crate::site::core::ids::set_seed_sequence(start);
    }
    let workers = config.workers();
    let database = db::open(&config, (workers as u32) * 2 + 16).await?;
    crate::site::players::house_setup::ensure(&database.pool).await.context("cannot store the house bots")?;
    let replays = ReplayStore::from_config(&config, database.pool.clone())?;
    // Wrong credentials or a missing bucket: a clear error now, not failed matches later.
    replays.check().await?;
    let sandbox = Arc::new(config.sandbox()?);
    let metrics = if with_metrics { crate::site::metrics::install() } else { None };
    let state = AppState::new(database.pool.clone(), config, replays, sandbox, metrics);
    Ok((state, database))
}

fn banner(what: &str, state: &AppState, database: &db::Database, listen: Option<&str>) {
    let c = &state.config;
    let limits = c.limits();
    eprintln!("arena {what} {}", env!("CARGO_PKG_VERSION"));
    if let Some(l) = listen {
        eprintln!("  listening on     http://{l}/");
    }
    eprintln!("  database         {}", database.describe);
    eprintln!("  replays          {}", state.replays.describe());
    eprintln!("  retention        {}", crate::site::store::retention::Retention::from_config(c).describe());
    match c.workers() {
        0 => eprintln!("  workers          none in this process (--workers 0: web only)"),
        n => eprintln!("  workers          {n} in this process (lease {} s)", c.lease().as_secs()),
    }
    eprintln!(
        "  budgets          {} fuel per bot per match, {} MiB memory, {} MiB uploads",
        limits.fuel,
        limits.memory >> 20,
        limits.module_size >> 20
    );
    if let Some(start) = c.seed_start {
        eprintln!("  seeds            counting up from {start} (--seed-start), not random");
    }
    eprintln!(
        "  ladder           {}",
        if c.no_ladder { "off in this process".to_string() } else { format!("on, every {} ms", c.ladder_interval_ms) }
    );
    if listen.is_some() {
        // Probed now, so that the log says at start whether source uploads are on.
        match crate::site::players::compiles::jail() {
            Ok(_) => {
                eprintln!(
                    "  source uploads   on: compiled in a Landlock jail, {} at once; a request waits {} s, then answers with the compile's page",
                    c.compiles_per_process, c.source_upload_wait_secs
                )
            }
            Err(why) => eprintln!("  source uploads   OFF: this host cannot jail the compiler ({why})"),
        }
    }
}

fn spawn_workers(state: &AppState, stop: &Arc<AtomicBool>) -> Vec<tokio::task::JoinHandle<()>> {
    // Matches queued by any process wake this one's idle workers at once.
    tokio::spawn(crate::site::matches::queue::listen(state.pool.clone(), state.queue_signal.clone(), stop.clone()));
    let host = hostname();
    (0..state.config.workers())
        .map(|i| {
            let name = format!("{host}:{}:{i}", std::process::id());
            tokio::spawn(crate::site::worker::run(state.clone(), name, stop.clone()))
        })
        .collect()
}

fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok().map(|s| s.trim().to_string()))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "worker".into())
}

/// Starts the periodic work of every scheduler that has some in this process (the ladder, unless
/// --no-ladder).
fn spawn_schedulers(state: &AppState, stop: &Arc<AtomicBool>) {
    for &scheduler in crate::site::sources::SCHEDULERS {
        if let Some(every) = scheduler.tick_every(&state.config) {
            tokio::spawn(scheduler_loop(state.clone(), stop.clone(), scheduler, every));
        }
    }
}

/// Calls a scheduler's `tick` every `every` until `stop` is set, waking workers when it queued.
async fn scheduler_loop(
    state: AppState,
    stop: Arc<AtomicBool>,
    scheduler: &'static dyn crate::site::sources::Scheduler,
    every: Duration,
) {
    while !stop.load(Ordering::Relaxed) {
        match scheduler.tick(&state).await {
            Ok(0) => {}
            Ok(_) => state.queue_signal.notify_waiters(),
            Err(e) => tracing::warn!(error = %format!("{e:#}"), scheduler = scheduler.name(), "scheduling failed"),
        }
        tokio::time::sleep(every).await;
    }
}

/// Prunes what retention no longer keeps (`crate::site::store::retention`) now and then every hour, until `stop`.
fn spawn_retention(state: &AppState, stop: &Arc<AtomicBool>) {
    let (state, stop) = (state.clone(), stop.clone());
    let retention = crate::site::store::retention::Retention::from_config(&state.config);
    tokio::spawn(async move {
        while !stop.load(Ordering::Relaxed) {
            match crate::site::store::retention::prune(&state.pool, &state.replays, &retention, false).await {
                Ok(report) if report.is_empty() => {}
                Ok(report) => tracing::info!("retention: {}", report.to_string().replace('\n', "; ")),
                Err(e) => tracing::warn!(error = %format!("{e:#}"), "retention: pruning failed"),
            }
            tokio::time::sleep(crate::site::store::retention::EVERY).await;
        }
    });
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down");
}

async fn finish(stop: Arc<AtomicBool>, workers: Vec<tokio::task::JoinHandle<()>>, database: db::Database) {
    stop.store(true, Ordering::Relaxed);
    // A worker in the middle of a match finishes it (or its lease lapses and another re-runs it).
    let _ = tokio::time::timeout(Duration::from_secs(15), futures_join(workers)).await;
    database.pool.close().await;
    if let Some(c) = &database.cluster {
        if let Err(e) = c.stop().await {
            tracing::warn!(error = %format!("{e:#}"), "cannot stop the private cluster");
        }
    }
}

async fn futures_join(handles: Vec<tokio::task::JoinHandle<()>>) {
    for h in handles {
        let _ = h.await;
    }
}

/// `arena serve`.
pub async fn serve(listen: &str, config: SiteConfig) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(listen).await.with_context(|| format!("cannot listen on {listen}"))?;
    let local = listener.local_addr()?.to_string();
    let (state, database) = start(config, true).await?;
    banner("serve", &state, &database, Some(&local));
    let stop = Arc::new(AtomicBool::new(false));
    let workers = spawn_workers(&state, &stop);
    spawn_schedulers(&state, &stop);
    spawn_retention(&state, &stop);
    state.health.spawn_monitor(state.pool.clone(), stop.clone());
    let app = crate::site::web::router(state.clone());
    tracing::info!(address = %local, "serving");
    let app = app.into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, app).with_graceful_shutdown(shutdown_signal()).await?;
    finish(stop, workers, database).await;
    Ok(())
}

/// `arena worker`: workers (and, unless --no-ladder, the ladder scheduler) with no web server.
pub async fn worker(config: SiteConfig) -> anyhow::Result<()> {
    let (state, database) = start(config, false).await?;
    banner("worker", &state, &database, None);
    let stop = Arc::new(AtomicBool::new(false));
    let workers = spawn_workers(&state, &stop);
    spawn_schedulers(&state, &stop);
    shutdown_signal().await;
    finish(stop, workers, database).await;
    Ok(())
}
