// Ladders' cards (rules/ladders.md, LA-1), drawn in SVG by our own code: the numbers 1-12 in
// three colours (1-4 blue, 5-8 green, 9-12 red, as the ACCENT piles climb) and the SKIP
// PORTAL, the wild. The number sits in the card's top band as well as in its middle, so a
// fanned RUNG pile, where only the band of each card shows, can be read whole.

import { t } from "../i18n.js";
import { svg } from "../svg.js";
import { factsOf, wordsIn } from "./terms.js";

export const WILD = "W";
// Each card in words and the board's words: the game's (its card facts and prompts).
const FACTS = await factsOf("ladders");
const NAMES = FACTS.card_facts?.words || {};

function colourOf(code) {
  if (code === WILD) return "#7b3fb3";
  const n = Number(code);
  return n <= 4 ? "#2a66c9" : n <= 8 ? "#23814a" : "#c23b26";
}

/** "a 5", "an 8", "a SKIP PORTAL": a card in words, as the narration writes it. */
export const cardWords = (code) => NAMES[code] || code;

/** The game's board word `key` (its prompts), its {slots} filled. */
export const word = wordsIn(FACTS);

/**
 * The face of a card as an <svg> (viewBox 60 × 84). `as`: the number a SKIP PORTAL counts
 * as on an ACCENT pile, shown in a gold badge.
 */
export function cardFace(code, as = null) {
  const wild = code === WILD;
  const colour = colourOf(code);
  // Its printed words are the card's art (the German rules keep the name SKIP PORTAL).
  const root = svg("svg", { viewBox: "0 0 60 84", width: 60, height: 84, class: "la-svg", "aria-hidden": "true", translate: "no" });
  const font = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 7, fill: "#fffdf7", stroke: colour, "stroke-width": 2 }, root);
  svg("path", { d: "M1 8 Q1 1 8 1 L52 1 Q59 1 59 8 L59 23 L1 23 Z", fill: colour }, root);
  const band = svg("text", { x: 6, y: wild ? 16.5 : 18, fill: "#fff", "font-family": font, "font-weight": 800, "font-size": wild ? 12.5 : 18 }, root);
  band.textContent = wild ? "SKIP" : code;
  if (wild) {
    // The portal: rings of purple and gold.
    svg("ellipse", { cx: 30, cy: 50, rx: 19, ry: 21, fill: "#2b1242", stroke: "#ffcc4d", "stroke-width": 3 }, root);
    svg("ellipse", { cx: 30, cy: 50, rx: 12, ry: 14, fill: "none", stroke: "#c99bf5", "stroke-width": 2.5 }, root);
    svg("ellipse", { cx: 30, cy: 50, rx: 5, ry: 6.5, fill: "#ffcc4d" }, root);
    const t = svg("text", { x: 30, y: 80, "text-anchor": "middle", fill: colour, "font-family": font, "font-weight": 800, "font-size": 8.5 }, root);
    t.textContent = "PORTAL";
  } else {
    const t = svg("text", { x: 30, y: 64, "text-anchor": "middle", fill: colour, "font-family": font, "font-weight": 800, "font-size": 34 }, root);
    t.textContent = code;
  }
  if (wild && as != null) {
    // On the portal's centre: the words SKIP and PORTAL stay readable around it.
    svg("circle", { cx: 30, cy: 50, r: 13, fill: "#ffcc4d", stroke: "#6b4a00", "stroke-width": 1.5 }, root);
    const t = svg("text", { x: 30, y: 55.5, "text-anchor": "middle", fill: "#3b2a00", "font-family": font, "font-weight": 900, "font-size": 15 }, root);
    t.textContent = String(as);
  }
  return root;
}

/** One card as an element (`.la-card`): the table's, and the rules pages' examples'. */
export function cardEl(code, as = null) {
  const c = document.createElement("span");
  c.className = `la-card${code === WILD ? " wild" : ""}`;
  c.dataset.card = code;
  c.append(cardFace(code, as));
  // An image named in words, so a screen reader reads every card a person sees.
  c.setAttribute("role", "img");
  c.setAttribute("aria-label", as == null ? cardWords(code) : word("counting as", { card: cardWords(code), n: as }));
  return c;
}

/** A face-down card (a CLIMB pile's hidden cards, DRAW). */
export function cardBack() {
  const c = document.createElement("span");
  c.className = "la-card back";
  c.setAttribute("role", "img");
  c.setAttribute("aria-label", t("a face-down card"));
  // Its printed words are the card's art (the German rules keep the name SKIP PORTAL).
  const root = svg("svg", { viewBox: "0 0 60 84", width: 60, height: 84, class: "la-svg", "aria-hidden": "true", translate: "no" });
  svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 7, fill: "#1d3a5f", stroke: "#0f2440", "stroke-width": 2 }, root);
  // A ladder on the back.
  svg("path", { d: "M22 10 V74 M38 10 V74 M22 20 H38 M22 32 H38 M22 44 H38 M22 56 H38 M22 68 H38", stroke: "#ffcc4d", "stroke-width": 2.5, fill: "none", "stroke-linecap": "round" }, root);
  c.append(root);
  return c;
}
