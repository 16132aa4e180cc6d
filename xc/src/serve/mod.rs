//! `xc serve`: a local web page and a JSON API over HTTP.
//!
//! A small pool of worker threads share one `tiny_http` listener; each
//! takes the next request, so a slow request ties up one worker only, and
//! every search runs under a node and time budget. Request bodies are
//! capped. The page (HTML, CSS, JS) is compiled into the binary and fetches
//! nothing from elsewhere. See `docs/API.md`.

mod api;
mod assets;

use super::exit::{self, Failure};
use clap::Args;
use std::io::Read;
use std::net::IpAddr;
use std::sync::Arc;
use tiny_http::{Header, Method, Request, Response, Server};

/// Arguments of `xc serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port (0 picks a free one, printed on stderr).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Anything but loopback needs saying so,
    /// and gets a warning: the API has no authentication.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in a browser.
    #[arg(long)]
    open: bool,
    /// Worker threads.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..=256))]
    workers: u16,
}

/// The largest request body accepted.
pub const MAX_BODY: usize = 1 << 20;

/// Runs the server until it is killed.
pub fn run(args: &ServeArgs) -> Result<u8, Failure> {
    if !args.host.is_loopback() {
        eprintln!("warning: listening on {}: anyone who can reach it can use the API", args.host);
    }
    let server = Server::http((args.host, args.port))
        .map_err(|e| Failure::input(format!("can't listen on {}:{}: {e}", args.host, args.port)))?;
    let server = Arc::new(server);
    let url = match server.server_addr().to_ip() {
        Some(addr) => format!("http://{addr}/"),
        None => "http://localhost/".to_string(),
    };
    eprintln!("serving {url} (Ctrl-C to stop)");
    if args.open {
        let _ = std::process::Command::new("xdg-open").arg(&url).spawn();
    }
    let workers: Vec<_> = (0..args.workers)
        .map(|_| {
            let server = Arc::clone(&server);
            std::thread::spawn(move || {
                let mut state = api::Worker::default();
                while let Ok(request) = server.recv() {
                    handle(&mut state, request);
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    Ok(exit::SOLVED)
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn respond(request: Request, status: u16, content_type: &str, body: Vec<u8>) {
    let response = Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    let _ = request.respond(response);
}

fn handle(state: &mut api::Worker, mut request: Request) {
    let path = request.url().split('?').next().unwrap_or("/").to_string();
    let method = request.method().clone();
    if let Some((content_type, body)) = assets::get(&path) {
        if method == Method::Get || method == Method::Head {
            return respond(request, 200, content_type, body.to_vec());
        }
        return respond(request, 405, "application/json", api::error_body("use GET for pages"));
    }
    let Some(endpoint) = path.strip_prefix("/api/") else {
        return respond(request, 404, "application/json", api::error_body(&format!("no such page: {path}")));
    };
    if method != Method::Post {
        return respond(request, 405, "application/json", api::error_body("use POST for the API"));
    }
    let mut body = Vec::new();
    let read = request.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut body);
    if read.is_err() {
        return respond(request, 400, "application/json", api::error_body("could not read the request body"));
    }
    if body.len() > MAX_BODY {
        return respond(
            request,
            413,
            "application/json",
            api::error_body(&format!("the body is over {MAX_BODY} bytes")),
        );
    }
    let (status, reply) = state.dispatch(endpoint, &body);
    respond(request, status, "application/json", reply);
}
