// What the browser tests share: the checks' tally, the server, pages,
// screenshots, and reading the grid and its colours.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export const INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
export const SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
export const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
export const EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

let failures = 0;

/** Prints one check and counts a failure. */
export function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
  return ok;
}

/** Counts a failure that ended a group of checks early. */
export function crashed(e) {
  console.log(`FAIL ${e.stack || e}`);
  failures++;
}

export function failed() {
  return failures;
}

/** A heading for the checks of one item. */
export function section(title) {
  console.log(`\n# ${title}`);
}

/** `xc serve` on a free port: the child and its address. */
export function startServer(bin) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(bin, ["serve", "--port", "0", "--workers", "4"], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (chunk) => {
      err += chunk;
      const m = err.match(/serving (http:\/\/[^ ]+\/)/);
      if (m) resolvePromise({ child, url: m[1] });
    });
    child.on("exit", (code) => reject(new Error(`xc serve exited with ${code}: ${err}`)));
    setTimeout(() => reject(new Error(`xc serve did not start: ${err}`)), 15000);
  });
}

/** A call to the API, outside the page. */
export async function post(url, path, body) {
  const r = await fetch(new URL(`api/${path}`, url), { method: "POST", body: JSON.stringify(body) });
  return r.json();
}

const STATIC = { "/": "index.html", "/index.html": "index.html", "/style.css": "style.css", "/app.js": "app.js", "/icon.svg": "icon.svg" };
const TYPES = { html: "text/html", css: "text/css", js: "text/javascript", svg: "image/svg+xml" };

/**
 * Opens pages on the server at `url`, recording in `external` every
 * request that goes elsewhere. With `pageDir`, the page's files come from
 * that folder instead of the binary (the API still from the server).
 */
export function pages(browser, url, external, pageDir) {
  return async (options) => {
    const context = await browser.newContext(options);
    if (pageDir) {
      await context.route(
        (u) => u.href.startsWith(url) && STATIC[u.pathname] !== undefined,
        (route) => {
          const file = STATIC[new URL(route.request().url()).pathname];
          const type = TYPES[file.split(".").pop()];
          route.fulfill({ body: readFileSync(join(pageDir, file)), contentType: `${type}; charset=utf-8` });
        },
      );
    }
    const page = await context.newPage();
    page.on("request", (r) => {
      if (!r.url().startsWith(url)) external.push(r.url());
    });
    await page.goto(url);
    return page;
  };
}

/**
 * Screenshots go to target/e2e/; those named in `docs` are copied to the
 * folder given with --screenshots too.
 */
export function screenshots(docsDir) {
  const shots = join(root, "target/e2e");
  mkdirSync(shots, { recursive: true });
  if (docsDir) mkdirSync(docsDir, { recursive: true });
  const docs = new Set(["desktop-solved", "desktop-hint", "phone", "phone-hint"]);
  return async (page, name, options = {}) => {
    const path = join(shots, `${name}.png`);
    await page.screenshot({ path, ...options });
    if (docsDir && docs.has(name)) copyFileSync(path, join(docsDir, `${name}.png`));
  };
}

/** The grid as a line, "." for empty cells. */
export async function gridText(page) {
  return page.$$eval(".cell", (cells) => cells.map((c) => (c.querySelector(".cands") ? "." : c.textContent || ".")).join(""));
}

/**
 * Types `puzzle` from the keyboard: a digit, then the right arrow (which
 * wraps within the row), and the down arrow at the end of each row.
 */
export async function typePuzzle(page, puzzle) {
  const side = Math.round(Math.sqrt(puzzle.length));
  await page.click(".cell >> nth=0");
  for (let k = 0; k < puzzle.length; k++) {
    if (puzzle[k] !== ".") await page.keyboard.press(puzzle[k]);
    await page.keyboard.press("ArrowRight");
    if (k % side === side - 1) await page.keyboard.press("ArrowDown");
  }
}

/** Loads `puzzle` through the Import dialog. */
export async function importPuzzle(page, puzzle) {
  await page.click("#import");
  await page.fill("#dialog-text", puzzle);
  await page.click("#dialog-ok");
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Imported"));
}

export async function message(page) {
  return page.textContent("#message");
}

/** Waits until the message starts with `start` (a string) or matches it. */
export async function messageSays(page, start) {
  const source = start instanceof RegExp ? start.source : null;
  await page.waitForFunction(
    ([text, re]) => {
      const m = document.querySelector("#message").textContent;
      return re ? new RegExp(re).test(m) : m.startsWith(text);
    },
    [source ? null : start, source],
  );
  return message(page);
}

/** Whether the element's box lies wholly inside the viewport. */
export async function inView(page, selector) {
  const box = await page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: innerWidth, h: innerHeight };
  });
  return { ok: box.top >= 0 && box.left >= 0 && box.bottom <= box.h && box.right <= box.w, box };
}

/** [r, g, b] of "#rrggbb" or "rgb(r, g, b)". */
export function rgb(text) {
  const t = text.trim();
  if (t.startsWith("#")) return [1, 3, 5].map((i) => parseInt(t.slice(i, i + 2), 16));
  return t.match(/[\d.]+/g).slice(0, 3).map(Number);
}

function linear(c) {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance(c) {
  const [r, g, b] = c.map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours. */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

function lab(c) {
  const [r, g, b] = c.map(linear);
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** The CIE76 colour difference (ΔE) of two colours: 2.3 is just noticeable. */
export function deltaE(a, b) {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
