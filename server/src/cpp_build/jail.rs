//! The jail of a compile on the server: the compiler reads untrusted input (a player's source),
//! so each of its processes sees only the SDK, the toolchain and its own scratch directory.
//!
//! - **Files**: Landlock (through the `landlock` crate, the Landlock maintainers' binding). It
//!   needs no privilege and works inside containers (unlike mount namespaces or chroot, which a
//!   default Docker seccomp profile refuses), and a process cannot undo it. Read-only: the SDK
//!   directory, the compiler's installation and shared libraries, the WASI sysroot; read-write:
//!   the scratch directory. Everything else (`/etc/passwd`, `/proc/self/environ`, `/dev/zero`,
//!   the server's files) is refused by the kernel, which clang reports as a missing file.
//! - **Network**: Landlock's TCP rules (ABI 4+) forbid every bind and connect, and a fresh
//!   network namespace (`unshare(CLONE_NEWNET)`) when the host permits it. A host with neither
//!   cannot jail.
//! - **Resources**: rlimits on CPU time, address space, processes, file size, open files (no
//!   core dumps), a wall-clock limit, and a cap on the messages kept (`process.rs`).
//! - **Processes**: a fresh session and process group (`setsid`), killed as a whole on timeout
//!   and after the compile; `PR_SET_PDEATHSIG` so that a dying server takes its compiles along.
//! - **Environment**: cleared; only `PATH`, `TMPDIR` and `HOME` (the scratch directory), `LANG=C`.
//!
//! A host that cannot jail (no Landlock) gets `Err` from `cpp_build::probe_jail`: the server then
//! switches source uploads off. It never compiles a user's source unjailed.

use landlock::{
    path_beneath_rules, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr, RulesetCreatedAttr,
    RulesetStatus, ABI,
};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The limits of one compiler run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JailLimits {
    /// CPU seconds of each process (RLIMIT_CPU).
    pub cpu_secs: u64,
    /// Wall-clock limit of one command (the process group is killed then).
    pub wall: Duration,
    /// Address space of each process, in bytes (RLIMIT_AS).
    pub memory_bytes: u64,
    /// Processes of the jail's user (RLIMIT_NPROC): Linux counts every task of the user, the
    /// server's own threads included, so this is a ceiling well above them, not a budget (and it
    /// is not enforced for root). The compiler runs no user code; the process group, the CPU
    /// time and the wall clock bound what it starts.
    pub processes: u64,
    /// Largest file a process may write, in bytes (RLIMIT_FSIZE).
    pub file_bytes: u64,
    /// Open files per process (RLIMIT_NOFILE).
    pub open_files: u64,
    /// Compiler messages kept, in bytes; past this the compile is stopped.
    pub output_bytes: usize,
}

impl Default for JailLimits {
    fn default() -> JailLimits {
        JailLimits {
            cpu_secs: 60,
            // CPU time is the real bound; the wall clock only catches a compile that waits. A
            // 2,000-line player took 20 s of CPU and 73 s on a loaded 2-core machine.
            wall: Duration::from_secs(300),
            memory_bytes: 2 << 30,
            processes: 4096,
            file_bytes: 64 << 20,
            open_files: 256,
            output_bytes: 256 << 10,
        }
    }
}

/// A jail that works on this host: the read-only paths and the limits.
#[derive(Clone, Debug)]
pub struct Jail {
    pub limits: JailLimits,
    /// Read-only for the compiler: the toolchain, its libraries, the sysroot.
    read_only: Vec<PathBuf>,
    /// Whether Landlock forbids TCP (ABI 4+); otherwise the network namespace must.
    landlock_net: bool,
}

/// The Landlock ABI the jail asks for; newer kernels enforce all of it, older ones a part
/// (checked in `cpp_build::probe_jail`).
const WANTED_ABI: ABI = ABI::V5;

/// The shared libraries' directories and the loader, where they exist on this host.
const SYSTEM_LIBRARIES: &[&str] = &[
    "/lib64",
    "/usr/lib64",
    "/lib/x86_64-linux-gnu",
    "/usr/lib/x86_64-linux-gnu",
    "/lib/aarch64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
    "/etc/ld.so.cache",
];

