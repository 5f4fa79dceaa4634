//! The server's build of uploaded sources (`arena::cpp_build` with a jail): the same module as
//! `arena build` from the same file, and hostile sources refused or stopped, each with its
//! reason, no secret in any message, nothing left behind.
//!
//! These tests need clang for wasm32-wasi and a kernel with Landlock; without either they print
//! a loud SKIPPED line and pass (the server then switches source uploads off).

use arena::cpp_build::jail::{Jail, JailLimits};
use arena::cpp_build::{self, BuildError, BuildSettings};
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/cpp/examples/pandemic/AIDemo.cc");
/// A secret a jailed compile must never show: in the environment and in a file outside the SDK.
const CANARY: &str = "CANARY-7f3a9c-do-not-leak";

/// One build at a time: the checks for leftovers look at the whole temporary directory.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A jail with short limits, or `None` (and a SKIPPED line) when this host cannot jail.
fn jail(test: &str) -> Option<Jail> {
    let limits = JailLimits { cpu_secs: 5, wall: Duration::from_secs(20), ..JailLimits::default() };
    let probed = cpp_build::toolchain().and_then(|tc| cpp_build::probe_jail(tc, limits));
    match probed {
        Ok(j) => Some(j),
        Err(e) => {
            eprintln!("\n******** SKIPPED {test}: this host cannot jail the compiler: {e} ********\n");
            None
        }
    }
}

/// Builds `source` as `AIName.cc` for `game` in `jail`; the result and the messages.
fn build(jail: &Jail, game: &str, source: &[u8]) -> (Result<cpp_build::Built, BuildError>, String) {
    let mut messages = String::new();
    let settings = BuildSettings { jail: Some(jail), ..Default::default() };
    let r = cpp_build::build_source(source, "AIName.cc", game, &settings, &mut |l| {
        messages.push_str(&String::from_utf8_lossy(l));
        messages.push('\n');
    });
    (r, messages)
}

/// The scratch directories of this process's builds still on disk.
fn leftovers() -> Vec<String> {
    let prefix = format!("arena-build-{}-", std::process::id());
    std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .collect()
}

/// Processes still running from a scratch directory of this process's builds.
fn stray_processes() -> Vec<String> {
    let marker = format!("arena-build-{}-", std::process::id());
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let pid = e.file_name().to_string_lossy().into_owned();
        if !pid.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let cwd = std::fs::read_link(e.path().join("cwd")).map(|p| p.display().to_string()).unwrap_or_default();
        let cmd = std::fs::read(e.path().join("cmdline"))
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
        if cwd.contains(&marker) || cmd.contains(&marker) {
            found.push(format!("{pid}: {cmd}"));
        }
    }
    found
}

/// A kit player (Pandemic) with `extra` before the player.
fn player_with(extra: &str) -> String {
    format!(
        "{extra}\n#include \"Player.hh\"\n#define PLAYER_NAME Hostile\nstruct PLAYER_NAME : public Player {{\n  \
         static Player* factory () {{ return new PLAYER_NAME; }}\n  virtual void play () {{}}\n}};\n\
         RegisterPlayer(PLAYER_NAME);\n"
    )
}

/// Expects a refusal (`Source`) or a stop (`Limit`) whose messages hold no secret and no path
/// of the machine; returns the error's sentence and the messages.
fn refused(jail: &Jail, what: &str, source: &[u8]) -> (BuildError, String) {
    let (r, messages) = build(jail, "pandemic", source);
    let e = match r {
        Ok(_) => panic!("{what}: built, should be refused\n{messages}"),
        Err(e @ (BuildError::Source(_) | BuildError::Limit(_))) => e,
        Err(e) => panic!("{what}: failed on the server's side: {e}\n{messages}"),
    };
    let all = format!("{e}\n{messages}");
    assert!(!all.contains(CANARY), "{what}: the canary leaked:\n{all}");
    assert!(!all.contains("root:x:0:0"), "{what}: /etc/passwd leaked:\n{all}");
    let tmp = std::env::temp_dir().display().to_string();
    assert!(!all.contains(&format!("{tmp}/arena-build")), "{what}: a scratch path is shown:\n{all}");
    assert!(!all.contains("/.cache/arena"), "{what}: the SDK's path is shown:\n{all}");
    (e, messages)
}

