// The cursor's peers and the cells holding its digit are told apart
// (issue 15, item 8), and every digit stays readable on each highlight.
import { EASY, check, contrast, deltaE, rgb, section, typePuzzle } from "./lib.mjs";

export async function highlights({ open }) {
  section("highlights: \"same digit\" and \"peer\" differ, and digits stay readable");
  const page = await open({ viewport: { width: 1280, height: 860 } });
  await typePuzzle(page, EASY);
  await page.click("#hint"); // locks the givens, so the next digit is an entry
  await page.waitForSelector(".cell.hint");
  await page.click(".cell >> nth=1");
  await page.keyboard.press("8"); // r1c2, right
  await page.click("#solve");
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Solved"));
  // The cursor on the 3 in r1c3: r1c1 is a peer, the 3 in r2c4 is the same
  // digit and no peer.
  await page.click(".cell >> nth=2");
  const seen = await page.evaluate(() => {
    const cells = [...document.querySelectorAll(".cell")];
    const style = (k) => ({ classes: cells[k].className, bg: getComputedStyle(cells[k]).backgroundColor });
    const css = getComputedStyle(document.documentElement);
    return {
      peer: style(0),
      same: style(12),
      selected: style(2),
      plain: style(80),
      inks: ["--given", "--entry", "--solution"].map((v) => [v, css.getPropertyValue(v)]),
    };
  });
  check(/\bpeer\b/.test(seen.peer.classes) && !/\bsame\b/.test(seen.peer.classes), "r1c1 is drawn as a peer");
  check(/\bsame\b/.test(seen.same.classes) && !/\bpeer\b/.test(seen.same.classes), "r2c4 is drawn as the same digit");
  const [peer, same, selected, plain] = [seen.peer.bg, seen.same.bg, seen.selected.bg, seen.plain.bg].map(rgb);
  const apart = deltaE(peer, same);
  check(apart >= 15, `"same digit" and "peer" differ clearly: ΔE ${apart.toFixed(1)} (${seen.peer.bg} vs ${seen.same.bg}; at least 15)`);
  check(deltaE(same, selected) >= 15, `and "same digit" from the cursor: ΔE ${deltaE(same, selected).toFixed(1)}`);
  check(deltaE(peer, plain) >= 3, `and "peer" from a plain cell: ΔE ${deltaE(peer, plain).toFixed(1)}`);
  for (const [name, value] of seen.inks) {
    const ink = rgb(value);
    const worst = Math.min(...[peer, same, selected, plain].map((bg) => contrast(ink, bg)));
    check(worst >= 4.5, `${name.slice(2)} digits keep a 4.5:1 contrast on every highlight (${worst.toFixed(2)}:1 at worst)`);
  }
  await page.close();
}
