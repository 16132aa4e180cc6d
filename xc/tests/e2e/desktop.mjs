// The page on a desktop screen: typing, solving, hints, explanations,
// candidates, generating, importing and exporting.
import {
  EASY, EASY_SOLUTION, INKALA, SOLUTION, check, gridText, message, messageSays, post, section, typePuzzle,
} from "./lib.mjs";

export async function desktop({ open, url, shot }) {
  section("desktop");
  const page = await open({ viewport: { width: 1280, height: 860 } });
  check((await page.$$(".cell")).length === 81, "the page shows a 9×9 grid");

  // Type the "world's hardest" puzzle cell by cell, solve, read the grid.
  await typePuzzle(page, INKALA);
  check((await gridText(page)) === INKALA, "the typed puzzle is in the grid");
  check((await page.$$(".cell.given")).length === 21, "typed digits are shown as givens");
  await shot(page, "desktop-puzzle");
  await page.click("#solve");
  await messageSays(page, "Solved");
  check((await gridText(page)) === SOLUTION, "Solve fills in the right solution");
  check(/Solved in [0-9.]+ ms/.test(await message(page)), "Solve reports the time taken");
  await shot(page, "desktop-solved");

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
  await shot(page, "desktop-hint");

  // A wrong entry is named first.
  await page.click("#clear");
  await typePuzzle(page, INKALA);
  await page.click("#check");
  await messageSays(page, "Unique");
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
  check((await message(page)) === "r1c3 and r1c1 both hold 8.", `and named: "${await message(page)}"`);
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
  await messageSays(page, "New puzzle");
  const generated = await gridText(page);
  const count = await post(url, "count", { puzzle: generated, limit: 10 });
  check(count.status === "unique", `the generated puzzle is unique (${generated})`);
  check(/our level: (easy|medium|hard|expert|needs guessing)\./.test(await message(page)), `Generate shows our level, named as ours: "${await message(page)}"`);
  await shot(page, "desktop-generated");

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
  await page.click("#candidates");
  const size = await page.$eval(".cell .cands", (e) => parseFloat(getComputedStyle(e).fontSize));
  check(size >= 8, `16×16 pencil marks are laid out by digit at ${size.toFixed(1)} px on a desktop`);
  check((await page.$$(".board.packed")).length === 0, "and all of them are shown");
  await page.click("#candidates");
  await page.selectOption("#size", "3");
  await page.close();
}
