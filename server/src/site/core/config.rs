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
    /// Where the server keeps its private Postgres cluster (`<data-dir>/pg`) and, unless
    /// --replay-store says otherwise, replays (`<data-dir>/replays`).
    #[arg(long, env = "ARENA_DATA_DIR", default_value = "var")]
    pub data_dir: PathBuf,
    /// Store replays as files in this directory (shared by every worker); the same as
    /// --replay-store with a path.
    #[arg(long, env = "ARENA_REPLAY_DIR")]
    pub replay_dir: Option<PathBuf>,
    /// Where replays go: a directory (a path or file:///abs/dir), s3://bucket/prefix (credentials,
    /// region and endpoint from the AWS_* variables) or memory: (default `<data-dir>/replays`).
    /// Every server and worker process must use the same store.
    #[arg(long, env = "ARENA_REPLAY_STORE")]
    pub replay_store: Option<String>,
    /// Ladder matches' replays are deleted this many days after the match (0: kept forever).
    /// Qualification and tournament replays are always kept.
    #[arg(long, env = "ARENA_KEEP_LADDER_REPLAYS_DAYS", default_value_t = 30)]
    pub keep_ladder_replays_days: u32,
    /// Bots' stderr is deleted this many days after the match, for every kind of match (0: kept
    /// forever).
    #[arg(long, env = "ARENA_KEEP_STDERR_DAYS", default_value_t = 30)]
    pub keep_stderr_days: u32,
    /// Match workers in this process (default: one per core; 0: a web-only process that plays no
    /// match, for when `arena worker` processes play them).
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
    /// How long a session cookie's or API token's owner is remembered before being read again,
    /// in milliseconds (0: always read). Log-outs and admin changes in this process show at
    /// once; in other processes within that time.
    #[arg(long, env = "ARENA_SESSION_CACHE_MS", default_value_t = 2000)]
    pub session_cache_ms: u64,
    /// Seeds of new matches count up from this number instead of being drawn at random, so that
    /// a fresh server plays the same matches every time (demonstrations, tests).
    #[arg(long, env = "ARENA_SEED_START")]
    pub seed_start: Option<i64>,
    /// Compile bots inside the server process instead of a killable child (tests).
    #[arg(long, hide = true)]
    pub compile_in_process: bool,
    /// Where compiled bots are kept, so that a restarted server or worker does not compile them
    /// again (default `<data-dir>/module-cache`; `off`: no cache). Bounded to 2 GiB.
    #[arg(long, value_name = "DIR", env = "ARENA_MODULE_CACHE")]
    pub module_cache: Option<PathBuf>,
    /// Compile every bot afresh, without the module cache.
    #[arg(long)]
    pub no_module_cache: bool,
    /// The server is behind a reverse proxy: trust its `X-Forwarded-For` (the client's address,
    /// for log-in throttling) and `X-Forwarded-Proto` (`https` makes cookies Secure). Without
    /// it both headers are ignored, since any client can send them.
    #[arg(long, env = "ARENA_BEHIND_PROXY")]
    pub behind_proxy: bool,
    /// Failed log-ins allowed per account in 15 minutes before it answers 429 (they come back
    /// one by one over the 15 minutes).
    #[arg(long, env = "ARENA_LOGIN_FAILURES_PER_ACCOUNT", default_value_t = 10)]
    pub login_failures_per_account: u32,
    /// Failed log-ins allowed per client address in 15 minutes (a classroom shares one address).
    #[arg(long, env = "ARENA_LOGIN_FAILURES_PER_ADDRESS", default_value_t = 100)]
    pub login_failures_per_address: u32,
    /// Accounts created per client address per hour.
    #[arg(long, env = "ARENA_SIGNUPS_PER_ADDRESS", default_value_t = 20)]
    pub signups_per_address: u32,
    /// Bots of one user that may be qualifying at once; a further upload is refused until one
    /// is done.
    #[arg(long, env = "ARENA_MAX_QUALIFYING_PER_USER", default_value_t = 3)]
    pub max_qualifying_per_user: u32,
    /// Uploads per user per day (across games).
    #[arg(long, env = "ARENA_MAX_UPLOADS_PER_DAY", default_value_t = 50)]
    pub max_uploads_per_day: u32,
    /// How much lower than the web's the match threads' scheduling priority is (a Linux nice
    /// increment, 0 to 19; 0: the same): pages are answered first when the machine is busy.
    /// Fuel, not time, is the bots' budget, so results do not depend on it.
    #[arg(long, env = "ARENA_MATCH_NICE", default_value_t = 10, value_parser = clap::value_parser!(i32).range(0..=19))]
    pub match_nice: i32,
    /// Practice matches one user may have waiting or running at once.
    #[arg(long, env = "ARENA_MAX_PRACTICE_WAITING", default_value_t = 3)]
    pub max_practice_waiting: u32,
    /// Practice matches one user may ask for in 24 hours.
    #[arg(long, env = "ARENA_MAX_PRACTICE_PER_DAY", default_value_t = 100)]
    pub max_practice_per_day: u32,
    /// Modules of qualified bots can be downloaded by signed-in players (`/modules/<hash>.wasm`),
    /// so that anyone can play a match again on their machine; off keeps them private (a player
    /// then downloads only their own modules and the house bots).
    #[arg(long, env = "ARENA_PRIVATE_MODULES")]
    pub private_modules: bool,
    /// Source uploads (`AIName.cc`) one process compiles at once; each compile runs in a jail.
    #[arg(long, env = "ARENA_COMPILES_PER_PROCESS", default_value_t = 1)]
    pub compiles_per_process: usize,
    /// Source uploads one user may have waiting or compiling at once.
    #[arg(long, env = "ARENA_MAX_COMPILES_WAITING", default_value_t = 2)]
    pub max_compiles_waiting: u32,
    /// Seconds a source upload's request waits for its compile before it answers with the
    /// compile's page (`/me/compiles/<id>`, 202 on the API); the upload goes on in the background.
    /// Under a reverse proxy's read timeout.
    #[arg(long = "source-upload-wait", env = "ARENA_SOURCE_UPLOAD_WAIT", default_value_t = 20)]
    pub source_upload_wait_secs: u64,
}

