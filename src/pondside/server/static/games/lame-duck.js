// Lame Duck's table (rules/lame-duck.md), inside the shared frame of game.js: the pond and the
// card area (drawn and animated by lame-duck-pond.js), the hand with its preview of where a card
// would go, sorting, select-then-confirm, the keyboard, and the TAKE buttons of a too-low card.
// An action's events are shown step by step (the reveal, then each card placed, lowest first)
// before the frame's own view is drawn, which is the truth. The server decides everything:
// what is legal (ctx.legal), where a card would go and what it takes (its label's `shows`),
// and every sentence about the game (the labels and the frame's narration).
import { getGames, prefs } from "../api.js";
import { cardEl, cardName, duckIcon, duckLegend, useCardFacts } from "../cards.js";
import { replaying } from "../replay.js";
import { prompt } from "./terms.js";
import { el, plural, tableId, toast } from "../room.js";
import { animate, buildBoard, capital, COLUMN_LIMIT, columnsShown, renderColumns, renderSlots, seatScore, slotsOf } from "./lame-duck-pond.js";

const $ = (id) => document.getElementById(id);
// The game's facts before any card is drawn (its faces print LD-2's ducks, served by the game)
// and its words (the how-to figure's caption): this module is ready only once they are in.
const served = (await getGames()).games.find((g) => g.slug === "lame-duck");
useCardFacts(served?.card_facts);
const DUCKS_PER_CARD = served?.terms.find((t) => t.term === "Ducks per card");
let sortOrder = prefs.get("sort", "asc") === "desc" ? "desc" : "asc";
let confirmOn = prefs.get("confirm", "0") === "1";
let cur = null; // the context drawn last
let selected = null; // the card selected, when choosing is select-then-confirm
let focusCard = null; // the hand card that holds the keyboard focus
let previewCard = null;
// One selection model for the preview (s35-5): the card under the pointer and the card the
// keyboard's ring is on; the preview tells the one that moved last, else the other.
let pointerCard = null;
let ringCard = null;
let ringLast = false;
let typed = "";
let typedTimer = null;

// --- what lasts: the pond, the card area, the tools, the keyboard -----------------------------
function tool(id, title, paths, label) {
  const b = el("button", "tool");
  b.type = "button";
  b.id = id;
  b.title = title;
  // The icons are this file's own markup, never anything a player sent.
  b.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true">${paths}</svg><span class="tool-label" id="${id.replace("-btn", "-label")}">${label}</span>`;
  return b;
}

function setup(page) {
  buildBoard(page.board, { drawn: applyPreview, take: chooseTake });
  const play = el("button", "btn primary");
  play.type = "button";
  play.id = "play-btn";
  play.hidden = true;
  play.addEventListener("click", () => selected != null && playCard(selected));
  const p = el("p", "preview");
  p.id = "preview";
  p.setAttribute("aria-live", "polite");
  page.actions.replaceChildren(play, p);
  page.hand.setAttribute("role", "toolbar");
  page.hand.setAttribute("aria-label", "Your hand: arrow keys move, Enter plays, or type a card's number");
  page.addTool(tool("sort-btn", "Sort your hand", '<path d="M7 4v14m0 0-3-3m3 3 3-3" /><path d="M13 6h3m-3 5h5m-5 5h7" />', "Sort ↑"), "score-btn");
  // A finger taps where a mouse clicks: the tip says what this screen does (issue 27, 2).
  const touch = matchMedia("(pointer: coarse)").matches;
  const tip = touch
    ? "Confirm: tap a card to select it, tap it again or Play to play it"
    : "Confirm: click a card (or Enter on it) to select it, then Play or Enter plays it";
  page.addTool(tool("confirm-btn", tip, '<path d="m5 12 4.5 4.5L19 7" />', "Confirm"), "help-btn");
  const redraw = () => page.rerender();
  $("sort-btn").addEventListener("click", () => {
    sortOrder = sortOrder === "asc" ? "desc" : "asc";
    prefs.set("sort", sortOrder);
    applyTools();
    redraw();
  });
  $("confirm-btn").addEventListener("click", () => {
    confirmOn = !confirmOn;
    prefs.set("confirm", confirmOn ? "1" : "0");
    selected = null;
    applyTools();
    const on = touch ? "Tap a card to select it, then tap it again or Play." : "Click a card to select it, then confirm with the Play button or Enter.";
    const off = touch ? "A first tap selects a card, a second plays it." : "A click on a card plays it.";
    toast(confirmOn ? on : off);
    redraw();
  });
  applyTools();
  page.hand.addEventListener("keydown", onHandKey);
  $("columns").addEventListener("keydown", onTakeKey);
  // A key that moves the ring (Tab, the arrows, a card's number): the ring moved last.
  document.addEventListener("keydown", (ev) => {
    if (/^(Tab|Arrow\w+|Home|End|[0-9])$/.test(ev.key)) ringLast = true;
  }, true);
  document.addEventListener("keydown", onDigit);
}

