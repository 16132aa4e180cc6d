// End-to-end tests of `xc serve` in a real headless Chromium, driven by
// playwright-core. Run by .ci/run (a missing browser is a failure there):
//
//   cargo build --release && npm ci --prefix xc/tests/e2e && node xc/tests/e2e/run.mjs
//
// The same run regenerates the screenshots of docs/ when given the folder:
//
//   node xc/tests/e2e/run.mjs --screenshots docs/screenshots
//
// XC_BIN overrides the binary (default target/release/xc) and CHROMIUM the
// browser (default /usr/bin/chromium). XC_PAGE=xc/src/serve/page serves
// the page's files from that folder instead of the binary's copies, so
// page edits need no rebuild. Screenshots go to target/e2e/ in any case.
import { chromium } from "playwright-core";
import { join, resolve } from "node:path";
import { check, crashed, failed, pages, root, screenshots, startServer } from "./lib.mjs";
import { desktop } from "./desktop.mjs";
import { keyboard } from "./keyboard.mjs";
import { unsolvable } from "./unsolvable.mjs";
import { highlights } from "./highlights.mjs";
import { phone } from "./phone.mjs";
import { phoneFold } from "./phone_fold.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--screenshots");
if (args.length && (at !== 0 || args.length !== 2)) {
  console.error("usage: node xc/tests/e2e/run.mjs [--screenshots DIR]");
  process.exit(2);
}
const docs = at === 0 ? resolve(args[1]) : null;

const bin = process.env.XC_BIN || join(root, "target/release/xc");
const { child, url } = await startServer(bin);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});
const external = [];
const tools = {
  url,
  open: pages(browser, url, external, process.env.XC_PAGE && resolve(process.env.XC_PAGE)),
  shot: screenshots(docs),
};
try {
  for (const suite of [desktop, keyboard, unsolvable, highlights, phone, phoneFold]) {
    try {
      await suite(tools);
    } catch (e) {
      crashed(e);
    }
  }
  check(external.length === 0, `nothing is fetched from elsewhere (${external})`);
} finally {
  await browser.close();
  child.kill();
}
console.log(failed() ? `\n${failed()} check(s) failed` : "\nall browser checks passed");
process.exit(failed() ? 1 : 0);