impl Jail {
    /// A jail for `compiler` (its installation directory is readable) and `extra` read-only
    /// paths (the sysroot's directories), if this kernel has Landlock; `Err` says why not.
    /// [`super::probe_jail`] also runs the compiler inside once.
    pub fn for_compiler(compiler: &Path, extra: &[PathBuf], limits: JailLimits) -> Result<Jail, String> {
        let real = std::fs::canonicalize(compiler).map_err(|e| format!("cannot find {}: {e}", compiler.display()))?;
        // The installation: `<root>/bin/clang` reads `<root>/lib/...`.
        let root = real.parent().and_then(Path::parent).unwrap_or(Path::new("/")).to_path_buf();
        if root == Path::new("/") || root == Path::new("/usr") {
            // A compiler straight in /usr/bin: its headers and runtime are under /usr/lib/clang.
            return Err(format!(
                "{} is installed straight under {}: the jail would have to open all of it; use a \
                 versioned installation such as /usr/lib/llvm-19",
                real.display(),
                root.display()
            ));
        }
        let mut read_only = vec![root];
        read_only.extend(SYSTEM_LIBRARIES.iter().map(PathBuf::from).filter(|p| p.exists()));
        read_only.extend(extra.iter().filter(|p| p.exists()).cloned());
        let landlock_net = Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(AccessNet::from_all(ABI::V4))
            .and_then(|r| r.create())
            .is_ok();
        let fs_ok = Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(AccessFs::from_all(ABI::V1))
            .and_then(|r| r.create())
            .is_ok();
        if !fs_ok {
            return Err("the kernel has no Landlock (Linux 5.13 or later, with landlock in the LSM list)".into());
        }
        Ok(Jail { limits, read_only, landlock_net })
    }

    /// Sets `cmd` up to run jailed, with `scratch` read-write and `sdk` read-only: the
    /// environment, and the steps between fork and exec. Fails when the rules cannot be made.
    pub fn apply(&self, cmd: &mut Command, scratch: &Path, readable: &[&Path]) -> std::io::Result<()> {
        let err = |e: landlock::RulesetError| std::io::Error::other(e.to_string());
        let mut ruleset = Ruleset::default()
            .set_compatibility(CompatLevel::BestEffort)
            .handle_access(AccessFs::from_all(WANTED_ABI))
            .map_err(err)?;
        if self.landlock_net {
            ruleset = ruleset.handle_access(AccessNet::from_all(WANTED_ABI)).map_err(err)?;
        }
        let read = AccessFs::from_read(WANTED_ABI);
        let created = ruleset
            .create()
            .map_err(err)?
            .add_rules(path_beneath_rules(
                self.read_only.iter().map(PathBuf::as_path).chain(readable.iter().copied()),
                read,
            ))
            .map_err(err)?
            .add_rules(path_beneath_rules([scratch], AccessFs::from_all(WANTED_ABI)))
            .map_err(err)?;
        cmd.env_clear().env("PATH", "/usr/bin:/bin").env("TMPDIR", scratch).env("HOME", scratch).env("LANG", "C");
        let limits = self.limits.clone();
        let need_netns = !self.landlock_net;
        let mut created = Some(created);
        // SAFETY: between fork and exec only system calls run (setsid, prctl, setrlimit, unshare,
        // landlock_restrict_self): no allocation, no lock.
        unsafe {
            cmd.pre_exec(move || {
                if libc::setsid() < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong, 0, 0, 0);
                if libc::unshare(libc::CLONE_NEWNET) != 0 && need_netns {
                    return Err(std::io::Error::last_os_error());
                }
                set_limit(libc::RLIMIT_CPU, limits.cpu_secs, limits.cpu_secs + 1)?;
                set_limit(libc::RLIMIT_AS, limits.memory_bytes, limits.memory_bytes)?;
                set_limit(libc::RLIMIT_NPROC, limits.processes, limits.processes)?;
                set_limit(libc::RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes)?;
                set_limit(libc::RLIMIT_NOFILE, limits.open_files, limits.open_files)?;
                set_limit(libc::RLIMIT_CORE, 0, 0)?;
                let Some(ruleset) = created.take() else {
                    return Err(std::io::Error::from_raw_os_error(libc::EINVAL));
                };
                match ruleset.restrict_self() {
                    Ok(s) if s.ruleset != RulesetStatus::NotEnforced => Ok(()),
                    _ => Err(std::io::Error::from_raw_os_error(libc::EPERM)),
                }
            });
        }
        Ok(())
    }
}

fn set_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> std::io::Result<()> {
    let lim = libc::rlimit { rlim_cur: soft as libc::rlim_t, rlim_max: hard as libc::rlim_t };
    // SAFETY: a plain system call on a value on the stack.
    if unsafe { libc::setrlimit(resource, &lim) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// The message for a limit hit, naming the limit and its value.
pub(super) fn fmt_bytes(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}
