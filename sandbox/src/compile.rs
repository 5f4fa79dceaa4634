//! Compiling a module under a time limit. Cranelift cannot be interrupted, and a crafted module
//! can take seconds to compile, so the server compiles in a child process it can kill
//! ([`CompileMode::Subprocess`], running [`compile_worker_main`]) and bounds its CPU time
//! (`RLIMIT_CPU`): a busy machine slows a compile down but refuses no module an idle one takes.
//! Tests and the local runner may compile in a thread ([`CompileMode::InProcess`]), which only
//! stops *waiting* at the wall-clock limit.

use crate::check::LoadError;
use crate::config::{self, EngineParams};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};
use wasmtime::{Engine, Module};

/// Where modules are compiled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CompileMode {
    /// In a thread of this process. At the timeout the load fails but the thread runs on until
    /// the compiler finishes: fine for tests and the local runner, not for a server.
    #[default]
    InProcess,
    /// In a child process that runs [`compile_worker_main`] (`arena` has a hidden subcommand for
    /// it): the wasm goes to its stdin, the compiled artifact comes back on its stdout, and the
    /// whole process group is killed at the timeout.
    Subprocess { program: PathBuf, args: Vec<String> },
}

/// The start of the worker's input: a magic line, then the engine parameters, then the wasm.
const WORKER_MAGIC: &[u8; 16] = b"ARENA-COMPILE-1\n";
/// The worker's stderr kept for the error message.
const WORKER_STDERR_CAP: usize = 16 << 10;

/// A compiled module and, when it came from the compile worker, the artifact it was loaded
/// from (what the on-disk cache stores; an in-process compile is serialized only if needed).
pub(crate) struct Compiled {
    pub module: Module,
    pub artifact: Option<Vec<u8>>,
}

pub(crate) fn compile(
    engine: &Engine,
    params: &EngineParams,
    mode: &CompileMode,
    bytes: &[u8],
    limits: &crate::Limits,
) -> Result<Compiled, LoadError> {
    let timeout = limits.compile_timeout;
    match mode {
        CompileMode::InProcess => Ok(Compiled { module: in_process(engine, bytes, timeout)?, artifact: None }),
        CompileMode::Subprocess { program, args } => {
            let artifact = subprocess(program, args, params, bytes, timeout, limits)?;
            // SAFETY: `Module::deserialize` trusts that the bytes are a wasmtime artifact and not
            // malicious. They come from our own worker (the same binary or this crate's worker),
            // which compiled the already validated wasm with the same engine settings
            // (`EngineParams`), and wasmtime still checks the artifact's header: its version,
            // target and engine configuration must match or it refuses the bytes. The player
            // never sees or supplies this artifact.
            let module = unsafe { Module::deserialize(engine, &artifact) }.map_err(|e| {
                LoadError::CompileFailed(format!("the compile worker's output is unusable: {}", error_text(&e)))
            })?;
            Ok(Compiled { module, artifact: Some(artifact) })
        }
    }
}

fn error_text(e: &wasmtime::Error) -> String {
    format!("{e:#}")
}

fn in_process(engine: &Engine, bytes: &[u8], timeout: Duration) -> Result<Module, LoadError> {
    let (tx, rx) = mpsc::channel();
    let (engine, bytes) = (engine.clone(), bytes.to_vec());
    thread::Builder::new()
        .name("arena-compile".into())
        .spawn(move || {
            let _ = tx.send(Module::from_binary(&engine, &bytes));
        })
        .map_err(|e| LoadError::CompileFailed(format!("could not start a compiler thread: {e}")))?;
    match rx.recv_timeout(timeout) {
        Ok(Ok(m)) => Ok(m),
        Ok(Err(e)) => Err(LoadError::CompileFailed(error_text(&e))),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(LoadError::CompileTimeout { limit: timeout }),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(LoadError::CompileFailed("the compiler panicked".into())),
    }
}