#[test]
fn the_jailed_build_equals_arena_build() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let Some(jail) = jail("the_jailed_build_equals_arena_build") else { return };
    let source = std::fs::read(DEMO).unwrap();
    let settings = BuildSettings { jail: Some(&jail), ..Default::default() };
    let mut messages = String::new();
    let jailed = cpp_build::build_source(&source, "AIDemo.cc", "pandemic", &settings, &mut |l| {
        messages.push_str(&String::from_utf8_lossy(l));
        messages.push('\n');
    })
    .unwrap_or_else(|e| panic!("{e}\n{messages}"));
    // `arena build`'s pipeline, unjailed, from the kit's own directory.
    let direct = cpp_build::build(&[Path::new(DEMO).to_path_buf()], "pandemic", &BuildSettings::default(), &mut |_| {})
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(jailed.wasm == direct.wasm, "the jailed module differs from arena build's");
    assert!(jailed.usage.cpu > Duration::ZERO && jailed.usage.peak_memory > (1 << 20), "{:?}", jailed.usage);
    assert!(leftovers().is_empty(), "scratch left: {:?}", leftovers());
}

#[test]
fn hostile_sources_are_refused_with_their_reason() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let Some(jail) = jail("hostile_sources_are_refused_with_their_reason") else { return };
    // The secret: in this process's environment (the server's) and in a file outside the SDK.
    // SAFETY: set before any build of this test starts a thread that reads the environment.
    unsafe { std::env::set_var("ARENA_TEST_SECRET", CANARY) };
    let secret_dir = tempfile::TempDir::new().unwrap();
    let secret = secret_dir.path().join("secret.h");
    std::fs::write(&secret, format!("const char* s = \"{CANARY}\";\n")).unwrap();

    for (what, file) in [
        ("/etc/passwd", "/etc/passwd".to_string()),
        ("the environment", "/proc/self/environ".to_string()),
        ("a secret file", secret.display().to_string()),
        ("/dev/zero", "/dev/zero".to_string()),
        ("/dev/urandom", "/dev/urandom".to_string()),
        ("a relative climb", "../../../../../../../../etc/passwd".to_string()),
    ] {
        let (e, messages) = refused(&jail, what, player_with(&format!("#include \"{file}\"")).as_bytes());
        assert!(matches!(e, BuildError::Source(_)), "{what}: {e}");
        assert!(messages.contains("AIName.cc:1:"), "{what}: the error names the player's file and line:\n{messages}");
    }
    // #embed and a dependency pragma read no file either.
    let (_, m) = refused(&jail, "#embed", player_with("const char d[] = {\n#embed \"/etc/passwd\"\n, 0};").as_bytes());
    assert!(m.contains("AIName.cc:"), "{m}");
    let (e, _) = refused(
        &jail,
        "_Pragma",
        player_with("_Pragma(\"GCC dependency \\\"/proc/self/environ\\\"\")\n#error stop").as_bytes(),
    );
    assert!(matches!(e, BuildError::Source(_)), "{e}");
    // asm: refused by the compiler (no wasm asm of a bot's own) or built into a checked module.
    let asm = player_with("int f() { asm volatile(\"unreachable\"); return 0; }\n#error stop");
    refused(&jail, "asm", asm.as_bytes());

    // Recursive includes: clang's nesting limit.
    let (e, m) = refused(&jail, "recursive includes", b"#include __FILE__\n");
    assert!(matches!(e, BuildError::Source(_) | BuildError::Limit(_)), "{e}");
    assert!(m.contains("nested") || e.to_string().contains("limit"), "{e}\n{m}");

    // A template-instantiation bomb: 2^40 distinct types: stopped at the CPU, time or memory limit.
    let bomb = "template<int N, long M> struct B { typedef typename B<N-1, 2*M>::t t1; \
                typedef typename B<N-1, 2*M+1>::t t; };\ntemplate<long M> struct B<0, M> { typedef int t; };\n\
                B<40, 0>::t x;\n";
    let (e, _) = refused(&jail, "a template bomb", bomb.as_bytes());
    assert!(matches!(&e, BuildError::Limit(m) if m.contains("limit")), "{e}");
    assert!(e.to_string().starts_with("AIName.cc stopped at the "), "{e}");

    // A constexpr loop: clang's own step limit, or ours.
    let cx = "constexpr long f(long n) { long s = 0; for (long i = 0; i < n; ++i) s += i % 7; return s; }\n\
              constexpr long v = f(1L << 40);\n";
    refused(&jail, "a constexpr loop", cx.as_bytes());

    // A flood of 100 MB of diagnostics: the output cap.
    let flood =
        "#define W _Pragma(\"GCC warning \\\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\\"\")\n\
                 #define W10 W W W W W W W W W W\n#define W100 W10 W10 W10 W10 W10 W10 W10 W10 W10 W10\n\
                 #define W1k W100 W100 W100 W100 W100 W100 W100 W100 W100 W100\n\
                 #define W10k W1k W1k W1k W1k W1k W1k W1k W1k W1k W1k\n\
                 #define W100k W10k W10k W10k W10k W10k W10k W10k W10k W10k W10k\n\
                 W100k W100k W100k W100k W100k W100k W100k W100k W100k W100k\n";
    let (e, _) = refused(&jail, "a diagnostics flood", flood.as_bytes());
    assert!(matches!(&e, BuildError::Limit(m) if m.contains("output limit")), "{e}");

    // Non-UTF-8 bytes, an empty file, a source for another game.
    refused(&jail, "non-UTF-8", b"\xff\xfe\x00garbage \xc3\x28\n");
    let (e, _) = refused(&jail, "an empty file", b"");
    assert!(e.to_string().contains("no player in AIName.cc"), "{e}");
    let ork =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/cpp/examples/ork_island/AIDemo.cc")).unwrap();
    refused(&jail, "another game's player", &ork);

    assert!(leftovers().is_empty(), "scratch left: {:?}", leftovers());
    assert!(stray_processes().is_empty(), "processes left: {:?}", stray_processes());
}

