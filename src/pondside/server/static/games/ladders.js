// Ladders' table (rules/ladders.md; engine games/ladders.py): every player's CLIMB and RUNG
// piles, the four shared ACCENT piles, DRAW and DISCARD, and this player's hand.
//
// A move is a source then a destination, as the server's legal actions pair them: a source is
// a hand card, the CLIMB top or a RUNG top (a partner's too, LA-14); a destination is an
// ACCENT pile, or one of the player's own RUNG piles for the discard that ends the turn
// (LA-9). Click or tap a source, then one of the destinations that light up; or drag the
// source onto a destination with the mouse. Only the legal actions are offered: the page
// never works out a rule the server has not already applied.
import { prefs } from "../api.js";
import { plural } from "../room.js";
import { cardBack, cardEl, cardWords, numberWords, WILD } from "./ladders-cards.js";

const SLOTS = 4;
const RUNGS = 4;

// --- the legal actions as sources and destinations --------------------------------------------
// Keys: sources "hand:7", "climb", "rung:2", "pclimb", "prung:1"; destinations "accent:0",
// "rung:3" (an own RUNG pile, for the discard).
const PATTERNS = [
  [/^play hand (\w+) to (\d)$/, (m) => [`hand:${m[1]}`, `accent:${m[2]}`]],
  [/^play climb to (\d)$/, (m) => ["climb", `accent:${m[1]}`]],
  [/^play rung (\d) to (\d)$/, (m) => [`rung:${m[1]}`, `accent:${m[2]}`]],
  [/^play partner climb to (\d)$/, (m) => ["pclimb", `accent:${m[1]}`]],
  [/^play partner rung (\d) to (\d)$/, (m) => [`prung:${m[1]}`, `accent:${m[2]}`]],
  [/^discard (\w+) to (\d)$/, (m) => [`hand:${m[1]}`, `rung:${m[2]}`]],
];

/** source key -> (destination key -> action), from the legal actions. */
function movesOf(legal) {
  const moves = new Map();
  for (const action of legal) {
    for (const [re, pair] of PATTERNS) {
      const m = action.match(re);
      if (!m) continue;
      const [src, dest] = pair(m);
      if (!moves.has(src)) moves.set(src, new Map());
      moves.get(src).set(dest, action);
      break;
    }
  }
  return moves;
}

const isPlay = (dest) => dest.startsWith("accent:");
const canBuild = (dests) => !!dests && [...dests.keys()].some(isPlay);

/** The seat whose tops this seat may play too (LA-14), as the view names it. */
const partnerOf = (view, seat) => (seat == null ? null : view.partners[seat]);

/** The action that would put `src` on `dest`, legal or not, to ask the server why not. */
function actionOf(src, dest) {
  const [kind, x] = src.split(":");
  const to = dest.split(":")[1];
  if (dest.startsWith("rung:")) return kind === "hand" ? `discard ${x} to ${to}` : null;
  const from = { hand: `hand ${x}`, climb: "climb", rung: `rung ${x}`, pclimb: "partner climb", prung: `partner rung ${x}` }[kind];
  return `play ${from} to ${to}`;
}

/** The chosen card and its place, in the server's words ("7 from hand", "W from partner's
 * CLIMB"): the label of one of its plays; a hand card that only ends the turn, by its code. */
function sourceWords(ctx, { moves, src }) {
  const play = [...moves.get(src).values()].find((a) => !a.startsWith("discard"));
  const said = play && ctx.label(play);
  return said ? said.label : `${src.split(":")[1]} from hand`;
}

// --- what a player is told about the words of the game ---------------------------------------
const TERMS = {
  CLIMB: "CLIMB: your race pile, face down with its top card face up. Only the top card plays; empty it to win the round.",
  RUNG: "RUNG piles: your four holding piles. You end your turn by putting one hand card on one of them; later their top cards can be played.",
  ACCENT: "ACCENT piles: the four shared piles in the middle, built up from 1 to 12. A full pile (12) goes to DISCARD and its place is free again.",
  PORTAL: "SKIP PORTAL: the wild card. It counts as whatever number the ACCENT pile needs (the gold badge shows which).",
};

