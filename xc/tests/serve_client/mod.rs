//! What the tests of `xc serve` share: a server on a free loopback port
//! (killed when dropped) and a small HTTP/1.1 client over `TcpStream`, so
//! the tests see exactly the bytes on the wire. `XC_BIN` names another
//! `xc` to test (an older build, to see a test fail before its fix).

#![allow(dead_code, reason = "each test file uses a part")]

pub mod crowd;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
pub const SOLUTION: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// The `xc` to test: `XC_BIN`, or this build's.
pub fn bin() -> String {
    std::env::var("XC_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_xc").to_string())
}

/// A server on a free port, killed when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
}

impl Server {
    /// `xc serve --port 0` with more arguments, run from [`bin`].
    pub fn start(args: &[&str]) -> Server {
        Server::spawn(Command::new(bin()).args(["serve", "--port", "0"]).args(args))
    }

    /// The same, run by `sh -c` as a script would run it, after the shell
    /// commands `setup` (`trap '' INT`, `ulimit -n 64`). The shell `exec`s
    /// the server, so the child's id is the server's.
    pub fn start_in_shell(setup: &str, args: &[&str]) -> Server {
        let script = format!("{setup}\nexec \"$0\" serve --port 0 \"$@\"");
        Server::spawn(Command::new("sh").arg("-c").arg(script).arg(bin()).args(args))
    }

    /// Spawns `command` and reads the port from its first line on stderr.
    fn spawn(command: &mut Command) -> Server {
        let mut child = command.stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
        let mut line = String::new();
        BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
        // "serving http://127.0.0.1:PORT/ (Ctrl-C to stop)"
        let host_port = line.split("://").nth(1).and_then(|rest| rest.split('/').next()).unwrap_or_default();
        let port = host_port.rsplit(':').next().and_then(|p| p.parse().ok());
        let port = port.unwrap_or_else(|| panic!("no port in {line:?}"));
        Server { child, port }
    }

    /// The server's resident memory in kB (Linux), from /proc.
    pub fn rss_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: status, headers (lower-case names) and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    /// The first header of that (lower-case) name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|_| panic!("not JSON: {}", self.body))
    }
}

/// Sends one request with `Host: localhost` and extra header lines, and
/// reads the whole response (`Connection: close`).
pub fn send(port: u16, method: &str, path: &str, extra: &str, body: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{extra}Connection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    let _ = stream.write_all(body);
    read_reply(&mut stream)
}

/// Reads a whole response from a stream the server will close.
pub fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    parse_reply(&response)
}

/// Splits a response into status, headers and body.
pub fn parse_reply(response: &[u8]) -> Reply {
    let text = String::from_utf8_lossy(response).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Reply { status, headers, body: body.to_string() }
}

/// `POST path` with a JSON body.
pub fn post(port: u16, path: &str, body: &Value) -> Reply {
    send(port, "POST", path, "", body.to_string().as_bytes())
}

/// `GET path`, and how long it took.
pub fn get_timed(port: u16, path: &str) -> (Reply, Duration) {
    let start = Instant::now();
    let reply = send(port, "GET", path, "", b"");
    (reply, start.elapsed())
}

/// A connection that has sent the headers of a request whose body (of
/// `length` bytes) it sends slowly, or not at all.
pub fn slow_body(port: u16, length: usize) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n{{"
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream
}

/// The puzzles of `data/puzzles.txt`.
pub fn puzzles() -> Vec<String> {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/puzzles.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// The `q` quantile of sorted durations.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 * q) as usize).min(sorted.len() - 1)]
}

/// A max-budget count: the empty grid, counted as far as the caps allow.
pub fn max_budget_count() -> Value {
    serde_json::json!({"puzzle": ".".repeat(81), "limit": 100000, "node_limit": 50000000, "time_limit_ms": 10000})
}

/// The request of issue 14, item 2: every option twice (so 2^n
/// solutions), long item names, 1000 solutions asked for and the largest
/// budget. About 170 KB.
pub fn amplifying_cover() -> Value {
    let items: Vec<String> = (0..2000).map(|k| format!("item_with_a_long_name_{k:05}")).collect();
    let mut dlx = items.join(" ") + "\n";
    for item in &items {
        dlx += &format!("{item}\n{item}\n");
    }
    serde_json::json!({"dlx": dlx, "print": 1000, "node_limit": 50000000, "time_limit_ms": 10000})
}

/// Sends raw bytes (a whole request of the caller's making) and reads the
/// response.
pub fn send_raw(port: u16, request: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(request).unwrap();
    read_reply(&mut stream)
}

/// A search that runs until its budget is spent: exact covers of 20 items
/// by pairs (the 654,729,075 perfect matchings of K20), one printed.
pub fn long_cover(time_limit_ms: u64) -> Value {
    let mut dlx = "A B C D E F G H I J K L M N O P Q R S T\n".to_string();
    for i in b'A'..=b'T' {
        for j in (i + 1)..=b'T' {
            dlx += &format!("{} {}\n", i as char, j as char);
        }
    }
    serde_json::json!({"dlx": dlx, "print": 1, "node_limit": 50000000, "time_limit_ms": time_limit_ms})
}
