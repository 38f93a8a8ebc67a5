// Cards drawn in SVG by our own code: the number, the ducks as symbols, a colour per duck value.
import { plural, t } from "./i18n.js";
import { svg } from "./svg.js";

// The ducks printed on each card (LD-2) and the legend's sample cards are the game's facts
// (`Game.card_facts()`), served in GET /api/games: lame-duck.js hands them over before any card
// is drawn. A table's preview and names read the server's labels (`shows.card_ducks`).
let facts = { ducks: [], samples: [] };
let counts = {}; // the game's words with a count (its `counts`): "{n} ducks"

/** Take the game's card facts and counts (Lame Duck's /api/games entry). */
export function useCardFacts(game) {
  const served = game?.card_facts;
  if (served && Array.isArray(served.ducks)) facts = served;
  counts = game?.counts || {};
}

/** "1 duck", "7 ducks": a number of ducks in the game's words. */
export const duckCount = (n) => plural(counts.ducks, n);

/** The ducks printed on card `n`, as the game serves them. */
export function ducks(n) {
  return facts.ducks[n] ?? 1;
}

/** The ducks printed on the cards of a column drawn mid-animation (the view's
 * `column_ducks` holds them once the step is over). */
export const columnDucks = (column) => column.reduce((sum, c) => sum + ducks(c), 0);

export const DUCK_COLOURS = { 1: "#5fa55a", 2: "#3d8fd1", 3: "#e9a426", 5: "#d9482b", 7: "#8e2a8a" };
export const DUCK_NAMES = { 1: "green", 2: "blue", 3: "amber", 5: "red", 7: "purple" };

/** A small duck facing left, in a 20 × 16 box. */
export function duckShape(parent, x, y, scale, fill, stroke) {
  const g = svg("g", { transform: `translate(${x} ${y}) scale(${scale})` }, parent);
  svg(
    "path",
    {
      d: "M5.2 7.6 C3.2 7.2 3.6 3 6.8 2.4 C9.8 1.8 11.4 4.4 10.4 7 C12 7.8 15.2 7.2 17.2 5.6 C18.6 6.6 19 9.6 17.8 11.6 C16.4 14 13 15 9.4 15 C5.4 15 2.6 13 2.8 10.4 C2.9 9 3.9 8 5.2 7.6 Z",
      fill,
      stroke,
      "stroke-width": 0.9,
      "stroke-linejoin": "round",
    },
    g,
  );
  svg("path", { d: "M4 4.8 L0.6 5.6 L3.8 6.7 Z", fill: "#f29f05", stroke: "#b36b00", "stroke-width": 0.5 }, g);
  svg("circle", { cx: 6.6, cy: 4.4, r: 0.9, fill: "#1b2a3a" }, g);
  svg("path", { d: "M8 10.4 C10 12 13.4 11.6 15 9.8", fill: "none", stroke: "rgba(0,0,0,.28)", "stroke-width": 0.9 }, g);
  return g;
}

/** The face of card `n` as an <svg> (viewBox 100 × 140). */
export function cardFace(n) {
  const d = ducks(n);
  const colour = DUCK_COLOURS[d];
  const root = svg("svg", { viewBox: "0 0 100 140", class: `card-svg ducks-${d}`, "aria-hidden": "true" });
  svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 11, fill: "#fffaf0", stroke: colour, "stroke-width": 4 }, root);
  svg("path", { d: "M2 13 Q2 2 13 2 L87 2 Q98 2 98 13 L98 44 L2 44 Z", fill: colour }, root);
  // The ducks: one row of up to 3, two rows for 5 and 7.
  const rows = d <= 3 ? [d] : [Math.ceil(d / 2), Math.floor(d / 2)];
  const scale = { 1: 2.0, 2: 1.75, 3: 1.42, 5: 1.05, 7: 0.98 }[d];
  const w = 20 * scale;
  const h = 16 * scale;
  const gap = 1.5;
  const top = rows.length === 1 ? 23 - h / 2 : 22 - h - 0.5;
  rows.forEach((count, r) => {
    const total = count * w + (count - 1) * gap;
    let x = 50 - total / 2;
    for (let i = 0; i < count; i++) {
      duckShape(root, x, top + r * (h + 1), scale, "#fff8dc", "rgba(0,0,0,.4)");
      x += w + gap;
    }
  });
  // Three digits (100-104) are squeezed to the card's width instead of running over its edges.
  const wide = n >= 100 ? { textLength: 84, lengthAdjust: "spacingAndGlyphs" } : {};
  const num = svg("text", { x: 50, y: 101, "text-anchor": "middle", class: "card-num", ...wide }, root);
  num.textContent = String(n);
  const dk = svg("text", { x: 50, y: 128, "text-anchor": "middle", class: "card-ducks", fill: colour }, root);
  dk.textContent = duckCount(d);
  return root;
}

/** A face-down card. */
export function cardBack() {
  const root = svg("svg", { viewBox: "0 0 100 140", class: "card-svg back", "aria-hidden": "true" });
  svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 11, fill: "#1f5f7a", stroke: "#e8f4f8", "stroke-width": 4 }, root);
  svg("rect", { x: 10, y: 10, width: 80, height: 120, rx: 7, fill: "none", stroke: "#7fc6dc", "stroke-width": 2 }, root);
  for (let i = 0; i < 5; i++) {
    const y = 30 + i * 22;
    svg("path", { d: `M16 ${y} q8 -6 17 0 t17 0 t17 0 t17 0`, fill: "none", stroke: "rgba(160,220,240,.45)", "stroke-width": 2 }, root);
  }
  duckShape(root, 30, 50, 2, "#ffd84d", "#8a6d00");
  return root;
}

/** Card `n` in words, as a screen reader says it: "34 (1 duck)", "55 (7 ducks)". */
export function cardName(n) {
  const d = ducks(n);
  return t("{card} ({ducks})", { card: n, ducks: duckCount(d) });
}

/** The name a face-down card is read with. */
export const FACE_DOWN = t("a face-down card");

/** A card element (div.card) holding the face or the back. It is an image named with its
 * value (`cardName`), or "a face-down card", so a screen reader reads every card a person
 * sees; `name` adds to that ("placed 1st"). Inside a button the button's own label names it. */
export function cardEl(n, { faceDown = false, tag = "div", name = "" } = {}) {
  const el = document.createElement(tag);
  el.className = "card";
  const down = faceDown || n == null;
  if (down) {
    el.classList.add("face-down");
    el.appendChild(cardBack());
  } else {
    const d = ducks(n);
    el.classList.add(`d${d}`);
    el.dataset.card = String(n);
    el.appendChild(cardFace(n));
  }
  if (tag !== "button") el.setAttribute("role", "img");
  const said = down ? FACE_DOWN : cardName(n);
  el.setAttribute("aria-label", name ? t("{card}, {more}", { card: said, more: name }) : said);
  return el;
}

/** An inline duck icon (for counters and totals). */
export function duckIcon(fill = "#ffd84d") {
  const root = svg("svg", { viewBox: "0 0 20 16", class: "duck-icon", "aria-hidden": "true" });
  duckShape(root, 0, 0, 1, fill, "#6b5400");
  return root;
}

/** The five duck values, one card each, with a caption (the lobby and the rules panel). */
export function duckLegend(box) {
  if (!box) return;
  const samples = facts.samples.map(({ card, caption }) => [card, caption]);
  box.replaceChildren();
  for (const [n, text] of samples) {
    const fig = document.createElement("figure");
    fig.append(cardEl(n));
    const cap = document.createElement("figcaption");
    cap.textContent = text;
    fig.append(cap);
    box.append(fig);
  }
}