impl SiteConfig {
    /// Settings for tests and embedding: defaults, a database URL, in-process compilation.
    pub fn for_tests(database_url: &str) -> SiteConfig {
        SiteConfig {
            database_url: Some(database_url.to_string()),
            data_dir: PathBuf::from("var"),
            replay_dir: None,
            replay_store: None,
            keep_ladder_replays_days: 30,
            keep_stderr_days: 30,
            workers: Some(1),
            lease_secs: 30,
            fuel: None,
            memory_mib: 64,
            max_upload_mib: 16,
            no_ladder: true,
            ladder_interval_ms: 2000,
            page_cache_ms: 0,
            session_cache_ms: 0,
            seed_start: None,
            compile_in_process: true,
            module_cache: None,
            no_module_cache: true,
            behind_proxy: false,
            login_failures_per_account: 10,
            login_failures_per_address: 100,
            signups_per_address: 1000,
            max_qualifying_per_user: 3,
            max_uploads_per_day: 50,
            match_nice: 0,
            max_practice_waiting: 3,
            max_practice_per_day: 100,
            private_modules: false,
            compiles_per_process: 1,
            max_compiles_waiting: 2,
            // Tests expect the answer of the compile itself unless they ask for less.
            source_upload_wait_secs: 600,
        }
    }

    pub fn workers(&self) -> usize {
        // `--workers 0`: a web-only process (other processes run the matches).
        self.workers.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1).max(1))
    }

    /// How long a source upload's request waits for its compile (`--source-upload-wait`).
    pub fn source_upload_wait(&self) -> Duration {
        Duration::from_secs(self.source_upload_wait_secs)
    }

    pub fn lease(&self) -> Duration {
        Duration::from_secs(self.lease_secs.max(3))
    }

    pub fn limits(&self) -> sandbox::Limits {
        let mut l = sandbox::Limits::default();
        if let Some(f) = self.fuel {
            l.fuel = f;
            // The CPU-time backstop scales with the budget.
            l.cpu_time = sandbox::cpu_backstop(f);
        }
        l.memory = self.memory_mib << 20;
        l.module_size = self.max_upload_mib << 20;
        l
    }

    /// The module cache's directory, `None` when turned off.
    pub fn module_cache_dir(&self) -> Option<PathBuf> {
        match &self.module_cache {
            _ if self.no_module_cache => None,
            Some(d) if d.as_os_str() == "off" => None,
            Some(d) => Some(d.clone()),
            None => Some(self.data_dir.join("module-cache")),
        }
    }

    /// A sandbox with these limits and the module cache (checked before compiling). Untrusted
    /// modules compile in a child process (`arena __compile-worker`, killed at the limit) unless
    /// `compile_in_process`.
    pub fn sandbox(&self) -> anyhow::Result<sandbox::Sandbox> {
        let mut sb =
            sandbox::Sandbox::new(self.limits()).map_err(|e| anyhow::anyhow!("cannot start the sandbox: {e}"))?;
        if let Some(dir) = self.module_cache_dir() {
            sb = sb.with_module_cache(dir);
        }
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
