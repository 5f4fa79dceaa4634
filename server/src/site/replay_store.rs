//! Where replays live: in Postgres (the default, nothing else to share between machines) or as
//! files in a directory every worker can reach (`ARENA_REPLAY_DIR`).

use sqlx::PgPool;
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub enum ReplayStore {
    Database(PgPool),
    Directory(PathBuf),
}

impl ReplayStore {
    pub fn describe(&self) -> String {
        match self {
            ReplayStore::Database(_) => "in the database (table replays)".into(),
            ReplayStore::Directory(d) => format!("files in {}", d.display()),
        }
    }

    fn path(dir: &std::path::Path, match_id: i64) -> PathBuf {
        dir.join(format!("{match_id}.replay"))
    }

    /// Stores a match's replay. Idempotent: a re-run of the same match replaces it whole (files
    /// are written aside and renamed, so a reader never sees half a replay).
    pub async fn put(&self, match_id: i64, bytes: &[u8]) -> anyhow::Result<()> {
        match self {
            ReplayStore::Database(pool) => {
                sqlx::query(
                    "INSERT INTO replays (match_id, bytes) VALUES ($1, $2)
                     ON CONFLICT (match_id) DO UPDATE SET bytes = EXCLUDED.bytes",
                )
                .bind(match_id)
                .bind(bytes)
                .execute(pool)
                .await?;
            }
            ReplayStore::Directory(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                let tmp = dir.join(format!(".{match_id}.{}.tmp", super::random_token(6)));
                tokio::fs::write(&tmp, bytes).await?;
                tokio::fs::rename(&tmp, Self::path(dir, match_id)).await?;
            }
        }
        Ok(())
    }

    /// A match's replay, if stored.
    pub async fn get(&self, match_id: i64) -> anyhow::Result<Option<Vec<u8>>> {
        match self {
            ReplayStore::Database(pool) => Ok(sqlx::query_scalar("SELECT bytes FROM replays WHERE match_id = $1")
                .bind(match_id)
                .fetch_optional(pool)
                .await?),
            ReplayStore::Directory(dir) => match tokio::fs::read(Self::path(dir, match_id)).await {
                Ok(b) => Ok(Some(b)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e.into()),
            },
        }
    }
}