function legend(el, open) {
  const d = el("details", "la-legend");
  d.open = open;
  const summary = el("summary", null, "What are CLIMB, RUNG, ACCENT and SKIP PORTAL?");
  d.append(summary);
  const list = el("dl");
  for (const [k, [word, text]] of Object.entries(SHORT)) {
    const item = el("div");
    item.dataset.term = k;
    item.title = TERMS[k];
    item.append(el("dt", null, word), el("dd", null, text));
    list.append(item);
  }
  // (How a turn goes is the status line's to say, next to the hand.)
  d.append(list);
  // Remembered at the click, not at the "toggle" event that follows it: a frame drawn in
  // between would otherwise draw the legend open again.
  summary.addEventListener("click", () => {
    legendOpen = !d.open;
    if (!legendOpen) prefs.set("ladders.legend", "seen");
  });
  return d;
}
// The legend's lines: short, one per word; the long ones (TERMS) are their tooltips.
const SHORT = {
  CLIMB: ["CLIMB", "your race pile: play its top card; empty it to win."],
  RUNG: ["RUNG", "your four holding piles; their top cards play too."],
  ACCENT: ["ACCENT", "the four shared piles, built up from 1 to 12."],
  PORTAL: ["SKIP PORTAL", "the wild card: counts as the number needed."],
};
let legendOpen = prefs.get("ladders.legend", "") !== "seen";

// --- the module's memory between renders -------------------------------------------------------
let dragSrc = null; // the source being dragged with the mouse
let focusKey = null; // the control to focus after the next render (keyboard play)
let lastFocus = null; // the control that had the focus, to find again after a render
let lastTops = null; // the ACCENT tops of the last render, to mark the piles that changed
let escBound = false;

// --- drawing ----------------------------------------------------------------------------------------
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

/** A pile's name, with the word's meaning as its tooltip. */
function label(el, text, term) {
  const l = el("span", "la-label", text);
  l.title = TERMS[term];
  return l;
}

/** A pile nobody at this page may take from: named for screen readers. */
function still(el, cls, words) {
  const d = el("div", cls);
  d.setAttribute("role", "group");
  d.setAttribute("aria-label", words);
  return d;
}

const cardText = (c) => (c === WILD ? "SKIP PORTAL" : c);

/** A control on the table: a source, a destination, or both (an own RUNG pile). */
function control(ctx, key, cls) {
  const b = ctx.el("button", cls);
  b.type = "button";
  b.dataset.key = key;
  b.disabled = !!ctx.pending;
  return b;
}

function seatArea(ctx, seat, state) {
  const { el, view, me, names } = ctx;
  const mine = seat === me;
  const partner = partnerOf(view, me) === seat;
  const whose = mine ? "Your" : `${names[seat]}'s`;
  const area = el("section", `la-seat${mine ? " mine" : ""}${partner ? " partner" : ""}${view.to_act.includes(seat) && !view.over ? " to-act" : ""}`);
  area.dataset.seat = String(seat);
  const head = el("div", "la-seat-head");
  head.append(el("span", "la-seat-name", mine ? "Your piles" : partner ? `${names[seat]}'s piles (your partner)` : `${names[seat]}'s piles`));
  if (partner) head.append(el("span", "la-seat-note", "you may play their tops"));
  area.append(head);
  const row = el("div", "la-piles");
  // The CLIMB.
  const size = view.climb_sizes[seat];
  const top = view.climb_tops[seat];
  const climbWords = `${whose} CLIMB: ${size} cards, top ${top == null ? "none" : cardWords(top)}`;
  const climbKey = mine ? "climb" : partner ? "pclimb" : null;
  const climbCell = climbKey ? control(ctx, climbKey, "la-pile la-climb") : still(el, "la-pile la-climb", climbWords);
  climbCell.append(label(el, "CLIMB", "CLIMB"), climbPile(el, top, size), el("span", "la-count", `${size} left`));
  if (climbKey) source(ctx, state, climbCell, climbKey, climbWords);
  row.append(climbCell);
  // The RUNG piles, whole.
  for (let r = 0; r < RUNGS; r++) {
    const pile = view.rungs[seat][r];
    const words = pile.length
      ? `${whose} RUNG pile ${r + 1}: ${plural(pile.length, "card", "cards")}, ${pile.map(cardText).join(", ")} (top ${cardText(pile[pile.length - 1])})`
      : `${whose} RUNG pile ${r + 1}: empty`;
    const srcKey = mine ? `rung:${r}` : partner ? `prung:${r}` : null;
    const cell = srcKey ? control(ctx, srcKey, "la-pile la-rung") : still(el, "la-pile la-rung", words);
    // The others' piles fan fewer cards: they are read, not played from (but a partner's).
    cell.append(label(el, `RUNG ${r + 1}`, "RUNG"), fan(el, pile, isPhone() ? 1 : mine ? 3 : view.players > 4 ? 1 : 2));
    if (srcKey) source(ctx, state, cell, srcKey, words);
    if (mine) destination(ctx, state, cell, `rung:${r}`, words);
    row.append(cell);
  }
  area.append(row);
  return area;
}

