// King of the Quackers' table (rules/king-of-the-quackers.md): the two-card pass, then the
// climb. The server's legal actions are the truth: the page never builds an action string, it
// finds the legal play whose cards are exactly the ones selected. What the page works out
// itself (what a selection is, why it does not beat the play to beat) only explains: it
// mirrors combinations.py and rules.py (_check_follow) in words, and never decides anything.
import { prefs } from "../api.js";
import { cardName, decktetCard, parse, rankKey, SUITS, suitKey } from "../decktet.js";
import { ordinal, plural } from "../room.js";

// --- cards -------------------------------------------------------------------------------------
const TABLE_ORDER = (
  "1M 1S 1V 1L 1Y 1K 2MK 2SY 2VL 3MV 3SK 3LY 4MS 4VL 4YK 5ML 5SV 5YK 6MV 6SY 6LK 7ML 7SK 7VY " +
  "8MS 8VL 8YK 9MS 9VY 9LK NM NS NV NL NY NK 0 PMSL PMYK PSVK PVLY TMVK TMLY TSVY TSLK"
).split(" ");
const ORDER_INDEX = new Map(TABLE_ORDER.map((c, i) => [c, i]));
const SUIT_ORDER = ["M", "S", "V", "L", "Y", "K"];
const RANK_VALUE = { 0: 0, 1: 1, P: 10, T: 11, N: 12 };
const RANK_WORD = ["the Excuse", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "Pawn", "Court", "Crown"];
const NUMBER_WORD = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const MOUNTAIN = "4MS";
const PERSONALITY_NOTE = "two or more of them, of any ranks, make a Bomb";
// KQ-14, KQ-15, KQ-20 in a player's words: what the Excuse does, not what the rulings call it.
const EXCUSE_NOTE =
  "the lowest card. You may play it on any single, whatever its suit or rank; after it any card sharing a suit with the lead card may follow, even an Ace. In a Bomb it counts as a personality";
const EXCUSE_ON_SINGLE = "the Excuse, played on the single";

const rankOf = (code) => (code[0] in RANK_VALUE ? RANK_VALUE[code[0]] : Number(code[0]));
const suitsOf = (code) => code.slice(1).split("");
/** KQ-20: the personalities, and the Excuse, which counts as one. */
const isPersonality = (code) => code === "0" || parse(code).personality;
const countWord = (n) => NUMBER_WORD[n] ?? String(n);
const rankWord = (r) => RANK_WORD[r] ?? String(r);
const rankPlural = (r) => (r >= 2 && r <= 9 ? `${r}s` : `${rankWord(r)}s`);
const suitWords = (code) => suitsOf(code).map((s) => `${SUITS[s].symbol} ${SUITS[s].name}`).join(" or ");
/** Ranks low to high, then table order: how a climbing hand is read. */
/** A card in a sentence: "the Ace of Suns", "the Forest (5 Moons/Leaves)". */
const named = (code) => (code[0] === "1" ? `the ${cardName(code)}` : cardName(code));
const byRank = (a, b) => rankOf(a) - rankOf(b) || ORDER_INDEX.get(a) - ORDER_INDEX.get(b);
const keyOf = (cards) => [...cards].sort().join(" ");
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** The Excuse alone on a single (KQ-15: the rulings call it a one-card Bomb). */
const excuseAsBomb = (sel, v) => sel.length === 1 && sel[0] === "0" && v.round && v.round.size === 1;

// --- combinations (KQ-13..KQ-21), in words ---------------------------------------------------------
/** What `cards` make: {kind, rank, suit?, readings?} or {error}; null for no cards. */
function classify(cards) {
  if (!cards.length) return null;
  if (cards.length === 1) return { kind: "single", rank: rankOf(cards[0]) };
  if (cards.every(isPersonality)) return { kind: "bomb", rank: Math.min(...cards.map(rankOf)) };
  const ranks = cards.map(rankOf);
  if (ranks.every((r) => r === ranks[0])) {
    if (ranks[0] === 12) return { error: "Crowns never form a Set." };
    return { kind: "set", rank: ranks[0] };
  }
  return flushOf(cards);
}

