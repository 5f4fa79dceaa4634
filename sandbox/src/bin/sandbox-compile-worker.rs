//! The sandbox's compile worker as a standalone program (the `arena` binary offers the same
//! through a hidden subcommand); the tests run it through `CompileMode::Subprocess`.

fn main() -> std::process::ExitCode {
    sandbox::compile_worker_main()
}
