// King of the Quackers' board (rules/king-of-the-quackers.md), drawn from the view: the pass
// panel, the round in play with the play to beat, the cards passed and received, and the
// legend of the card symbols. It states no rule: what a play is comes from the view and the
// server's labels; the game's words link to the rulebook.
import { getGames } from "../api.js";
import { named as read } from "../named.js";
import { cardName, decktetCard, rankKey, suitKey } from "../decktet.js";
import { t } from "../i18n.js";
import { legendBox, prompt, wordsIn } from "./terms.js";

// --- cards -------------------------------------------------------------------------------------
// How a hand and a play are shown: every card low to high by its rank, then in the Decktet's
// table order, as the game serves it (its card facts, GET /api/games): no rank is valued here.
const served = (await getGames()).games.find((g) => g.slug === "king-of-the-quackers");
const ORDER_INDEX = new Map((served?.card_facts?.order || []).map((c, i) => [c, i]));
// The cards that make Bombs (KQ-20: the personalities and the Excuse), as the game serves them.
const PERSONALITIES = new Set(served?.card_facts?.personalities || []);
export const isPersonality = (code) => PERSONALITIES.has(code);
/** The game's word `key` (its prompts), its {slots} filled. */
export const word = wordsIn(served);
/** A card in a sentence: "the Ace of Suns", "the Forest". */
export const named = (code) => (code[0] === "1" ? t("the {card}", { card: cardName(code) }) : cardName(code));
export const byRank = (a, b) => (ORDER_INDEX.get(a) ?? 0) - (ORDER_INDEX.get(b) ?? 0);
export const keyOf = (cards) => [...cards].sort().join(" ");
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// --- the server's actions, read ----------------------------------------------------------------------
/** "play 1V=9 7VY 8VL promise" -> {action, cards: ["1V", "7VY", "8VL"], ace: 9, promise: true}. */
export function readPlay(action) {
  const words = action.slice(5).split(" ");
  const promise = words[words.length - 1] === "promise";
  if (promise) words.pop();
  let ace = 0;
  const cards = words.map((w) => {
    const [code, number] = w.split("=");
    if (number) ace = Number(number);
    return code;
  });
  return { action, cards, ace, promise };
}

// --- seats --------------------------------------------------------------------------------------
/** This seat's neighbours as the view names them (KQ-5): whom it gives to and receives from. */
export const left = (v) => v.neighbours[0];
export const right = (v) => v.neighbours[1];
export const Name = (names, me, s) => (s === me ? t("You") : names[s]);

// --- drawing -----------------------------------------------------------------------------------------
export function card(code, opts = {}) {
  const e = decktetCard(code, opts);
  e.title = isPersonality(code) ? word("personality card", { card: cardName(code) }) : cardName(code);
  return e;
}

/** A play's cards, low to high; `ace`, the number an Ace in them stands for (KQ-17), is
 * written on the Ace ("as 4"), so the face agrees with the play's words. */
export function cardRow(el, codes, small = false, ace = 0) {
  const row = el("div", "kq-cards");
  for (const c of [...codes].sort(byRank)) {
    const face = card(c, { small });
    if (ace && c[0] === "1") {
      face.classList.add("kq-ace-as");
      face.append(el("span", "kq-as", word("ace as", { n: ace })));
      face.title = word("card ace as", { card: face.title, n: ace });
      face.setAttribute("aria-label", face.title);
    }
    row.append(face);
  }
  return row;
}

/** One of the board's captions (the server's words for the seat shown, `Game.captions`),
 * its cards read by name. */
export const caption = (ctx, key) => read((ctx.frame.captions || {})[key] || "", ctx.frame.card_words);

