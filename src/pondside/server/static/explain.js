// The explanations of a table page ("What just happened"): the server's narration of each step,
// grouped under the game module's headings, kept in the tab across a reload, said to a screen
// reader, and captioned on a narrow screen.
import { prefs } from "./api.js";
import { t } from "./i18n.js";
import { named } from "./named.js";
import { replaying } from "./replay.js";
import { $, el, tableId } from "./room.js";

/** Whether the explanations are shown (the reader's setting), and the game's module once
 * loaded (its `group` headings, its `captionStays`). */
export const explaining = { on: prefs.get("explain", "0") === "1", module: null };
/** The frame's narration (the server's sentences for its step, to this receiver) as lines:
 * {text, event, group}, each line's heading given by the module (game.group) from the view
 * before the step (after it, for a retelling) and the event the line tells. */
export function narration(frame, prev) {
  const lines = frame.narration || [];
  const at = frame.narration_events || [];
  const events = frame.events && frame.events.length ? frame.events : frame.view.last_events || [];
  const before = prev && prev.view && frame.reason === "action" ? prev.view : frame.view;
  return lines.map((text, i) => {
    const event = at[i] ?? events.length - 1;
    // Its cards read by name (the terminal reads the same sentence with their codes).
    return { text: named(text, frame.card_words), event, group: explaining.module.group ? explaining.module.group(before, events[event] || {}) : null };
  });
}

// The explanations of this table are kept in the tab (sessionStorage), so that a reload comes
// back to them: each line with its heading, and the last frame they tell.
const kept = { lines: [], seq: null };
const keepKey = () => `pondside.explain.${tableId}${replaying ? ".replay" : ""}`;
export function remember(frame) {
  kept.seq = frame.seq;
  try {
    sessionStorage.setItem(keepKey(), JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, full): the explanations last as long as the page.
  }
}
/** Draw the explanations kept for this table; returns the frame they go up to, or null. */
export function restore(frame) {
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(keepKey()) || "null");
  } catch {
    saved = null;
  }
  // A replay goes back and forth: only a live table's explanations come back.
  if (!saved || !Array.isArray(saved.lines) || replaying || saved.seq > frame.seq) return null;
  for (const line of saved.lines.slice(-200)) if (line && typeof line.text === "string") addExplanation(line);
  return saved.seq;
}

let group = null; // the list of the newest group's lines, and its heading
let groupName = null;
export function addExplanation({ text, group: heading }) {
  kept.lines.push({ text, group: heading ?? null });
  if (kept.lines.length > 200) kept.lines.shift();
  const list = $("explain-list");
  const placeholder = list.querySelector(".explain-empty");
  if (placeholder) placeholder.remove();
  // In the order things happened, the newest last (each turn's lines under its name where the
  // game groups them), and the panel kept scrolled to it: one order for every game, read down
  // like the story it is, opening on the latest (issue 27, the phone trial, 4).
  const follow = readingLatest || atEnd();
  if (heading == null) {
    list.append(el("li", "explain-line", text));
    while (list.children.length > 200) list.firstChild.remove();
  } else {
    if (heading !== groupName || !group) {
      groupName = heading;
      const li = el("li", "explain-group");
      li.append(el("h3", null, heading));
      group = el("ul");
      li.append(group);
      list.append(li);
      while (list.children.length > 12) list.firstChild.remove();
    }
    group.append(el("li", "explain-line", text));
  }
  if (follow) toLatest();
}

/** While nothing has been told yet the box says what it will hold, whenever it is opened: at the
 * page's load with the explanations on, at a new match, after a reload, in every game (issue 27,
 * 4: an empty "What just happened" box at every match's start). The sentence is the catalog's,
 * a list item a screen reader reaches, and it goes with the first line told. */
function sayWhatComes() {
  const list = $("explain-list");
  if (!list.children.length) list.append(el("li", "explain-empty muted", t("Sentences about each play will appear here.")));
}

/** Whether the explanations panel shows its last line (a reader who scrolled up to an older
 * turn is left there; a new line scrolls the panel only for one who was reading the latest). */
function atEnd() {
  const box = $("explain");
  return box.hidden || box.scrollTop + box.clientHeight >= box.scrollHeight - 24;
}
function toLatest() {
  const box = $("explain");
  box.scrollTop = box.scrollHeight;
  readingLatest = true;
}
// The box shrinks when the hint opens beside it (the trial, 8): a reader of the latest lines
// keeps them in sight, as a new line would keep them. Only a reader's own scroll says they left
// the latest lines, and a scroll is theirs when it follows their wheel, touch, key or pointer on
// the box. Scrolls the page makes come too: this file's own, the browser's clamp when the box
// grows, its scroll anchoring when old turns are trimmed from the top, each told a frame late
// when the box may have shrunk again (the hint's answer in) before its resize observer has run;
// measured then, each read as a reader scrolled up, and the latest lines were left out of sight
// (CI, sessions 43 and 45).
let readingLatest = true;
let heldOn = false; // a pointer held on the box: its scroll bar dragged
let touchedAt = -Infinity; // the reader's last wheel, touch or key on the box
const reader = () => {
  touchedAt = performance.now();
};
const explainBox = $("explain");
for (const kind of ["wheel", "touchmove", "keydown"]) explainBox.addEventListener(kind, reader, { passive: true });
explainBox.addEventListener("pointerdown", () => (heldOn = true), { passive: true });
for (const kind of ["pointerup", "pointercancel"]) addEventListener(kind, () => (heldOn = false), { passive: true });
explainBox.addEventListener(
  "scroll",
  () => {
    if (heldOn || performance.now() - touchedAt < 1000) readingLatest = atEnd();
  },
  { passive: true },
);
new ResizeObserver(() => {
  if (readingLatest) toLatest();
}).observe($("explain"));

/** Said to a screen reader whatever the explanations setting (a live region of its own):
 * reveals, placements, takes, turn changes, the clock's choices. */
export function announce(lines) {
  if (!lines.length) return;
  const box = $("announce");
  // Appended, then trimmed: a region whose text is replaced at once may be read only in part.
  box.append(el("p", null, lines.join(" ")));
  while (box.children.length > 3) box.firstChild.remove();
}

let captionTimer = null;
export function caption(text) {
  const c = $("caption");
  if (!explaining.on) return;
  c.textContent = text;
  c.hidden = false;
  clearTimeout(captionTimer);
  if (!explaining.module.captionStays) captionTimer = setTimeout(() => (c.hidden = true), 6000);
}

/** The explanations shown or hidden, as the setting says. */
export function applyExplaining() {
  sayWhatComes();
  $("explain-btn").setAttribute("aria-pressed", String(explaining.on));
  $("explain").hidden = !explaining.on;
  // Lines added while the panel was hidden: show the newest, not the oldest.
  if (explaining.on) toLatest();
  document.body.classList.toggle("explaining", explaining.on);
  if (!explaining.on) $("caption").hidden = true;
}
$("explain-btn").addEventListener("click", () => {
  explaining.on = !explaining.on;
  prefs.set("explain", explaining.on ? "1" : "0");
  applyExplaining();
  // Under the table (a narrow window), the panel just opened is brought into sight.
  const box = $("explain").getBoundingClientRect();
  if (explaining.on && (box.top > innerHeight || box.bottom < 0)) $("explain").scrollIntoView({ block: "nearest" });
});