function accentArea(ctx, state) {
  const { el, view } = ctx;
  const box = el("section", "la-centre");
  const stacks = el("div", "la-stacks");
  const draw = el("span", "la-stack", "");
  draw.append(cardBack(), el("span", null, "DRAW "), el("b", null, String(view.draw_size)));
  draw.title = "DRAW: the face-down pile the hands are filled from";
  const disc = el("span", "la-stack", "");
  disc.append(el("span", null, "DISCARD "), el("b", null, String(view.discard.length)));
  disc.title = "DISCARD: the full ACCENT piles, shuffled into a new DRAW when DRAW runs out";
  stacks.append(draw, disc);
  const row = el("div", "la-accents");
  const tops = view.accents.map((p) => p.join(","));
  for (let s = 0; s < SLOTS; s++) {
    const pile = view.accents[s];
    const key = `accent:${s}`;
    const cell = control(ctx, key, "la-pile la-accent");
    if (lastTops && lastTops[s] !== tops[s]) cell.classList.add("fresh");
    const next = view.accent_next[s];
    cell.append(label(el, `ACCENT ${s + 1}`, "ACCENT"));
    if (pile.length) {
      const top = pile[pile.length - 1];
      cell.append(cardEl(top, top === WILD ? pile.length : null));
    } else {
      cell.append(el("span", "la-card empty", "1"));
    }
    cell.append(el("span", "la-need", `needs ${next}`));
    const words = pile.length
      ? `ACCENT pile ${s + 1}: up to ${pile.length}${pile[pile.length - 1] === WILD ? ` (a SKIP PORTAL as ${pile.length})` : ""}, needs ${numberWords(next)}`
      : `ACCENT pile ${s + 1}: empty, starts with a 1`;
    destination(ctx, state, cell, key, words);
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
  node.setAttribute("aria-label", words + (dests && canBuild(dests) ? ": can be played" : ""));
}

/** Make `node` a destination: lit when the selected source may go there. */
function destination(ctx, state, node, key, words) {
  node.dataset.dest = key;
  const action = state.dests && state.dests.get(key);
  if (action) {
    node.classList.add("lit");
    node.dataset.action = action;
    const said = ctx.label(action);
    node.setAttribute("aria-label", said ? `${words}: ${said.label} ${said.effect}` : words);
  } else if (!node.dataset.src) {
    node.setAttribute("aria-label", words);
  }
}

function handArea(ctx, state) {
  const { el, view } = ctx;
  const nodes = [];
  const hand = view.hand || [];
  hand.forEach((c, i) => {
    const key = `hand:${c}`;
    const b = control(ctx, `${key}#${i}`, "la-hand-card");
    b.append(cardEl(c));
    source(ctx, state, b, key, `${c === WILD ? "SKIP PORTAL (wild)" : c} in your hand`);
    // Two equal cards are one source: only the first is shown selected.
    if (state.src === key && hand.indexOf(c) !== i) {
      b.classList.remove("selected");
      b.setAttribute("aria-pressed", "false");
    }
    nodes.push(b);
  });
  if (!hand.length && view.seat != null && !view.over) {
    const why = ctx.legal.length ? "Your hand is empty: play what you can from your piles." : "Your hand is empty.";
    nodes.push(el("p", "la-empty-hand", why));
  }
  return nodes;
}

/** What the player's clicks mean now: the selected source and its destinations. */
function decision(ctx) {
  const moves = movesOf(ctx.legal);
  const sel = ctx.select;
  let src = sel.src && moves.has(sel.src) ? sel.src : null;
  let dests = src ? moves.get(src) : null;
  if (sel.ending && dests) {
    dests = new Map([...dests].filter(([d]) => !isPlay(d)));
  }
  if (dests && !dests.size) {
    src = null;
    dests = null;
  }
  const plays = [...moves.values()].some(canBuild);
  const discards = [...moves.values()].some((d) => [...d.keys()].some((k) => !isPlay(k)));
  return { moves, src, dests, plays, discards, ending: !!sel.ending };
}

function pick(ctx, key) {
  if (ctx.pending) return;
  const state = decision(ctx);
  const sel = ctx.select;
  // A lit destination takes the selected card.
  const node = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  const destKey = node && node.dataset.dest;
  if (state.dests && destKey && state.dests.has(destKey)) {
    const action = state.dests.get(destKey);
    sel.src = null;
    sel.ending = false;
    focusKey = key;
    ctx.send(action);
    return;
  }
  const srcKey = node && node.dataset.src;
  if (srcKey && sel.ending && !srcKey.startsWith("hand:")) {
    ctx.toast("A turn ends with a card from your hand: pick one, then one of your RUNG piles.");
    return;
  }
  if (srcKey && state.moves.has(srcKey)) {
    if (sel.src === srcKey) {
      sel.src = null;
    } else {
      sel.src = srcKey;
      // Keyboard players go on to the first destination that lit up.
      const next = decision(ctx).dests;
      focusKey = next ? [...next.keys()][0] : key;
    }
    ctx.rerender();
    return;
  }
  if (!ctx.legal.length) return;
  if (destKey && !state.src) {
    ctx.toast(isPlay(destKey) ? "First pick a card that lights up: one from your hand, your CLIMB top or a RUNG top." : "First pick the card from your hand to leave on this RUNG pile.");
  } else if (destKey || srcKey) {
    // The engine says which rule the move breaks; the page states none of its own.
    const [kind, x] = (srcKey || state.src).split(":");
    const action = destKey ? actionOf(state.src, destKey) : kind === "hand" ? null : actionOf(srcKey, "accent:0");
    const why = kind === "hand" && !destKey ? ctx.why(x) : null;
    if (why || !action) ctx.toast(why || "That card cannot be played now.");
    else ctx.ask(action).then((r) => ctx.toast(r && r.reason ? r.reason : "That card cannot be played now."));
  }
}

function bind(ctx, node) {
  node.addEventListener("click", () => pick(ctx, node.dataset.key));
  if (node.dataset.src) {
    node.addEventListener("dragstart", (ev) => {
      const dests = decision(ctx).moves.get(node.dataset.src);
      if (!dests || ctx.pending) {
        ev.preventDefault();
        return;
      }
      dragSrc = node.dataset.src;
      ev.dataTransfer.setData("text/plain", dragSrc);
      ev.dataTransfer.effectAllowed = "move";
      for (const d of dests.keys()) {
        for (const n of document.querySelectorAll(`[data-dest="${d}"]`)) n.classList.add("drop-ok");
      }
    });
    node.addEventListener("dragend", () => {
      dragSrc = null;
      for (const n of document.querySelectorAll(".drop-ok")) n.classList.remove("drop-ok");
    });
  }
  if (node.dataset.dest) {
    const target = () => {
      const dests = dragSrc && decision(ctx).moves.get(dragSrc);
      return dests ? dests.get(node.dataset.dest) : null;
    };
    node.addEventListener("dragover", (ev) => {
      if (target()) ev.preventDefault();
    });
    node.addEventListener("drop", (ev) => {
      const action = target();
      if (!action) return;
      ev.preventDefault();
      ctx.select.src = null;
      ctx.select.ending = false;
      dragSrc = null;
      ctx.send(action);
    });
  }
}

function actionButtons(ctx, state) {
  const { el } = ctx;
  const out = [];
  const myTurn = ctx.legal.length > 0;
  if (myTurn && state.discards && state.plays && !state.ending && !state.src) {
    const b = el("button", "btn", "End turn…");
    b.type = "button";
    b.dataset.key = "end-turn";
    b.title = "End your turn: put one card from your hand on one of your RUNG piles";
    b.disabled = !!ctx.pending;
    b.addEventListener("click", () => {
      ctx.select.ending = true;
      ctx.select.src = null;
      focusKey = null;
      ctx.rerender();
    });
    out.push(b);
  }
  if (myTurn && (state.src || state.ending)) {
    const b = el("button", "btn", "Cancel");
    b.type = "button";
    b.dataset.key = "cancel";
    b.title = "Put the card back (Esc)";
    b.disabled = !!ctx.pending;
    b.addEventListener("click", () => cancel(ctx));
    out.push(b);
  }
  return out;
}

function cancel(ctx) {
  ctx.select.src = null;
  ctx.select.ending = false;
  ctx.rerender();
}

function render(ctx) {
  const { el, view } = ctx;
  const active = document.activeElement;
  const state = decision(ctx);
  if (!escBound) {
    escBound = true;
    // A phone and a wider screen fan the piles differently (a turned tablet...).
    window.matchMedia("(max-width: 600px)").addEventListener("change", () => current && current.rerender());
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && current && (current.select.src || current.select.ending) && !document.querySelector("dialog[open]")) cancel(current);
    });
  }
  current = ctx;
  const board = el("div", `la-board${state.src ? " choosing" : ""}${state.ending ? " ending" : ""}`);
  board.dataset.players = String(view.players);
  board.dataset.seq = String(ctx.frame.seq); // which frame is drawn (the browser tests wait on it)
  // The legend sits under the hand: reachable, and never pushing the hand off the screen.
  const words = legend(el, legendOpen);
  const order = Array.from({ length: view.players }, (_, i) => ((ctx.me ?? 0) + i) % view.players);
  const others = el("div", "la-others");
  for (const s of order) if (s !== ctx.me) others.append(seatArea(ctx, s, state));
  const lower = el("div", "la-lower");
  lower.append(accentArea(ctx, state));
  if (ctx.me != null) lower.append(seatArea(ctx, ctx.me, state));
  board.append(others, lower);
  ctx.board.replaceChildren(board);
  const hand = handArea(ctx, state);
  ctx.hand.replaceChildren(...hand, words);
  ctx.hand.classList.toggle("la-hand", true);
  ctx.hand.classList.toggle("ending", state.ending);
  ctx.actions.replaceChildren(...actionButtons(ctx, state));
  for (const n of [...board.querySelectorAll("[data-key]"), ...ctx.hand.querySelectorAll("[data-key]")]) bind(ctx, n);
  // The focus survives the redraw (keyboard play): the control of the same key gets it back
  // (once enabled again after a move), or the destination that a chosen card moves on to.
  const lost = !active || active === document.body || !document.contains(active);
  const had = active && active.dataset && active.dataset.key;
  const wanted = focusKey || had || (lost ? lastFocus : null);
  focusKey = null;
  if (wanted && lost) {
    const n = document.querySelector(`[data-key="${CSS.escape(wanted)}"]`);
    if (n && !n.disabled) n.focus({ preventScroll: true });
  }
  lastFocus = wanted;
}
let current = null;
const isPhone = () => window.matchMedia("(max-width: 600px)").matches;

