// The page on a phone (390×844; issue 15, item 8): the number pad, no
// sideways scrolling, the message in view after Solve, Hint and Generate,
// and 16×16 pencil marks big enough to read.
import { EASY, check, gridText, importPuzzle, inView, message, messageSays, post, section } from "./lib.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const DIGITS = "123456789ABCDEFG";

async function messageInView(page, what) {
  const { ok, box } = await inView(page, "#message");
  check(ok, `${what}: the message is in view (y ${box.top.toFixed(0)} to ${box.bottom.toFixed(0)} of ${box.h}): "${await message(page)}"`);
}

export async function phone({ open, url, shot }) {
  section("phone: the pad, and the message in view after Solve, Hint and Generate");
  const page = await open(PHONE);
  await page.tap(".cell >> nth=0");
  await page.tap("#pad button >> nth=7");
  const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `no horizontal scrolling on a phone (${overflow}px)`);
  check((await gridText(page))[0] === "8", "the number pad enters digits on a phone");

  await importPuzzle(page, EASY);
  await page.tap("#hint");
  await page.waitForSelector(".cell.hint");
  await messageInView(page, "Hint");
  const hinted = await page.$$eval(".cell.hint", (cells) => cells.every((c) => {
    const r = c.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }));
  check(hinted, "and so are the hinted cells");
  await shot(page, "phone-hint");
  await page.tap("#solve");
  await messageSays(page, "Solved");
  await messageInView(page, "Solve");
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement.scrollHeight));
  await page.tap("#generate");
  await messageSays(page, "New puzzle");
  await messageInView(page, "Generate, scrolled to the bottom first");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "phone", { fullPage: true });

  section("phone: 16×16 pencil marks are at least 8 px");
  await page.selectOption("#size", "4");
  await page.tap("#generate");
  await messageSays(page, "New puzzle");
  const puzzle = await gridText(page);
  await page.tap("#candidates");
  const marks = await page.$$eval(".cell", (cells) => {
    let smallest = Infinity, outside = 0, cellsWithMarks = 0, shown = 0;
    for (const c of cells) {
      const box = c.querySelector(".cands");
      if (!box) continue;
      cellsWithMarks++;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(box).fontSize));
      const r = c.getBoundingClientRect();
      for (const s of box.children) {
        if (!s.textContent) continue;
        shown++;
        const text = document.createRange();
        text.selectNodeContents(s);
        const q = text.getBoundingClientRect(); // the glyphs, not the span's box
        if (q.left < r.left - 0.5 || q.right > r.right + 0.5 || q.top < r.top - 0.5 || q.bottom > r.bottom + 0.5) outside++;
      }
    }
    return { smallest, outside, cellsWithMarks, shown, side: cells[0].getBoundingClientRect().width };
  });
  check(marks.cellsWithMarks > 50, `pencil marks are shown in ${marks.cellsWithMarks} cells ${marks.side.toFixed(1)} px wide`);
  check(marks.smallest >= 8, `16×16 pencil marks are at least 8 px on a phone (${marks.smallest} px)`);
  check(marks.outside === 0, `every mark fits inside its cell (${marks.shown} marks, ${marks.outside} outside)`);
  const overflow16 = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
  check(overflow16 <= 0, `no horizontal scrolling with 16×16 (${overflow16}px)`);

  // Cells with more candidates than fit end in "…"; the pad shows all of
  // the cursor's candidates.
  const full = await page.evaluate(() => {
    const cells = [...document.querySelectorAll(".cell")];
    const k = cells.findIndex((c) => c.querySelector(".cands .more"));
    return k;
  });
  if (check(full >= 0, "a cell with more candidates than fit ends in …")) {
    await page.tap(`.cell >> nth=${full}`);
    const pad = await page.$$eval("#pad button[data-d]", (bs) => bs.filter((b) => !b.classList.contains("out")).map((b) => b.textContent).join(""));
    const shown = await page.$eval(`.cell >> nth=${full}`, (c) => [...c.querySelectorAll(".cands span:not(.more)")].map((s) => s.textContent).join(""));
    check(pad.length > shown.length && [...shown].every((d) => pad.includes(d)), `the pad shows all of its candidates (${pad}; the cell shows ${shown}…)`);
  }

  // A hint's own marks are shown even where not every candidate fits.
  const step = (await post(url, "hint", { puzzle, grid: puzzle })).step;
  await page.tap("#hint");
  await page.waitForSelector(".cell.hint");
  await messageInView(page, "Hint on 16×16");
  const wanted = [...step.placements, ...step.eliminations];
  const missing = [];
  for (const [c, d] of wanted) {
    const texts = await page.$eval(`.cell >> nth=${c}`, (e) => [...e.querySelectorAll(".cands span")].map((s) => s.textContent));
    if (!texts.includes(DIGITS[d - 1])) missing.push(`r${Math.floor(c / 16) + 1}c${(c % 16) + 1}:${DIGITS[d - 1]}`);
  }
  check(missing.length === 0, `the hint's digits are among the marks shown (${step.technique}, ${wanted.length} marks; missing ${missing.join(" ") || "none"})`);
  await shot(page, "phone-16");
  await page.close();
}
