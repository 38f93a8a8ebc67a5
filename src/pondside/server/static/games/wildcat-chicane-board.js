// Wildcat Chicane's board: the players round the table, each with their ruling card and the card
// they put into the trick; in the middle what the hand is at (choices, calls, bids, the trick);
// above it the dealer, the bids against the tricks and, in classic, the two calls. How each card
// counts for its player comes from the view (trick_read, each trick's read): no rule is worked
// out here.
import { cardName, decktetCard, nameInSentence, parse, SUITS } from "../decktet.js";
import { plural, t } from "../i18n.js";
import { seatsFrom } from "../room.js";
import { factsOf, prompt, wordsIn } from "./terms.js";

// The game's words where the board draws them (its prompts and counts, GET /api/games).
const FACTS = await factsOf("wildcat-chicane");
/** The game's word `key` (its prompts), its {slots} filled. */
export const word = wordsIn(FACTS);
/** The game's count `key` (its counts) for `n`. */
export const count = (key, n) => plural(FACTS.counts?.[key], n);

/** "Waves" */
export const suitMany = (s) => (SUITS[s] ? SUITS[s].name : "?");

/** "the Calamity", "the Ace of Knots": a ruling card's short name. */
export function nameOf(code) {
  return nameInSentence(code);
}

/** "the Calamity (Crown Wyrms)", "the Ace of Knots": a card in a sentence. */
export function cardWords(code) {
  return parse(code).rank === "1" ? nameInSentence(code) : cardName(code);
}

/** TOP or BOTTOM (a reading, WC-5) in the page's language. */
export function readingWord(reading) {
  return word(reading === "top" ? "top" : "bottom");
}

/** You or the seat's name, in a label of the table. */
export function seatName(ctx, s) {
  return s === ctx.me ? t("You") : ctx.names[s];
}

function sym(el, s, cls = "wc-sym") {
  const e = el("span", cls, SUITS[s].symbol);
  e.style.color = SUITS[s].colour;
  e.title = SUITS[s].name;
  return e;
}

function banner(ctx) {
  const { el, view: v } = ctx;
  const box = el("div", "wc-banner");
  // Who deals, and the bids against the tricks, over or under: the server's words (its captions).
  const said = ctx.frame.captions || {};
  box.append(el("span", "wc-fact wc-dealt", said.dealer || ""));
  const f = el("span", `wc-fact ${v.bids.some((b) => b != null) ? "wc-bidsum" : "wc-count"}`, said.bids || "");
  if (said["bids meaning"]) f.title = said["bids meaning"];
  box.append(f);
  // The calls once one is made (before, the middle of the table says who calls first), each
  // with who made it: the server's words (its captions).
  if (said.calls) {
    const calls = el("span", "wc-fact wc-calls");
    calls.append(`${said.calls} `);
    v.calls.forEach((c, i) => {
      const item = el("span", "wc-call-made");
      item.dataset.call = c;
      if (c.startsWith("trump")) {
        const s = c.split(" ")[1];
        item.append(sym(el, s), ` ${word("suit trump", { suit: suitMany(s) })}`);
      } else item.append(el("b", null, readingWord(c)));
      item.append(el("span", "wc-by", ` ${said[`call ${i} by`] || ""}`));
      if (i) calls.append(" · ");
      calls.append(item);
    });
    box.append(calls);
  }
  return box;
}

/** The last hand's result, while the next is being set up (or once the match is over): its
 *  heading is the server's (its captions), each seat's bid and tricks the game's words (its
 *  prompts) filled from the hand's end. */
function lastHand(ctx, handEnd) {
  const { el, view: v } = ctx;
  const heading = (ctx.frame.captions || {})["last hand"];
  if (!heading) return null;
  const number = v.over ? v.hand_number : v.hand_number - 1;
  const scores = v.hand_scores[number - 1];
  const full = handEnd && handEnd.hand === number ? handEnd : null;
  const box = el("div", "wc-last");
  box.append(el("h3", null, heading));
  const list = el("ul");
  for (const s of seatsFrom(v.players, ctx.me)) {
    const li = el("li");
    li.dataset.seat = String(s);
    li.append(el("span", "wc-last-name", seatName(ctx, s)));
    if (full) li.append(el("span", "wc-last-bid", prompt(ctx, "bid took", { bid: full.bids[s], won: full.won[s] })));
    li.append(el("b", "wc-last-score", `+${scores[s]}`));
    list.append(li);
  }
  box.append(list);
  return box;
}