function status(ctx) {
  const { view, me, names } = ctx;
  const turn = view.to_act[0];
  if (me == null) return `You are watching: ${names[turn]} is playing.`;
  if (!ctx.legal.length) return `Waiting for ${names[turn]} to play.`;
  if (ctx.pending) return "Playing…";
  const state = decision(ctx);
  // A phone has the width of a few words beside the clock: the same messages, shorter.
  const short = isPhone();
  if (state.src) {
    const what = sourceWords(ctx, state);
    const play = [...state.dests.keys()].some(isPlay);
    const drop = [...state.dests.keys()].some((k) => !isPlay(k));
    if (play && drop && short) return `${what}: pick a lit ACCENT pile, or a RUNG pile to end your turn.`;
    if (play && drop) return `${what}: pick a lit ACCENT pile to play it, or one of your RUNG piles to leave it there and end your turn.`;
    if (play) return `${what}: pick a lit ACCENT pile to play it.`;
    if (short) return `${what} fits no ACCENT pile: pick a RUNG pile to end your turn.`;
    return `${what} fits no ACCENT pile: pick one of your RUNG piles to leave it there and end your turn.`;
  }
  if (state.ending && short) return "End your turn: pick a hand card, then a RUNG pile.";
  if (state.ending) return "End your turn: pick the card from your hand to leave on one of your RUNG piles.";
  if (!state.plays && short) return "No play left: end your turn by putting a card on a RUNG pile.";
  if (!state.plays) return "No play left: end your turn by putting a card from your hand on one of your RUNG piles (the card, then the pile).";
  if (!state.discards && short) return "Nothing left to draw: make the open plays; your turn then ends.";
  if (!state.discards) return "Your hand is empty and nothing is left to draw: make the plays that are open; your turn then ends by itself.";
  if (short) return "Your turn: play lit cards onto ACCENT piles, or end it on a RUNG pile.";
  return "Your turn: build the ACCENT piles (pick a lit card, then a lit pile), or end your turn by putting a hand card on a RUNG pile.";
}

