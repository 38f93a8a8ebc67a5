// King of the Quackers' table (rules/king-of-the-quackers.md): the two-card pass, then the
// climb. The page states no rule: the server's legal actions say what may be played (the page
// finds the legal play whose cards are exactly the ones selected), their labels say what a
// selection makes, and the engine says why any other selection cannot be played (ctx.ask).
// The explanations are the server's narration, told by the shared frame.
import { prefs } from "../api.js";
import { cardName, decktetCard, parse, rankKey, suitKey } from "../decktet.js";
import { ordinal, plural } from "../room.js";

// --- cards -------------------------------------------------------------------------------------
// The table order of rules/decktet.md: how a hand is sorted (ranks low to high), not a rule.
const TABLE_ORDER = (
  "1M 1S 1V 1L 1Y 1K 2MK 2SY 2VL 3MV 3SK 3LY 4MS 4VL 4YK 5ML 5SV 5YK 6MV 6SY 6LK 7ML 7SK 7VY " +
  "8MS 8VL 8YK 9MS 9VY 9LK NM NS NV NL NY NK 0 PMSL PMYK PSVK PVLY TMVK TMLY TSVY TSLK"
).split(" ");
const ORDER_INDEX = new Map(TABLE_ORDER.map((c, i) => [c, i]));
const RANK_VALUE = { 0: 0, 1: 1, P: 10, T: 11, N: 12 };
const RANK_NAME = { 0: "the Excuse", 1: "Ace", 10: "Pawn", 11: "Court", 12: "Crown" };
const KIND_WORD = { single: "single", set: "Set", straight_flush: "Straight Flush", bomb: "Bomb", open: "play" };

const rankOf = (code) => (code[0] in RANK_VALUE ? RANK_VALUE[code[0]] : Number(code[0]));
const isPersonality = (code) => code !== "0" && parse(code).personality;
/** A card in a sentence: "the Ace of Suns", "the Forest". */
const named = (code) => (code[0] === "1" ? `the ${cardName(code)}` : cardName(code));
const byRank = (a, b) => rankOf(a) - rankOf(b) || ORDER_INDEX.get(a) - ORDER_INDEX.get(b);
const keyOf = (cards) => [...cards].sort().join(" ");
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

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
  e.title = isPersonality(code) ? `${cardName(code)} ☺ (a personality)` : cardName(code);
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

// --- the legend: the card symbols, and the rules page for the game's words -------------------------
// Open the first time (a new player meets "Set", "Straight Flush", "Bomb" at once); closed, it
// stays closed on every later table. The words themselves are the rulebook's (one link away).
let legendOpen = prefs.get("kq.legend", "") !== "seen";

function wordsLegend(ctx) {
  const { el } = ctx;
  const d = el("details", "kq-legend-box");
  d.open = legendOpen;
  d.append(el("summary", null, "What are a Set, a Straight Flush, a Bomb, the Excuse? The card symbols"));
  const list = el("dl");
  const terms = el("div");
  const link = el("a", null, "the rules of King of the Quackers");
  link.href = "/rules/king-of-the-quackers";
  link.target = "_blank";
  const dd = el("dd", null, "Set, Straight Flush, Bomb, the Excuse and the rest: see ");
  dd.append(link, ".");
  terms.append(el("dt", null, "Words"), dd);
  list.append(terms);
  const ranks = el("div");
  const key = rankKey({ extended: ctx.view.options.deck !== "basic" }).map(([k, w]) => `${k} ${w}`).join(" · ");
  ranks.append(el("dt", null, "Ranks"), el("dd", null, `low to high: ${key}. ☺ marks a personality; ↓ a card passed to you.`));
  const suits = el("div");
  const key2 = el("dd");
  key2.append(suitKey());
  suits.append(el("dt", null, "Suits"), key2);
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
  return box;
}

function lastHand(ctx) {
  const { view: v, el, names, me } = ctx;
  const row = v.hand_scores[v.hand_scores.length - 1];
  const order = [...row.keys()].sort((a, b) => row[b] - row[a]);
  const text = order.map((s) => `${Name(names, me, s)} +${row[s]}`).join(" · ");
  return el("p", "kq-last", `Hand ${v.hand_scores.length}: ${text}`);
}

