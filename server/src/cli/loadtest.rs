//! `arena loadtest`: a small HTTP/1.1 load generator for the tournament server's pages.
//!
//! Each of `--concurrency` workers keeps its own keep-alive connection (one per host:port) and
//! sends GET requests one after another, round-robin over the URLs, until the run ends. Requests
//! started during the warm-up are not recorded; a request is recorded when it starts within the
//! measured window and finishes before the window closes (requests still in flight at the end
//! are cut off and reported as `unfinished`, not as errors). Latency runs from the start of the
//! request (including a reconnection, when one was needed) to the last byte of the body.

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper::header::{HOST, USER_AGENT};
use hyper::{Request, Uri};
use hyper_util::rt::TokioIo;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct LoadtestArgs {
    /// The URLs to GET (plain http://), requested in turn by every connection.
    #[arg(required = true, value_name = "URL")]
    urls: Vec<String>,
    /// Open connections, each with one request in flight at a time.
    #[arg(long, short = 'c', default_value_t = 50)]
    concurrency: usize,
    /// How long to measure, after the warm-up (e.g. 10s, 500ms, 1m).
    #[arg(long, short = 'd', default_value = "10s", value_parser = parse_duration)]
    duration: Duration,
    /// How long to send requests before measuring (connections opened, caches warm).
    #[arg(long, default_value = "2s", value_parser = parse_duration)]
    warmup: Duration,
    /// A request taking longer than this counts as an error.
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    timeout: Duration,
    /// Threads sending requests (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print the results as JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// A Cookie header sent with every request (e.g. `arena_session=<token>`), to measure pages
    /// as a logged-in reader sees them.
    #[arg(long)]
    cookie: Option<String>,
}

/// A pause after a failed request, so that a refused connection does not spin a core.
const ERROR_PAUSE: Duration = Duration::from_millis(10);
/// Distinct error messages kept per URL (the rest are counted under "other errors").
const ERROR_KINDS: usize = 5;

/// `10s`, `500ms`, `1.5s`, `2m`, `1h`, or a bare number of seconds.
fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let split = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let (number, unit) = s.split_at(split);
    let value: f64 = number.parse().map_err(|_| format!("`{s}` is not a duration (examples: 10s, 500ms, 2m)"))?;
    let seconds = match unit.trim() {
        "ms" => value / 1000.0,
        "" | "s" => value,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        other => return Err(format!("unknown unit `{other}` in `{s}` (use ms, s, m or h)")),
    };
    Duration::try_from_secs_f64(seconds).map_err(|e| format!("`{s}`: {e}"))
}

/// One URL, ready to be requested.
struct Target {
    url: String,
    /// host:port to connect to; also the key of the worker's connection for it.
    addr: String,
    /// The Host header.
    host: String,
    /// Path and query (origin-form request target).
    path: String,
    /// The Cookie header, if any.
    cookie: Option<String>,
}

fn target(url: &str, cookie: Option<&str>) -> anyhow::Result<Target> {
    let uri: Uri = url.parse().map_err(|e| anyhow::anyhow!("`{url}` is not a URL: {e}"))?;
    match uri.scheme_str() {
        Some("http") => {}
        Some("https") => anyhow::bail!("`{url}`: https is not supported; use http://"),
        _ => anyhow::bail!("`{url}` is not an http:// URL"),
    }
    let authority = uri.authority().ok_or_else(|| anyhow::anyhow!("`{url}` has no host"))?;
    let port = authority.port_u16().unwrap_or(80);
    Ok(Target {
        url: url.to_string(),
        addr: format!("{}:{port}", authority.host()),
        host: authority.as_str().rsplit('@').next().unwrap_or(authority.as_str()).to_string(),
        path: uri.path_and_query().map_or("/", |p| p.as_str()).to_string(),
        cookie: cookie.map(str::to_string),
    })
}

/// What one worker saw for one URL during the measured window.
#[derive(Default, Clone)]
struct Tally {
    /// Latencies of the answered requests (any status), in nanoseconds.
    latencies: Vec<u64>,
    ok: u64,
    non_2xx: u64,
    statuses: BTreeMap<u16, u64>,
    errors: u64,
    error_kinds: BTreeMap<String, u64>,
    unfinished: u64,
    bytes: u64,
}