function seatInfo(view, seat, ctx) {
  const el = ctx.el;
  const box = el("span", "la-info");
  const top = view.climb_tops[seat];
  const climb = el("span", "la-info-climb", `CLIMB ${view.climb_sizes[seat]}`);
  climb.title = `${view.climb_sizes[seat]} cards left in the CLIMB pile${top != null ? `, top ${top === WILD ? "SKIP PORTAL" : top}` : ""}`;
  box.append(climb);
  // An empty hand between turns is usual (a turn starts by drawing): only cards are worth a word.
  const held = view.hand_sizes[seat];
  if (held) {
    const h = el("span", "la-info-hand", `${held} in hand`);
    h.title = `${plural(held, "card", "cards")} in hand`;
    box.append(h);
  }
  const p = view.partners[seat];
  if (p != null) {
    box.append(el("span", "la-info-team", `with ${p === ctx.me ? "you" : ctx.names[p]}`));
  }
  return box;
}

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
async function fly(ctx, e) {
  const from = fromNode(e);
  const to = toNode(e);
  if (!from || !to) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const card = cardEl(e.card, e.type === "play" && e.card === WILD ? e.as : null);
  card.classList.add("la-flying");
  card.style.left = `${a.left + a.width / 2 - 29}px`;
  card.style.top = `${a.top}px`;
  document.body.append(card);
  card.getBoundingClientRect(); // starts the transition from here
  card.style.transform = `translate(${b.left + b.width / 2 - (a.left + a.width / 2)}px, ${b.top + 14 - a.top}px)`;
  await ctx.wait(380);
  card.remove();
}

/** The other players' plays and discards, one card at a time (a player's own are not shown
 * again: they have just made them). */
async function animate(ctx) {
  const by = ctx.frame.by;
  if (by && by.seat === ctx.me && by.how === "player") return;
  for (const e of ctx.frame.events) {
    if (e.type === "play" || e.type === "discard") await fly(ctx, e);
  }
}

function turnInfo(view) {
  return `DRAW ${view.draw_size} · DISCARD ${view.discard.length}`;
}

function scoreRows(view) {
  return view.hand_scores.map((row, i) => ({ label: `Round ${i + 1}`, cells: row }));
}

export default {
  render,
  animate,
  status,
  seatInfo,
  turnInfo,
  scoreRows,
  handName: "Round",
  stylesheet: true,
  drawCard: (code) => cardEl(String(code)),
};