/// Kills the child's whole process group (a shell wrapper's children too), then reaps it.
fn kill(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        // SAFETY: plain syscall; the child was spawned as the leader of its own process group.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Runs the compile worker under the limits; returns its artifact.
fn subprocess(
    program: &PathBuf,
    args: &[String],
    params: &EngineParams,
    bytes: &[u8],
    timeout: Duration,
    limits: &crate::Limits,
) -> Result<Vec<u8>, LoadError> {
    let (memory, cpu) = (limits.compile_memory, limits.compile_cpu);
    let deadline = Instant::now() + timeout;
    let mut cmd = Command::new(program);
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
        // RLIMIT_DATA counts the heap and writable private mappings, not the address space
        // that wasmtime only reserves, so it caps what the compiler really uses.
        let data = memory as libc::rlim_t;
        // RLIMIT_CPU counts every thread of the worker; at the soft limit the kernel sends
        // SIGXCPU (which ends it), a second later SIGKILL.
        let cpu_secs = cpu_limit_secs(cpu);
        // SAFETY: between fork and exec only setrlimit runs, which is async-signal-safe.
        unsafe {
            cmd.pre_exec(move || {
                let limits = [
                    (libc::RLIMIT_DATA, libc::rlimit { rlim_cur: data, rlim_max: data }),
                    (libc::RLIMIT_CPU, libc::rlimit { rlim_cur: cpu_secs, rlim_max: cpu_secs + 1 }),
                ];
                for (resource, r) in limits {
                    if libc::setrlimit(resource, &r) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().map_err(|e| {
        LoadError::CompileFailed(format!("could not start the compile worker {}: {e}", program.display()))
    })?;

    let mut input = Vec::with_capacity(WORKER_MAGIC.len() + 16 + bytes.len());
    input.extend_from_slice(WORKER_MAGIC);
    input.extend_from_slice(&(params.memory as u64).to_le_bytes());
    input.extend_from_slice(&(params.wasm_stack as u64).to_le_bytes());
    input.extend_from_slice(bytes);
    // Writer and readers run in their own threads: a worker that does not read its stdin (or
    // floods stderr) must not block us past the deadline. They end when the pipes close.
    if let Some(mut stdin) = child.stdin.take() {
        thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    let (out_tx, out_rx) = mpsc::channel();
    if let Some(mut stdout) = child.stdout.take() {
        thread::spawn(move || {
            let mut buf = Vec::new();
            let r = stdout.read_to_end(&mut buf).map(|_| buf);
            let _ = out_tx.send(r);
        });
    }
    let (err_tx, err_rx) = mpsc::channel();
    if let Some(stderr) = child.stderr.take() {
        thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = stderr.take(WORKER_STDERR_CAP as u64).read_to_end(&mut buf);
            let _ = err_tx.send(buf);
        });
    }

    let left = |now: Instant| deadline.saturating_duration_since(now);
    // A worker over its memory limit may hang after saying so: its stderr tells the two apart.
    let timed_out = |child: &mut Child| {
        kill(child);
        let stderr = err_rx.recv_timeout(Duration::from_millis(100)).unwrap_or_default();
        if out_of_memory(&String::from_utf8_lossy(&stderr)) {
            LoadError::CompileMemory { limit: memory }
        } else {
            LoadError::CompileTimeout { limit: timeout }
        }
    };
    let output = match out_rx.recv_timeout(left(Instant::now())) {
        Ok(r) => r,
        Err(mpsc::RecvTimeoutError::Timeout) => return Err(timed_out(&mut child)),
        Err(mpsc::RecvTimeoutError::Disconnected) => Ok(Vec::new()),
    };
    // stdout is closed: the worker is exiting. Reap it, still under the deadline.
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(1)),
            Ok(None) => return Err(timed_out(&mut child)),
            Err(e) => {
                kill(&mut child);
                return Err(LoadError::CompileFailed(format!("lost the compile worker: {e}")));
            }
        }
    };
    if !status.success() {
        if over_cpu_limit(&status) {
            return Err(LoadError::CompileCpu { limit: cpu });
        }
        let stderr = err_rx.recv_timeout(Duration::from_millis(100)).unwrap_or_default();
        let text = String::from_utf8_lossy(&stderr);
        let text = text.trim();
        // An allocation refused under the limit aborts the worker with Rust's message.
        if out_of_memory(text) {
            return Err(LoadError::CompileMemory { limit: memory });
        }
        return Err(LoadError::CompileFailed(if text.is_empty() {
            format!("the compile worker failed ({status})")
        } else {
            text.to_string()
        }));
    }
    output.map_err(|e| LoadError::CompileFailed(format!("reading the compile worker's output: {e}")))
}

/// `RLIMIT_CPU` for a CPU-time limit: whole seconds, rounded up, at least one.
#[cfg(unix)]
fn cpu_limit_secs(cpu: Duration) -> libc::rlim_t {
    let secs = cpu.as_secs() + u64::from(cpu.subsec_nanos() > 0);
    secs.max(1) as libc::rlim_t
}

/// Whether the worker was ended by its CPU-time limit: SIGXCPU at the soft limit. (The hard
/// limit's SIGKILL would only come to a worker that ignores SIGXCPU, and a SIGKILL may have other
/// senders, such as the kernel's OOM killer: it stays a plain failure.)
fn over_cpu_limit(status: &std::process::ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        status.signal() == Some(libc::SIGXCPU)
    }
    #[cfg(not(unix))]
    {
        let _ = status;
        false
    }
}

/// Whether a compile worker's stderr says it ran out of memory (Rust's allocation failure, or
/// an OS call refused for lack of memory).
fn out_of_memory(stderr: &str) -> bool {
    ["memory allocation of", "out of memory", "Cannot allocate memory", "os error 12", "os error 11"]
        .iter()
        .any(|m| stderr.contains(m))
}

/// The compile worker: reads the request on stdin (a header with the engine parameters, then
/// the wasm), writes wasmtime's precompiled artifact on stdout. Exit status 0 on success, 1 when
/// the module does not compile (the reason on stderr), 2 on a malformed request.
///
/// The `arena` binary calls this from a hidden subcommand; the sandbox's
/// [`CompileMode::Subprocess`] starts it.
pub fn compile_worker_main() -> ExitCode {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut input) {
        eprintln!("reading the request: {e}");
        return ExitCode::from(2);
    }
    let Some(rest) = input.strip_prefix(WORKER_MAGIC.as_slice()) else {
        eprintln!("not a compile request (this command is internal to the sandbox)");
        return ExitCode::from(2);
    };
    let (Some(memory), Some(stack)) = (rest.get(0..8), rest.get(8..16)) else {
        eprintln!("truncated compile request");
        return ExitCode::from(2);
    };
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])) as usize;
    let params = EngineParams { memory: word(memory), wasm_stack: word(stack) };
    let wasm = &rest[16..];
    let engine = match Engine::new(&config::config(&params, None)) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("engine configuration: {}", error_text(&e));
            return ExitCode::from(2);
        }
    };
    match engine.precompile_module(wasm) {
        Ok(artifact) => {
            let mut out = std::io::stdout().lock();
            if out.write_all(&artifact).and_then(|_| out.flush()).is_err() {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}", error_text(&e));
            ExitCode::FAILURE
        }
    }
}