impl Tally {
    fn error(&mut self, message: String, count: u64) {
        self.errors += count;
        self.add_kind(message, count);
    }

    fn add_kind(&mut self, message: String, count: u64) {
        if self.error_kinds.len() < ERROR_KINDS || self.error_kinds.contains_key(&message) {
            *self.error_kinds.entry(message).or_default() += count;
        } else {
            *self.error_kinds.entry("other errors".to_string()).or_default() += count;
        }
    }

    fn merge(&mut self, other: &Tally) {
        self.latencies.extend_from_slice(&other.latencies);
        self.ok += other.ok;
        self.non_2xx += other.non_2xx;
        for (status, n) in &other.statuses {
            *self.statuses.entry(*status).or_default() += n;
        }
        self.errors += other.errors;
        for (message, n) in &other.error_kinds {
            self.add_kind(message.clone(), *n);
        }
        self.unfinished += other.unfinished;
        self.bytes += other.bytes;
    }
}

type Sender = SendRequest<Empty<Bytes>>;

async fn connect(addr: &str) -> Result<Sender, String> {
    let stream = tokio::net::TcpStream::connect(addr).await.map_err(|e| format!("connect {addr}: {e}"))?;
    let _ = stream.set_nodelay(true);
    let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| format!("handshake with {addr}: {e}"))?;
    tokio::spawn(async move {
        let _ = connection.await;
    });
    Ok(sender)
}

/// One GET, reusing the worker's connection to the host when it is still open. Returns the status
/// and the body's size. The connection goes back into `conns` only after a complete exchange, so
/// a failed or abandoned request (timeout) drops it.
async fn request(conns: &mut HashMap<String, Sender>, t: &Target) -> Result<(u16, u64), String> {
    let reused = match conns.remove(&t.addr) {
        // Closed by the server (or never opened): not an error, reconnect.
        Some(mut s) => s.ready().await.is_ok().then_some(s),
        None => None,
    };
    let was_reused = reused.is_some();
    let mut sender = match reused {
        Some(s) => s,
        None => connect(&t.addr).await?,
    };
    let make = || {
        let mut req = Request::get(t.path.as_str()).header(HOST, t.host.as_str()).header(USER_AGENT, "arena-loadtest");
        if let Some(c) = &t.cookie {
            req = req.header(hyper::header::COOKIE, c.as_str());
        }
        req.body(Empty::<Bytes>::new()).map_err(|e| format!("bad request for {}: {e}", t.url))
    };
    let response = match sender.send_request(make()?).await {
        Ok(r) => r,
        // The server may close an idle kept-alive connection just as we send: retry once, fresh.
        Err(_) if was_reused => {
            sender = connect(&t.addr).await?;
            sender.send_request(make()?).await.map_err(|e| format!("request: {e}"))?
        }
        Err(e) => return Err(format!("request: {e}")),
    };
    let status = response.status().as_u16();
    let mut body = response.into_body();
    let mut bytes = 0u64;
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| format!("reading the body: {e}"))?;
        if let Some(data) = frame.data_ref() {
            bytes += data.len() as u64;
        }
    }
    conns.insert(t.addr.clone(), sender);
    Ok((status, bytes))
}