function rulerBox(ctx, s) {
  const { el, view: v } = ctx;
  const box = el("div", "wc-ruler");
  const pick = s === ctx.me && v.phase === "rule" ? v.my_choice || ctx.select.ruler : null;
  const code = v.rulers[s] || pick;
  if (code) {
    box.append(decktetCard(code, { small: true }));
    const cap = el("span", "wc-cap");
    if (v.rulers[s]) {
      cap.append(el("b", null, readingWord(v.readings[s])), " ", sym(el, v.trumps[s]));
      box.title = word("ruler title", {
        card: nameOf(code),
        reading: readingWord(v.readings[s]),
        suit: suitMany(v.trumps[s]),
      });
      if ((ctx.frame.events || []).some((e) => e.type === "reveal")) box.classList.add("just-revealed");
    } else if (v.my_choice) {
      cap.textContent = word("ruler hidden");
      box.title = word("ruler hidden title");
    } else {
      cap.textContent = word("ruler pick");
      box.classList.add("pick");
      box.title = word("ruler pick title");
    }
    box.append(cap);
  } else if (v.phase === "rule" && v.chosen[s]) {
    box.append(decktetCard("", { small: true, faceDown: true }), el("span", "wc-cap", word("ruler chosen mark")));
    box.title = (ctx.frame.captions || {})["ruler chosen"] || "";
  } else {
    box.append(el("div", "wc-blank small"), el("span", "wc-cap", v.phase === "rule" ? word("ruler choosing") : ""));
  }
  return box;
}

function slotBox(ctx, s, trick, read, last) {
  const { el, view: v } = ctx;
  const slot = el("div", "wc-slot");
  const at = trick.findIndex(([seat]) => seat === s);
  if (v.phase === "bid") {
    const b = v.bids[s];
    slot.classList.add("wc-slot-bid");
    const cap = word(b != null ? "bid made" : v.to_act.includes(s) ? "bidding" : "to bid");
    slot.append(el("span", "wc-bid-big", b == null ? "–" : String(b)), el("span", "wc-cap", cap));
    return slot;
  }
  if (at >= 0) {
    const code = trick[at][1];
    const card = decktetCard(code);
    slot.append(card);
    const reading = v.readings[s];
    const as = read[at] || {};
    const cap = el("span", "wc-cap");
    if (parse(code).suits.length > 1 && reading && as.suit) {
      cap.append(`${word("read as")} `, sym(el, as.suit));
      card.classList.add(`read-${reading}`);
    }
    if (as.trump) {
      slot.classList.add("trump");
      cap.append(el("b", "wc-trump-word", ` ${word("trump mark")}`));
    }
    slot.append(cap);
    if (at === 0) slot.classList.add("led");
    if (last) slot.classList.add("last");
  } else {
    slot.append(el("div", "wc-blank"));
    const turn = v.phase === "play" && v.to_act.includes(s);
    slot.append(el("span", "wc-cap", turn ? word(trick.length && !last ? "to play" : "to lead") : ""));
  }
  return slot;
}

function spot(ctx, s, k, trick, read, last, winner) {
  const { el, view: v } = ctx;
  const box = el("div", `wc-spot p${k}`);
  box.dataset.seat = String(s);
  if (s === ctx.me) box.classList.add("mine");
  if (v.to_act.includes(s) && !v.over) box.classList.add("to-act");
  const head = el("div", "wc-spot-head");
  head.append(el("span", "wc-spot-name", seatName(ctx, s)));
  if (trick.length && trick[0][0] === s) head.append(el("span", "wc-badge lead", word(last ? "led" : "leads")));
  if (winner === s && trick.length) head.append(el("span", "wc-badge win", word(last || v.done ? "took it" : "winning")));
  box.append(head);
  const cards = el("div", "wc-spot-cards");
  if (v.options.variant !== "classic") cards.append(rulerBox(ctx, s));
  if (v.phase !== "rule" && v.phase !== "call") cards.append(slotBox(ctx, s, trick, read, last));
  box.append(cards);
  return box;
}

