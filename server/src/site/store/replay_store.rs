//! Where replays live: objects in an object store, one per match (`<prefix>/<match_id>.replay`).
//!
//! The store is the `object_store` crate's: a well-kept library (the Apache Arrow project's, used
//! by DataFusion, Delta Lake and others) with one API over a local directory, S3 and S3-compatible
//! stores (MinIO, Ceph, R2...), and GCS or Azure if ever wanted. Its writes are atomic (a local
//! file is written aside and renamed), so a reader never sees half a replay. What `--replay-store`
//! (`ARENA_REPLAY_STORE`) accepts:
//!
//! - a plain path or `file:///abs/dir`: files in that directory, `<dir>/<match_id>.replay`
//!   (`--replay-dir` / `ARENA_REPLAY_DIR`, kept from before, is the same);
//! - `s3://bucket/prefix`: objects `prefix/<match_id>.replay` in an S3 bucket, with credentials,
//!   region and endpoint from the standard `AWS_*` variables (`AWS_ACCESS_KEY_ID`,
//!   `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, `AWS_ENDPOINT` and `AWS_ALLOW_HTTP=true` for MinIO...);
//! - `memory:`: in this process's memory (tests).
//!
//! Without either setting, replays go to `<data-dir>/replays`. Every process (server and workers)
//! must use the same store.
//!
//! Replays stored before, in the database's `replays` table, stay readable: a replay missing
//! from the store is looked up there. Pruning (`crate::site::store::retention`) deletes from both.
//!
//! When the store fails (a bucket that went away, an S3 outage past the client's retries), a
//! worker keeps the replay in that table instead, in the transaction that records the result
//! ([`keep_in_database`]), logs an error and counts it (`arena_replay_store_failures_total` on
//! `/metrics`): the match keeps its result and its replay stays downloadable, and an admin sees
//! the failure. At start, `arena serve`, `arena worker` and `arena admin prune` probe the store
//! ([`ReplayStore::check`]: write, read and delete a small object), so that wrong credentials or
//! a missing bucket are a clear error then rather than failed matches later.

use anyhow::{bail, Context};
use futures::StreamExt;
use object_store::path::Path as Key;
use object_store::{ObjectStore, ObjectStoreExt};
use sqlx::PgPool;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The replay store (cheap to clone).
#[derive(Clone, Debug)]
pub struct ReplayStore {
    store: Arc<dyn ObjectStore>,
    /// Keys are `<prefix>/<match_id>.replay` (no prefix: `<match_id>.replay`).
    prefix: Arc<Key>,
    /// For the start-up banner. (Shared: the store is cloned with the server's state on every
    /// request, which must not allocate.)
    describe: Arc<str>,
    /// The database, whose `replays` table holds the replays of older versions.
    legacy: PgPool,
}

impl ReplayStore {
    /// The store the settings name: `--replay-store`, else `--replay-dir`, else
    /// `<data-dir>/replays`.
    pub fn from_config(config: &crate::site::core::config::SiteConfig, pool: PgPool) -> anyhow::Result<ReplayStore> {
        match (&config.replay_store, &config.replay_dir) {
            (Some(_), Some(_)) => bail!("set --replay-store (ARENA_REPLAY_STORE) or --replay-dir, not both"),
            (Some(url), None) => ReplayStore::open(url, pool),
            (None, Some(dir)) => ReplayStore::directory(dir, pool),
            (None, None) => ReplayStore::directory(&config.data_dir.join("replays"), pool),
        }
    }

    /// The store a `--replay-store` value names (see the module's documentation).
    pub fn open(url: &str, pool: PgPool) -> anyhow::Result<ReplayStore> {
        let url = url.trim();
        if url == "memory:" || url == "memory://" {
            return Ok(ReplayStore::memory(pool));
        }
        if let Some(rest) = url.strip_prefix("s3://").or_else(|| url.strip_prefix("s3a://")) {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            if bucket.is_empty() {
                bail!("no bucket in the replay store {url:?} (s3://bucket/prefix)");
            }
            let endpoint = std::env::var("AWS_ENDPOINT").ok();
            return ReplayStore::s3(
                object_store::aws::AmazonS3Builder::from_env(),
                bucket,
                prefix,
                endpoint.as_deref(),
                pool,
            );
        }
        if let Some(path) = url.strip_prefix("file://") {
            if !path.starts_with('/') {
                bail!("a file:// replay store needs an absolute path (file:///abs/dir), not {url:?}");
            }
            return ReplayStore::directory(Path::new(path), pool);
        }
        if url.contains("://") || url.is_empty() {
            bail!("unsupported replay store {url:?}: use a directory, file:///abs/dir, s3://bucket/prefix or memory:");
        }
        ReplayStore::directory(Path::new(url), pool)
    }

    /// Objects `<prefix>/<match_id>.replay` in an S3 bucket, the client configured by `builder`
    /// (credentials, region, endpoint, retries); `endpoint` is only shown.
    pub fn s3(
        builder: object_store::aws::AmazonS3Builder,
        bucket: &str,
        prefix: &str,
        endpoint: Option<&str>,
        pool: PgPool,
    ) -> anyhow::Result<ReplayStore> {
        let url = format!("s3://{bucket}/{prefix}");
        let s3 = builder
            .with_bucket_name(bucket)
            .build()
            .with_context(|| format!("cannot set up the S3 replay store {url}"))?;
        let prefix = Key::parse(prefix.trim_matches('/'))
            .with_context(|| format!("the prefix in the replay store {url:?} is not a valid key"))?;
        let endpoint = endpoint.map(|e| format!(", endpoint {e}")).unwrap_or_default();
        let describe = format!("S3 bucket {bucket}, keys {}{endpoint}", key_pattern(&prefix));
        Ok(ReplayStore { store: Arc::new(s3), prefix: Arc::new(prefix), describe: describe.into(), legacy: pool })
    }

