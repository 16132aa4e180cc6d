//! The Host check of a server on loopback, against DNS rebinding: a page on
//! another site whose name has been made to resolve to 127.0.0.1 reaches
//! the server with its own name in `Host`, and is refused.
//!
//! Accepted names, with any port or none: `localhost`, `127.0.0.1`,
//! `[::1]`, and the address the server is bound to. The request target's
//! authority, when it has one (`GET http://name/ HTTP/1.1`), must pass the
//! same test, and so must the `Origin` a browser sends with a cross-site
//! request. A request without `Host` is refused too (HTTP/1.1 requires it).
//!
//! On any address, a request with two `Host` or two `Origin` header lines
//! is refused with 400, as RFC 9112 (3.2) requires for `Host`: the checks
//! above read one, and a proxy or browser in between might honour the
//! other.

use hyper::header::{HOST, HeaderMap, ORIGIN};
use hyper::{StatusCode, Uri};
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// Why a request was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No `Host` header.
    NoHost,
    /// `Host` (or the target's authority) names another server.
    Host(String),
    /// `Origin` is another site.
    Origin(String),
    /// The header appears more than once.
    Repeated(&'static str),
}

impl Refusal {
    /// 421 Misdirected Request for a wrong host, 403 for a foreign origin,
    /// 400 for no host or a repeated header.
    pub fn status(&self) -> StatusCode {
        match self {
            Refusal::NoHost | Refusal::Repeated(_) => StatusCode::BAD_REQUEST,
            Refusal::Host(_) => StatusCode::MISDIRECTED_REQUEST,
            Refusal::Origin(_) => StatusCode::FORBIDDEN,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NoHost => f.write_str("the request has no Host header"),
            Refusal::Host(h) => write!(
                f,
                "this server answers to localhost, 127.0.0.1 and [::1] only, not to host `{h}` (see --allow-remote)"
            ),
            Refusal::Origin(o) => write!(f, "requests from other sites are refused (origin `{o}`)"),
            Refusal::Repeated(name) => write!(f, "the request has more than one {name} header"),
        }
    }
}

/// The host part of `host[:port]` or `[v6][:port]`, if the port (when
/// there is one) is a number.
fn host_part(authority: &str) -> Option<&str> {
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let end = rest.find(']')?;
        (&authority[..end + 2], &rest[end + 1..])
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host, port),
            None => (authority, ""),
        }
    };
    let port = port.strip_prefix(':').unwrap_or(port);
    port.bytes().all(|b| b.is_ascii_digit()).then_some(host)
}

/// Whether `authority` (`host[:port]`) names this server, bound to `bound`.
pub fn is_local(authority: &str, bound: SocketAddr) -> bool {
    let Some(host) = host_part(authority) else {
        return false;
    };
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    let ip = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => v6.parse::<Ipv6Addr>().ok().map(IpAddr::V6),
        None => host.parse::<Ipv4Addr>().ok().map(IpAddr::V4),
    };
    ip.is_some_and(|ip| ip == Ipv4Addr::LOCALHOST || ip == Ipv6Addr::LOCALHOST || ip == bound.ip())
}

/// Refuses a request with more than one `Host` or `Origin` line.
pub fn single(headers: &HeaderMap) -> Result<(), Refusal> {
    for (name, shown) in [(HOST, "Host"), (ORIGIN, "Origin")] {
        if headers.get_all(name).iter().nth(1).is_some() {
            return Err(Refusal::Repeated(shown));
        }
    }
    Ok(())
}

/// Checks a request's `Host`, target and `Origin` (see the module doc).
pub fn check(headers: &HeaderMap, uri: &Uri, bound: SocketAddr) -> Result<(), Refusal> {
    single(headers)?;
    let host = headers.get(HOST).ok_or(Refusal::NoHost)?;
    let host = String::from_utf8_lossy(host.as_bytes());
    if !is_local(&host, bound) {
        return Err(Refusal::Host(host.into_owned()));
    }
    if let Some(authority) = uri.authority() {
        if !is_local(authority.as_str(), bound) {
            return Err(Refusal::Host(authority.to_string()));
        }
    }
    if let Some(origin) = headers.get(ORIGIN) {
        let origin = String::from_utf8_lossy(origin.as_bytes());
        let authority = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://"));
        if !authority.is_some_and(|a| is_local(a, bound)) {
            return Err(Refusal::Origin(origin.into_owned()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_names_with_any_port() {
        let bound: SocketAddr = "127.0.0.2:8080".parse().unwrap();
        for ok in ["localhost", "LocalHost:1", "127.0.0.1", "127.0.0.1:8080", "[::1]", "[::1]:80", "127.0.0.2:9"] {
            assert!(is_local(ok, bound), "{ok}");
        }
        for no in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.3",
            "127.0.0.1:80x",
            "[::1",
            "::1",
            "[::2]:80",
            "",
            "localhost:8080:1",
        ] {
            assert!(!is_local(no, bound), "{no}");
        }
    }

    #[test]
    fn origin_and_target_are_checked_too() {
        let bound: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        let mut headers = HeaderMap::new();
        let root: Uri = "/".parse().unwrap();
        assert_eq!(check(&headers, &root, bound), Err(Refusal::NoHost));
        headers.insert(HOST, "localhost:8080".parse().unwrap());
        assert_eq!(check(&headers, &root, bound), Ok(()));
        let absolute: Uri = "http://evil.example/".parse().unwrap();
        assert_eq!(check(&headers, &absolute, bound), Err(Refusal::Host("evil.example".into())));
        headers.insert(ORIGIN, "http://127.0.0.1:8080".parse().unwrap());
        assert_eq!(check(&headers, &root, bound), Ok(()));
        headers.insert(ORIGIN, "https://evil.example".parse().unwrap());
        assert_eq!(check(&headers, &root, bound).unwrap_err().status(), StatusCode::FORBIDDEN);
        headers.insert(ORIGIN, "null".parse().unwrap());
        assert!(check(&headers, &root, bound).is_err());
    }

    #[test]
    fn a_repeated_host_or_origin_is_refused() {
        let bound: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        let root: Uri = "/".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.append(HOST, "localhost".parse().unwrap());
        headers.append(HOST, "evil.example".parse().unwrap());
        assert_eq!(check(&headers, &root, bound), Err(Refusal::Repeated("Host")));
        assert_eq!(single(&headers).unwrap_err().status(), StatusCode::BAD_REQUEST);
        let mut headers = HeaderMap::new();
        headers.append(HOST, "localhost".parse().unwrap());
        headers.append(ORIGIN, "http://localhost".parse().unwrap());
        assert_eq!(check(&headers, &root, bound), Ok(()));
        headers.append(ORIGIN, "http://evil.example".parse().unwrap());
        assert_eq!(check(&headers, &root, bound), Err(Refusal::Repeated("Origin")));
    }
}
