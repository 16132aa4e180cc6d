// The Sudoku page of `xc serve`. Plain JavaScript, no dependencies: the
// grid, keyboard entry, conflicts as you type, and the buttons, which call
// the JSON API (docs/API.md).
//
// The grid is one tab stop (a roving tabindex): the arrow keys move within
// it and Tab leaves it. The message under the buttons is replaced by every
// answer and cleared by the next entry.
"use strict";

const $ = (id) => document.getElementById(id);
const DIGITS = "123456789ABCDEFGHIJKLMNOP";

const state = {
  n: 3,
  side: 9,
  values: [], // 0 = empty
  given: [], // true for the puzzle's givens
  solved: [], // true for cells filled by Solve
  locked: false, // false while the puzzle itself is being typed in
  selected: 0,
  candidates: false,
  history: [],
  highlight: null, // { cells, digits, placements, eliminations } of a hint
  wrong: null, // a cell holding a wrong digit
  preview: null, // a grid line shown while a step of the explanation is selected
  steps: [],
};

function cellName(k) {
  return `r${Math.floor(k / state.side) + 1}c${(k % state.side) + 1}`;
}

function digitChar(v) {
  return v === 0 ? "." : DIGITS[v - 1];
}

function line(onlyGivens) {
  return state.values.map((v, k) => digitChar(onlyGivens && !state.given[k] ? 0 : v)).join("");
}

function snapshot() {
  return JSON.stringify({ v: state.values, g: state.given, s: state.solved, l: state.locked, n: state.n });
}

function remember() {
  state.history.push(snapshot());
  if (state.history.length > 500) state.history.shift();
}

function undo() {
  const last = state.history.pop();
  if (!last) return say("Nothing to undo.");
  const s = JSON.parse(last);
  if (s.n !== state.n) build(s.n);
  Object.assign(state, { values: s.v, given: s.g, solved: s.s, locked: s.l });
  clearMarks();
  render();
  say("");
}

function reset(n) {
  state.n = n;
  state.side = n * n;
  const cells = state.side * state.side;
  state.values = new Array(cells).fill(0);
  state.given = new Array(cells).fill(false);
  state.solved = new Array(cells).fill(false);
  state.locked = false;
  state.selected = 0;
  clearMarks();
}

function clearMarks() {
  state.highlight = null;
  state.wrong = null;
  state.preview = null;
  document.querySelectorAll(".steps li.active").forEach((li) => li.classList.remove("active"));
}

function houses(k) {
  const { side, n } = state;
  const r = Math.floor(k / side), c = k % side;
  const b = Math.floor(r / n) * n + Math.floor(c / n);
  return [r, side + c, 2 * side + b];
}

function peersOf(k) {
  const { side, n } = state;
  const r = Math.floor(k / side), c = k % side;
  const out = new Set();
  for (let i = 0; i < side; i++) {
    out.add(r * side + i);
    out.add(i * side + c);
  }
  const br = Math.floor(r / n) * n, bc = Math.floor(c / n) * n;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out.add((br + i) * side + bc + j);
  out.delete(k);
  return out;
}

function conflicts(values) {
  const bad = new Set();
  values.forEach((v, k) => {
    if (!v) return;
    for (const p of peersOf(k)) if (values[p] === v) { bad.add(k); bad.add(p); }
  });
  return bad;
}

function candidatesOf(values, k) {
  if (values[k]) return [];
  const used = new Set();
  for (const p of peersOf(k)) used.add(values[p]);
  const out = [];
  for (let d = 1; d <= state.side; d++) if (!used.has(d)) out.push(d);
  return out;
}

function build(n) {
  reset(n);
  const board = $("board");
  board.className = `board n${n}`;
  board.style.gridTemplateColumns = `repeat(${state.side}, auto)`;
  board.replaceChildren();
  for (let k = 0; k < state.side * state.side; k++) {
    const cell = document.createElement("div");
    const r = Math.floor(k / state.side), c = k % state.side;
    cell.className = "cell";
    if (c % n === n - 1 && c !== state.side - 1) cell.classList.add("box-right");
    if (r % n === n - 1 && r !== state.side - 1) cell.classList.add("box-bottom");
    cell.dataset.k = k;
    cell.setAttribute("role", "gridcell");
    cell.setAttribute("aria-label", cellName(k));
    cell.addEventListener("mousedown", (e) => { e.preventDefault(); select(k); });
    board.appendChild(cell);
  }
  const pad = $("pad");
  pad.replaceChildren();
  // Even rows on a phone: 4×4 in one row of five, 9×9 in two of five
  // (never 7 + 3), 16×16 in rows of six.
  pad.style.setProperty("--pad-columns", String(state.side <= 4 ? state.side + 1 : state.side <= 9 ? 5 : 6));
  for (let d = 1; d <= state.side; d++) {
    const b = document.createElement("button");
    b.textContent = DIGITS[d - 1];
    b.dataset.d = d;
    b.addEventListener("click", () => enter(d));
    pad.appendChild(b);
  }
  const erase = document.createElement("button");
  erase.textContent = "⌫";
  erase.setAttribute("aria-label", "Erase");
  erase.addEventListener("click", () => enter(0));
  pad.appendChild(erase);
  $("size").value = String(n);
  render();
}