// --- the legend: the card symbols, and the rules page for the game's words -------------------------
// Open the first time (a new player meets "Set", "Straight Flush", "Bomb" at once); closed, it
// stays closed on every later table. The words themselves are the rulebook's (one link away).
export function wordsLegend(ctx) {
  const { el } = ctx;
  const d = legendBox(el, "kq.legend", "kq-legend-box", word("legend"));
  const list = el("dl");
  const terms = el("div");
  const link = el("a", null, word("legend link"));
  link.href = "/rules/king-of-the-quackers";
  link.target = "_blank";
  // The sentence whole for the catalog; the link is drawn where its {rules} stands.
  const dd = el("dd");
  const [before, after] = word("legend rules").split("{rules}");
  dd.append(before, link, after ?? "");
  terms.append(el("dt", null, word("words")), dd);
  list.append(terms);
  const ranks = el("div");
  const inDeck = ctx.facts.card_facts?.deck_ranks?.[ctx.view.options.deck];
  const key = rankKey(inDeck).map(([k, w]) => `${k} ${w}`).join(" · ");
  ranks.append(
    el("dt", null, word("ranks")),
    el("dd", null, word("ranks key", { ranks: key })),
  );
  const suits = el("div");
  const key2 = el("dd");
  key2.append(suitKey());
  suits.append(el("dt", null, word("suits")), key2);
  list.append(ranks, suits);
  d.append(list);
  return d;
}

// The pass (KQ-5): a slot for each neighbour, filled card by card from the hand.
export function passState(ctx) {
  const s = ctx.select;
  if (!s.pass) s.pass = { left: null, right: null, slot: "left" };
  return s.pass;
}

export function passPanel(ctx) {
  const { view: v, el, me, legal } = ctx;
  const box = el("section", "kq-pass");
  box.setAttribute("aria-label", word("the pass"));
  if (v.hand_scores.length) box.append(lastHand(ctx));
  // What this seat is to do or has done, in the server's words from the view (a replay
  // watched from a seat, which offers no action, says the same as its table did).
  box.append(el("p", "kq-head", caption(ctx, "pass")));
  if (me == null) return box;
  const choosing = legal.some((a) => a.startsWith("give "));
  const p = passState(ctx);
  const chosen = choosing ? p : v.gave ? { left: v.gave[0], right: v.gave[1] } : p;
  const slots = el("div", "kq-slots");
  // The slot the next card goes to is outlined; with both filled, none is until one is picked
  // to change its card (it looked as if still waiting for one: the fourth trial, 7).
  const waits = (side) => choosing && p.slot === side && (!(p.left && p.right) || p.armed);
  for (const side of ["left", "right"]) {
    const slot = el("button", `kq-slot${waits(side) ? " active" : ""}`);
    slot.type = "button";
    slot.dataset.side = side;
    slot.dataset.focus = `slot-${side}`;
    slot.disabled = !choosing || !!ctx.pending;
    // Whom each slot's card goes to: the server's words (its captions).
    const label = el("span", "kq-slot-label", caption(ctx, `pass ${side}`));
    slot.append(label);
    const code = chosen[side];
    if (code) {
      slot.append(card(code, { small: true }));
      slot.append(el("span", "kq-slot-name", cardName(code)));
    } else {
      slot.append(el("span", "kq-slot-empty", waits(side) ? t("pick a card in your hand") : "—"));
    }
    const held = code ? cardName(code) : t("no card yet");
    slot.setAttribute("aria-label", t("{slot}: {card}", { slot: label.textContent, card: held }));
    slot.addEventListener("click", () => {
      p.slot = side;
      p.armed = true;
      ctx.rerender();
    });
    slots.append(slot);
  }
  box.append(slots);
  return box;
}

/** The last hand's points, best first, in the server's words (its captions). */
const lastHand = (ctx) => ctx.el("p", "kq-last", caption(ctx, "last hand"));

