// Ladders' board (the drawing half of ladders.js): every player's CLIMB and RUNG piles, the
// four ACCENT piles, DRAW and DISCARD, the hand, the legend of the game's words, and the cards
// that fly when another player moves. Sources and destinations are marked from the moves that
// ladders.js reads off the server's legal actions (`state`): nothing here decides what is legal.
import { t } from "../i18n.js";
import { cardBack, cardEl, WILD, word } from "./ladders-cards.js";
import { legendBox, prompt, termsList, termsOf } from "./terms.js";

export const isPlay = (dest) => dest.startsWith("accent:");
export const canBuild = (dests) => !!dests && [...dests.keys()].some(isPlay);
export const isPhone = () => window.matchMedia("(max-width: 600px)").matches;
/** The seat whose tops this seat may play too (LA-14), as the view names it. */
const partnerOf = (view, seat) => (seat == null ? null : view.partners[seat]);

// --- what a player is told about the words of the game ---------------------------------------
// The words and their meanings are the game's (`Game.terms()`, served in /api/games): the
// legend lists them and each pile's name has its word's meaning as a tooltip.
let meanings = {};
termsOf("ladders").then(
  (rows) => (meanings = Object.fromEntries(rows)),
  () => {}, // the legend says the words could not be loaded
);

export function legend(el) {
  const d = legendBox(el, "ladders.legend", "la-legend", word("legend"));
  // (How a turn goes is the status line's to say, next to the hand.)
  d.append(termsList(el, "ladders", undefined, (row, term) => (row.dataset.term = term)));
  return d;
}

// --- drawing ----------------------------------------------------------------------------------------
let lastTops = null; // the ACCENT tops of the last render, to mark the piles that changed

/** A RUNG pile: its top cards fanned downwards (the last is the one that plays), and the
 * cards under them as a block of small numbered chips, bottom card first, so that a long pile
 * keeps every card's number in sight without pushing the hand off the screen. */
function fan(el, cards, fanned = 3) {
  const box = el("span", "la-rung-cards");
  const under = cards.slice(0, Math.max(0, cards.length - fanned));
  if (under.length) {
    const chips = el("span", "la-under");
    for (const c of under) {
      const chip = el("span", `la-chip c${c === WILD ? "w" : Number(c) <= 4 ? 1 : Number(c) <= 8 ? 2 : 3}`, c === WILD ? "W" : c);
      chip.dataset.card = c;
      chip.translate = false; // the card's code, as its face prints it
      chips.append(chip);
    }
    box.append(chips);
  }
  const top = cards.slice(under.length);
  const f = el("span", "la-fan");
  f.style.setProperty("--n", String(Math.max(top.length, 1)));
  if (!top.length) f.append(el("span", "la-card empty"));
  top.forEach((c, i) => {
    const card = cardEl(c);
    card.style.setProperty("--i", String(i));
    f.append(card);
  });
  box.append(f);
  return box;
}

/** The CLIMB pile: its face-up top on a face-down stack, and how many cards are left. */
function climbPile(el, top, size) {
  const box = el("span", "la-climb-cards");
  if (size > 1) box.append(cardBack());
  box.append(top != null ? cardEl(top) : el("span", "la-card empty"));
  return box;
}

/** A pile's name, with the word's meaning as its tooltip (`term`: the game's word, as the
 * server's terms name it in the page's language). */
function label(el, text, term) {
  const l = el("span", "la-label", text);
  if (meanings[term]) l.title = `${term}: ${meanings[term]}`;
  return l;
}

/** A pile nobody at this page may take from: named for screen readers. */
function still(el, cls, words) {
  const d = el("div", cls);
  d.setAttribute("role", "group");
  d.setAttribute("aria-label", words);
  return d;
}

/** A control on the table: a source, a destination, or both (an own RUNG pile). */
function control(ctx, key, cls) {
  const b = ctx.el("button", cls);
  b.type = "button";
  b.dataset.key = key;
  b.disabled = !!ctx.pending;
  return b;
}