// Moves the cursor to cell `k` and focuses it.
function select(k) {
  state.selected = k;
  render();
  $("board").children[k].focus();
}

function enter(v) {
  const k = state.selected;
  if (state.locked && state.given[k]) return say(`${cellName(k)} is a given.`);
  if (state.values[k] === v && !state.solved[k]) return;
  remember();
  clearMarks();
  state.values[k] = v;
  state.solved[k] = false;
  state.given[k] = !state.locked && v !== 0;
  render();
  const clash = v ? [...peersOf(k)].find((p) => state.values[p] === v) : undefined;
  if (clash === undefined) say("");
  else say(`${cellName(k)} and ${cellName(clash)} both hold ${DIGITS[v - 1]}.`, "error");
}

// How pencil marks fit in a cell `px` wide. Laid out by digit, their font
// is a fraction of the cell (style.css); where that would be under 8 px,
// they are packed at 8 px instead, in as many columns as the widest digit
// allows and as many rows as fit (`room` in all).
const MARK_PX = 8;
let widest = null; // { font, side, px }: the widest digit at MARK_PX
function markLayout(cell) {
  const { n, side } = state;
  const px = cell.getBoundingClientRect().width;
  const scale = n === 4 ? 0.2 : 0.22;
  if (px * scale >= MARK_PX) return { packed: false, columns: n, room: side };
  const font = getComputedStyle(cell).fontFamily;
  if (!widest || widest.font !== font || widest.side !== side) {
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = `${MARK_PX}px ${font}`;
    const chars = DIGITS.slice(0, side);
    widest = { font, side, px: Math.max(6, ...[...chars].map((ch) => ctx.measureText(ch).width)) };
  }
  const inner = px - 2; // .cands is inset 1 px
  const columns = Math.max(1, Math.floor(inner / widest.px));
  return { packed: true, columns, room: columns * Math.max(1, Math.floor(inner / MARK_PX)) };
}

// The marks to show in a cell with room for `room`: those of the hint
// first, then the rest in order, and "…" when some are left out.
function marksShown(cands, room, keep) {
  if (cands.length <= room) return { shown: cands, more: false };
  const picked = new Set(cands.filter((d) => keep.has(d)).slice(0, room - 1));
  for (const d of cands) if (picked.size < room - 1) picked.add(d);
  return { shown: cands.filter((d) => picked.has(d)), more: true };
}