function applyTools() {
  $("sort-btn").setAttribute("aria-label", `Sort: ${sortOrder === "asc" ? "ascending" : "descending"}`);
  $("sort-label").textContent = sortOrder === "asc" ? "Sort ↑" : "Sort ↓";
  $("sort-btn").classList.toggle("desc", sortOrder === "desc");
  $("confirm-btn").setAttribute("aria-pressed", String(confirmOn));
}

// Keyboard: arrows move along the hand, Enter or Space plays, digits find a card.
function onHandKey(ev) {
  const buttons = [...$("hand").querySelectorAll(".hand-card")];
  const i = buttons.indexOf(document.activeElement);
  const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: buttons.length - 1 }[ev.key];
  if (ev.key === "Escape" && selected != null) {
    selected = null;
    ev.preventDefault();
    if (cur) cur.rerender();
  } else if (next != null && buttons.length) {
    ev.preventDefault();
    moveFocus(buttons[Math.max(0, Math.min(buttons.length - 1, next))]);
  }
}

// The TAKE buttons, like the hand: the arrow keys move from one to the next (s35-6).
function onTakeKey(ev) {
  const buttons = [...$("columns").querySelectorAll(".take-btn:not([disabled])")];
  const i = buttons.indexOf(document.activeElement);
  if (i < 0) return;
  const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: buttons.length - 1 }[ev.key];
  if (next == null) return;
  ev.preventDefault();
  buttons[Math.max(0, Math.min(buttons.length - 1, next))].focus();
}

function moveFocus(button) {
  for (const b of $("hand").querySelectorAll(".hand-card")) b.tabIndex = -1;
  button.tabIndex = 0;
  focusCard = Number(button.dataset.card);
  // Disabled buttons cannot hold the focus: show the preview anyway.
  if (button.disabled) setPreview(focusCard);
  else button.focus();
}

