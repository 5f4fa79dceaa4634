//! A private PostgreSQL cluster under the data directory, started with the machine's `initdb` and
//! `pg_ctl`, so that `arena serve` works on a fresh machine with PostgreSQL installed and no
//! database set up. It listens on a Unix socket only (no port to collide with).
//!
//! Several arena processes may share the cluster (`arena serve` and `arena worker` on one data
//! directory, `arena admin` while the server runs), and one of them may die without stopping it
//! (`kill -9`). Two lock files beside the cluster's directory (`<data-dir>/pg.lock` and
//! `pg.start.lock`, `flock`) tell them apart:
//!
//! - every arena process using the cluster holds `pg.lock` shared for as long as it does (the
//!   kernel drops the lock when the process dies, however it dies);
//! - starting and stopping hold `pg.start.lock` exclusively, one process at a time;
//! - on start, a process that can take `pg.lock` exclusively knows that no live arena process
//!   uses the cluster: if it is running all the same, a previous server left it behind, so it is
//!   stopped (`pg_ctl stop -m fast`, said in the log) and started afresh as this process's. A
//!   process that cannot take it reuses the cluster the others run;
//! - on stop, the last arena process using the cluster (it can take `pg.lock` exclusively) stops
//!   it; the others leave it running for whoever still uses it.
//!
//! (A cluster started by hand with `pg_ctl` on that directory counts as a leftover: arena stops
//! it and starts its own.)

use anyhow::{bail, Context};
use sqlx::postgres::PgConnectOptions;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::process::Command;

const PORT: u16 = 5433;

/// A running private cluster.
#[derive(Debug)]
pub struct LocalCluster {
    pub dir: PathBuf,
    socket_dir: PathBuf,
    bin: PathBuf,
    /// Whether this process started it (else it uses the cluster of another live arena process).
    pub started_here: bool,
    /// Whether a previous arena process had left it running, and this one stopped it first.
    pub stopped_leftover: bool,
    locks: Locks,
}

/// The lock files beside the cluster's directory (see the module's documentation).
#[derive(Debug)]
struct Locks {
    /// Held shared by every process using the cluster.
    users: File,
    /// Held exclusively while starting or stopping it.
    start: File,
}

impl Locks {
    fn open(dir: &Path) -> anyhow::Result<Locks> {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "pg".into());
        let parent = dir.parent().unwrap_or(dir);
        let open = |file: String| {
            let path = parent.join(file);
            std::fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .with_context(|| format!("cannot open the lock file {}", path.display()))
        };
        Ok(Locks { users: open(format!("{name}.lock"))?, start: open(format!("{name}.start.lock"))? })
    }

    /// Takes the start lock, waiting for another process that is starting or stopping the
    /// cluster; released when the guard is dropped.
    async fn starting(&self) -> anyhow::Result<Held> {
        let mut waited = Duration::ZERO;
        while !flock(&self.start, Lock::ExclusiveNow)? {
            if waited == Duration::from_secs(1) {
                tracing::info!("waiting for another arena process to finish starting or stopping the private cluster");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            waited += Duration::from_millis(100);
        }
        // A duplicate descriptor shares the lock, so that the guard does not borrow `self`.
        Ok(Held(self.start.try_clone()?))
    }
}

/// A held lock, released on drop.
struct Held(File);

impl Drop for Held {
    fn drop(&mut self) {
        let _ = flock(&self.0, Lock::Unlock);
    }
}

#[derive(Clone, Copy)]
enum Lock {
    Shared,
    ExclusiveNow,
    Unlock,
}

/// `flock(2)` on `file`; false when `ExclusiveNow` finds the lock held by someone else.
#[cfg(unix)]
fn flock(file: &File, lock: Lock) -> std::io::Result<bool> {
    use std::os::unix::io::AsRawFd;
    let op = match lock {
        Lock::Shared => libc::LOCK_SH,
        Lock::ExclusiveNow => libc::LOCK_EX | libc::LOCK_NB,
        Lock::Unlock => libc::LOCK_UN,
    };
    loop {
        // SAFETY: the descriptor is open for the duration of the call (borrowed from `file`).
        if unsafe { libc::flock(file.as_raw_fd(), op) } == 0 {
            return Ok(true);
        }
        let e = std::io::Error::last_os_error();
        match e.kind() {
            std::io::ErrorKind::Interrupted => continue,
            std::io::ErrorKind::WouldBlock => return Ok(false),
            _ => return Err(e),
        }
    }
}