function middle(ctx, trick, last) {
  const { el, view: v } = ctx;
  const box = el("div", "wc-mid");
  const line = (text, cls = "") => box.append(el("div", `wc-mid-line ${cls}`, text));
  // Who calls, leads, is winning or took the trick: the server's words (the frame's captions).
  // The middle's title and count too (the ruling cards chosen, the bids and their total, which
  // trick), and the led suit.
  const says = (key) => (ctx.frame.captions || {})[key] || "";
  if (v.over) line(t("The match is over."));
  else if (v.phase === "rule" || v.phase === "bid") {
    line(says("middle"), "wc-mid-title");
    line(says("middle count"));
  } else if (v.phase === "call") {
    line(says("middle"), "wc-mid-title");
    if (says("caller")) line(says("caller"));
  } else if (last) {
    line(says("middle"), "wc-mid-title");
    line(says("took it"));
    line(says("leads next"));
  } else {
    line(says("middle"), "wc-mid-title");
    if (trick.length && v.led_suit) {
      const l = el("div", "wc-mid-line wc-led");
      l.append(...marked(says("led"), suitMany(v.led_suit), (w) => [sym(el, v.led_suit), ` ${w}`]));
      box.append(l);
      line(says(v.done ? "takes it" : "winning"), "wc-winning");
    } else if (says("leads")) {
      line(says("leads"));
    }
  }
  return box;
}

/** `text` with its first `word` drawn by `draw(word)` (a bold TOP, a suit with its symbol). */
function marked(text, word, draw) {
  const at = text.indexOf(word);
  return at < 0 ? [text] : [text.slice(0, at), ...[draw(word)].flat(), text.slice(at + word.length)];
}

/** How this page's player reads their cards (or would, with the ruling card picked), and what
 *  their bid will score, in the server's words: the frame's captions, or the picked card's
 *  label (rule.captions, its shows). The page draws the reading in bold, the trump's symbol. */
function note(ctx, rule) {
  const { el } = ctx;
  if (ctx.me == null || !rule.reading || !rule.trump) return null;
  const said = (ctx.select.ruler && rule.captions) || ctx.frame.captions || {};
  if (!said.reading) return null;
  const box = el("p", "wc-note");
  box.dataset.reading = rule.reading;
  const trump = rule.trump;
  box.append(...marked(said.reading, readingWord(rule.reading), (w) => el("b", null, w)));
  box.append(" ", ...marked(said.trump || "", suitMany(trump), (w) => [sym(el, trump), ` ${w}`]));
  if (said.bid) box.append(el("span", "wc-mybid", ` ${said.bid}`));
  return box;
}

export function wcBoard(ctx, rule, handEnd) {
  const { el, view: v } = ctx;
  const board = el("div", `wc-board wc-${v.options.variant}`);
  board.append(banner(ctx));
  const result = lastHand(ctx, handEnd);
  if (result) board.append(result);
  // The trick in play; between tricks, the last one (until the next lead), faded.
  let trick = v.trick;
  let read = v.trick_read || [];
  let last = false;
  let winner = v.winning;
  if (!trick.length && v.tricks.length && v.phase === "play") {
    const taken = v.tricks[v.tricks.length - 1];
    trick = taken.cards;
    read = taken.read || [];
    winner = taken.winner;
    last = true;
  }
  const table = el("div", `wc-table n${v.players}`);
  // While the table calls (classic), the seats have nothing in front of them: only the middle
  // is drawn, so that on a phone the hand, which the call is about, stays in view.
  if (v.phase === "call" && !v.over) table.classList.add("calling");
  else seatsFrom(v.players, ctx.me).forEach((s, k) => table.append(spot(ctx, s, k, trick, read, last, winner)));
  table.append(middle(ctx, trick, last));
  board.append(table);
  const n = note(ctx, rule);
  if (n) board.append(n);
  return board;
}
