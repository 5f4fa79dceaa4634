//! The database: connecting (to `DATABASE_URL` or a private cluster) and migrating.

use crate::site::core::config::SiteConfig;
use crate::site::store::local_pg::LocalCluster;
use anyhow::Context;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, PgPool};
use std::str::FromStr;

/// The schema, from `migrations/` (embedded in the binary).
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// A connected, migrated database, and the private cluster behind it if we started one.
pub struct Database {
    pub pool: PgPool,
    /// Where it is, for the start-up banner (no password).
    pub describe: String,
    pub cluster: Option<LocalCluster>,
}

/// Connects to `config.database_url`, or starts (or reuses) the private cluster under
/// `<data-dir>/pg`; creates the database if it is missing; applies migrations.
pub async fn open(config: &SiteConfig, max_connections: u32) -> anyhow::Result<Database> {
    let (options, cluster) = match &config.database_url {
        Some(url) => (PgConnectOptions::from_str(url).context("DATABASE_URL is not a valid Postgres URL")?, None),
        None => {
            let cluster = LocalCluster::start(&config.data_dir.join("pg")).await?;
            (cluster.options("arena"), Some(cluster))
        }
    };
    create_database_if_missing(&options).await?;
    let describe = match &cluster {
        Some(c) => format!("private cluster in {} (database arena)", c.dir.display()),
        None => format!(
            "{}:{} database {}",
            options.get_host(),
            options.get_port(),
            options.get_database().unwrap_or("(default)")
        ),
    };
    let pool = PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(crate::site::store::db_health::ACQUIRE_TIMEOUT)
        .connect_with(options.clone())
        .await
        .with_context(|| format!("cannot connect to Postgres at {describe}"))?;
    MIGRATOR.run(&pool).await.context("cannot apply the migrations in migrations/")?;
    Ok(Database { pool, describe, cluster })
}

/// Creates the options' database through the `postgres` maintenance database when it does not
/// exist yet (a fresh cluster, or a fresh name in DATABASE_URL).
pub async fn create_database_if_missing(options: &PgConnectOptions) -> anyhow::Result<()> {
    let Some(name) = options.get_database().map(str::to_string) else { return Ok(()) };
    let admin = options.clone().database("postgres");
    let mut conn = admin.connect().await.with_context(|| {
        format!(
            "cannot connect to Postgres at {}:{} (is it running? `pg_ctlcluster 15 main start`, or unset \
             DATABASE_URL to let arena start a private cluster)",
            options.get_host(),
            options.get_port()
        )
    })?;
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
        .bind(&name)
        .fetch_one(&mut conn)
        .await?;
    if !exists {
        let quoted = format!("\"{}\"", name.replace('"', "\"\""));
        if let Err(e) = sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {quoted}"))).execute(&mut conn).await {
            // Another process may have created it meanwhile.
            let again: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
                .bind(&name)
                .fetch_one(&mut conn)
                .await?;
            if !again {
                return Err(e).context(format!("cannot create database {name}"));
            }
        }
    }
    Ok(())
}
