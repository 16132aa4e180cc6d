//! One request: the Host check (and, on any address, one `Host` and at
//! most one `Origin`), routing, reading the body under its cap and
//! timeout, and the response. Nothing here blocks: static files and every
//! refusal are answered on the runtime, and API calls go to the [`Pool`].

use super::api;
use super::config::{Config, MAX_BODY};
use super::handler::Reject;
use super::pool::{Busy, Pool};
use super::{assets, host};
use crate::wire::{ErrorReply, encode};
use bytes::Bytes;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::Incoming;
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

/// What every connection shares.
pub struct Shared {
    /// The arguments.
    pub config: Config,
    /// The address bound (its port chosen, for `--port 0`).
    pub bound: SocketAddr,
    /// The solver workers.
    pub pool: Pool,
}

type Reply = Response<Full<Bytes>>;

/// A response with the headers every answer has.
fn respond(status: StatusCode, content_type: &'static str, body: impl Into<Bytes>) -> Reply {
    let mut response = Response::new(Full::new(body.into()));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

fn json(status: StatusCode, body: Vec<u8>) -> Reply {
    respond(status, "application/json", body)
}

/// `{"error": message}` with `status`.
fn error(status: StatusCode, message: impl Into<String>) -> Reply {
    json(status, encode(&ErrorReply { error: message.into() }))
}

/// An error after which the connection closes (the body was not read).
fn error_and_close(status: StatusCode, message: impl Into<String>) -> Reply {
    let mut response = error(status, message);
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// 405, naming the methods `path` takes in `Allow` (as RFC 9110 requires).
fn not_allowed(allow: &'static str, message: &str) -> Reply {
    let mut response = error_and_close(StatusCode::METHOD_NOT_ALLOWED, message);
    response.headers_mut().insert(header::ALLOW, HeaderValue::from_static(allow));
    response
}

/// Answers one request.
pub async fn handle(request: Request<Incoming>, shared: Arc<Shared>) -> Result<Reply, Infallible> {
    Ok(answer(request, &shared).await)
}

async fn answer(request: Request<Incoming>, shared: &Shared) -> Reply {
    let started = Instant::now();
    let checked = if shared.config.check_host {
        host::check(request.headers(), request.uri(), shared.bound)
    } else {
        host::single(request.headers())
    };
    if let Err(refusal) = checked {
        return error_and_close(refusal.status(), refusal.to_string());
    }
    let path = request.uri().path().to_string();
    let method = request.method().clone();
    if let Some((content_type, body)) = assets::get(&path) {
        if method == Method::GET || method == Method::HEAD {
            return respond(StatusCode::OK, content_type, Bytes::from_static(body));
        }
        return not_allowed("GET, HEAD", "use GET for pages");
    }
    let Some(name) = path.strip_prefix("/api/") else {
        return error_and_close(StatusCode::NOT_FOUND, format!("no such page: {path}"));
    };
    let Some(endpoint) = api::endpoint(name) else {
        return error_and_close(StatusCode::NOT_FOUND, format!("no such endpoint: /api/{name}"));
    };
    if method != Method::POST {
        return not_allowed("POST", "use POST for the API");
    }
    let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return error_and_close(StatusCode::PAYLOAD_TOO_LARGE, format!("the body is over {MAX_BODY} bytes"));
    }
    let body = Limited::new(request.into_body(), MAX_BODY).collect();
    let body = match tokio::time::timeout_at((started + shared.config.body_timeout).into(), body).await {
        Err(_) => {
            let seconds = shared.config.body_timeout.as_secs_f64();
            return error_and_close(
                StatusCode::REQUEST_TIMEOUT,
                format!("the body took more than {seconds} s to send"),
            );
        }
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => {
            return error_and_close(StatusCode::PAYLOAD_TOO_LARGE, format!("the body is over {MAX_BODY} bytes"));
        }
        Ok(Err(_)) => return error_and_close(StatusCode::BAD_REQUEST, "could not read the request body"),
        Ok(Ok(body)) => body.to_bytes(),
    };
    let arrived = Instant::now();
    let call = match endpoint.call(&body) {
        Ok(call) => call,
        Err(reject) => return rejected(reject),
    };
    drop(body);
    match shared.pool.run(call, arrived).await {
        Ok(Ok(reply)) => json(StatusCode::OK, reply),
        Ok(Err(reject)) => rejected(reject),
        Err(Busy::Saturated) => {
            let mut response = error(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("every worker is busy ({} searches at once); try again shortly", shared.config.workers),
            );
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            response
        }
        Err(Busy::Failed) => error(StatusCode::INTERNAL_SERVER_ERROR, "the request failed inside the server"),
    }
}

fn rejected(reject: Reject) -> Reply {
    error(reject.status, reject.message)
}