/** KQ-17/KQ-18: a Straight Flush, with every number the Ace could stand for; or why not. */
function flushOf(cards) {
  const none =
    cards.length === 2
      ? "Two cards make a Set (one rank) or a Bomb (two personalities ☺), nothing else."
      : "Not a combination: a Set is one rank, a Straight Flush three or more consecutive numbers sharing a suit, a Bomb only personalities ☺.";
  const aces = cards.filter((c) => rankOf(c) === 1);
  const numbers = cards.filter((c) => rankOf(c) !== 1);
  if (cards.length < 3) return { error: none };
  if (numbers.some((c) => rankOf(c) < 2 || rankOf(c) > 9)) {
    return { error: `${none} (No Excuse, Pawn, Court or Crown goes into a Straight Flush.)` };
  }
  if (aces.length > 1) return { error: "A Straight Flush holds at most one Ace: it stands for one number of its suit." };
  const suit = SUIT_ORDER.find((s) => cards.every((c) => suitsOf(c).includes(s)));
  if (!suit) return { error: "These cards share no suit, so they are no Straight Flush." };
  const rs = numbers.map(rankOf).sort((a, b) => a - b);
  const run = (xs) => xs.every((x, i) => i === 0 || x === xs[i - 1] + 1);
  if (!aces.length) {
    if (run(rs)) return { kind: "straight_flush", suit, low: rs[0], high: rs[rs.length - 1], rank: rs[rs.length - 1], readings: [] };
    return { error: "Not consecutive: a Straight Flush needs consecutive numbers (an Ace may fill one gap)." };
  }
  const readings = [];
  for (let n = 2; n <= 9; n++) {
    if (rs.includes(n)) continue;
    const all = [...rs, n].sort((a, b) => a - b);
    if (run(all)) readings.push({ ace: n, low: all[0], high: all[all.length - 1] });
  }
  if (!readings.length) return { error: "Not consecutive, even with the Ace filling a gap." };
  const high = Math.max(...readings.map((r) => r.high));
  return { kind: "straight_flush", suit, low: readings[0].low, high, rank: high, readings };
}

/** "a Set of two 7s", "a Straight Flush of Moons, 7 to 9", "the Forest (5 Moons/Leaves)". */
function comboName(cards, c, ace = 0) {
  if (c.kind === "single") return named(cards[0]);
  if (c.kind === "set") return `a Set of ${countWord(cards.length)} ${rankPlural(c.rank)}`;
  if (c.kind === "bomb") {
    if (cards.length === 1) return EXCUSE_ON_SINGLE;
    const low = cards.includes("0") ? "it holds the Excuse, so it ranks lowest" : `it ranks as its lowest card, ${rankWord(c.rank)}`;
    return `a Bomb of ${countWord(cards.length)} personality cards ☺ (${low})`;
  }
  const reading = ace ? c.readings.find((r) => r.ace === ace) : null;
  const low = reading ? reading.low : c.low;
  const high = reading ? reading.high : c.readings.length > 1 ? null : c.high;
  const span = high == null ? "" : `, ${low} to ${high}`;
  return `a Straight Flush of ${SUITS[c.suit].name}${span}${reading ? ` (Ace as ${ace})` : ""}`;
}

/** The round's kind in the plural, for the top bar and the round's heading. */
function roundKind(r) {
  const n = r.size;
  if (n === 1) return "single cards";
  const kinds = { set: `Sets of ${n}`, straight_flush: `Straight Flushes of ${n}`, open: `${n}-card plays` };
  return kinds[r.kind] ?? `${n}-card plays`;
}

/** What may follow the play to beat in round `r` (KQ-13, KQ-15, KQ-19, KQ-22..KQ-24). */
function howToBeat(r) {
  const n = r.size;
  const rank = rankWord(r.last_rank);
  if (n === 1) {
    if (r.last_kind === "bomb") return "After the Excuse any single sharing a suit with the lead card may follow, whatever its rank, even an Ace.";
    return `A single sharing a suit with the lead card, ${rank} or higher; or the Excuse, which may go on any single.`;
  }
  const bomb = `a Bomb of ${countWord(n)} personality cards ☺`;
  const kinds = { set: `a Set of ${countWord(n)}`, straight_flush: `a Straight Flush of ${countWord(n)} (any suit)` };
  const other = kinds[r.kind] ?? `a Set or a Straight Flush of ${countWord(n)}`;
  if (r.last_kind === "bomb") return `Another Bomb of ${countWord(n)} (any ranks), or ${other} of rank ${rank} or higher.`;
  return `${cap(other)} of rank ${rank} or higher, or ${bomb}.`;
}

/** Why a combination cannot follow in round `r` (KQ-13..KQ-24), or null if the rules allow it. */
function whyNot(cards, c, r) {
  if (!r) return null;
  if (cards.length !== r.size) {
    if (r.size === 1 && c.kind === "bomb") return "A Bomb never goes on a single card (only the Excuse, alone, may).";
    return `Every play of this round has ${plural(r.size, "card", "cards")}.`;
  }
  if (r.size === 1) {
    if (cards[0] === "0") return null;
    const lead = r.lead_card;
    if (lead && lead !== "0" && !suitsOf(cards[0]).some((s) => suitsOf(lead).includes(s))) {
      return `A single must share a suit with ${named(lead)}, the card that led this round: ${suitWords(lead)}.`;
    }
    if (c.rank < r.last_rank) return `A single must be ${rankWord(r.last_rank)} or higher.`;
    return null;
  }
  if (c.kind === "bomb") return null;
  const other = { set: "straight_flush", straight_flush: "set" }[c.kind];
  if (r.kind === other) return "Sets and Straight Flushes never meet in one round (KQ-24).";
  if (c.rank < r.last_rank) {
    const need = rankWord(r.last_rank);
    return r.last_kind === "bomb" ? `On a Bomb only its rank counts: this needs rank ${need} or higher.` : `This round needs rank ${need} or higher.`;
  }
  return null;
}