export function seatArea(ctx, seat, state) {
  const { el, view, me } = ctx;
  const mine = seat === me;
  const partner = partnerOf(view, me) === seat;
  const area = el("section", `la-seat${mine ? " mine" : ""}${partner ? " partner" : ""}${view.to_act.includes(seat) && !view.over ? " to-act" : ""}`);
  area.dataset.seat = String(seat);
  const head = el("div", "la-seat-head");
  // Whose piles, and what a partner's offer (LA-14): the server's words (its captions).
  const said = ctx.frame.captions || {};
  head.append(el("span", "la-seat-name", said[`piles ${seat}`] || ""));
  if (partner) head.append(el("span", "la-seat-note", said["partner note"] || ""));
  area.append(head);
  const row = el("div", "la-piles");
  // The CLIMB.
  const size = view.climb_sizes[seat];
  const top = view.climb_tops[seat];
  const climbWords = said[`climb ${seat}`] || "";
  const climbKey = mine ? "climb" : partner ? "pclimb" : null;
  const climbCell = climbKey ? control(ctx, climbKey, "la-pile la-climb") : still(el, "la-pile la-climb", climbWords);
  climbCell.append(label(el, word("climb"), word("climb")), climbPile(el, top, size), el("span", "la-count", word("climb left", { n: size })));
  if (climbKey) source(ctx, state, climbCell, climbKey, climbWords);
  row.append(climbCell);
  // The RUNG piles, whole.
  // As many RUNG piles as the view holds (LA-9's number is the game's, not the page's).
  for (let r = 0; r < view.rungs[seat].length; r++) {
    const pile = view.rungs[seat][r];
    const words = said[`rung ${seat} ${r}`] || "";
    const srcKey = mine ? `rung:${r}` : partner ? `prung:${r}` : null;
    const cell = srcKey ? control(ctx, srcKey, "la-pile la-rung") : still(el, "la-pile la-rung", words);
    // The others' piles fan fewer cards: they are read, not played from (but a partner's).
    cell.append(label(el, word("rung n", { n: r + 1 }), word("rung")), fan(el, pile, isPhone() ? 1 : mine ? 3 : view.players > 4 ? 1 : 2));
    if (srcKey) source(ctx, state, cell, srcKey, words);
    if (mine) destination(ctx, state, cell, `rung:${r}`, words);
    row.append(cell);
  }
  area.append(row);
  return area;
}

export function accentArea(ctx, state) {
  const { el, view } = ctx;
  const box = el("section", "la-centre");
  const stacks = el("div", "la-stacks");
  // What the two stacks are for, and what each ACCENT pile holds and needs: the game's words
  // (its prompts; the frame's captions, a SKIP PORTAL's number among them).
  const said = ctx.frame.captions || {};
  const draw = el("span", "la-stack", "");
  draw.append(cardBack(), el("span", null, `${word("draw name")} `), el("b", null, String(view.draw_size)));
  draw.title = prompt(ctx, "draw");
  const disc = el("span", "la-stack", "");
  disc.append(el("span", null, `${word("discard name")} `), el("b", null, String(view.discard.length)));
  disc.title = prompt(ctx, "discard");
  stacks.append(draw, disc);
  const row = el("div", "la-accents");
  const tops = view.accents.map((p) => p.join(","));
  for (let s = 0; s < view.accents.length; s++) {
    const pile = view.accents[s];
    const key = `accent:${s}`;
    const cell = control(ctx, key, "la-pile la-accent");
    if (lastTops && lastTops[s] !== tops[s]) cell.classList.add("fresh");
    const next = view.accent_next[s];
    cell.append(label(el, word("accent n", { n: s + 1 }), word("accent")));
    // An empty pile shows the number it needs on its blank card.
    cell.append(pile.length ? cardEl(pile[pile.length - 1], said[`accent ${s} as`] ?? null) : el("span", "la-card empty", String(next)));
    cell.append(el("span", "la-need", word("accent needs", { n: next })));
    destination(ctx, state, cell, key, said[`accent ${s}`] || "");
    row.append(cell);
  }
  lastTops = tops;
  box.append(stacks, row);
  return box;
}