function render() {
  const values = state.preview ? [...state.preview].map((ch) => (ch === "." ? 0 : DIGITS.indexOf(ch) + 1)) : state.values;
  const bad = conflicts(values);
  const sel = state.selected;
  const selPeers = peersOf(sel);
  const h = state.highlight;
  const hintCells = new Set(h ? h.cells : []);
  const board = $("board");
  const cells = board.children;
  const layout = markLayout(cells[0]);
  board.classList.toggle("packed", layout.packed);
  for (let k = 0; k < cells.length; k++) {
    const cell = cells[k];
    const v = values[k];
    cell.classList.toggle("given", state.given[k] && v !== 0);
    cell.classList.toggle("entry", !state.given[k] && !state.solved[k] && v !== 0);
    cell.classList.toggle("solved", state.solved[k] && !state.given[k]);
    cell.classList.toggle("selected", k === sel && !state.preview);
    cell.tabIndex = k === sel ? 0 : -1; // the cursor is the grid's one tab stop
    cell.classList.toggle("peer", selPeers.has(k) && !state.preview);
    cell.classList.toggle("same", v !== 0 && v === values[sel] && k !== sel);
    cell.classList.toggle("conflict", bad.has(k));
    cell.classList.toggle("hint", hintCells.has(k));
    cell.classList.toggle("wrong", state.wrong === k);
    const showCands = !v && (state.candidates || hintCells.has(k));
    if (showCands) {
      const box = document.createElement("div");
      box.className = "cands";
      box.style.gridTemplateColumns = `repeat(${layout.columns}, 1fr)`;
      const cands = new Set(candidatesOf(values, k));
      const elim = new Set(h ? (h.eliminations || []).filter(([c]) => c === k).map(([, d]) => d) : []);
      const hl = new Set(h && hintCells.has(k) ? (h.digits || []).filter((d) => cands.has(d)) : []);
      const all = [];
      for (let d = 1; d <= state.side; d++) if (cands.has(d) || elim.has(d)) all.push(d);
      const { shown, more } = layout.packed
        ? marksShown(all, layout.room, new Set([...elim, ...hl]))
        : { shown: all, more: false };
      const visible = new Set(shown);
      for (let d = 1; d <= state.side; d++) {
        if (layout.packed && !visible.has(d)) continue;
        const s = document.createElement("span");
        s.textContent = visible.has(d) ? DIGITS[d - 1] : "";
        if (elim.has(d)) s.className = "elim";
        else if (hl.has(d)) s.className = "hl";
        box.appendChild(s);
      }
      if (more) {
        const s = document.createElement("span");
        s.className = "more";
        s.textContent = "…";
        box.appendChild(s);
      }
      cell.replaceChildren(box);
    } else {
      cell.textContent = v ? DIGITS[v - 1] : "";
    }
    cell.setAttribute("aria-label", `${cellName(k)} ${v ? DIGITS[v - 1] : "empty"}`);
  }
  $("candidates").setAttribute("aria-pressed", String(state.candidates));
  // With pencil marks on, the pad shows the selected cell's candidates.
  const open = state.candidates && !values[sel] ? new Set(candidatesOf(values, sel)) : null;
  for (const b of $("pad").children) b.classList.toggle("out", !!open && !!b.dataset.d && !open.has(Number(b.dataset.d)));
}

function say(text, kind) {
  const m = $("message");
  m.textContent = text;
  m.className = `message${kind ? " " + kind : ""}`;
}

// Scrolls the message into view if it is not (on a phone it sits under
// the buttons and Generate). When Explain's list shows, the list comes
// into view with it: the list's end at the bottom of the screen puts the
// message and the first steps on screen together.
function reveal() {
  const list = $("steps");
  const m = $("message").getBoundingClientRect();
  if (!list.hidden && (m.top < 0 || list.getBoundingClientRect().bottom > window.innerHeight)) {
    list.scrollIntoView({ block: "nearest" });
  } else if (m.top < 0 || m.bottom > window.innerHeight) {
    $("message").scrollIntoView({ block: "nearest" });
  }
}