/// One connection's loop; returns a tally per target.
async fn worker(
    id: usize,
    targets: Arc<Vec<Target>>,
    measure_start: Instant,
    end: Instant,
    timeout: Duration,
) -> Vec<Tally> {
    let mut tallies = vec![Tally::default(); targets.len()];
    let mut conns = HashMap::new();
    let mut next = id % targets.len(); // spread the connections' starting URLs
    let deadline = tokio::time::Instant::from_std(end);
    loop {
        let started = Instant::now();
        if started >= end {
            break;
        }
        let i = next;
        next = (next + 1) % targets.len();
        let measuring = started >= measure_start;
        let attempt = tokio::time::timeout(timeout, request(&mut conns, &targets[i]));
        let outcome = match tokio::time::timeout_at(deadline, attempt).await {
            Err(_) => {
                if measuring {
                    tallies[i].unfinished += 1;
                }
                break;
            }
            Ok(Err(_)) => Err(format!("timed out after {timeout:?}")),
            Ok(Ok(outcome)) => outcome,
        };
        let latency = started.elapsed();
        match outcome {
            Ok((status, bytes)) if measuring => {
                let t = &mut tallies[i];
                t.latencies.push(latency.as_nanos().min(u64::MAX as u128) as u64);
                if (200..300).contains(&status) {
                    t.ok += 1;
                } else {
                    t.non_2xx += 1;
                    *t.statuses.entry(status).or_default() += 1;
                }
                t.bytes += bytes;
            }
            Ok(_) => {}
            Err(message) => {
                if measuring {
                    tallies[i].error(message, 1);
                }
                tokio::time::sleep(ERROR_PAUSE).await;
            }
        }
    }
    tallies
}

/// The nearest-rank percentile of sorted samples: the smallest sample such that at least
/// `basis_points`/10000 of the samples are at or below it (5000 is the median, 9900 is p99,
/// 10000 the maximum). None for no samples.
fn percentile(sorted: &[u64], basis_points: u32) -> Option<u64> {
    if sorted.is_empty() {
        return None;
    }
    let n = sorted.len() as u128;
    let rank = (u128::from(basis_points.min(10_000)) * n).div_ceil(10_000);
    Some(sorted[(rank.max(1) - 1) as usize])
}

#[derive(Serialize, Debug, PartialEq)]
struct Latency {
    p50: f64,
    p90: f64,
    p99: f64,
    max: f64,
    mean: f64,
}

/// Milliseconds, for reports.
fn ms(ns: u64) -> f64 {
    ns as f64 / 1e6
}

/// Latency figures (in milliseconds) of unsorted samples in nanoseconds; sorts them.
fn latency(samples: &mut [u64]) -> Option<Latency> {
    samples.sort_unstable();
    let mean = samples.iter().map(|&s| s as f64).sum::<f64>() / samples.len().max(1) as f64;
    Some(Latency {
        p50: ms(percentile(samples, 5000)?),
        p90: ms(percentile(samples, 9000)?),
        p99: ms(percentile(samples, 9900)?),
        max: ms(percentile(samples, 10_000)?),
        mean: mean / 1e6,
    })
}

#[derive(Serialize)]
struct Summary {
    url: String,
    /// Answered requests plus errors.
    requests: u64,
    /// Answered requests (any status) per second of the measured window.
    req_per_s: f64,
    ok: u64,
    non_2xx: u64,
    /// Connection failures, broken exchanges and timeouts.
    errors: u64,
    /// Requests cut off by the end of the window (not counted elsewhere).
    unfinished: u64,
    bytes: u64,
    latency_ms: Option<Latency>,
    statuses: BTreeMap<String, u64>,
    error_kinds: BTreeMap<String, u64>,
}

fn summary(url: &str, mut t: Tally, window: Duration) -> Summary {
    let answered = t.ok + t.non_2xx;
    Summary {
        url: url.to_string(),
        requests: answered + t.errors,
        req_per_s: answered as f64 / window.as_secs_f64(),
        ok: t.ok,
        non_2xx: t.non_2xx,
        errors: t.errors,
        unfinished: t.unfinished,
        bytes: t.bytes,
        latency_ms: latency(&mut t.latencies),
        statuses: t.statuses.iter().map(|(s, n)| (s.to_string(), *n)).collect(),
        error_kinds: t.error_kinds,
    }
}

#[derive(Serialize)]
struct Report {
    concurrency: usize,
    duration_s: f64,
    warmup_s: f64,
    urls: Vec<Summary>,
    total: Summary,
}

fn fmt_ms(v: f64) -> String {
    if v < 10.0 {
        format!("{v:.2}ms")
    } else if v < 1000.0 {
        format!("{v:.1}ms")
    } else {
        format!("{:.2}s", v / 1000.0)
    }
}