/** Make `node` a source: selectable, draggable, marked when it has a move. */
function source(ctx, state, node, key, words) {
  const dests = state.moves.get(key);
  node.dataset.src = key;
  if (dests) {
    if (canBuild(dests)) node.classList.add("can-build");
    if (!ctx.pending) node.draggable = true;
  }
  if (state.src === key) node.classList.add("selected");
  node.setAttribute("aria-pressed", String(state.src === key));
  node.setAttribute("aria-label", dests && canBuild(dests) ? t("{words}: can be played", { words }) : words);
}

/** Make `node` a destination: lit when the selected source may go there. */
function destination(ctx, state, node, key, words) {
  node.dataset.dest = key;
  const action = state.dests && state.dests.get(key);
  if (action) {
    node.classList.add("lit");
    node.dataset.action = action;
    const said = ctx.label(action);
    node.setAttribute("aria-label", said ? `${words}; ${said.label} ${said.effect}` : words);
  } else if (!node.dataset.src) {
    node.setAttribute("aria-label", words);
  }
}

export function handArea(ctx, state) {
  const { el, view } = ctx;
  const nodes = [];
  const hand = view.hand || [];
  hand.forEach((c, i) => {
    const key = `hand:${c}`;
    const b = control(ctx, `${key}#${i}`, "la-hand-card");
    b.append(cardEl(c));
    source(ctx, state, b, key, c === WILD ? word("wild in hand") : word("in hand", { card: c }));
    // Two equal cards are one source: only the first is shown selected.
    if (state.src === key && hand.indexOf(c) !== i) {
      b.classList.remove("selected");
      b.setAttribute("aria-pressed", "false");
    }
    nodes.push(b);
  });
  // An empty hand, and what is left to do then: the server's words (its captions).
  const empty = (ctx.frame.captions || {})["empty hand"];
  if (!hand.length && empty) nodes.push(el("p", "la-empty-hand", empty));
  return nodes;
}

/** What the player's clicks mean now: the selected source and its destinations. */

// --- showing the others' moves -------------------------------------------------------------------
/** Where an event's card comes from on the board as drawn before it. */
function fromNode(e) {
  const owner = e.owner ?? e.seat;
  const area = document.querySelector(`.la-seat[data-seat="${owner}"]`);
  if (!area) return null;
  if (e.type === "discard" || e.from === "hand") return area.querySelector(".la-seat-head");
  if (e.from.endsWith("climb")) return area.querySelector(".la-climb-cards");
  return area.querySelectorAll(".la-rung")[e.rung];
}

function toNode(e) {
  if (e.type === "discard") {
    const area = document.querySelector(`.la-seat[data-seat="${e.seat}"]`);
    return area && area.querySelectorAll(".la-rung")[e.rung];
  }
  return document.querySelectorAll(".la-accent")[e.to];
}

/** A card flies from its place to where it goes, over the board as it was before the move. */
export async function fly(ctx, e) {
  const from = fromNode(e);
  const to = toNode(e);
  if (!from || !to) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const card = cardEl(e.card, e.type === "play" && e.card === WILD ? e.as : null);
  card.classList.add("la-flying");
  card.setAttribute("aria-hidden", "true"); // a picture of a move the live region tells
  card.style.left = `${a.left + a.width / 2 - 29}px`;
  card.style.top = `${a.top}px`;
  document.body.append(card);
  card.getBoundingClientRect(); // starts the transition from here
  card.style.transform = `translate(${b.left + b.width / 2 - (a.left + a.width / 2)}px, ${b.top + 14 - a.top}px)`;
  await ctx.wait(380);
  card.remove();
}
