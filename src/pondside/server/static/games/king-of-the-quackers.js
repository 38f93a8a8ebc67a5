// King of the Quackers' table (rules/king-of-the-quackers.md): the two-card pass, then the
// climb. The page states no rule: the server's legal actions say what may be played (the page
// finds the legal play whose cards are exactly the ones selected), their labels say what a
// selection makes, and the engine says why any other selection cannot be played (ctx.ask).
// The explanations are the server's narration, told by the shared frame.
import {
  byRank,
  cap,
  caption,
  card,
  isPersonality,
  keyOf,
  left,
  notesPanel,
  passPanel,
  passState,
  readPlay,
  right,
  roundPanel,
  word,
  wordsLegend,
} from "./king-of-the-quackers-board.js";
import { cardName } from "../decktet.js";
import { prompt, said } from "./terms.js";
import { ordinal } from "../room.js";
import { t, tn } from "../i18n.js";

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

// The hand stays where the pointer is (issue 27's second trial, 14): the dock (the status, the
// verdict and buttons, the hand) sticks to the window's bottom only when the table is taller
// than the window, so a short board (a new lead, the pass) left it higher up than a round's
// board did, and the hand jumped as plays came in. The table is made at least the window's
// height plus what hangs under the cards (the legend, the notes: their height is measured here,
// as --kq-under, for king-of-the-quackers.css), so the dock always sticks: the cards' bottom
// is at the window's bottom (game.js dockCards) whatever is above them.
let anchored = false;
function anchorHand() {
  const dock = document.getElementById("act-dock");
  if (anchored || !dock) return;
  anchored = true;
  const measure = () => {
    const cards = document.querySelector("#hand .kq-hand");
    const low = cards ? cards.getBoundingClientRect().bottom : dock.getBoundingClientRect().bottom;
    const under = Math.max(0, Math.round(dock.getBoundingClientRect().bottom - low));
    document.body.style.setProperty("--kq-under", `${under}px`);
    // What stands above the table (the top bar) is part of the window's height too: without
    // it the board ran that much under the dock (a phone's pass slots: the third trial, 10).
    for (const [name, node] of [["--kq-above-col", document.querySelector(".main-col")], ["--kq-above-game", document.getElementById("game")]]) {
      const top = node && node.getClientRects().length ? node.getBoundingClientRect().top + window.scrollY : 0;
      document.body.style.setProperty(name, `${Math.max(0, Math.round(top))}px`);
    }
  };
  new ResizeObserver(measure).observe(dock);
  new ResizeObserver(measure).observe(document.querySelector(".topbar") || dock);
  measure();
}

// The table hands the focus on after a drawing to the hand's first card (game.js keepFocus):
// here that may be a dimmed card that makes no play, as after passing (the third trial). A
// focus handed on so, just after a drawing, goes on to the first playable card, else to the
// Pass button, else to the status, which says what to do. A card focused by the player (Tab,
// a click) keeps it: a dimmed card may still be selected.
let justDrawn = false;
document.addEventListener("focusin", (ev) => {
  const node = ev.target;
  if (!justDrawn || !(node instanceof Element) || !node.matches("#hand .kq-hcard.dim")) return;
  // After the table's own handing on has finished (it checks where the focus went).
  setTimeout(() => {
    const hand = document.getElementById("hand");
    if (document.activeElement !== node && document.activeElement !== hand) return;
    const next =
      document.querySelector("#hand .kq-hcard.playable:not([disabled])") ||
      document.querySelector("#actions .kq-pass-btn:not([disabled])") ||
      Object.assign(document.getElementById("status"), { tabIndex: -1 });
    next.focus({ preventScroll: true });
  });
});

