// End-to-end tests of `xc serve` in a real headless Chromium, driven by
// playwright-core. Run by .ci/run (a missing browser is a failure there):
//
//   cargo build --release && npm ci --prefix xc/tests/e2e && node xc/tests/e2e/run.mjs
//
// XC_BIN overrides the binary (default target/release/xc) and CHROMIUM the
// browser (default /usr/bin/chromium). Screenshots go to target/e2e/.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = process.env.XC_BIN || join(root, "target/release/xc");
const shots = join(root, "target/e2e");
mkdirSync(shots, { recursive: true });

const INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
}

function startServer() {
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

async function post(url, path, body) {
  const r = await fetch(new URL(`api/${path}`, url), { method: "POST", body: JSON.stringify(body) });
  return r.json();
}

async function gridText(page) {
  return page.$$eval(".cell", (cells) => cells.map((c) => (c.querySelector(".cands") ? "." : c.textContent || ".")).join(""));
}

async function typePuzzle(page, puzzle) {
  await page.click(".cell >> nth=0");
  for (const ch of puzzle) {
    if (ch !== ".") await page.keyboard.press(ch);
    await page.keyboard.press("Tab");
  }
}

async function message(page) {
  return page.textContent("#message");
}

const { child, url } = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const external = [];
  page.on("request", (r) => { if (!r.url().startsWith(url)) external.push(r.url()); });
  await page.goto(url);
  check((await page.$$(".cell")).length === 81, "the page shows a 9×9 grid");

  // Type the "world's hardest" puzzle cell by cell, solve, read the grid.
  await typePuzzle(page, INKALA);
  check((await gridText(page)) === INKALA, "the typed puzzle is in the grid");
  check((await page.$$(".cell.given")).length === 21, "typed digits are shown as givens");
  await page.screenshot({ path: join(shots, "desktop-puzzle.png") });
  await page.click("#solve");
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Solved"));
  check((await gridText(page)) === SOLUTION, "Solve fills in the right solution");
  check(/Solved in [0-9.]+ ms/.test(await message(page)), "Solve reports the time taken");
  await page.screenshot({ path: join(shots, "desktop-solved.png") });

  // Undo the solution, ask for a hint: Inkala's puzzle starts with a guess,
  // and the page says so.
  await page.click("#undo");
  check((await gridText(page)) === INKALA, "Undo takes the solution back");
  await page.click("#hint");
  await page.waitForSelector(".cell.hint");
  const guess = await post(url, "hint", { puzzle: INKALA, grid: INKALA });
  check(guess.kind === "step" && guess.step.guess, "the API's first step on Inkala's puzzle is a guess");
  check((await message(page)).startsWith("Guess"), `a guess is labelled as one: "${await message(page)}"`);
  check(guess.step.placements.every(([c, d]) => SOLUTION[c] === String(d)), "the guess takes the right branch");

  // On an easy puzzle the hint is a logical step: highlighted, explained, right.
  await page.click("#clear");
  await typePuzzle(page, EASY);
  await page.click("#hint");
  await page.waitForSelector(".cell.hint");
  const hinted = await page.$$eval(".cell.hint", (cells) => cells.map((c) => Number(c.dataset.k)).sort((a, b) => a - b));
  const api = await post(url, "hint", { puzzle: EASY, grid: EASY });
  check(api.kind === "step" && !api.step.guess, `the API gives a logical step: ${api.step.technique}`);
  const expected = [...new Set(api.step.cells)].sort((a, b) => a - b);
  check(JSON.stringify(hinted) === JSON.stringify(expected), `the highlighted cells are the step's (${hinted})`);
  check((await message(page)) === api.step.text, `the hint is explained: "${api.step.text}"`);
  check(!api.step.text.startsWith("Guess"), "a logical step is not called a guess");
  check(api.step.placements.length > 0 && api.step.placements.every(([c, d]) => EASY_SOLUTION[c] === String(d)), "the hint's placements are right");
  check(api.step.eliminations.every(([c, d]) => EASY_SOLUTION[c] !== String(d)), "the hint's eliminations keep the true digits");
  await page.screenshot({ path: join(shots, "desktop-hint.png") });

  // A wrong entry is named first.
  await page.click("#clear");
  await typePuzzle(page, INKALA);
  await page.click("#check");
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Unique"));
  check(true, "Check says the puzzle is unique");
  await page.click(".cell >> nth=1");
  await page.keyboard.press("9");
  await page.click("#hint");
  await page.waitForSelector(".cell.wrong");
  check((await message(page)).includes("r1c2"), `a wrong digit is named first: "${await message(page)}"`);

  // Conflicts are highlighted as you type.
  await page.click(".cell >> nth=2");
  await page.keyboard.press("8");
  check((await page.$$(".cell.conflict")).length >= 2, "two 8s in row 1 are highlighted");
  await page.keyboard.press("Backspace");

  // Explain all: a clickable list of steps.
  await page.click(".cell >> nth=1");
  await page.keyboard.press("Backspace");
  await page.click("#explain");
  await page.waitForSelector("#steps li");
  const steps = await page.$$("#steps li");
  check(steps.length > 10, `Explain lists ${steps.length} steps`);
  await steps[3].click();
  check((await page.$$(".cell.hint")).length > 0, "clicking a step highlights it");

  // Candidates on and off.
  await page.click("#candidates");
  check((await page.$$(".cell .cands")).length > 40, "pencil marks are shown");
  await page.click("#candidates");

  // Generate, and check the puzzle is unique.
  await page.click("#generate");
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("New puzzle"));
  const generated = await gridText(page);
  const count = await post(url, "count", { puzzle: generated, limit: 10 });
  check(count.status === "unique", `the generated puzzle is unique (${generated})`);
  check(/rating [0-9.]+/.test(await message(page)), `Generate shows the rating: "${await message(page)}"`);
  await page.screenshot({ path: join(shots, "desktop-generated.png") });

  // Errors show on the page.
  await page.click("#import");
  await page.fill("#dialog-text", "this is not a sudoku");
  await page.click("#dialog-ok");
  await page.waitForSelector(".message.error");
  check((await message(page)).startsWith("bad puzzle"), `a bad import shows an error: "${await message(page)}"`);

  // Export as a line.
  await page.click("#export");
  const exported = await page.inputValue("#dialog-text");
  check(exported.trim() === generated, "Export gives the grid as a line");
  await page.keyboard.press("Escape");

  // 16×16.
  await page.selectOption("#size", "4");
  check((await page.$$(".cell")).length === 256, "the 16×16 grid is offered");
  await page.selectOption("#size", "3");

  check(external.length === 0, `nothing is fetched from elsewhere (${external})`);

  // A phone-sized screen.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await phone.goto(url);
  await phone.tap(".cell >> nth=0");
  await phone.tap("#pad button >> nth=7");
  const overflow = await phone.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `no horizontal scrolling on a phone (${overflow}px)`);
  check((await gridText(phone))[0] === "8", "the number pad enters digits on a phone");
  await phone.click("#generate");
  await phone.waitForFunction(() => document.querySelector("#message").textContent.startsWith("New puzzle"));
  await phone.screenshot({ path: join(shots, "phone.png"), fullPage: true });
} catch (e) {
  console.log(`FAIL ${e.stack || e}`);
  failures++;
} finally {
  await browser.close();
  child.kill();
}
console.log(failures ? `${failures} check(s) failed` : "all browser checks passed");
process.exit(failures ? 1 : 0);
