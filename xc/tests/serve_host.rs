//! Issue 14, item 13: `xc serve` stays on loopback unless told otherwise,
//! and on loopback refuses requests that name another host (DNS
//! rebinding) or come from another site.

mod serve_client;

use serve_client::{Server, bin, send_raw};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn a_host_that_is_not_loopback_needs_allow_remote() {
    let mut child = Command::new(bin())
        .args(["serve", "--port", "0", "--host", "0.0.0.0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            panic!("xc serve --host 0.0.0.0 is serving without --allow-remote");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("refusing to listen on 0.0.0.0") && stderr.contains("--allow-remote"), "{stderr}");
}

fn request(port: u16, method: &str, host: Option<&str>, extra: &str) -> (u16, String) {
    let host = host.map_or(String::new(), |h| format!("Host: {h}\r\n"));
    let body = if method == "POST" { r#"{"puzzle": "1.3.3..2.1..4.21"}"# } else { "" };
    let path = if method == "POST" { "/api/solve" } else { "/" };
    let raw = format!(
        "{method} {path} HTTP/1.1\r\n{host}{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let reply = send_raw(port, raw.as_bytes());
    (reply.status, reply.body)
}

#[test]
fn other_hosts_are_refused_with_a_json_error() {
    let server = Server::start(&[]);
    let port = server.port;
    for method in ["GET", "POST"] {
        for host in ["evil.example", "evil.example:8080", &format!("rebound.example:{port}"), "127.0.0.2", "[::2]"] {
            let (status, body) = request(port, method, Some(host), "");
            assert_eq!(status, 421, "{method} Host: {host}: {body}");
            let v: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert!(v["error"].as_str().unwrap().contains(&format!("not to host `{host}`")), "{body}");
        }
        let (status, body) = request(port, method, None, "");
        assert_eq!((status, body.contains("no Host header")), (400, true), "{body}");
        let (status, body) = request(port, method, Some("localhost"), "Origin: http://evil.example\r\n");
        assert_eq!((status, body.contains("requests from other sites are refused")), (403, true), "{body}");
    }
}

#[test]
fn local_names_are_accepted_with_any_port() {
    let server = Server::start(&[]);
    let port = server.port;
    let own = format!("127.0.0.1:{port}");
    for host in ["localhost", "LOCALHOST:1", "127.0.0.1", own.as_str(), "[::1]", "[::1]:8080"] {
        for method in ["GET", "POST"] {
            let (status, body) = request(port, method, Some(host), "");
            assert_eq!(status, 200, "{method} Host: {host}: {body}");
        }
    }
    let origin = format!("Origin: http://{own}\r\n");
    assert_eq!(request(port, "POST", Some(&own), &origin).0, 200);
}

/// Issue 37, item 10: two `Host` lines, or two `Origin` lines, get 400
/// (RFC 9112 requires it for `Host`): the server would check one while a
/// proxy or browser in between might honour the other.
#[test]
fn a_repeated_host_or_origin_is_refused() {
    let server = Server::start(&[]);
    let port = server.port;
    for method in ["GET", "POST"] {
        for (host, extra) in [
            ("localhost", "Host: evil.example\r\n"),
            ("evil.example", "Host: localhost\r\n"),
            ("localhost", "Host: localhost\r\n"),
        ] {
            let (status, body) = request(port, method, Some(host), extra);
            assert_eq!(status, 400, "{method} Host: {host} and {extra:?}: {body}");
            assert!(body.contains("the request has more than one Host header"), "{body}");
        }
        let origins = "Origin: http://localhost\r\nOrigin: http://evil.example\r\n";
        let (status, body) = request(port, method, Some("localhost"), origins);
        assert_eq!(status, 400, "{method} with two origins: {body}");
        assert!(body.contains("the request has more than one Origin header"), "{body}");
    }
}
