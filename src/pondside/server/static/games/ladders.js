// Ladders' table (rules/ladders.md; engine games/ladders.py): the controls, the status line
// and the animation; ladders-board.js draws the piles, the hand and the flying cards.
//
// A move is a source then a destination, as the server's legal actions pair them: a source is
// a hand card, the CLIMB top or a RUNG top (a partner's too, LA-14); a destination is an
// ACCENT pile, or one of the player's own RUNG piles for the discard that ends the turn
// (LA-9). Click or tap a source, then one of the destinations that light up; or drag the
// source onto a destination with the mouse. Only the legal actions are offered: the page
// never works out a rule: a refused move is explained by the server's engine (ctx.why, ctx.ask),
// a move is named by the server's label, and every sentence about the game is its narration.
import { t, tn } from "../i18n.js";
import { seatsFrom } from "../room.js";
import { cardEl, word } from "./ladders-cards.js";
import { accentArea, canBuild, fly, handArea, isPhone, isPlay, legend, seatArea } from "./ladders-board.js";
import { prompt, said } from "./terms.js";

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
  return said ? said.label : word("from hand", { card: src.split(":")[1] });
}

// --- the module's memory between renders -------------------------------------------------------
let dragSrc = null; // the source being dragged with the mouse
let focusKey = null; // the control to focus after the next render (keyboard play)
let lastFocus = null; // the control that had the focus, to find again after a render
let escBound = false;

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
    ctx.toast(prompt(ctx, "ending only"));
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
    ctx.toast(t("First pick a card, then where it goes."));
  } else if (destKey || srcKey) {
    // The engine says which rule the move breaks; the page states none of its own.
    const [kind, x] = (srcKey || state.src).split(":");
    const action = destKey ? actionOf(state.src, destKey) : kind === "hand" ? null : actionOf(srcKey, "accent:0");
    const why = kind === "hand" && !destKey ? ctx.why(x) : null;
    const cannot = t("That card cannot be played now.");
    if (why || !action) ctx.toast(why || cannot);
    else ctx.ask(action).then((r) => ctx.toast(r && r.reason ? r.reason : cannot));
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
    const b = el("button", "btn", t("End turn…"));
    b.type = "button";
    b.dataset.key = "end-turn";
    b.title = prompt(ctx, "end turn");
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
    const b = el("button", "btn", t("Cancel"));
    b.type = "button";
    b.dataset.key = "cancel";
    b.title = t("Put the card back (Esc)");
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
  const words = legend(el);
  const order = seatsFrom(view.players, ctx.me);
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
  // (The frame holds the focus on a play area itself while a move is on its way: lost too.)
  const areas = [ctx.board, ctx.hand, ctx.actions];
  const lost = !active || active === document.body || !document.contains(active) || areas.includes(active);
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

function status(ctx) {
  // Whom the table waits for, and a move on its way: the server's words (its captions).
  if (ctx.me == null || !ctx.legal.length || ctx.pending) return said(ctx, ctx.pending ? "status sent" : "status");
  const state = decision(ctx);
  // The words are the game's (its prompts, GET /api/games), by what the person has picked; a
  // phone has the width of a few words beside the clock: the same messages, shorter.
  const say = (key, what = "") => {
    const prompts = ctx.facts.prompts || {};
    const words = (isPhone() && prompts[`${key} short`]) || prompts[key] || "";
    return words.replace("{what}", what);
  };
  if (state.src) {
    const what = sourceWords(ctx, state);
    const play = [...state.dests.keys()].some(isPlay);
    const drop = [...state.dests.keys()].some((k) => !isPlay(k));
    return say(play && drop ? "play or drop" : play ? "play" : "drop", what);
  }
  if (state.ending) return say("ending");
  if (!state.plays) return say("no play");
  if (!state.discards) return say("nothing to draw");
  return say("turn");
}

function seatInfo(view, seat, ctx) {
  const el = ctx.el;
  const box = el("span", "la-info");
  const climb = el("span", "la-info-climb", word("climb size", { n: view.climb_sizes[seat] }));
  climb.title = (ctx.frame.captions || {})[`climb ${seat}`] || "";
  box.append(climb);
  // Said at 0 too (issue 27: a count that vanished read as a missing one).
  const held = view.hand_sizes[seat];
  const h = el("span", "la-info-hand", t("{n} in hand", { n: held }));
  h.title = tn("{n} card in hand", "{n} cards in hand", held);
  box.append(h);
  const p = view.partners[seat];
  if (p != null) {
    box.append(el("span", "la-info-team", p === ctx.me ? word("partner you") : word("partner", { name: ctx.names[p] })));
  }
  return box;
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
  return word("stacks", { draw: view.draw_size, discard: view.discard.length });
}

function scoreRows(view) {
  return view.hand_scores.map((row, i) => ({ label: word("score row", { round: i + 1 }), cells: row }));
}

/** What the hint (a tutorial's coach) marks for a move, where no control carries the action
 * itself yet: the card to pick first, or "End turn…" before a discard. Once the card is
 * picked, the lit pile that takes it carries the action (data-action) and is marked instead. */
function hintMarks(action) {
  if (!current) return [];
  const { moves, src, ending } = decision(current);
  const from = [...moves].find(([, dests]) => [...dests.values()].includes(action));
  if (!from || src === from[0]) return [];
  const endTurn = document.querySelector('#game [data-key="end-turn"]');
  if (action.startsWith("discard") && endTurn && !ending) return [endTurn];
  return [...document.querySelectorAll(`#game [data-src="${CSS.escape(from[0])}"]`)];
}

export default {
  render,
  animate,
  status,
  seatInfo,
  turnInfo,
  scoreRows,
  hintMarks,
  stylesheet: true,
  drawCard: (code) => cardEl(String(code)),
};