/** The round's kind in the plural, from the view, for the round's heading. */
function roundKind(r) {
  if (r.size === 1) return "single cards";
  const kinds = { set: `Sets of ${r.size}`, straight_flush: `Straight Flushes of ${r.size}` };
  return kinds[r.kind] ?? `${r.size}-card plays`;
}

/** The play to beat, as the view tells it: its kind and rank, and its cards' names. */
function toBeat(r, last) {
  const kind = KIND_WORD[r.last_kind] ?? "play";
  const names = [...last.cards].sort(byRank).map((c) => (c === "0" ? "the Excuse" : named(c)));
  if (r.size === 1) return cap(names[0]);
  return `${kind}, rank ${RANK_NAME[r.last_rank] ?? r.last_rank}: ${names.join(", ")}`;
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
    return box;
  }
  box.append(el("p", "kq-head", `Round of ${roundKind(r)}`));
  if (r.size === 1 && r.lead_card) {
    const lead = el("p", "kq-leadcard");
    lead.append("The lead card: ", el("strong", null, named(r.lead_card)), ".");
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
  const what = el("div", "kq-tobeat-text");
  what.append(
    el("span", "kq-tobeat-label", "To beat"),
    el("span", "kq-tobeat-who", `${Name(names, me, last.seat)} ${plays.length === 1 ? "led" : "played"}`),
    el("span", "kq-tobeat-what", toBeat(r, last)),
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
    facts.push("No promise yet.");
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
  if (hand.some(isPersonality)) legend.push("☺ a personality card.");
  if (hand.includes("0")) legend.push("E the Excuse.");
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
    const said = ok && ctx.label(action);
    const label = said ? cap(said.label) : "Give the two cards";
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
    const more = playable.size > sel.length ? " The marked cards can complete a play." : "";
    if (!sel.length) {
      verdict.textContent = v.round ? "Select cards to beat the play, or pass." : "Select the cards of your lead.";
      verdict.classList.add("hint");
    } else if (matches.length) {
      // The server's labels say what the selection makes (one per reading of an Ace).
      const labels = [...new Set(matches.filter((m) => !m.promise).map((m) => ctx.label(m.action)?.label))];
      const to = v.round ? `it beats ${v.round.last_seat === me ? "your own" : `${names[v.round.last_seat]}'s`} play` : "a lead";
      verdict.textContent = `${labels.filter(Boolean).join(" or ")} — ${to}.`;
      verdict.classList.add("good");
    } else {
      // No legal play is these cards: the engine says why (the rule they break).
      verdict.textContent = "…";
      verdict.classList.add("bad");
      const asked = keyOf(sel);
      ctx.ask(`play ${sel.join(" ")}`).then((answer) => {
        if (keyOf(selection(ctx)) !== asked || !verdict.isConnected) return;
        const why = answer && answer.reason ? `${cap(answer.reason)}.` : "It cannot be played now.";
        verdict.textContent = `${why}${more}`;
      });
    }
    out.push(verdict);
    const plain = matches.filter((m) => !m.promise);
    for (const m of plain) {
      // Each number an Ace may stand for is its own legal play; the button says which.
      const b = button(ctx, m.ace ? `Play, Ace as ${m.ace}` : "Play", "primary kq-play-btn", () => ctx.send(m.action));
      const said = ctx.label(m.action);
      if (said) b.title = said.label;
      out.push(b);
    }
    for (const m of matches.filter((x) => x.promise)) {
      const said = ctx.label(m.action);
      const worth = said && said.shows ? ` (${said.shows.promise})` : "";
      const b = button(ctx, `Play${m.ace ? `, Ace as ${m.ace},` : ""} and promise${worth}`, "kq-promise-btn", () => ctx.send(m.action));
      if (said) b.title = `${said.label} ${said.effect}`;
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

export default {
  render,
  status,
  seatInfo,
  turnInfo,
  handName: "Hand",
  stylesheet: true,
  drawCard: (code) => card(code),
};