/// Without `flock`, every process behaves as the only one.
#[cfg(not(unix))]
fn flock(_file: &File, _lock: Lock) -> std::io::Result<bool> {
    Ok(true)
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
    /// Initialises the cluster if `dir` holds none, and starts it unless another live arena
    /// process runs it (a cluster left running by a dead one is stopped and started afresh).
    pub async fn start(dir: &Path) -> anyhow::Result<LocalCluster> {
        let bin = find_bin()?;
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let dir = dir.canonicalize()?;
        let locks = Locks::open(&dir)?;
        let starting = locks.starting().await?;
        // Unix socket paths are limited to about 100 bytes.
        let socket_dir = if dir.as_os_str().len() < 80 {
            dir.clone()
        } else {
            let d = std::env::temp_dir()
                .join(format!("arena-pg-{}", &crate::site::core::ids::sha256_hex(&dir.to_string_lossy())[..12]));
            std::fs::create_dir_all(&d)?;
            d
        };
        let mut cluster = LocalCluster { dir, socket_dir, bin, started_here: false, stopped_leftover: false, locks };
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
        let alone = flock(&cluster.locks.users, Lock::ExclusiveNow)?;
        let running = cluster.running().await;
        if !alone {
            flock(&cluster.locks.users, Lock::Shared)?;
            if running {
                tracing::info!(
                    dir = %cluster.dir.display(),
                    "using the private PostgreSQL cluster that another arena process runs"
                );
                drop(starting);
                return Ok(cluster);
            }
        } else if running {
            tracing::warn!(
                dir = %cluster.dir.display(),
                "a previous arena process left the private PostgreSQL cluster running (killed?): \
                 stopping it to start it afresh"
            );
            cluster.run("pg_ctl", &["stop", "-D", &cluster.path(), "-m", "fast", "-w"]).await?;
            cluster.stopped_leftover = true;
        }
        tracing::info!(dir = %cluster.dir.display(), "starting a private PostgreSQL cluster (pg_ctl)");
        let opts = format!("-k {} -p {PORT} -c listen_addresses=''", cluster.socket_dir.display());
        let log = cluster.dir.join("server.log").to_string_lossy().into_owned();
        cluster
            .run("pg_ctl", &["start", "-w", "-D", &cluster.path(), "-l", &log, "-o", &opts])
            .await
            .with_context(|| format!("the private PostgreSQL cluster did not start; its log is {log}"))?;
        cluster.started_here = true;
        if alone {
            // From exclusive to shared: not atomic, but whoever would take it exclusively in
            // between needs the start lock, which this process holds.
            flock(&cluster.locks.users, Lock::Shared)?;
        }
        drop(starting);
        Ok(cluster)
    }

    /// Whether the cluster is running (`pg_ctl status`: its postmaster.pid names a live process).
    pub async fn running(&self) -> bool {
        self.run("pg_ctl", &["status", "-D", &self.path()]).await.is_ok()
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

    /// This process is done with the cluster: stops it unless another live arena process uses
    /// it (whichever process started it).
    pub async fn stop(&self) -> anyhow::Result<()> {
        let _stopping = self.locks.starting().await?;
        // A failed conversion from shared to exclusive drops the shared lock too: this process is
        // leaving either way.
        let last = flock(&self.locks.users, Lock::ExclusiveNow)?;
        if last && self.running().await {
            self.run("pg_ctl", &["stop", "-D", &self.path(), "-m", "fast", "-w"]).await?;
        } else if !last {
            tracing::info!(
                dir = %self.dir.display(),
                "the private PostgreSQL cluster stays up: another arena process uses it"
            );
        }
        flock(&self.locks.users, Lock::Unlock)?;
        Ok(())
    }
}
