//! Server settings, from flags and environment variables; printed at start.

use std::path::PathBuf;
use std::time::Duration;

/// Settings shared by `arena serve` and `arena worker`.
#[derive(clap::Args, Clone, Debug)]
pub struct SiteConfig {
    /// Postgres to use. Without it, a private cluster is started under `<data-dir>/pg` with the
    /// machine's initdb/pg_ctl.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Where the server keeps its private Postgres cluster (and replays, with --replay-dir unset
    /// it uses the database).
    #[arg(long, env = "ARENA_DATA_DIR", default_value = "var")]
    pub data_dir: PathBuf,
    /// Store replays as files in this directory (shared by every worker) instead of in Postgres.
    #[arg(long, env = "ARENA_REPLAY_DIR")]
    pub replay_dir: Option<PathBuf>,
    /// Match workers in this process (default: one per core).
    #[arg(long, env = "ARENA_WORKERS")]
    pub workers: Option<usize>,
    /// A worker's lease on a match, in seconds; it renews it every third of that. A match whose
    /// worker died is played again once the lease has run out.
    #[arg(long, env = "ARENA_LEASE_SECS", default_value_t = 30)]
    pub lease_secs: u64,
    /// CPU budget per bot per match, in fuel (default one second: 3·10^10).
    #[arg(long, env = "ARENA_FUEL")]
    pub fuel: Option<u64>,
    /// Memory cap per bot, in MiB.
    #[arg(long, env = "ARENA_MEMORY_MIB", default_value_t = 64)]
    pub memory_mib: usize,
    /// Largest accepted upload, in MiB.
    #[arg(long, env = "ARENA_MAX_UPLOAD_MIB", default_value_t = 16)]
    pub max_upload_mib: usize,
    /// Do not schedule ladder matches from this process.
    #[arg(long, env = "ARENA_NO_LADDER")]
    pub no_ladder: bool,
    /// How often the ladder scheduler tops up the queue, in milliseconds.
    #[arg(long, env = "ARENA_LADDER_INTERVAL_MS", default_value_t = 2000)]
    pub ladder_interval_ms: u64,
    /// How long the games list and leaderboards are served from memory before being read again,
    /// in milliseconds (0: always read). This process's own changes show at once.
    #[arg(long, env = "ARENA_PAGE_CACHE_MS", default_value_t = 1000)]
    pub page_cache_ms: u64,
    /// Seeds of new matches count up from this number instead of being drawn at random, so that
    /// a fresh server plays the same matches every time (demonstrations, tests).
    #[arg(long, env = "ARENA_SEED_START")]
    pub seed_start: Option<i64>,
    /// Compile bots inside the server process instead of a killable child (tests).
    #[arg(long, hide = true)]
    pub compile_in_process: bool,
}

impl SiteConfig {
    /// Settings for tests and embedding: defaults, a database URL, in-process compilation.
    pub fn for_tests(database_url: &str) -> SiteConfig {
        SiteConfig {
            database_url: Some(database_url.to_string()),
            data_dir: PathBuf::from("var"),
            replay_dir: None,
            workers: Some(1),
            lease_secs: 30,
            fuel: None,
            memory_mib: 64,
            max_upload_mib: 16,
            no_ladder: true,
            ladder_interval_ms: 2000,
            page_cache_ms: 0,
            seed_start: None,
            compile_in_process: true,
        }
    }

    pub fn workers(&self) -> usize {
        self.workers.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)).max(1)
    }

    /// A fresh set of read caches with these settings.
    pub fn read_cache(&self) -> super::cache::ReadCache {
        super::cache::ReadCache::new(Duration::from_millis(self.page_cache_ms))
    }

    pub fn lease(&self) -> Duration {
        Duration::from_secs(self.lease_secs.max(3))
    }

    pub fn limits(&self) -> sandbox::Limits {
        let mut l = sandbox::Limits::default();
        if let Some(f) = self.fuel {
            l.fuel = f;
        }
        l.memory = self.memory_mib << 20;
        l.module_size = self.max_upload_mib << 20;
        l
    }

    /// A sandbox with these limits. Untrusted modules compile in a child process (`arena
    /// __compile-worker`, killed at the limit) unless `compile_in_process`.
    pub fn sandbox(&self) -> anyhow::Result<sandbox::Sandbox> {
        let sb = sandbox::Sandbox::new(self.limits()).map_err(|e| anyhow::anyhow!("cannot start the sandbox: {e}"))?;
        if self.compile_in_process {
            return Ok(sb);
        }
        Ok(match std::env::current_exe() {
            Ok(program) => sb
                .with_compile_mode(sandbox::CompileMode::Subprocess { program, args: vec!["__compile-worker".into()] }),
            Err(_) => sb,
        })
    }
}
