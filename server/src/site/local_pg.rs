//! A private PostgreSQL cluster under the data directory, started with the machine's `initdb` and
//! `pg_ctl`, so that `arena serve` works on a fresh machine with PostgreSQL installed and no
//! database set up. It listens on a Unix socket only (no port to collide with).

use anyhow::{bail, Context};
use sqlx::postgres::PgConnectOptions;
use std::path::{Path, PathBuf};
use tokio::process::Command;

const PORT: u16 = 5433;

/// A running private cluster.
#[derive(Debug)]
pub struct LocalCluster {
    pub dir: PathBuf,
    socket_dir: PathBuf,
    bin: PathBuf,
    /// Whether this process started it (and so stops it at shutdown).
    pub started_here: bool,
}

/// The directory holding initdb and pg_ctl: PATH first, then Debian's /usr/lib/postgresql/N/bin
/// (newest N).
fn find_bin() -> anyhow::Result<PathBuf> {
    if let Some(path) = std::env::var_os("PATH") {
        for d in std::env::split_paths(&path) {
            if d.join("initdb").is_file() && d.join("pg_ctl").is_file() {
                return Ok(d);
            }
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
        .filter(|(_, bin): &(u32, PathBuf)| bin.join("initdb").is_file())
        .collect();
    versions.sort();
    match versions.pop() {
        Some((_, bin)) => Ok(bin),
        None => bail!(
            "no DATABASE_URL, and PostgreSQL's initdb/pg_ctl are not installed to start a private cluster: \
             install PostgreSQL (apt install postgresql) or set DATABASE_URL"
        ),
    }
}

fn is_root() -> bool {
    #[cfg(unix)]
    // SAFETY: geteuid has no preconditions.
    unsafe {
        libc::geteuid() == 0
    }
    #[cfg(not(unix))]
    false
}

impl LocalCluster {
    /// Initialises the cluster if `dir` holds none, and starts it unless it is running.
    pub async fn start(dir: &Path) -> anyhow::Result<LocalCluster> {
        let bin = find_bin()?;
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let dir = dir.canonicalize()?;
        // Unix socket paths are limited to about 100 bytes.
        let socket_dir = if dir.as_os_str().len() < 80 {
            dir.clone()
        } else {
            let d = std::env::temp_dir().join(format!("arena-pg-{}", &super::sha256_hex(&dir.to_string_lossy())[..12]));
            std::fs::create_dir_all(&d)?;
            d
        };
        let mut cluster = LocalCluster { dir, socket_dir, bin, started_here: false };
        if is_root() {
            // PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
            for d in [&cluster.dir, &cluster.socket_dir] {
                let status = std::process::Command::new("chown").arg("postgres:postgres").arg(d).status()?;
                if !status.success() {
                    bail!(
                        "running as root, and cannot give {} to the postgres user (is PostgreSQL installed?)",
                        d.display()
                    );
                }
            }
        }
        if !cluster.dir.join("PG_VERSION").is_file() {
            tracing::info!(dir = %cluster.dir.display(), "initialising a private PostgreSQL cluster (initdb)");
            cluster
                .run(
                    "initdb",
                    &["-D", &cluster.path(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-instructions"],
                )
                .await?;
        }
        if cluster.socket_dir.join(format!(".s.PGSQL.{PORT}")).exists()
            && cluster.run("pg_ctl", &["status", "-D", &cluster.path()]).await.is_ok()
        {
            tracing::info!(dir = %cluster.dir.display(), "using the private PostgreSQL cluster already running");
            return Ok(cluster);
        }
        tracing::info!(dir = %cluster.dir.display(), "starting a private PostgreSQL cluster (pg_ctl)");
        let opts = format!("-k {} -p {PORT} -c listen_addresses=''", cluster.socket_dir.display());
        let log = cluster.dir.join("server.log").to_string_lossy().into_owned();
        cluster
            .run("pg_ctl", &["start", "-w", "-D", &cluster.path(), "-l", &log, "-o", &opts])
            .await
            .with_context(|| format!("the private PostgreSQL cluster did not start; its log is {log}"))?;
        cluster.started_here = true;
        Ok(cluster)
    }

    fn path(&self) -> String {
        self.dir.to_string_lossy().into_owned()
    }

    async fn run(&self, program: &str, args: &[&str]) -> anyhow::Result<()> {
        let exe = self.bin.join(program);
        let mut cmd = if is_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        let out = cmd
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .await
            .with_context(|| format!("cannot run {}", exe.display()))?;
        if !out.status.success() {
            bail!(
                "{program} failed: {}{}",
                String::from_utf8_lossy(&out.stderr).trim(),
                String::from_utf8_lossy(&out.stdout).trim()
            );
        }
        Ok(())
    }

    /// Connection options for `database` on this cluster.
    pub fn options(&self, database: &str) -> PgConnectOptions {
        PgConnectOptions::new().socket(&self.socket_dir).port(PORT).username("postgres").database(database)
    }

    /// Stops the cluster if this process started it.
    pub async fn stop(&self) -> anyhow::Result<()> {
        if self.started_here {
            self.run("pg_ctl", &["stop", "-D", &self.path(), "-m", "fast", "-w"]).await?;
        }
        Ok(())
    }
}