// The round in play: the plays so far, the one to beat large, and who passed since.
export function roundPanel(ctx) {
  const { view: v, el, names, me } = ctx;
  const box = el("section", "kq-round");
  box.setAttribute("aria-label", word("this round"));
  const r = v.round;
  if (v.over) {
    box.append(el("p", "kq-head", t("The match is over.")));
    if (v.hand_scores.length) box.append(lastHand(ctx));
    return box;
  }
  if (!r) {
    box.append(el("p", "kq-head kq-lead", caption(ctx, "new round")));
    return box;
  }
  // The round's kind and its lead card: the game's words (the frame's captions, its prompts).
  box.append(el("p", "kq-head", caption(ctx, "round")));
  if (r.size === 1 && r.lead_card) {
    const lead = el("p", "kq-leadcard");
    // The sentence whole; the card's name is drawn strong where {card} stands.
    const [before, after] = prompt(ctx, "lead card").split("{card}");
    lead.append(before, el("strong", null, named(r.lead_card)), after ?? "");
    box.append(lead);
  }
  const plays = r.plays.map(([seat, action]) => ({ seat, ...readPlay(action) }));
  const last = plays[plays.length - 1];
  if (plays.length > 1) {
    const earlier = el("div", "kq-earlier");
    earlier.setAttribute("aria-label", word("earlier plays"));
    plays.slice(0, -1).forEach((p, k) => {
      const g = el("div", "kq-group");
      // The small cards have no room for their names: they go under them (desktop only), in
      // the server's words (an Ace with the number it stands for, KQ-17).
      g.append(el("span", "kq-group-who", Name(names, me, p.seat)), cardRow(el, p.cards, true, p.ace), el("span", "kq-group-names", caption(ctx, `play ${k}`)));
      earlier.append(g);
    });
    box.append(earlier);
  }
  const beat = el("div", "kq-tobeat");
  beat.dataset.seat = String(last.seat);
  const what = el("div", "kq-tobeat-text");
  what.append(
    el("span", "kq-tobeat-label", word("to beat heading")),
    el("span", "kq-tobeat-who", caption(ctx, "to beat by")),
    // What the play makes and its cards, an Ace with the number it stands for: the server's.
    el("span", "kq-tobeat-what", cap(caption(ctx, "to beat"))),
  );
  beat.append(cardRow(el, last.cards, false, last.ace), what);
  box.append(beat);
  if (r.passed.length) box.append(el("p", "kq-passed", caption(ctx, "passed")));
  return box;
}

// What was passed and received, the promise and the hand's progress.
export function notesPanel(ctx) {
  const { view: v, el, names, me } = ctx;
  const box = el("div", "kq-notes");
  if (v.phase === "play" && v.gave && v.received && me != null && !v.over) {
    const swap = el("div", "kq-swap");
    swap.setAttribute("aria-label", word("cards passed"));
    const item = (label, arrow, seat, code) => {
      const g = el("span", "kq-swap-item");
      g.append(card(code, { small: true }), el("span", "kq-swap-who", `${arrow} ${names[seat]}`));
      g.title = word(label === "to" ? "given to" : "received from", { card: cardName(code), name: names[seat] });
      g.setAttribute("aria-label", g.title);
      return g;
    };
    const gave = el("span", "kq-swap-part");
    gave.append(
      el("span", "kq-swap-label", caption(ctx, "gave")),
      item("to", "→", left(v), v.gave[0]),
      item("to", "→", right(v), v.gave[1]),
    );
    const got = el("span", "kq-swap-part");
    got.append(
      el("span", "kq-swap-label", caption(ctx, "received")),
      item("from", "←", left(v), v.received[0]),
      item("from", "←", right(v), v.received[1]),
    );
    swap.append(gave, got);
    box.append(swap);
  }
  // The promise (KQ-28, KQ-29), the cards played and the one put aside (KQ-4): the server's.
  const facts = [caption(ctx, "promise"), caption(ctx, "played")].filter(Boolean);
  if (facts.length) box.append(el("p", "kq-note", facts.join(" ")));
  return box.children.length ? box : null;
}
