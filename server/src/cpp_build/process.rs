//! Running one compiler or linker command: its stdout and stderr merged into one pipe and handed
//! over line by line (so that `arena build` shows them as they come and the server keeps them),
//! its CPU time and peak memory measured (`wait4`'s rusage), and, when jailed, its wall clock
//! and its messages' size bounded: past either, its whole process group is killed.

use super::jail::{fmt_bytes, Jail};
use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What one command used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// User and system CPU time of the command and the children it waited for.
    pub cpu: Duration,
    /// Wall-clock time.
    pub wall: Duration,
    /// Peak resident memory of its largest process, in bytes.
    pub peak_memory: u64,
}

impl Usage {
    /// Sums the times; keeps the larger peak.
    pub fn add(&mut self, other: Usage) {
        self.cpu += other.cpu;
        self.wall += other.wall;
        self.peak_memory = self.peak_memory.max(other.peak_memory);
    }
}

/// How a command ended.
#[derive(Debug)]
pub struct Output {
    pub status: ExitStatus,
    pub usage: Usage,
    /// A jail's limit the command hit, as a sentence naming the limit and its value.
    pub limit: Option<String>,
}

/// The longest message line handed over; the rest of a longer line is dropped.
const MAX_LINE: usize = 16 << 10;

/// Runs `cmd`, handing each line of its messages to `on_line`. With a jail (the jail, the
/// scratch directory, other readable paths), the command runs inside it, under its limits.
pub fn run(
    mut cmd: Command,
    jail: Option<(&Jail, &Path, &[&Path])>,
    on_line: &mut dyn FnMut(&[u8]),
) -> std::io::Result<Output> {
    let (mut reader, writer) = std::io::pipe()?;
    cmd.stdin(Stdio::null()).stdout(writer.try_clone()?).stderr(writer);
    if let Some((j, scratch, readable)) = jail {
        j.apply(&mut cmd, scratch, readable)?;
    }
    let start = Instant::now();
    let child = cmd.spawn();
    // The command holds the pipe's writing ends: dropped, so that the reader sees the end.
    drop(cmd);
    let child = child?;
    let pid = child.id() as libc::pid_t;
    let limits = jail.map(|(j, _, _)| j.limits.clone());

    // The watchdog: kills the process group when the wall clock runs out.
    let timed_out = Arc::new(AtomicBool::new(false));
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let watchdog = limits.as_ref().map(|l| {
        let (wall, timed_out) = (l.wall, timed_out.clone());
        std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = done_rx.recv_timeout(wall) {
                timed_out.store(true, Ordering::SeqCst);
                kill_group(pid);
            }
        })
    });

    let cap = limits.as_ref().map_or(usize::MAX, |l| l.output_bytes);
    let mut total = 0usize;
    let mut over_cap = false;
    let mut out_of_memory = false;
    let mut line: Vec<u8> = Vec::new();
    let mut buf = vec![0u8; 64 << 10];
    let mut crashed = false;
    let mut flush = |line: &mut Vec<u8>, out_of_memory: &mut bool| {
        let text = String::from_utf8_lossy(line);
        if text.contains("out of memory") || text.contains("std::bad_alloc") || text.contains("Allocation failed") {
            *out_of_memory = true;
        }
        if text.contains("PLEASE submit a bug report") || text.contains("failed due to signal") {
            crashed = true;
        }
        on_line(line);
        line.clear();
    };
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        total += n;
        if total > cap {
            over_cap = true;
            kill_group(pid);
            break;
        }
        for &b in &buf[..n] {
            if b == b'\n' {
                flush(&mut line, &mut out_of_memory);
            } else if line.len() < MAX_LINE {
                line.push(b);
            }
        }
    }
    if !line.is_empty() && !over_cap {
        flush(&mut line, &mut out_of_memory);
    }
    drop(reader);
    let (status, usage) = wait(pid)?;
    let wall = start.elapsed();
    drop(done_tx);
    if let Some(w) = watchdog {
        let _ = w.join();
    }
    if jail.is_some() {
        // Whatever the command left in its group goes with it.
        kill_group(pid);
    }
    let usage = Usage { wall, ..usage };
    let limit = limits.and_then(|l| {
        let signal = status.signal();
        if timed_out.load(Ordering::SeqCst) {
            Some(format!("time limit: the compile ran longer than {} s", l.wall.as_secs()))
        } else if over_cap {
            Some(format!("output limit: the compiler wrote more than {} of messages", fmt_bytes(l.output_bytes as u64)))
        } else if status.success() {
            None
        } else if signal == Some(libc::SIGXCPU) || usage.cpu.as_secs() >= l.cpu_secs {
            // clang runs its front end in-process and reports a SIGXCPU there as a crash.
            Some(format!("CPU time limit: the compile used more than {} s of CPU", l.cpu_secs))
        } else if signal == Some(libc::SIGXFSZ) {
            Some(format!("file size limit: the compiler tried to write a file over {}", fmt_bytes(l.file_bytes)))
        } else if out_of_memory || crashed || signal.is_some() {
            Some(format!(
                "memory limit: the compiler {} (the limit is {})",
                if out_of_memory { "ran out of memory" } else { "crashed, most likely for want of memory" },
                fmt_bytes(l.memory_bytes)
            ))
        } else {
            None
        }
    });
    Ok(Output { status, usage, limit })
}

/// Waits for `pid`; its exit status and resource usage.
fn wait(pid: libc::pid_t) -> std::io::Result<(ExitStatus, Usage)> {
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain data, filled in by the kernel.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: waits for our own child, writing into the two locals.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut ru) };
        if r == pid {
            break;
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    let tv = |t: libc::timeval| Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
    let usage = Usage {
        cpu: tv(ru.ru_utime) + tv(ru.ru_stime),
        wall: Duration::ZERO,
        // Linux reports ru_maxrss in KiB.
        peak_memory: (ru.ru_maxrss as u64) * 1024,
    };
    Ok((ExitStatus::from_raw(status), usage))
}

/// Kills the process group `pgid` (a jailed command leads its own).
fn kill_group(pgid: libc::pid_t) {
    // SAFETY: a signal to a process group we created; ESRCH (none left) is fine.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}
