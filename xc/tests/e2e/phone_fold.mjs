// The page on a phone (390×844), above the fold: the number pad in even
// rows (5 + 5, never 7 + 3), Generate visible without scrolling, and the
// list of steps from Explain starting on screen with several steps shown,
// each naming its technique once.
import { EASY, check, importPuzzle, inView, messageSays, section } from "./lib.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

/** The rows of the pad: how many buttons sit on each line. */
async function padRows(page) {
  return page.$$eval("#pad button", (buttons) => {
    const rows = new Map();
    for (const b of buttons) {
      const top = Math.round(b.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) || 0) + 1);
    }
    return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
  });
}

export async function phoneFold({ open, shot }) {
  section("phone: the pad in even rows, Generate above the fold");
  const page = await open(PHONE);
  const rows = await padRows(page);
  check(rows.join("+") === "5+5", `the 9×9 pad is two rows of five (${rows.join(" + ")})`);
  const sizes = await page.$$eval("#pad button", (bs) => bs.map((b) => b.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
  check(Math.min(...sizes) >= 44, `pad buttons are at least 44 px (${Math.min(...sizes).toFixed(0)})`);
  const generate = await page.$eval("#generate", (b) => b.getBoundingClientRect().bottom);
  check(generate <= 844, `Generate is above the fold, unscrolled (its bottom at ${generate.toFixed(0)} of 844)`);
  for (const [size, want] of [["2", "5"], ["4", "6+6+5"]]) {
    await page.selectOption("#size", size);
    const r = await padRows(page);
    check(r.join("+") === want, `the ${size === "2" ? "4×4" : "16×16"} pad is ${want} (${r.join(" + ")})`);
  }
  await page.selectOption("#size", "3");

  section("phone: Explain's list starts above the fold, each technique named once");
  await importPuzzle(page, EASY);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.tap("#explain");
  await messageSays(page, /^\d+ steps\./);
  const list = await page.$eval("#steps", (ol) => {
    const r = ol.getBoundingClientRect();
    const shown = [...ol.children].filter((li) => {
      const q = li.getBoundingClientRect();
      return q.top >= Math.max(0, r.top) && q.bottom <= Math.min(innerHeight, r.bottom);
    }).length;
    return { top: r.top, shown, h: innerHeight };
  });
  check(list.top >= 0 && list.top < list.h - 200, `the list starts on screen, well above the fold (at ${list.top.toFixed(0)} of ${list.h})`);
  const said = await inView(page, "#message");
  check(said.ok, `and the message above it too (y ${said.box.top.toFixed(0)} to ${said.box.bottom.toFixed(0)})`);
  check(list.shown >= 5, `at least five steps show without scrolling (${list.shown})`);
  const items = await page.$$eval("#steps li", (lis) => lis.map((li) => ({ tech: li.querySelector(".tech").textContent, text: li.textContent })));
  const repeated = items.filter(({ tech, text }) => text.toLowerCase().split(tech.toLowerCase()).length > 2);
  check(items.length > 0 && repeated.length === 0, `no step repeats its technique's name (${repeated.length} of ${items.length}: ${repeated[0]?.text ?? "none"})`);
  check(items[0].text.startsWith(`${items[0].tech} — `), `a step reads "${items[0].text.slice(0, 60)}…"`);
  await shot(page, "phone-explain");
  await page.close();
}