fn print_table(r: &Report) {
    println!(
        "{} connections, {} measured after {} warm-up",
        r.concurrency,
        fmt_secs(r.duration_s),
        fmt_secs(r.warmup_s)
    );
    let width = r.urls.iter().map(|s| s.url.len()).max().unwrap_or(0).max(5);
    println!(
        "{:<width$} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>7}",
        "URL", "requests", "req/s", "p50", "p90", "p99", "max", "non-2xx", "errors"
    );
    let rows: Vec<&Summary> = if r.urls.len() > 1 { r.urls.iter().chain([&r.total]).collect() } else { vec![&r.total] };
    for s in rows {
        let l = |f: fn(&Latency) -> f64| s.latency_ms.as_ref().map_or("-".to_string(), |l| fmt_ms(f(l)));
        println!(
            "{:<width$} {:>9} {:>9.1} {:>9} {:>9} {:>9} {:>9} {:>8} {:>7}",
            if r.urls.len() > 1 { s.url.as_str() } else { r.urls[0].url.as_str() },
            s.requests,
            s.req_per_s,
            l(|l| l.p50),
            l(|l| l.p90),
            l(|l| l.p99),
            l(|l| l.max),
            s.non_2xx,
            s.errors
        );
    }
    for s in &r.urls {
        if !s.statuses.is_empty() {
            let list: Vec<String> = s.statuses.iter().map(|(code, n)| format!("{code} ×{n}")).collect();
            println!("non-2xx for {}: {}", s.url, list.join(", "));
        }
        for (message, n) in &s.error_kinds {
            println!("errors for {}: {message} (×{n})", s.url);
        }
    }
    if r.total.unfinished > 0 {
        println!("{} requests were still in flight at the end (not counted)", r.total.unfinished);
    }
}

fn fmt_secs(s: f64) -> String {
    if s < 1.0 && s > 0.0 {
        format!("{:.0}ms", s * 1000.0)
    } else {
        format!("{}s", (s * 1000.0).round() / 1000.0)
    }
}

