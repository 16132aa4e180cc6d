// The page from the keyboard (issue 15, item 8): Tab and Shift+Tab move
// through the controls, the grid is one tab stop, the arrow keys move
// within it; and the last message goes with the next entry.
import { EASY, EASY_SOLUTION, check, message, messageSays, section, typePuzzle } from "./lib.mjs";

/** What has the focus: a control's id, "cell k", or the tag. */
function focused(page) {
  return page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return "body";
    if (e.classList.contains("cell")) return `cell ${e.dataset.k}`;
    return e.id ? `#${e.id}` : e.tagName.toLowerCase();
  });
}

export async function keyboard({ open }) {
  section("keyboard: Tab moves through the page, arrows within the grid");
  const page = await open({ viewport: { width: 1280, height: 860 } });
  check((await focused(page)) === "body", "nothing holds the focus at page load");

  const forward = [];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    forward.push(await focused(page));
  }
  const order = ["#size", "cell 0", "#solve", "#check", "#hint", "#explain", "#candidates", "#undo", "#clear", "#import", "#export", "#difficulty", "#symmetry", "#generate"];
  check(
    JSON.stringify(forward.slice(0, order.length)) === JSON.stringify(order),
    `Tab from page load: the size, the grid once, then every button (${forward.slice(0, order.length).join(", ")})`,
  );
  const once = forward.slice(0, forward.indexOf("#size", 1) >>> 0);
  check(once.filter((f) => f.startsWith("cell")).length === 1, `the grid is one tab stop (${once.length} stops in all)`);

  // Back from Generate to the size, with Shift+Tab.
  await page.focus("#generate");
  const back = [];
  for (let i = 0; i < order.length - 1; i++) {
    await page.keyboard.press("Shift+Tab");
    back.push(await focused(page));
  }
  check(
    JSON.stringify(back) === JSON.stringify([...order].reverse().slice(1)),
    `Shift+Tab goes back the same way (${back.join(", ")})`,
  );

  // With nothing focused, digits still go to the grid.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press("7");
  check((await page.textContent(".cell >> nth=0")) === "7" && (await focused(page)) === "cell 0", "with nothing focused, a digit goes to the cursor's cell");
  await page.keyboard.press("Backspace");

  // Into the grid: the arrows move the cursor, Tab leaves from where it is,
  // Shift+Tab comes back to it.
  await page.focus("#solve");
  await page.keyboard.press("Shift+Tab");
  check((await focused(page)) === "cell 0", "Shift+Tab from Solve enters the grid at its cursor");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  check((await focused(page)) === "cell 26", `the arrows move the cursor, wrapping in the row (${await focused(page)})`);
  check((await page.$$eval(".cell.selected", (c) => c.map((e) => e.dataset.k))).join() === "26", "the cursor is drawn where the focus is");
  check((await page.$$eval(".cell[tabindex='0']", (c) => c.length)) === 1, "one cell is in the tab order");
  await page.keyboard.press("5");
  check((await page.textContent(".cell >> nth=26")) === "5", "a digit goes in the cell with the focus");
  await page.keyboard.press("Tab");
  check((await focused(page)) === "#solve", "Tab leaves the grid for the Solve button");
  await page.keyboard.press("Shift+Tab");
  check((await focused(page)) === "cell 26", "Shift+Tab comes back to the same cell");
  await page.keyboard.press("Backspace");

  section("messages: the next entry clears the last one");
  await typePuzzle(page, EASY);
  await page.click("#hint");
  await page.waitForSelector(".cell.hint");
  const hinted = await message(page);
  check(hinted.length > 0, `a hint is said: "${hinted}"`);
  const cell = await page.evaluate(() => [...document.querySelectorAll(".cell")].findIndex((c) => !c.textContent));
  await page.click(`.cell >> nth=${cell}`);
  check((await message(page)) === hinted, "moving the cursor keeps the message");
  await page.keyboard.press(EASY_SOLUTION[cell]);
  check((await message(page)) === "", "the next entry clears it");
  check((await page.$$(".cell.hint")).length === 0, "and the hint's highlight");
  await page.click("#check");
  await messageSays(page, /./);
  await page.click(`.cell >> nth=${cell}`);
  await page.keyboard.press("Backspace");
  check((await message(page)) === "", "erasing is an entry too");
  await page.click("#solve");
  await messageSays(page, "Solved");
  await page.click("#undo");
  check((await message(page)) === "", "so is Undo");
  await page.click(".cell >> nth=0");
  await page.keyboard.press("3");
  check((await message(page)) === "r1c1 and r1c3 both hold 3.", `an entry that clashes replaces it with the clash: "${await message(page)}"`);
  await page.keyboard.press("1");
  check((await message(page)) === "r1c1 and r3c3 both hold 1.", `and the next entry replaces that: "${await message(page)}"`);
  await page.close();
}
