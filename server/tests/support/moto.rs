//! A real S3-compatible server for the replay store's tests: moto in server mode (PyPI's
//! `moto[server]`, installed by `scripts/setup.sh`), one process per test on a free port, killed
//! when the handle is dropped. moto speaks the S3 REST API over HTTP with signatures checked
//! (credentials too when `INITIAL_NO_AUTH_ACTION_COUNT` is 0), keeps everything in memory and
//! starts in about a second: the object store's S3 client meets a real server, not a mock of
//! itself. `ARENA_MOTO_SERVER` names the program if it is not `moto_server` on the PATH.

use object_store::aws::AmazonS3Builder;
use object_store::{BackoffConfig, RetryConfig};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The credentials the tests sign with (moto accepts any unless auth is on).
pub const KEY_ID: &str = "arena-test-key";
pub const SECRET: &str = "arena-test-secret";

pub struct Moto {
    child: Option<Child>,
    pub port: u16,
}

fn program() -> (String, Vec<String>) {
    if let Ok(p) = std::env::var("ARENA_MOTO_SERVER") {
        return (p, Vec::new());
    }
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).any(|d| d.join("moto_server").is_file()))
        .unwrap_or(false);
    if on_path {
        ("moto_server".into(), Vec::new())
    } else {
        ("python3".into(), vec!["-m".into(), "moto.server".into()])
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free local port").port()
}

impl Moto {
    /// Starts a moto server that accepts any credentials.
    pub fn start() -> Moto {
        Moto::start_with(&[])
    }

    /// Starts a moto server with extra environment (e.g. `INITIAL_NO_AUTH_ACTION_COUNT=0`: every
    /// request's credentials are checked against its IAM users, of which there are none).
    pub fn start_with(env: &[(&str, &str)]) -> Moto {
        let (program, args) = program();
        for _ in 0..3 {
            let port = free_port();
            let mut child = Command::new(&program)
                .args(&args)
                .args(["-H", "127.0.0.1", "-p", &port.to_string()])
                .envs(env.iter().copied())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap_or_else(|e| {
                    panic!("cannot start {program} ({e}): run scripts/setup.sh, which installs moto[server] from PyPI")
                });
            let deadline = Instant::now() + Duration::from_secs(60);
            loop {
                if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                    return Moto { child: Some(child), port };
                }
                if let Ok(Some(status)) = child.try_wait() {
                    // Most likely the port was taken in between: try another.
                    eprintln!("moto_server on port {port} exited ({status}); trying another port");
                    break;
                }
                assert!(Instant::now() < deadline, "moto_server did not answer on port {port} within 60 s");
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        panic!("moto_server ({program}) does not start: run scripts/setup.sh, which installs moto[server]")
    }

    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// An S3 client for this server: path-style requests over HTTP, the test credentials, and
    /// few quick retries (so that a server that went away is an error in seconds, not minutes).
    pub fn builder(&self) -> AmazonS3Builder {
        self.builder_with(KEY_ID, SECRET)
    }

    pub fn builder_with(&self, key_id: &str, secret: &str) -> AmazonS3Builder {
        AmazonS3Builder::new()
            .with_endpoint(self.endpoint())
            .with_allow_http(true)
            .with_region("us-east-1")
            .with_access_key_id(key_id)
            .with_secret_access_key(secret)
            .with_retry(RetryConfig {
                backoff: BackoffConfig {
                    init_backoff: Duration::from_millis(50),
                    max_backoff: Duration::from_millis(200),
                    base: 2.0,
                },
                max_retries: 2,
                retry_timeout: Duration::from_secs(5),
            })
    }

    /// Creates a bucket (an unsigned request: moto takes it while auth is off).
    pub fn create_bucket(&self, bucket: &str) {
        let status = self.request("PUT", &format!("/{bucket}"));
        assert_eq!(status, 200, "moto creates the bucket {bucket}");
    }

    /// Sends a bodiless request; returns the status code.
    pub fn request(&self, method: &str, path: &str) -> u16 {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).expect("moto answers");
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            self.port
        )
        .unwrap();
        let mut reply = String::new();
        s.read_to_string(&mut reply).ok();
        reply.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0)
    }

    /// Stops the server (the store goes away: every request fails to connect).
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Moto {
    fn drop(&mut self) {
        self.stop();
    }
}