function render(ctx) {
  anchorHand();
  justDrawn = true;
  setTimeout(() => (justDrawn = false));
  const { view: v, el } = ctx;
  // Every render draws new buttons: the one that had the focus gets it back, so a keyboard
  // player can select card after card.
  const focused = document.activeElement;
  const focusKey = focused && focused.dataset ? focused.dataset.focus : null;
  const board = el("div", "kq-board");
  if (v.phase === "pass" && !v.over) board.append(passPanel(ctx));
  else board.append(roundPanel(ctx));
  ctx.board.replaceChildren(board);
  renderHand(ctx);
  renderActions(ctx);
  if (focusKey) {
    const again = document.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

function renderHand(ctx) {
  const { view: v, el, me, legal } = ctx;
  if (me == null) {
    ctx.hand.replaceChildren(el("p", "kq-note", t("You are watching: the players' hands stay hidden.")), wordsLegend(ctx));
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
      b.append(el("span", "kq-tag", word(code === p.left ? "pass left" : "pass right")));
    }
    if (received.includes(code)) {
      const from = code === received[0] ? ctx.names[left(v)] : ctx.names[right(v)];
      const tag = el("span", "kq-new", "↓");
      tag.title = word("received title", { name: from });
      const lower = word("received", { name: from.toLowerCase() });
      b.title = `${b.title} · ${lower}`;
      b.append(tag);
    }
    b.disabled = !!ctx.pending || !(passing || playing);
    const got = received.includes(code) && word("passed to you");
    const said = [
      cardName(code),
      isPersonality(code) && word("personality"),
      got,
      playing && playable.has(code) && t("playable"),
      picked && t("selected"),
    ];
    b.setAttribute("aria-label", said.filter(Boolean).join(", "));
    b.addEventListener("click", () => (passing ? pickForPass(ctx, code) : toggle(ctx, code)));
    box.append(b);
  }
  const nodes = [box];
  if (!hand.length && v.phase === "play" && !v.over) {
    nodes.push(el("p", "kq-note", caption(ctx, "went out") || t("No cards.")));
  }
  const legend = [];
  if (hand.some(isPersonality)) legend.push(word("mark personality"));
  if (hand.includes("0")) legend.push(word("mark excuse"));
  if (hand.some((c) => received.includes(c))) legend.push(word("mark passed"));
  if (legend.length) nodes.push(el("p", "kq-legend", legend.join(" ")));
  // What was passed and received, the promise, the hand's progress: under the hand, so that
  // on a phone the board above stays short and the hand in view (issue 27).
  const notes = notesPanel(ctx);
  if (notes) nodes.push(notes);
  // The legend of the game's words under the hand: open, it never pushes the hand out of view.
  nodes.push(wordsLegend(ctx));
  ctx.hand.replaceChildren(...nodes);
}

/** The cards selected for the decision open now: one array for the whole decision, trimmed in
 * place, so that a button drawn with it (Clear) and the engine's answer about it never hold a
 * copy that a later click no longer changes. */
function selection(ctx) {
  if (!ctx.select.cards) ctx.select.cards = [];
  const hand = ctx.view.hand || [];
  const sel = ctx.select.cards;
  for (let i = sel.length - 1; i >= 0; i--) if (!hand.includes(sel[i])) sel.splice(i, 1);
  return sel;
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
    p.armed = false; // both filled: no slot waits for a card until one is picked again
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
  const { view: v, el, legal, me } = ctx;
  const out = [];
  if (legal.some((a) => a.startsWith("give "))) {
    const p = passState(ctx);
    const action = p.left && p.right ? `give ${p.left} ${p.right}` : null;
    const ok = action && legal.includes(action);
    const said = ok && ctx.label(action);
    const label = said ? cap(said.label) : word("give the cards");
    out.push(button(ctx, label, "primary kq-give", () => ok && ctx.send(action), !ok));
    // Clear is there from the start, usable once a card is chosen, and the buttons keep room
    // for the Give label's two lines (kq.css): nothing moves when they change (s35-3).
    const clear = () => {
      Object.assign(p, { left: null, right: null, slot: "left" });
      ctx.rerender();
    };
    out.push(button(ctx, t("Clear"), "kq-clear", clear, !(p.left || p.right)));
    ctx.actions.classList.remove("kq-steady");
    ctx.actions.classList.add("kq-pass-steady");
    ctx.actions.replaceChildren(...out);
    return;
  }
  const playing = legal.some((a) => a.startsWith("play "));
  // While the hand is played the verdict has a row of its own (kq.css). The hand under it never
  // moves between two quick clicks, a second click landing beside the card it was aimed at
  // (issue 27, 16): the cards are held at the window's bottom (anchorHand), the dock growing upwards.
  ctx.actions.classList.remove("kq-pass-steady");
  ctx.actions.classList.toggle("kq-steady", v.phase === "play" && !v.over && me != null && (v.hand || []).length > 0);
  if (playing) {
    const sel = selection(ctx);
    const verdict = el("p", "kq-verdict");
    verdict.setAttribute("aria-live", "polite");
    const { byKey, playable } = legalPlays(legal, sel);
    const matches = sel.length ? byKey.get(keyOf(sel)) || [] : [];
    // What to select and what a selection can still become: the game's words (the frame's
    // captions, its prompts).
    const more = playable.size > sel.length ? ` ${prompt(ctx, "more")}` : "";
    if (!sel.length) {
      verdict.textContent = caption(ctx, "select");
      verdict.classList.add("hint");
    } else if (matches.length) {
      // The server's labels say what the selection makes (one per reading of an Ace).
      const labels = [...new Set(matches.filter((m) => !m.promise).map((m) => ctx.label(m.action)?.label))];
      const shown = labels.filter(Boolean);
      const plays = shown.length ? shown.reduce((first, second) => t("{first} or {second}", { first, second })) : "";
      verdict.textContent = t("{beats}: {plays}.", { beats: caption(ctx, "beats"), plays });
      verdict.classList.add("good");
    } else {
      // No legal play is these cards: the engine says why (the rule they break).
      verdict.textContent = "…";
      verdict.classList.add("bad");
      const asked = keyOf(sel);
      ctx.ask(`play ${sel.join(" ")}`).then((answer) => {
        if (keyOf(selection(ctx)) !== asked || !verdict.isConnected) return;
        const why = answer && answer.reason ? `${cap(answer.reason)}.` : t("It cannot be played now.");
        verdict.textContent = `${why}${more}`;
      });
    }
    out.push(verdict);
    const plain = matches.filter((m) => !m.promise);
    for (const m of plain) {
      // Each number an Ace may stand for is its own legal play; the button says which.
      const words = m.ace ? word("play ace", { n: m.ace }) : t("Play");
      const b = button(ctx, words, "primary kq-play-btn", () => ctx.send(m.action));
      const said = ctx.label(m.action);
      if (said) b.title = said.label;
      out.push(b);
    }
    for (const m of matches.filter((x) => x.promise)) {
      const said = ctx.label(m.action);
      const worth = said && said.shows ? said.shows.promise : null;
      const key = `promise${m.ace ? " ace" : ""}${worth == null ? "" : " worth"}`;
      const words = prompt(ctx, key, { n: m.ace, value: worth });
      const b = button(ctx, words, "kq-promise-btn", () => ctx.send(m.action));
      if (said) b.title = `${said.label} ${said.effect}`;
      out.push(b);
    }
    if (!matches.length && sel.length) out.push(button(ctx, t("Play"), "primary kq-play-btn", () => {}, true));
    if (sel.length) {
      out.push(button(ctx, t("Clear"), "kq-clear", () => {
        sel.length = 0;
        ctx.rerender();
      }));
    }
  }
  if (!playing && legal.includes("pass") && v.round) {
    // Passing is the only legal action: the game says why (its captions) rather than only
    // offer the button.
    const none = el("p", "kq-verdict hint kq-nothing", caption(ctx, "nothing beats"));
    none.setAttribute("aria-live", "polite");
    out.push(none);
  }
  if (legal.includes("pass")) out.push(button(ctx, word("pass button"), "kq-pass-btn", () => ctx.send("pass")));
  ctx.actions.replaceChildren(...out);
}


// --- the status line, the bar, the explanations ------------------------------------------------------
function status(ctx) {
  // The server's words (the frame's captions: KQ-5's pass, KQ-8's lead, KQ-9's beat or pass).
  if (ctx.pending) return said(ctx, "status sent");
  // Both cards of the pass picked: not "choose a card…" any more (the fourth trial, 7).
  const p = ctx.select.pass;
  if (p && p.left && p.right && ctx.legal.some((a) => a.startsWith("give "))) return said(ctx, "status both chosen");
  const playing = ctx.legal.some((a) => a.startsWith("play "));
  return said(ctx, ctx.view.phase === "play" && ctx.legal.length && !playing ? "status nothing beats" : "status");
}

function seatInfo(v, seat, ctx) {
  const { el } = ctx;
  const box = el("span", "kq-seat");
  const bits = [];
  const add = (text, cls) => bits.push(el("span", `kq-chip ${cls || ""}`, text));
  if (v.phase === "pass" && !v.over) {
    add(v.chosen[seat] ? word("chose") : t("choosing…"), v.chosen[seat] ? "ok" : "");
  }
  const place = v.out.indexOf(seat) + 1;
  if (place && !v.over) add(word("out", { place: ordinal(place) }), "out");
  else if (!v.over) add(tn("{n} card", "{n} cards", v.hand_sizes[seat]), "count");
  if (v.dealer === seat) add(word("dealer"), "muted");
  if (v.promise && v.promise.seat === seat) add(word("promised", { n: v.promise.value }), "promise");
  const r = v.round;
  if (r && !v.over) {
    if (r.last_seat === seat) add(word("to beat"), "beat");
    else if (r.passed.includes(seat)) add(word("passed"), "muted");
  }
  box.append(...bits);
  return box;
}

/** The top bar's turn: passing, a new lead or the round's kind, in the server's words (its
 * captions). */
function info(v, frame) {
  return { turn: (frame && frame.captions && frame.captions["turn info"]) || "" };
}

export default {
  render,
  status,
  seatInfo,
  info,
  stylesheet: true,
  drawCard: (code) => card(code),
};