async function api(path, body) {
  let response;
  try {
    response = await fetch(`/api/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (e) {
    throw new Error(`The server can't be reached (${e.message}). Is xc serve still running?`);
  }
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error(`The server sent an unreadable answer (HTTP ${response.status}).`);
  }
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

async function busy(button, work) {
  const buttons = document.querySelectorAll("button");
  buttons.forEach((b) => (b.disabled = true));
  try {
    await work();
  } catch (e) {
    say(e.message, "error");
  } finally {
    buttons.forEach((b) => (b.disabled = false));
    // Focus without scrolling to the button: reveal() scrolls to the answer.
    if (button) button.focus({ preventScroll: true });
    reveal();
  }
}

function lock() {
  if (state.locked) return;
  state.locked = true;
}

// What to say when the givens have no solution: the two that clash, or
// that no assignment of the empty cells keeps the rules. `blamed` is a
// given without which the puzzle has exactly one solution, if one is
// known. The givens stay editable, so they can be put right.
function noSolution(conflict, blamed) {
  state.locked = false;
  let text = conflict
    ? `No solution: the givens ${conflict}.`
    : "No solution: the givens don't clash, but no assignment of the empty cells satisfies the rules.";
  if (!conflict && blamed !== undefined) {
    text += ` Without the ${digitChar(state.values[blamed])} in ${cellName(blamed)} there would be exactly one.`;
  }
  return `${text} The givens stay editable until the puzzle has a solution.`;
}

// After a hint or an explanation failed, or blamed a given: if the givens
// have no solution, says so and returns true.
async function givensFail(blamed) {
  const r = await api("solve", { puzzle: line(true) });
  if (r.status !== "none") return false;
  if (blamed !== undefined && !r.conflict) state.wrong = blamed;
  render();
  say(noSolution(r.conflict, blamed), "error");
  return true;
}

function needsPuzzle() {
  if (state.values.every((v) => v === 0)) throw new Error("The grid is empty: type a puzzle, import one, or generate one.");
}

function loadLine(text, locked) {
  const side = Math.round(Math.sqrt(text.length));
  const n = Math.round(Math.sqrt(side));
  if (n !== state.n) build(n);
  remember();
  reset(n);
  [...text].forEach((ch, k) => {
    const v = ch === "." ? 0 : DIGITS.indexOf(ch.toUpperCase()) + 1;
    state.values[k] = v;
    state.given[k] = v !== 0;
  });
  state.locked = locked;
  $("steps").hidden = true;
  render();
}

async function solve() {
  needsPuzzle();
  lock();
  const started = performance.now();
  const r = await api("solve", { puzzle: line(true) });
  const total = performance.now() - started;
  if (!r.solution) {
    say(r.status === "none" ? noSolution(r.conflict) : `Stopped: ${r.reason}.`, "error");
    return;
  }
  remember();
  clearMarks();
  [...r.solution].forEach((ch, k) => {
    if (!state.given[k]) {
      state.values[k] = DIGITS.indexOf(ch) + 1;
      state.solved[k] = true;
    }
  });
  render();
  const how = r.status === "unique" ? "the only solution" : "one of several solutions";
  say(`Solved in ${r.ms.toFixed(2)} ms (${total.toFixed(0)} ms with the round trip): ${how}, ${r.nodes} search nodes.`, "ok");
}

async function check() {
  needsPuzzle();
  lock();
  const r = await api("count", { puzzle: line(true), limit: 1000 });
  const bad = conflicts(state.values);
  let text;
  if (r.status === "unique") text = "Unique: the puzzle has exactly one solution.";
  else if (r.status === "none") text = noSolution(r.conflict);
  else if (r.complete) text = `Several solutions: ${r.count}.`;
  else text = `Several solutions: at least ${r.count} (counting stopped at ${r.limit}).`;
  if (bad.size) text += ` Your grid has ${bad.size} cells in conflict.`;
  say(text, r.status === "unique" && !bad.size ? "ok" : "error");
}

function showStep(step) {
  state.highlight = step;
  render();
}

async function hint() {
  needsPuzzle();
  lock();
  let r;
  try {
    r = await api("hint", { puzzle: line(true), grid: line(false) });
  } catch (e) {
    if (await givensFail()) return;
    throw e;
  }
  clearMarks();
  // The API blames a given when the givens have no solution (and the
  // player has entered nothing): a given is not the player's mistake.
  if (r.kind === "wrong" && state.given[r.cell]) {
    if (await givensFail(r.cell)) return;
  }
  if (r.kind === "wrong" || r.kind === "missing") {
    state.wrong = r.cell;
    state.selected = r.cell;
    render();
    return say(r.text, "error");
  }
  if (r.kind === "solved") {
    render();
    return say(r.text, "ok");
  }
  showStep(r.step);
  say(r.step.text);
}

// A step's text as its heading and the rest: the words before the first
// colon when they name the technique (or the guess), else the
// technique's name and the whole text.
function split(step) {
  const colon = step.text.indexOf(": ");
  const head = colon > 0 ? step.text.slice(0, colon) : "";
  const name = (step.technique || "").toLowerCase();
  if (head && (head.toLowerCase().includes(name) || name.includes(head.toLowerCase()) || step.guess)) {
    return [head, step.text.slice(colon + 2)];
  }
  return [step.technique, step.text];
}

async function explain() {
  needsPuzzle();
  lock();
  let r;
  try {
    r = await api("explain", { puzzle: line(true), grid: line(false) });
  } catch (e) {
    clearMarks();
    if (await givensFail()) return;
    throw e;
  }
  clearMarks();
  state.steps = r.steps;
  const list = $("steps");
  list.replaceChildren();
  r.steps.forEach((step, i) => {
    const li = document.createElement("li");
    if (step.guess) li.classList.add("guess");
    // The sentence starts by naming its technique ("Hidden single: in
    // box 1, …", "2-String Kite on 3: …"): that name goes in bold, and the
    // rest after it, so the name is not said twice.
    const [head, rest] = split(step);
    const t = document.createElement("span");
    t.className = "tech";
    t.textContent = head;
    li.append(t, document.createTextNode(` — ${rest}`));
    li.addEventListener("click", () => {
      document.querySelectorAll(".steps li.active").forEach((x) => x.classList.remove("active"));
      li.classList.add("active");
      state.preview = step.grid;
      showStep(step);
      say(`Step ${i + 1} of ${r.steps.length}: ${step.text}`);
    });
    list.appendChild(li);
  });
  list.hidden = r.steps.length === 0;
  render();
  // One rating, SE's, with our level beside it and named as ours (as
  // `xc sudoku rate` and `explain` print them).
  const rating =
    typeof r.rating === "number"
      ? ` SE rating ${r.rating.toFixed(1)}; our level: ${r.level}.`
      : typeof r.path_rating === "number"
        ? ` No SE rating; our level: ${r.level} (hardest step ${r.path_rating.toFixed(1)}).`
        : "";
  say(`${r.steps.length} steps.${rating} Click a step to see it on the grid.`);
}

async function generate() {
  const started = performance.now();
  const r = await api("generate", {
    size: state.side,
    symmetry: $("symmetry").value,
    difficulty: $("difficulty").value,
  });
  loadLine(r.puzzle, true);
  // Only our level: the SE rating of a new puzzle is Explain's to give.
  const rating = r.level !== undefined ? `, our level: ${r.level}` : "";
  say(`New puzzle: ${r.givens} givens${rating}. Made in ${(performance.now() - started).toFixed(0)} ms.`, "ok");
}

function clear() {
  remember();
  reset(state.n);
  $("steps").hidden = true;
  render();
  say("Cleared. Type a puzzle: digits you type now are its givens.");
}

function dialog(title, text, ok, extra) {
  $("dialog-title").textContent = title;
  $("dialog-text").value = text;
  $("dialog-ok").textContent = ok ? "Load" : "Copy";
  $("dialog-extra").replaceChildren(...(extra || []));
  const d = $("dialog");
  d.onclose = async () => {
    if (d.returnValue !== "ok") return;
    if (ok) await busy(null, () => ok($("dialog-text").value));
    else navigator.clipboard?.writeText($("dialog-text").value).catch(() => {});
  };
  d.showModal();
}

function importPuzzle() {
  dialog("Import a puzzle (any format xc reads)", "", async (text) => {
    const r = await api("parse", { puzzle: text });
    loadLine(r.puzzle, true);
    say(`Imported a ${r.side}×${r.side} puzzle with ${r.givens} givens.`, "ok");
  });
}

function block() {
  const { side, n } = state;
  const rows = [];
  for (let r = 0; r < side; r++) {
    if (r && r % n === 0) rows.push(Array.from({ length: n }, () => "-".repeat(2 * n + 1)).join("+").slice(1, -1));
    let row = "";
    for (let c = 0; c < side; c++) {
      if (c) row += c % n === 0 ? " | " : " ";
      row += digitChar(state.values[r * side + c]);
    }
    rows.push(row);
  }
  return rows.join("\n") + "\n";
}

function exportGrid() {
  const asLine = document.createElement("button");
  asLine.type = "button";
  asLine.textContent = "Line";
  asLine.onclick = () => ($("dialog-text").value = line(false) + "\n");
  const asBlock = document.createElement("button");
  asBlock.type = "button";
  asBlock.textContent = "Block";
  asBlock.onclick = () => ($("dialog-text").value = block());
  dialog("Export", line(false) + "\n", null, [asLine, asBlock]);
}

function onKey(e) {
  if ($("dialog").open || e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA") return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") {
    e.preventDefault();
    return undo();
  }
  const inGrid = e.target.classList && e.target.classList.contains("cell");
  // With nothing focused, digits still go to the grid's cursor.
  if (!inGrid && !(e.target === document.body && /^[0-9A-Za-z.]$|^(Backspace|Delete)$/.test(e.key))) return;
  if (!inGrid) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    $("board").children[state.selected].focus();
  }
  const { side } = state;
  const k = state.selected;
  const r = Math.floor(k / side), c = k % side;
  const move = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
  if (move) {
    e.preventDefault();
    return select(((r + move[0] + side) % side) * side + ((c + move[1] + side) % side));
  }
  if (e.key === "Backspace" || e.key === "Delete" || e.key === "0" || e.key === ".") {
    e.preventDefault();
    return enter(0);
  }
  const v = DIGITS.indexOf(e.key.toUpperCase()) + 1;
  if (v >= 1 && v <= side) {
    e.preventDefault();
    enter(v);
  }
}

function wire() {
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", render);
  $("solve").onclick = () => busy($("solve"), solve);
  $("check").onclick = () => busy($("check"), check);
  $("hint").onclick = () => busy($("hint"), hint);
  $("explain").onclick = () => busy($("explain"), explain);
  $("generate").onclick = () => busy($("generate"), generate);
  $("candidates").onclick = () => { state.candidates = !state.candidates; render(); };
  $("undo").onclick = undo;
  $("clear").onclick = clear;
  $("import").onclick = importPuzzle;
  $("export").onclick = exportGrid;
  $("size").onchange = () => { remember(); build(Number($("size").value)); say("Type a puzzle, or generate one."); };
}

wire();
build(3);