#[test]
fn the_network_is_out_of_reach() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let Some(jail) = jail("the_network_is_out_of_reach") else { return };
    // A listener on this host: a jailed process that could connect would reach it.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let tc = cpp_build::toolchain().unwrap();
    // The jail runs any command; bash's /dev/tcp connects without a tool of its own.
    let scratch = tempfile::TempDir::new().unwrap();
    let bash = Path::new("/bin/bash");
    if !bash.exists() {
        return;
    }
    // bash and its libraries are not the toolchain: this test's jail also reads /usr/bin.
    let jail_bash = Jail::for_compiler(
        &tc.cxx,
        &[Path::new("/usr/bin").to_path_buf(), Path::new("/bin").to_path_buf()],
        jail.limits.clone(),
    )
    .unwrap();
    let mut cmd = std::process::Command::new(bash);
    cmd.arg("-c").arg(format!("echo hi > /dev/tcp/127.0.0.1/{port} && echo CONNECTED"));
    let mut out = String::new();
    let r = cpp_build::process::run(cmd, Some((&jail_bash, scratch.path(), &[] as &[&Path])), &mut |l| {
        out.push_str(&String::from_utf8_lossy(l));
        out.push('\n');
    })
    .unwrap();
    assert!(!r.status.success() && !out.contains("CONNECTED"), "{out}");
}
