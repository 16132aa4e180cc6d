// Givens with no solution (issue 15, item 8): Solve, Check, Hint and
// Explain say which givens clash, or that no assignment of the empty cells
// keeps the rules, and never ask to clear a given the page won't clear.
import { EASY, check, message, post, section, typePuzzle } from "./lib.mjs";

// The easy puzzle with a 2 in r1c1, which clashes with the 2 in r1c5.
const CLASH = "2" + EASY.slice(1);
// The easy puzzle with a 5 in r1c1: no two givens clash, but there is no
// solution (and exactly one without that 5).
const WRONG = "5" + EASY.slice(1);
// Row 1 holds 1 to 8, so r1c9 must be 9, which r2c9 already holds.
const BLOCKED = "12345678." + "........9" + ".".repeat(63);

const NO_ASSIGNMENT = "no assignment of the empty cells satisfies the rules";

/** Clicks `button` and waits for its answer. */
async function ask(page, button) {
  await page.evaluate(() => (document.querySelector("#message").textContent = ""));
  await page.click(button);
  await page.waitForFunction(() => document.querySelector("#message").textContent && !document.querySelector("#solve").disabled);
  return message(page);
}

export async function unsolvable({ open, url }) {
  section("unsolvable: Solve, Check, Hint and Explain name the clash, or say there is no assignment");
  const page = await open({ viewport: { width: 1280, height: 860 } });

  const blamed = await post(url, "hint", { puzzle: CLASH, grid: CLASH });
  check(
    blamed.kind === "wrong" && blamed.cell === 0,
    `(the API's hint on clashing givens blames the given r1c1: "${blamed.text}")`,
  );
  await typePuzzle(page, CLASH);
  for (const button of ["#hint", "#solve", "#check", "#explain"]) {
    const said = await ask(page, button);
    check(
      said.startsWith("No solution: the givens r1c1 and r1c5 both hold 2 (row 1).") && !/clear it/i.test(said),
      `${button.slice(1)} on clashing givens names them: "${said}"`,
    );
  }
  check((await page.$$(".cell.wrong.given")).length === 0, "no given is marked as the player's mistake");

  await page.click("#clear");
  await typePuzzle(page, WRONG);
  for (const button of ["#hint", "#solve", "#check", "#explain"]) {
    const said = await ask(page, button);
    check(said.includes(NO_ASSIGNMENT) && !/clear it/i.test(said), `${button.slice(1)} on givens that don't clash but have no solution: "${said}"`);
  }

  await page.click("#clear");
  await typePuzzle(page, BLOCKED);
  const none = await post(url, "hint", { puzzle: BLOCKED, grid: BLOCKED });
  check(none.error === "the puzzle has no solution", `(the API's hint answers 400: "${none.error}")`);
  for (const button of ["#hint", "#solve", "#check", "#explain"]) {
    const said = await ask(page, button);
    check(said.includes(NO_ASSIGNMENT), `${button.slice(1)} when no cell is to blame: "${said}"`);
  }

  // The givens can be put right: the page keeps them editable.
  await page.click("#clear");
  await typePuzzle(page, WRONG);
  await ask(page, "#hint");
  await page.click(".cell >> nth=0");
  await page.keyboard.press("4");
  const changed = await page.$eval(".cell >> nth=0", (e) => e.classList.contains("given") && e.textContent === "4");
  check(changed, "a given of an unsolvable puzzle can be changed");
  await page.click("#hint");
  await page.waitForSelector(".cell.hint");
  check(!(await message(page)).startsWith("No solution"), `and then Hint gives a step: "${await message(page)}"`);
  await page.click(".cell >> nth=0");
  await page.keyboard.press("5");
  check((await message(page)) === "r1c1 is a given.", "once the puzzle has a solution, its givens are fixed again");
  await page.close();
}
