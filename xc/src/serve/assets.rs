//! The page, compiled into the binary: nothing is fetched from elsewhere.

const INDEX: &str = include_str!("page/index.html");
const STYLE: &str = include_str!("page/style.css");
const SCRIPT: &str = include_str!("page/app.js");
const ICON: &str = include_str!("page/icon.svg");

/// The content type and body of a static path, if it is one.
pub fn get(path: &str) -> Option<(&'static str, &'static [u8])> {
    Some(match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", INDEX.as_bytes()),
        "/style.css" => ("text/css; charset=utf-8", STYLE.as_bytes()),
        "/app.js" => ("text/javascript; charset=utf-8", SCRIPT.as_bytes()),
        "/icon.svg" | "/favicon.ico" => ("image/svg+xml", ICON.as_bytes()),
        _ => return None,
    })
}