function onDigit(ev) {
  if (!/^[0-9]$/.test(ev.key) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  if (!cur || !cur.view.hand) return;
  typed += ev.key;
  clearTimeout(typedTimer);
  typedTimer = setTimeout(() => (typed = ""), 1200);
  let n = Number(typed);
  if (!cur.view.hand.includes(n)) {
    n = Number(ev.key);
    typed = ev.key;
  }
  const b = $("hand").querySelector(`.hand-card[data-card="${n}"]`);
  if (!b) return;
  moveFocus(b);
  if (confirmOn && !b.disabled) {
    selected = n;
    cur.rerender();
  }
}

// --- playing --------------------------------------------------------------------------------
const sentKey = (view, kind) => `pondside.sent.${tableId}.${view.hand_number}.${view.turn_number}.${kind}`;
function markSent(view, kind) {
  try {
    sessionStorage.setItem(sentKey(view, kind), "1");
  } catch {
    /* private mode: the notice may be wrong, nothing else */
  }
}
function wasSent(view, kind) {
  try {
    return sessionStorage.getItem(sentKey(view, kind)) === "1";
  } catch {
    return false;
  }
}

function legalCards(ctx) {
  return new Set(ctx.legal.filter((a) => a.startsWith("play ")).map((a) => Number(a.slice(5))));
}

function onCardClick(n) {
  if (!cur || cur.pending || !legalCards(cur).has(n)) return;
  if (confirmOn && selected !== n) {
    selected = n;
    cur.rerender();
    setPreview(n);
    return;
  }
  playCard(n);
}

function playCard(n) {
  if (!cur || !legalCards(cur).has(n)) return;
  const view = cur.view;
  if (!cur.send(`play ${n}`)) return;
  markSent(view, "play");
  selected = null;
  setPreview(null);
}

function chooseTake(column) {
  if (!cur || cur.pending || !cur.legal.includes(`take ${column}`)) return;
  const view = cur.view;
  // The TAKE buttons go with the answer: a keyboard player's focus waits in the hand, which
  // hands it to a card when they can play again (issue 27, 7).
  if ($("columns").contains(document.activeElement)) holdFocus($("hand"));
  if (cur.send(`take ${column}`)) markSent(view, "take");
}

/** The focus, kept in the hand: on the card it was on if that can be played, else on the
 * first that can, else on the hand itself (a disabled button cannot hold it, and the page
 * would). */
function holdFocus(hand) {
  const b = hand.querySelector(`.hand-card[data-card="${focusCard}"]:not([disabled])`) || hand.querySelector(".hand-card:not([disabled])");
  if (b) {
    b.focus({ preventScroll: true });
    return;
  }
  hand.tabIndex = -1;
  hand.focus({ preventScroll: true });
}

/** A decision of this seat this page did not send: the clock's (or another window's). */
function notice(prev, frame, me) {
  if (me == null || replaying) return; // a replay's plays were all made long ago
  const pv = prev.view;
  const timedOut = !!frame.by && frame.by.how === "timeout";
  for (const ev of frame.events) {
    let card = null;
    if (ev.type === "chose" && ev.seat === me) card = frame.view.my_choice;
    else if (ev.type === "reveal") card = (ev.cards.find(([s]) => s === me) || [])[1] ?? null;
    const playing = ev.type === "chose" ? ev.seat === me : ev.type === "reveal";
    if (playing && pv.my_choice == null && pv.awaiting_take == null && pv.to_act.includes(me) && !wasSent(pv, "play")) {
      markSent(pv, "play");
      if (timedOut) toast(`Time ran out: a random card${card ? `, ${card},` : ""} was chosen for you.`, "warn");
      else toast(`Your card${card ? `, ${card},` : ""} was chosen in another window.`);
    }
    if (ev.type === "take" && ev.seat === me && ev.reason === "too low" && pv.awaiting_take === me && !wasSent(pv, "take")) {
      markSent(pv, "take");
      if (timedOut) toast(`Time ran out: column ${ev.column + 1} was taken for you.`, "warn");
      else toast(`Column ${ev.column + 1} was taken in another window.`);
    }
  }
}

// --- drawing ---------------------------------------------------------------------------------
function render(ctx) {
  cur = ctx;
  const v = ctx.view;
  const awaitingMe = v.awaiting_take != null && v.awaiting_take === ctx.me && ctx.legal.some((a) => a.startsWith("take"));
  const takes = v.columns.map((_, i) => ctx.label(`take ${i}`));
  renderColumns(v.columns, { costs: v.column_ducks, takes, takeMode: v.awaiting_take != null, canTake: awaitingMe, busy: !!ctx.pending });
  const order = v.awaiting_take != null ? v.revealed.map(([s]) => s) : [];
  renderSlots(ctx, v, slotsOf(v, ctx.me, ctx.pending), order, v.awaiting_take);
  renderHand(ctx);
  // Your card is too low: the focus goes from the hand (or the page) to the TAKE buttons, the
  // one thing to do now, so a keyboard player need not look for them.
  const at = document.activeElement;
  if (awaitingMe && !ctx.pending && (at === document.body || ctx.hand.contains(at) || at === ctx.hand)) {
    document.querySelector(".take-btn:not([disabled])")?.focus({ preventScroll: true });
  }
  const p = $("take-prompt");
  p.hidden = v.awaiting_take == null || v.over || (awaitingMe && !!ctx.pending);
  if (!p.hidden) {
    const low = v.revealed.find(([s]) => s === v.awaiting_take);
    const who = ctx.names[v.awaiting_take];
    p.classList.toggle("mine", awaitingMe);
    // The game's words (its prompts, LD-6).
    $("take-title").textContent = prompt(ctx, awaitingMe ? "too low" : "too low other", { card: low ? low[1] : "", who });
  }
  const play = $("play-btn");
  play.hidden = !(confirmOn && selected != null && legalCards(ctx).has(selected) && !ctx.pending);
  if (!play.hidden) play.textContent = `Play ${selected}`;
}

function renderHand(ctx, frozen = false) {
  const v = ctx.view;
  const hand = ctx.hand;
  hand.parentElement.hidden = ctx.me == null || !v.hand;
  if (hand.parentElement.hidden) return;
  const had = document.activeElement && (hand === document.activeElement || hand.contains(document.activeElement));
  const legal = ctx.pending || frozen ? new Set() : legalCards(ctx);
  const cards = [...v.hand].sort((a, b) => (sortOrder === "asc" ? a - b : b - a));
  if (selected != null && !legal.has(selected)) selected = null;
  if (previewCard != null && !cards.includes(previewCard)) setPreview(null);
  if (focusCard == null || !cards.includes(focusCard)) focusCard = cards.find((c) => legal.has(c)) ?? cards[0] ?? null;
  hand.replaceChildren();
  hand.classList.toggle("active", legal.size > 0);
  for (const n of cards) {
    const b = el("button", "hand-card");
    b.type = "button";
    b.dataset.card = String(n);
    const chosen = v.my_choice === n || ctx.pending === `play ${n}`;
    const can = legal.has(n);
    b.disabled = !can && !chosen;
    b.setAttribute("aria-disabled", String(!can));
    b.classList.toggle("chosen", chosen);
    if (selected === n) {
      b.classList.add("selected");
      b.setAttribute("aria-pressed", "true");
    }
    b.tabIndex = n === focusCard ? 0 : -1;
    b.append(cardEl(n));
    // The server's label names a playable card with its ducks; any other card reads its face.
    const offer = ctx.label(`play ${n}`);
    const name = offer ? capital(offer.label) : `Card ${cardName(n)}`;
    b.setAttribute("aria-label", `${name}${chosen ? ", chosen" : ""}`);
    b.addEventListener("click", () => onCardClick(n));
    b.addEventListener("mouseenter", () => {
      pointerCard = n;
      ringLast = false;
      showPointed();
    });
    b.addEventListener("mouseleave", () => {
      pointerCard = null;
      showPointed();
    });
    b.addEventListener("focus", () => {
      focusCard = n;
      // The preview follows the keyboard's focus; a focus the page keeps after a click (or
      // hands back after a turn) shows no ghost card the mouse did not ask for; a card a first
      // tap picked (game.js, on a touch screen) shows where it would go before the second tap.
      ringCard = b.matches(":focus-visible") || b.classList.contains("picked") ? n : null;
      showPointed();
    });
    b.addEventListener("blur", () => {
      ringCard = null;
      showPointed();
    });
    hand.append(b);
  }
  if (had) holdFocus(hand);
}

// --- the card preview: where a hand card would go now ------------------------------------------
/** The preview of the card the ring or the pointer is on, whichever moved last. */
function showPointed() {
  setPreview(ringLast ? (ringCard ?? pointerCard) : (pointerCard ?? ringCard));
}

function setPreview(n) {
  previewCard = n;
  applyPreview();
}

function applyPreview() {
  const p = $("preview");
  document.querySelectorAll(".row.preview-target, .row.preview-sixth").forEach((r) => r.classList.remove("preview-target", "preview-sixth"));
  document.querySelectorAll(".cell.ghost").forEach((c) => {
    c.classList.remove("ghost");
    c.querySelector(".ghost-card")?.remove();
  });
  $("pond").classList.remove("preview-low");
  const v = cur && cur.view;
  if (previewCard == null || !v || v.over || v.awaiting_take != null) {
    p.textContent = "";
    p.classList.remove("on");
    return;
  }
  // Where the card would go now, as the server labels it (others' cards may change it).
  const offer = cur.label(`play ${previewCard}`);
  if (!offer) {
    p.textContent = "";
    p.classList.remove("on");
    return;
  }
  const { column, takes } = offer.shows;
  p.textContent = `${capital(offer.label)} ${offer.effect}`;
  p.classList.add("on");
  if (column == null) {
    $("pond").classList.add("preview-low");
    return;
  }
  const cols = columnsShown() || v.columns;
  const row = document.querySelector(`.row[data-col="${column}"]`);
  if (!row) return;
  row.classList.add(takes ? "preview-sixth" : "preview-target");
  const cell = row.querySelector(`.cell[data-i="${Math.min(cols[column].length, COLUMN_LIMIT)}"]`);
  if (cell && !cell.querySelector(".card")) {
    cell.classList.add("ghost");
    const g = cardEl(previewCard);
    g.classList.add("ghost-card");
    g.setAttribute("aria-hidden", "true"); // a preview: #preview says it in words
    cell.append(g);
  }
}

/** The frame's animation, with the hand and the status line of its time. */
async function show(ctx) {
  const kinds = ctx.frame.events.map((e) => e.type);
  if (kinds.some((k) => k !== "chose")) {
    // What the last frame asked ("Bot 3 is choosing a column") is over: say what is shown.
    $("take-prompt").hidden = true;
    $("status").textContent = "Placing the cards…";
  }
  if (ctx.view.hand_number === ctx.prev.view.hand_number && kinds.includes("reveal")) {
    // The revealed card leaves the hand at once; the hand wakes up after the placements.
    renderHand(ctx, true);
    $("status").textContent = "";
  }
  await animate(ctx);
}

// --- words ---------------------------------------------------------------------------------------
function status(ctx) {
  const { view: v, me, names: n, pending } = ctx;
  const waitingFor = v.to_act.filter((x) => x !== me).map((x) => n[x]);
  if (v.awaiting_take != null) return v.awaiting_take === me ? "" : `${n[v.awaiting_take]} is choosing a column to take.`;
  if (me == null) return `You are watching. ${waitingFor.length ? `Waiting for ${waitingFor.join(", ")}.` : ""}`;
  if (pending || v.my_choice != null) {
    const card = v.my_choice ?? (pending ? pending.slice(5) : "");
    return `${replaying ? `${n[me]} played` : "You played"} ${card}. ${waitingFor.length ? `Waiting for ${waitingFor.join(", ")}…` : ""}`;
  }
  if (!v.to_act.includes(me)) return "";
  if (replaying) return `${n[me]} is choosing a card.`;
  return confirmOn ? "Choose a card, then confirm it." : "Choose a card to play.";
}

/** The heading of a line of the explanations: the round and turn of the event it tells. */
function group(view, ev) {
  const [round, turn] = ev.type === "deal" ? [ev.round, 1] : [view.hand_number, view.turn_number];
  return `Round ${round}, turn ${turn}`;
}

export default {
  stylesheet: true,
  handName: "Round",
  playersAside: true,
  unit: ["duck", "ducks"],
  winTitle: "You win the pond!",
  tableWord: "pond",
  captionStays: true,
  setup,
  render,
  status,
  group,
  animate: show,
  animates: (frame) => !!frame.events && frame.events.some((e) => e.type !== "chose"),
  notice,
  seatScore,
  endScore(view, seat) {
    const out = document.createDocumentFragment();
    out.append(el("span", null, String(view.totals[seat])), duckIcon());
    return out;
  },
  info(v) {
    const o = v.options;
    return {
      match: o.target ? `to ${o.target} ducks` : plural(o.rounds || 1, "round", "rounds"),
      round: o.target ? `Round ${v.hand_number}` : `Round ${v.hand_number} of ${o.rounds || 1}`,
      turn: v.over ? "Finished" : `Turn ${v.turn_number} of ${v.turns}`,
      badge: o.expert ? { text: "Expert", title: "Expert mode: see the rules" } : null,
    };
  },
  scoreRows(v) {
    const rows = v.hand_scores.map((cells, r) => ({ label: `Round ${r + 1}`, cells }));
    if (!v.over && v.hand_scores.length < v.hand_number) rows.push({ label: `Round ${v.hand_number}`, note: "in play", cells: v.round_ducks });
    return rows;
  },
  /** A card of the rules pages' examples, from its code (rules.js). */
  drawCard: (code) => cardEl(Number(code)),
  howtoFigure() {
    const box = el("div", "duck-legend");
    if (DUCKS_PER_CARD) box.setAttribute("aria-label", `${DUCKS_PER_CARD.term}: ${DUCKS_PER_CARD.meaning}`);
    duckLegend(box);
    return box;
  },
};