    /// Probes the store: writes, reads back and deletes a small object of its own. Wrong
    /// credentials, a missing bucket or an unreachable endpoint are an error that says so.
    pub async fn check(&self) -> anyhow::Result<()> {
        let key = Key::clone(&self.prefix).join(format!("arena-probe-{}", crate::site::core::ids::random_token(8)));
        let hint = "check the bucket's name, AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_REGION and AWS_ENDPOINT";
        let what = |step: &str, e: object_store::Error| {
            let hint = if self.describe.starts_with("S3") { hint } else { "check the directory's permissions" };
            anyhow::anyhow!("the replay store ({}) cannot {step}: {e}; {hint}", self.describe)
        };
        self.store.put(&key, b"arena".to_vec().into()).await.map_err(|e| what("be written", e))?;
        let back = self.store.get(&key).await.map_err(|e| what("be read", e))?;
        let bytes = back.bytes().await.map_err(|e| what("be read", e))?;
        anyhow::ensure!(
            &bytes[..] == b"arena",
            "the replay store ({}) gave back other bytes than written",
            self.describe
        );
        self.store.delete(&key).await.map_err(|e| what("delete", e))?;
        Ok(())
    }

    /// Files in `dir` (created if missing): `<dir>/<match_id>.replay`.
    pub fn directory(dir: &Path, pool: PgPool) -> anyhow::Result<ReplayStore> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the replay directory {}", dir.display()))?;
        let local = object_store::local::LocalFileSystem::new_with_prefix(dir)
            .with_context(|| format!("cannot use {} as the replay directory", dir.display()))?;
        let shown: PathBuf = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        Ok(ReplayStore {
            store: Arc::new(local),
            prefix: Arc::default(),
            describe: format!("files in {}", shown.display()).into(),
            legacy: pool,
        })
    }

    /// In this process's memory (tests).
    pub fn memory(pool: PgPool) -> ReplayStore {
        ReplayStore {
            store: Arc::new(object_store::memory::InMemory::new()),
            prefix: Arc::default(),
            describe: "in memory (lost at exit)".into(),
            legacy: pool,
        }
    }

    /// Where replays go, for the start-up banner.
    pub fn describe(&self) -> String {
        format!("{} (older replays also read from the database)", self.describe)
    }

    fn key(&self, match_id: i64) -> Key {
        Key::clone(&self.prefix).join(format!("{match_id}.replay"))
    }

    /// Stores a match's replay. Idempotent: a re-run of the same match replaces it whole, and a
    /// reader never sees half a replay (object stores' writes are atomic).
    pub async fn put(&self, match_id: i64, bytes: &[u8]) -> anyhow::Result<()> {
        self.store
            .put(&self.key(match_id), bytes.to_vec().into())
            .await
            .with_context(|| format!("cannot store the replay of match {match_id} ({})", self.describe))?;
        Ok(())
    }

    /// A match's replay, if stored (in the store, or in the database from older versions).
    /// A store that fails is no error for a replay kept in the database (one a worker could not
    /// store while the store was away).
    pub async fn get(&self, match_id: i64) -> anyhow::Result<Option<Vec<u8>>> {
        let failed = match self.store.get(&self.key(match_id)).await {
            Ok(found) => match found.bytes().await {
                Ok(bytes) => return Ok(Some(bytes.to_vec())),
                Err(e) => Some(e),
            },
            Err(object_store::Error::NotFound { .. }) => None,
            Err(e) => Some(e),
        };
        let kept: Option<Vec<u8>> = sqlx::query_scalar("SELECT bytes FROM replays WHERE match_id = $1")
            .bind(match_id)
            .fetch_optional(&self.legacy)
            .await?;
        match (kept, failed) {
            (Some(bytes), _) => Ok(Some(bytes)),
            (None, None) => Ok(None),
            (None, Some(e)) => {
                Err(e).with_context(|| format!("cannot read the replay of match {match_id} ({})", self.describe))
            }
        }
    }

    /// Deletes the replays of `match_ids` from the store (not from the database's table: the
    /// caller does that in its transaction). Replays already missing are no error.
    pub async fn delete(&self, match_ids: &[i64]) -> anyhow::Result<()> {
        let keys: Vec<object_store::Result<Key>> = match_ids.iter().map(|&id| Ok(self.key(id))).collect();
        let mut results = self.store.delete_stream(futures::stream::iter(keys).boxed());
        while let Some(r) = results.next().await {
            match r {
                Ok(_) | Err(object_store::Error::NotFound { .. }) => {}
                Err(e) => return Err(e).with_context(|| format!("cannot delete replays ({})", self.describe)),
            }
        }
        Ok(())
    }
}

/// Keeps a replay in the database's `replays` table (inside the transaction that records the
/// match), when the store could not take it: [`ReplayStore::get`] finds it there, and pruning
/// deletes it with the others.
pub async fn keep_in_database(conn: &mut sqlx::PgConnection, match_id: i64, bytes: &[u8]) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO replays (match_id, bytes) VALUES ($1, $2) ON CONFLICT (match_id) DO UPDATE SET bytes = $2",
    )
    .bind(match_id)
    .bind(bytes)
    .execute(conn)
    .await?;
    Ok(())
}

fn key_pattern(prefix: &Key) -> String {
    if prefix.as_ref().is_empty() {
        "<match>.replay".into()
    } else {
        format!("{prefix}/<match>.replay")
    }
}
