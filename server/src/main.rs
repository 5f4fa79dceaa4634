//! `arena`: Arena's command line, one module per command in `cli/`: local matches (`run`,
//! `replay`, `view`, `build`, `tournament`), the server (`serve`, `worker`, `admin`) and the
//! measuring tools (`bench`, `calibrate`, `boards`, `fidelity`, `strength`, `loadtest`).

mod cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    // Die quietly when the reader of our output goes away (`arena list | head`), as Unix tools
    // do, instead of panicking on a failed print.
    #[cfg(unix)]
    // SAFETY: called before any other thread exists; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // The sandbox's compile worker speaks a binary protocol on stdin/stdout: no clap, no output.
    if std::env::args_os().nth(1).is_some_and(|a| a == "__compile-worker") {
        return sandbox::compile_worker_main();
    }
    let args = cli::Cli::parse();
    match cli::dispatch(args) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