// --- the server's actions, read ----------------------------------------------------------------------
/** "play 1V=9 7VY 8VL promise" -> {action, cards: ["1V", "7VY", "8VL"], ace: 9, promise: true}. */
function readPlay(action) {
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

/** The legal plays grouped by their cards (one group per selection), and the cards that can
 * go with the selection `sel`: every card of a legal play holding all of `sel`. */
function legalPlays(legal, sel = []) {
  const byKey = new Map();
  const playable = new Set();
  for (const action of legal) {
    if (!action.startsWith("play ")) continue;
    const play = readPlay(action);
    if (sel.every((c) => play.cards.includes(c))) for (const c of play.cards) playable.add(c);
    const key = keyOf(play.cards);
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(play);
  }
  return { byKey, playable };
}

// --- seats --------------------------------------------------------------------------------------
const leftOf = (v, s) => (s + 1) % v.players;
const rightOf = (v, s) => (s - 1 + v.players) % v.players;
const nameOf = (names, me, s) => (s === me ? "you" : names[s]);
const Name = (names, me, s) => (s === me ? "You" : names[s]);
/** The verb for seat s: "You pass" / "Ann passes". */
const verb = (me, s, base, third) => (s === me ? base : third);
function list(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

// --- drawing -----------------------------------------------------------------------------------------
function card(code, opts = {}) {
  const e = decktetCard(code, opts);
  if (code === "0") e.title = `the Excuse: ${EXCUSE_NOTE}`;
  else if (isPersonality(code)) e.title = `${cardName(code)}: ${PERSONALITY_NOTE}`;
  return e;
}

function cardRow(el, codes, small = false) {
  const row = el("div", "kq-cards");
  for (const c of [...codes].sort(byRank)) row.append(card(c, { small }));
  return row;
}

function render(ctx) {
  const { view: v, el } = ctx;
  // Every render draws new buttons: the one that had the focus gets it back, so a keyboard
  // player can select card after card.
  const focused = document.activeElement;
  const focusKey = focused && focused.dataset ? focused.dataset.focus : null;
  const board = el("div", "kq-board");
  if (v.phase === "pass" && !v.over) board.append(passPanel(ctx));
  else board.append(roundPanel(ctx));
  const notes = notesPanel(ctx);
  if (notes) board.append(notes);
  ctx.board.replaceChildren(board);
  renderHand(ctx);
  renderActions(ctx);
  if (focusKey) {
    const again = document.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

// --- the legend: the game's words, always one click away ----------------------------------------
// Open the first time (a new player meets "Set", "Straight Flush", "Bomb" at once); closed, it
// stays closed on every later table, as Ladders' legend does.
const TERMS = [
  ["Round", "one lead and the plays on it. Every play of a round has as many cards as the lead, of the same kind, equal or higher (or a Bomb). When all the others pass, the last player to play leads a new round."],
  ["Single", "one card. It must share a suit with the card that led the round and be of equal or higher rank."],
  ["Set", "two or more cards of one rank, suits free: a pair of 7s, three 9s. Never Crowns."],
  ["Straight Flush", "three or more numbers in a row (2 to 9) that all share one suit, such as 7-8-9 of Moons. An Ace of that suit may stand for one missing number."],
  ["Bomb", "two or more personality cards ☺, of any ranks. It beats a Set or Straight Flush of as many cards, and another Bomb of as many cards."],
  ["Excuse (E)", `${EXCUSE_NOTE}.`],
];
let legendOpen = prefs.get("kq.legend", "") !== "seen";

function wordsLegend(ctx) {
  const { el } = ctx;
  const d = el("details", "kq-legend-box");
  d.open = legendOpen;
  d.append(el("summary", null, "What are a Set, a Straight Flush, a Bomb, the Excuse? The card symbols"));
  const list = el("dl");
  for (const [word, text] of TERMS) {
    const item = el("div");
    item.append(el("dt", null, word), el("dd", null, text));
    list.append(item);
  }
  const ranks = el("div");
  const key = rankKey({ extended: ctx.view.options.deck !== "basic" }).map(([k, w]) => `${k} ${w}`).join(" · ");
  ranks.append(el("dt", null, "Ranks"), el("dd", null, `low to high: ${key}. ☺ marks a personality; ↓ a card passed to you.`));
  const suits = el("div");
  const dd = el("dd");
  dd.append(suitKey());
  suits.append(el("dt", null, "Suits"), dd);
  list.append(ranks, suits);
  d.append(list);
  d.addEventListener("toggle", () => {
    legendOpen = d.open;
    if (!d.open) prefs.set("kq.legend", "seen");
  });
  return d;
}

// The pass (KQ-5): a slot for each neighbour, filled card by card from the hand.
function passState(ctx) {
  const s = ctx.select;
  if (!s.pass) s.pass = { left: null, right: null, slot: "left" };
  return s.pass;
}

function passPanel(ctx) {
  const { view: v, el, names, me, legal } = ctx;
  const box = el("section", "kq-pass");
  box.setAttribute("aria-label", "The pass");
  if (v.hand_scores.length) box.append(lastHand(ctx));
  if (me == null) {
    box.append(el("p", "kq-head", "Everyone chooses two cards to pass: one to the left, one to the right."));
    return box;
  }
  const choosing = legal.some((a) => a.startsWith("give "));
  const p = passState(ctx);
  const chosen = choosing ? p : v.gave ? { left: v.gave[0], right: v.gave[1] } : p;
  box.append(
    el(
      "p",
      "kq-head",
      choosing
        ? "Pass two cards: choose one for each neighbour."
        : "Your two cards are chosen; they change hands when everyone has chosen.",
    ),
  );
  const slots = el("div", "kq-slots");
  for (const side of ["left", "right"]) {
    const seat = side === "left" ? leftOf(v, me) : rightOf(v, me);
    const slot = el("button", `kq-slot${choosing && p.slot === side ? " active" : ""}`);
    slot.type = "button";
    slot.dataset.side = side;
    slot.dataset.focus = `slot-${side}`;
    slot.disabled = !choosing || !!ctx.pending;
    const label = el("span", "kq-slot-label", `For ${names[seat]} (your ${side})`);
    slot.append(label);
    const code = chosen[side];
    if (code) {
      slot.append(card(code, { small: true }));
      slot.append(el("span", "kq-slot-name", cardName(code)));
    } else {
      slot.append(el("span", "kq-slot-empty", choosing && p.slot === side ? "pick a card in your hand" : "—"));
    }
    slot.setAttribute("aria-label", `${label.textContent}: ${code ? cardName(code) : "no card yet"}`);
    slot.addEventListener("click", () => {
      p.slot = side;
      ctx.rerender();
    });
    slots.append(slot);
  }
  box.append(slots);
  if (v.players === 4) {
    box.append(el("p", "kq-note", `${names[(me + 2) % 4]}, opposite, gets nothing from you.`));
  }
  return box;
}

function lastHand(ctx) {
  const { view: v, el, names, me } = ctx;
  const row = v.hand_scores[v.hand_scores.length - 1];
  const order = [...row.keys()].sort((a, b) => row[b] - row[a]);
  const text = order.map((s) => `${Name(names, me, s)} +${row[s]}`).join(" · ");
  return el("p", "kq-last", `Hand ${v.hand_scores.length}: ${text}`);
}

// The round in play: the plays so far, the one to beat large, and who passed since.
function roundPanel(ctx) {
  const { view: v, el, names, me } = ctx;
  const box = el("section", "kq-round");
  box.setAttribute("aria-label", "This round");
  const r = v.round;
  const turn = v.to_act[0];
  if (v.over) {
    box.append(el("p", "kq-head", "The match is over."));
    if (v.hand_scores.length) box.append(lastHand(ctx));
    return box;
  }
  if (!r) {
    const who = turn === me ? "Your lead" : `${names[turn]} leads`;
    box.append(el("p", "kq-head kq-lead", `New round: ${who}.`));
    const rule = "The leader plays any single, Set, Straight Flush or Bomb; everyone else then follows with the same kind and number of cards, equal or higher, or passes.";
    box.append(el("p", "kq-note", rule));
    return box;
  }
  const head = el("p", "kq-head", `Round of ${roundKind(r)}`);
  if (r.kind === "open") head.append(el("span", "kq-sub", " · led by a Bomb: the first Set or Straight Flush decides which"));
  box.append(head);
  if (r.size === 1 && r.lead_card) {
    const lead = el("p", "kq-leadcard");
    if (r.lead_card === "0") {
      lead.textContent = "The Excuse led: it has no suit, so any single may follow; that card becomes the lead card, whose suits the next singles must share.";
    } else {
      lead.append("Singles must share a suit with the lead card, ", el("strong", null, named(r.lead_card)), `: ${suitWords(r.lead_card)}.`);
    }
    box.append(lead);
  }
  const plays = r.plays.map(([seat, action]) => ({ seat, ...readPlay(action) }));
  const last = plays[plays.length - 1];
  if (plays.length > 1) {
    const earlier = el("div", "kq-earlier");
    earlier.setAttribute("aria-label", "Earlier plays of this round");
    for (const p of plays.slice(0, -1)) {
      const g = el("div", "kq-group");
      // The small cards have no room for their names: they go under them (desktop only).
      const cardNames = [...p.cards].sort(byRank).map((x) => (x === "0" ? "Excuse" : x[0] === "1" ? parse(x).name : parse(x).name.replace(/^the /, "")));
      g.append(el("span", "kq-group-who", Name(names, me, p.seat)), cardRow(el, p.cards, true), el("span", "kq-group-names", cardNames.join(", ")));
      earlier.append(g);
    }
    box.append(earlier);
  }
  const beat = el("div", "kq-tobeat");
  beat.dataset.seat = String(last.seat);
  // KQ-15: the Excuse played on a single (a "one-card Bomb" in the rulings); led, it is a single.
  const c = last.cards.length === 1 && last.cards[0] === "0" && plays.length > 1 ? { kind: "bomb", rank: 0 } : classify(last.cards);
  const what = el("div", "kq-tobeat-text");
  what.append(
    el("span", "kq-tobeat-label", "To beat"),
    el("span", "kq-tobeat-who", `${Name(names, me, last.seat)} ${plays.length === 1 ? "led" : "played"}`),
    el("span", "kq-tobeat-what", c && !c.error ? comboName(last.cards, c, last.ace) : ""),
    el("span", "kq-tobeat-how", howToBeat(r)),
  );
  beat.append(cardRow(el, last.cards), what);
  box.append(beat);
  if (r.passed.length) {
    box.append(el("p", "kq-passed", `Passed since: ${list(r.passed.map((s) => nameOf(names, me, s)))}.`));
  }
  return box;
}

// What was passed and received, the promise and the hand's progress.
function notesPanel(ctx) {
  const { view: v, el, names, me } = ctx;
  const box = el("div", "kq-notes");
  if (v.phase === "play" && v.gave && v.received && me != null && !v.over) {
    const swap = el("div", "kq-swap");
    swap.setAttribute("aria-label", "The cards passed this hand");
    const item = (label, arrow, seat, code) => {
      const g = el("span", "kq-swap-item");
      g.append(card(code, { small: true }), el("span", "kq-swap-who", `${arrow} ${names[seat]}`));
      g.title = `${cardName(code)}, ${label} ${names[seat]}`;
      g.setAttribute("aria-label", g.title);
      return g;
    };
    const gave = el("span", "kq-swap-part");
    gave.append(
      el("span", "kq-swap-label", "You gave:"),
      item("given to", "→", leftOf(v, me), v.gave[0]),
      item("given to", "→", rightOf(v, me), v.gave[1]),
    );
    const got = el("span", "kq-swap-part");
    got.append(
      el("span", "kq-swap-label", "You received:"),
      item("received from", "←", leftOf(v, me), v.received[0]),
      item("received from", "←", rightOf(v, me), v.received[1]),
    );
    swap.append(gave, got);
    box.append(swap);
  }
  const facts = [];
  if (v.promise) {
    facts.push(`${Name(names, me, v.promise.seat)} ${verb(me, v.promise.seat, "have", "has")} promised to go out first (worth ${v.promise.value}).`);
  } else if (v.options.bidding && v.phase === "play" && !v.over) {
    if (v.played.includes(MOUNTAIN)) facts.push("The Mountain has been played: no promise this hand.");
    else if (v.out.length) facts.push("Someone is out: no promise this hand.");
    else facts.push("No promise yet: right after your play you may promise to go out first.");
  }
  if (v.phase === "play" && !v.over) {
    // KQ-4: at four with the extended deck one card is out of play, face down, seen by no one.
    const aside = v.put_aside ? "; one more card lies face down, out of play for this hand (no one sees it)" : "";
    facts.push(`${plural(v.played.length, "card", "cards")} played this hand${aside}.`);
  }
  if (facts.length) box.append(el("p", "kq-note", facts.join(" ")));
  return box.children.length ? box : null;
}

function renderHand(ctx) {
  const { view: v, el, me, legal } = ctx;
  if (me == null) {
    ctx.hand.replaceChildren(el("p", "kq-note", "You are watching: the players' hands stay hidden."), wordsLegend(ctx));
    return;
  }
  const hand = [...(v.hand || [])].sort(byRank);
  const passing = legal.some((a) => a.startsWith("give "));
  const playing = legal.some((a) => a.startsWith("play "));
  const sel = selection(ctx);
  // Marked: the cards that make a legal play with the ones selected (all of them at first).
  const { playable } = legalPlays(legal, sel);
  const p = passing ? passState(ctx) : null;
  const received = v.phase === "play" && v.received ? v.received : [];
  const box = el("div", "kq-hand");
  box.classList.toggle("active", passing || playing);
  for (const code of hand) {
    const b = card(code, { tag: "button" });
    b.type = "button";
    b.classList.add("kq-hcard");
    b.dataset.focus = `card-${code}`;
    const picked = passing ? code === p.left || code === p.right : sel.includes(code);
    b.classList.toggle("selected", picked);
    b.setAttribute("aria-pressed", String(picked));
    if (playing && !picked) b.classList.add(playable.has(code) ? "playable" : "dim");
    if (passing && picked) {
      b.append(el("span", "kq-tag", code === p.left ? "◀ left" : "right ▶"));
    }
    if (received.includes(code)) {
      const from = code === received[0] ? ctx.names[leftOf(v, me)] : ctx.names[rightOf(v, me)];
      const tag = el("span", "kq-new", "↓");
      tag.title = `Received: ${from} passed you this card at the start of the hand`;
      b.title = `${b.title} · ${tag.title.toLowerCase()}`;
      b.append(tag);
    }
    b.disabled = !!ctx.pending || !(passing || playing);
    const got = received.includes(code) && "passed to you";
    const said = [cardName(code), isPersonality(code) && "personality", got, playing && playable.has(code) && "playable", picked && "selected"];
    b.setAttribute("aria-label", said.filter(Boolean).join(", "));
    b.addEventListener("click", () => (passing ? pickForPass(ctx, code) : toggle(ctx, code)));
    box.append(b);
  }
  const nodes = [box];
  if (!hand.length && v.phase === "play" && !v.over) {
    const place = v.out.indexOf(me) + 1;
    nodes.push(el("p", "kq-note", place ? `You went out ${ordinal(place)}: the others play on.` : "No cards."));
  }
  const legend = [];
  if (hand.some((c) => c !== "0" && isPersonality(c))) legend.push(`☺ a personality: ${PERSONALITY_NOTE}.`);
  if (hand.includes("0")) legend.push("E the Excuse: it may go on any single; after it, any card sharing a suit with the lead card may follow.");
  if (hand.some((c) => received.includes(c))) legend.push("↓ a card passed to you this hand.");
  if (legend.length) nodes.push(el("p", "kq-legend", legend.join(" ")));
  // The legend of the game's words under the hand: open, it never pushes the hand out of view.
  nodes.push(wordsLegend(ctx));
  ctx.hand.replaceChildren(...nodes);
}

function selection(ctx) {
  if (!ctx.select.cards) ctx.select.cards = [];
  const hand = ctx.view.hand || [];
  ctx.select.cards = ctx.select.cards.filter((c) => hand.includes(c));
  return ctx.select.cards;
}

function toggle(ctx, code) {
  if (ctx.pending) return;
  const sel = selection(ctx);
  const i = sel.indexOf(code);
  if (i >= 0) sel.splice(i, 1);
  else sel.push(code);
  ctx.rerender();
}

function pickForPass(ctx, code) {
  if (ctx.pending) return;
  const p = passState(ctx);
  const other = (side) => (side === "left" ? "right" : "left");
  if (p.left === code || p.right === code) {
    const side = p.left === code ? "left" : "right";
    p[side] = null;
    p.slot = side;
  } else {
    p[p.slot] = code;
    if (!p[other(p.slot)]) p.slot = other(p.slot);
  }
  ctx.rerender();
}

function button(ctx, label, cls, onClick, disabled = false) {
  const b = ctx.el("button", `btn ${cls}`, label);
  b.type = "button";
  b.disabled = disabled || !!ctx.pending;
  b.dataset.focus = cls;
  b.addEventListener("click", onClick);
  return b;
}

function renderActions(ctx) {
  const { view: v, el, legal, names, me } = ctx;
  const out = [];
  if (legal.some((a) => a.startsWith("give "))) {
    const p = passState(ctx);
    const action = p.left && p.right ? `give ${p.left} ${p.right}` : null;
    const ok = action && legal.includes(action);
    const short = (code) => parse(code).name.replace(/^the /, "");
    const label = ok ? `Give ${short(p.left)} to ${names[leftOf(v, me)]} and ${short(p.right)} to ${names[rightOf(v, me)]}` : "Give the two cards";
    out.push(button(ctx, label, "primary kq-give", () => ok && ctx.send(action), !ok));
    if (p.left || p.right) {
      out.push(button(ctx, "Clear", "kq-clear", () => {
        Object.assign(p, { left: null, right: null, slot: "left" });
        ctx.rerender();
      }));
    }
    ctx.actions.replaceChildren(...out);
    return;
  }
  const playing = legal.some((a) => a.startsWith("play "));
  if (playing) {
    const sel = selection(ctx);
    const verdict = el("p", "kq-verdict");
    verdict.setAttribute("aria-live", "polite");
    const { byKey, playable } = legalPlays(legal, sel);
    const matches = sel.length ? byKey.get(keyOf(sel)) || [] : [];
    const c = classify(sel);
    const more = playable.size > sel.length ? " The marked cards can complete a play." : "";
    if (!sel.length) {
      const lead = "Select the cards of your lead: a single, Set, Straight Flush or Bomb.";
      verdict.textContent = v.round ? "Select cards to beat the play, or pass." : lead;
      verdict.classList.add("hint");
    } else if (c.error) {
      verdict.textContent = c.error + more;
      verdict.classList.add("bad");
    } else if (matches.length && excuseAsBomb(sel, v)) {
      verdict.textContent = "The Excuse may go on any single: after it, any card sharing a suit with the lead card may follow, whatever its rank.";
      verdict.classList.add("good");
    } else if (matches.length) {
      const name = comboName(sel, c);
      verdict.textContent = v.round ? `${cap(name)}: it beats ${names[v.round.last_seat]}'s play.` : `${cap(name)}: a lead.`;
      verdict.classList.add("good");
    } else {
      const aceShort = c.kind === "straight_flush" && c.readings.length;
      const why = whyNot(sel, c, v.round) || (aceShort ? "No reading of the Ace reaches the rank to beat." : "It cannot be played now.");
      verdict.textContent = `${cap(comboName(sel, c))}: ${why}${more}`;
      verdict.classList.add("bad");
    }
    out.push(verdict);
    const plain = matches.filter((m) => !m.promise);
    for (const m of plain) {
      // KQ-18: each number the Ace may stand for is its own play; the button says which.
      const label = m.ace ? `Play, Ace as ${m.ace}` : "Play";
      out.push(button(ctx, label, "primary kq-play-btn", () => ctx.send(m.action)));
    }
    for (const m of matches.filter((x) => x.promise)) {
      const worth = (v.hand || []).length - m.cards.length;
      const label = `Play${m.ace ? `, Ace as ${m.ace},` : ""} and promise (${worth})`;
      const b = button(ctx, label, "kq-promise-btn", () => ctx.send(m.action));
      b.title = `Promise to go out first: worth ${worth} points to you if you do, shared by the others if not (KQ-28..30)`;
      out.push(b);
    }
    if (!matches.length && sel.length) out.push(button(ctx, "Play", "primary kq-play-btn", () => {}, true));
    if (sel.length) {
      out.push(button(ctx, "Clear", "kq-clear", () => {
        sel.length = 0;
        ctx.rerender();
      }));
    }
  }
  if (!playing && legal.includes("pass") && v.round) {
    // KQ-9: passing is the only legal action; say why rather than only offer the button.
    const whose = v.round.last_seat === me ? "your own play" : `${names[v.round.last_seat]}'s play`;
    const none = el("p", "kq-verdict hint kq-nothing", `Nothing in your hand beats ${whose}: pass.`);
    none.setAttribute("aria-live", "polite");
    out.push(none);
  }
  if (legal.includes("pass")) out.push(button(ctx, "Pass", "kq-pass-btn", () => ctx.send("pass")));
  ctx.actions.replaceChildren(...out);
}


// --- the status line, the bar, the explanations ------------------------------------------------------
function status(ctx) {
  const { view: v, names, me, legal } = ctx;
  if (ctx.pending) return "Sending…";
  if (v.phase === "pass") {
    if (legal.length) {
      return `Choose a card for ${names[leftOf(v, me)]} on your left, then one for ${names[rightOf(v, me)]} on your right, and give them.`;
    }
    const waiting = v.chosen.map((c, s) => (c ? null : s)).filter((s) => s != null);
    return `Waiting for ${list(waiting.map((s) => names[s]))} to choose their two cards.`;
  }
  const turn = v.to_act[0];
  const prefix = me == null ? "You are watching: " : me != null && v.out.includes(me) ? `You went out ${ordinal(v.out.indexOf(me) + 1)}. ` : "";
  if (turn === me) {
    if (!v.round) return "Your lead: select any combination and play it.";
    if (!legal.some((a) => a.startsWith("play "))) return "Your turn: nothing in your hand beats the play, so pass.";
    return `Your turn: beat ${v.round.last_seat === me ? "your own play" : `${names[v.round.last_seat]}'s play`}, or pass.`;
  }
  if (turn == null) return prefix;
  return `${prefix}${names[turn]} ${v.round ? "to play or pass" : "leads a new round"}.`;
}

function seatInfo(v, seat, ctx) {
  const { el } = ctx;
  const box = el("span", "kq-seat");
  const bits = [];
  const add = (text, cls) => bits.push(el("span", `kq-chip ${cls || ""}`, text));
  if (v.phase === "pass" && !v.over) {
    add(v.chosen[seat] ? "✓ chose" : "choosing…", v.chosen[seat] ? "ok" : "");
  }
  const place = v.out.indexOf(seat) + 1;
  if (place && !v.over) add(`out ${ordinal(place)}`, "out");
  else if (!v.over) add(plural(v.hand_sizes[seat], "card", "cards"), "count");
  if (v.dealer === seat) add("dealer", "muted");
  if (v.promise && v.promise.seat === seat) add(`promised ${v.promise.value}`, "promise");
  const r = v.round;
  if (r && !v.over) {
    if (r.last_seat === seat) add("to beat", "beat");
    else if (r.passed.includes(seat)) add("passed", "muted");
  }
  box.append(...bits);
  return box;
}

function turnInfo(v) {
  if (v.over) return "";
  if (v.phase === "pass") return "Passing cards";
  if (!v.round) return "New lead";
  return `Round of ${roundKind(v.round)}`;
}

/** A play in words: its name, and the names of its cards when there are several. */
function describePlay(ev) {
  const cards = ev.cards;
  if (ev.kind === "bomb" && cards.length === 1) return { name: "the Excuse", list: "" };
  const c = classify(cards);
  const name = c && !c.error ? comboName(cards, c, readPlay(ev.action).ace) : cards.join(" ");
  const list = cards.length === 1 ? "" : cards.map((x) => parse(x).name.replace(/^the /, "")).join(", ");
  return { name, list };
}

const KIND_WORD = { single: "card", set: "Set", straight_flush: "Straight Flush", bomb: "Bomb" };

function explain(before, events, names, me, after) {
  const out = [];
  const nm = (s) => nameOf(names, me, s);
  const Nm = (s) => Name(names, me, s);
  for (const e of events) {
    const s = e.seat;
    switch (e.type) {
      case "gave":
        if (s === me && after && after.gave) {
          out.push(`You pass ${named(after.gave[0])} to ${names[leftOf(after, me)]} and ${named(after.gave[1])} to ${names[rightOf(after, me)]}.`);
        } else out.push(`${Nm(s)} ${verb(me, s, "have", "has")} chosen two cards to pass.`);
        break;
      case "exchange": {
        let t = "The chosen cards change hands.";
        if (me != null && after && after.received) {
          const [fromLeft, fromRight] = after.received;
          t += ` You receive ${named(fromLeft)} from ${names[leftOf(after, me)]} and ${named(fromRight)} from ${names[rightOf(after, me)]}.`;
        }
        out.push(`${t} ${Nm(e.leader)} ${verb(me, e.leader, "lead", "leads")} first.`);
        break;
      }
      case "play": {
        const leads = before ? !before.round : false;
        const { name, list: cardList } = describePlay(e);
        let t = `${Nm(s)} ${leads ? verb(me, s, "lead", "leads") : verb(me, s, "play", "plays")} ${name}`;
        const r = before && before.round;
        if (!leads && r && r.last_seat !== s) {
          const whose = r.last_seat === me ? "your" : `${names[r.last_seat]}'s`;
          t += ` on ${whose} ${r.size === 1 && r.last_kind === "bomb" ? "Excuse" : KIND_WORD[r.last_kind] || "play"}`;
        }
        if (cardList) t += `: ${cardList}`;
        t += ".";
        if (e.kind === "bomb" && e.cards.length === 1 && !leads) t += " Now any card sharing a suit with the lead card may follow, whatever its rank.";
        if (e.left > 0 && e.left <= 3) t += ` ${Nm(s)} ${verb(me, s, "have", "has")} ${plural(e.left, "card", "cards")} left.`;
        out.push(t);
        break;
      }
      case "pass":
        out.push(`${Nm(s)} ${verb(me, s, "pass", "passes")}.`);
        break;
      case "round_end": {
        const last = before && before.round ? before.round.last_seat : e.leader;
        let t = "Everyone else passed: the round's cards are put aside.";
        if (last !== e.leader) t += ` ${Nm(last)} ${verb(me, last, "are", "is")} out, so the lead passes to ${nm(e.leader)}.`;
        else t += ` ${Nm(e.leader)} ${verb(me, e.leader, "lead", "leads")} the next round.`;
        out.push(t);
        break;
      }
      case "out":
        out.push(`${Nm(s)} ${verb(me, s, "go", "goes")} out ${ordinal(e.place)}!`);
        break;
      case "promise":
        out.push(`${Nm(s)} ${verb(me, s, "promise", "promises")} to go out first, worth ${plural(e.value, "point", "points")}.`);
        break;
      case "promise_resolved":
        if (e.kept) out.push(`${Nm(s)} ${verb(me, s, "keep", "keeps")} the promise: +${e.value}.`);
        else out.push(`${Nm(s)} ${verb(me, s, "break", "breaks")} the promise: everyone else gains ${Math.max(...e.points)}.`);
        break;
      case "hand_end": {
        const order = [...e.places.keys()].sort((a, b) => e.places[a] - e.places[b]);
        out.push(`Hand ${e.hand} is over: ${order.map((x) => `${Nm(x)} ${ordinal(e.places[x])} +${e.points[x]}`).join(", ")}.`);
        break;
      }
      case "match_end": {
        const best = e.places.map((p, i) => (p === 1 ? i : null)).filter((x) => x != null);
        const w = best[0];
        out.push(`${Nm(w)} ${verb(me, w, "win", "wins")} the match with ${plural(e.scores[w], "point", "points")}.`);
        break;
      }
      case "deal":
        out.push(`Hand ${e.hand}: ${Nm(e.dealer)} ${verb(me, e.dealer, "deal", "deals")}; everyone chooses two cards to pass.`);
        break;
      default:
        break;
    }
  }
  return out;
}

export default {
  render,
  status,
  explain,
  seatInfo,
  turnInfo,
  handName: "Hand",
  stylesheet: true,
  drawCard: (code) => card(code),
};