pub fn loadtest(a: LoadtestArgs) -> anyhow::Result<()> {
    anyhow::ensure!(a.concurrency >= 1, "--concurrency must be at least 1");
    anyhow::ensure!(!a.duration.is_zero(), "--duration must be more than zero");
    anyhow::ensure!(!a.timeout.is_zero(), "--timeout must be more than zero");
    let targets: Arc<Vec<Target>> =
        Arc::new(a.urls.iter().map(|u| target(u, a.cookie.as_deref())).collect::<anyhow::Result<_>>()?);
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    if let Some(threads) = a.threads {
        builder.worker_threads(threads.max(1));
    }
    let runtime = builder.enable_all().build()?;
    if !a.json {
        eprintln!(
            "{} connections: warming up for {}, then measuring for {}",
            a.concurrency,
            fmt_secs(a.warmup.as_secs_f64()),
            fmt_secs(a.duration.as_secs_f64())
        );
    }
    let per_worker: Vec<Vec<Tally>> = runtime.block_on(async {
        let measure_start = Instant::now() + a.warmup;
        let end = measure_start + a.duration;
        let mut set = tokio::task::JoinSet::new();
        for id in 0..a.concurrency {
            set.spawn(worker(id, targets.clone(), measure_start, end, a.timeout));
        }
        let mut all = Vec::with_capacity(a.concurrency);
        while let Some(r) = set.join_next().await {
            all.push(r?);
        }
        anyhow::Ok(all)
    })?;
    // Connection tasks may still be parked on the runtime: do not wait for them.
    runtime.shutdown_background();

    let mut by_url = vec![Tally::default(); targets.len()];
    let mut total = Tally::default();
    for tallies in &per_worker {
        for (i, t) in tallies.iter().enumerate() {
            by_url[i].merge(t);
            total.merge(t);
        }
    }
    drop(per_worker);
    let report = Report {
        concurrency: a.concurrency,
        duration_s: a.duration.as_secs_f64(),
        warmup_s: a.warmup.as_secs_f64(),
        urls: by_url.into_iter().zip(targets.iter()).map(|(t, target)| summary(&target.url, t, a.duration)).collect(),
        total: summary("total", total, a.duration),
    };
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_table(&report);
    }
    if report.total.ok == 0 {
        anyhow::bail!(
            "every request failed: {} errors, {} non-2xx responses, no 2xx response",
            report.total.errors,
            report.total.non_2xx
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let hundred: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&hundred, 5000), Some(50));
        assert_eq!(percentile(&hundred, 9000), Some(90));
        assert_eq!(percentile(&hundred, 9900), Some(99));
        assert_eq!(percentile(&hundred, 9950), Some(100)); // rank 99.5 rounds up
        assert_eq!(percentile(&hundred, 10_000), Some(100));
        assert_eq!(percentile(&hundred, 0), Some(1));
        assert_eq!(percentile(&hundred, 1), Some(1));

        let ten: Vec<u64> = (1..=10).map(|v| v * 10).collect();
        assert_eq!(percentile(&ten, 5000), Some(50));
        assert_eq!(percentile(&ten, 5001), Some(60));
        assert_eq!(percentile(&ten, 9000), Some(90));
        assert_eq!(percentile(&ten, 9900), Some(100));

        assert_eq!(percentile(&[7], 5000), Some(7));
        assert_eq!(percentile(&[7], 9900), Some(7));
        assert_eq!(percentile(&[], 5000), None);
        // Out-of-range requests clamp to the maximum.
        assert_eq!(percentile(&[1, 2, 3], 20_000), Some(3));
    }

    #[test]
    fn percentiles_of_many_samples_are_exact() {
        // 1,000,001 samples: 0..=1_000_000. Nearest rank of p over n: ceil(p·n).
        let samples: Vec<u64> = (0..=1_000_000).collect();
        assert_eq!(percentile(&samples, 5000), Some(500_000)); // rank 500,000.5 → 500,001
        assert_eq!(percentile(&samples, 9900), Some(990_000)); // rank 990,000.99 → 990,001
        assert_eq!(percentile(&samples, 10_000), Some(1_000_000));
    }

    #[test]
    fn latency_sorts_and_converts_to_milliseconds() {
        let mut samples: Vec<u64> = (1..=100).rev().map(|v| v * 1_000_000).collect();
        let l = latency(&mut samples).unwrap();
        assert_eq!(l, Latency { p50: 50.0, p90: 90.0, p99: 99.0, max: 100.0, mean: 50.5 });
        assert!(latency(&mut []).is_none());
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration("3"), Ok(Duration::from_secs(3)));
        assert_eq!(parse_duration("0"), Ok(Duration::ZERO));
        assert!(parse_duration("10 parsecs").is_err());
        assert!(parse_duration("s").is_err());
        assert!(parse_duration("-1s").is_err());
    }

    #[test]
    fn targets() {
        let t = target("http://127.0.0.1:8080/games/pandemic?page=2", None).unwrap();
        assert_eq!(
            (t.addr.as_str(), t.host.as_str(), t.path.as_str()),
            ("127.0.0.1:8080", "127.0.0.1:8080", "/games/pandemic?page=2")
        );
        let t = target("http://localhost", None).unwrap();
        assert_eq!((t.addr.as_str(), t.host.as_str(), t.path.as_str()), ("localhost:80", "localhost", "/"));
        let t = target("http://[::1]:9000/x", None).unwrap();
        assert_eq!(t.addr, "[::1]:9000");
        assert!(target("https://example.com/", None).is_err());
        assert!(target("/games", None).is_err());
        assert!(target("not a url", None).is_err());
    }

    #[test]
    fn merged_tallies_keep_counts() {
        let mut a = Tally::default();
        for i in 0..7 {
            a.error(format!("kind {i}"), 1);
        }
        assert_eq!(a.errors, 7);
        assert_eq!(a.error_kinds.len(), ERROR_KINDS + 1);
        assert_eq!(a.error_kinds["other errors"], 2);
        let mut total = Tally::default();
        total.merge(&a);
        total.merge(&a);
        assert_eq!(total.errors, 14);
        assert_eq!(total.error_kinds.values().sum::<u64>(), 14);
    }
}
