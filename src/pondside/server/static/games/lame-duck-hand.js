// Lame Duck's hand (games/lame-duck.js): the cards, sorted either way, played by a click, a tap
// or the keyboard (the arrows, Enter, a card's number), or selected first and then confirmed;
// the TAKE buttons' keys; the hand's tools (sort, confirm). What may be played is the server's
// (ctx.legal), each card's name its label; the preview of where a card would go is
// lame-duck-preview.js's.
import { prefs } from "../api.js";
import { cardEl, cardName } from "../cards.js";
import { t } from "../i18n.js";
import { el, tableId, toast } from "../room.js";
import { capital } from "./lame-duck-pond.js";
import { pointerOn, previewed, ringMoved, ringOn, setPreview } from "./lame-duck-preview.js";

const $ = (id) => document.getElementById(id);
/** What the hand keeps between frames: the context drawn last, whether choosing is
 *  select-then-confirm and the card selected then, the card that holds the keyboard focus. */
export const hand = { cur: null, confirmOn: prefs.get("confirm", "0") === "1", selected: null, focusCard: null };
let sortOrder = prefs.get("sort", "asc") === "desc" ? "desc" : "asc";
let typed = "";
let typedTimer = null;

// --- the tools and the keyboard ----------------------------------------------------------------
function tool(id, title, paths, label) {
  const b = el("button", "tool");
  b.type = "button";
  b.id = id;
  b.title = title;
  // The icons are this file's own markup, never anything a player sent; the label is text
  // (a translation is a sentence, never markup).
  b.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true">${paths}</svg>`;
  const words = el("span", "tool-label", label);
  words.id = id.replace("-btn", "-label");
  b.append(words);
  return b;
}

/** The hand's tools (sort, confirm) in the frame's bar, and its keys. */
export function handTools(page) {
  page.hand.setAttribute("role", "toolbar");
  page.hand.setAttribute("aria-label", t("Your hand: arrow keys move, Enter plays, or type a card's number"));
  page.addTool(tool("sort-btn", t("Sort your hand"), '<path d="M7 4v14m0 0-3-3m3 3 3-3" /><path d="M13 6h3m-3 5h5m-5 5h7" />', t("Sort ↑")), "score-btn");
  // A finger taps where a mouse clicks: the tip says what this screen does (issue 27, 2).
  const touch = matchMedia("(pointer: coarse)").matches;
  const tip = touch
    ? t("Confirm: tap a card to select it, tap it again or Play to play it")
    : t("Confirm: click a card (or Enter on it) to select it, then Play or Enter plays it");
  page.addTool(tool("confirm-btn", tip, '<path d="m5 12 4.5 4.5L19 7" />', t("Confirm")), "help-btn");
  const redraw = () => page.rerender();
  $("sort-btn").addEventListener("click", () => {
    sortOrder = sortOrder === "asc" ? "desc" : "asc";
    prefs.set("sort", sortOrder);
    applyTools();
    redraw();
  });
  $("confirm-btn").addEventListener("click", () => {
    hand.confirmOn = !hand.confirmOn;
    prefs.set("confirm", hand.confirmOn ? "1" : "0");
    hand.selected = null;
    applyTools();
    const on = touch ? t("Tap a card to select it, then tap it again or Play.") : t("Click a card to select it, then confirm with the Play button or Enter.");
    const off = touch ? t("A first tap selects a card, a second plays it.") : t("A click on a card plays it.");
    toast(hand.confirmOn ? on : off);
    redraw();
  });
  applyTools();
  page.hand.addEventListener("keydown", onHandKey);
  $("columns").addEventListener("keydown", onTakeKey);
  document.addEventListener("keydown", (ev) => /^(Tab|Arrow\w+|Home|End|[0-9])$/.test(ev.key) && ringMoved(), true);
  document.addEventListener("keydown", onDigit);
}

function applyTools() {
  $("sort-btn").setAttribute("aria-label", sortOrder === "asc" ? t("Sort: ascending") : t("Sort: descending"));
  $("sort-label").textContent = sortOrder === "asc" ? t("Sort ↑") : t("Sort ↓");
  $("sort-btn").classList.toggle("desc", sortOrder === "desc");
  $("confirm-btn").setAttribute("aria-pressed", String(hand.confirmOn));
}

/** The index `ev`'s arrow key (or Home, End) moves to from `i` among `n`; null for another key. */
function stepOf(ev, i, n) {
  const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: n - 1 }[ev.key];
  return next == null ? null : Math.max(0, Math.min(n - 1, next));
}

// Keyboard: arrows move along the hand, Enter or Space plays, digits find a card.
function onHandKey(ev) {
  const buttons = [...$("hand").querySelectorAll(".hand-card")];
  const next = stepOf(ev, buttons.indexOf(document.activeElement), buttons.length);
  if (ev.key === "Escape" && hand.selected != null) {
    hand.selected = null;
    ev.preventDefault();
    if (hand.cur) hand.cur.rerender();
  } else if (next != null && buttons.length) {
    ev.preventDefault();
    moveFocus(buttons[next]);
  }
}

// The TAKE buttons, like the hand: the arrow keys move from one to the next (s35-6).
function onTakeKey(ev) {
  const buttons = [...$("columns").querySelectorAll(".take-btn:not([disabled])")];
  const i = buttons.indexOf(document.activeElement);
  const next = i < 0 ? null : stepOf(ev, i, buttons.length);
  if (next == null) return;
  ev.preventDefault();
  buttons[next].focus();
}

function moveFocus(button) {
  for (const b of $("hand").querySelectorAll(".hand-card")) b.tabIndex = -1;
  button.tabIndex = 0;
  hand.focusCard = Number(button.dataset.card);
  // Disabled buttons cannot hold the focus: show the preview anyway.
  if (button.disabled) setPreview(hand.cur, hand.focusCard);
  else button.focus();
}

function onDigit(ev) {
  if (!/^[0-9]$/.test(ev.key) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const at = ev.target;
  if (at instanceof HTMLInputElement || at instanceof HTMLTextAreaElement || at instanceof HTMLSelectElement) return;
  const cur = hand.cur;
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
  if (hand.confirmOn && !b.disabled) {
    hand.selected = n;
    cur.rerender();
  }
}

// --- playing --------------------------------------------------------------------------------
const sentKey = (view, kind) => `pondside.sent.${tableId}.${view.hand_number}.${view.turn_number}.${kind}`;
/** This page sent the seat's decision of `kind` (play, take) at the step of `view`. */
export function markSent(view, kind) {
  try {
    sessionStorage.setItem(sentKey(view, kind), "1");
  } catch {
    /* private mode: the notice may be wrong, nothing else */
  }
}
export function wasSent(view, kind) {
  try {
    return sessionStorage.getItem(sentKey(view, kind)) === "1";
  } catch {
    return false;
  }
}

export function legalCards(ctx) {
  return new Set(ctx.legal.filter((a) => a.startsWith("play ")).map((a) => Number(a.slice(5))));
}

function onCardClick(n) {
  const cur = hand.cur;
  if (!cur || cur.pending || !legalCards(cur).has(n)) return;
  if (hand.confirmOn && hand.selected !== n) {
    hand.selected = n;
    cur.rerender();
    setPreview(cur, n);
    return;
  }
  playCard(n);
}

/** Play card `n` now, if it may be played. */
export function playCard(n) {
  const cur = hand.cur;
  if (!cur || !legalCards(cur).has(n)) return;
  const view = cur.view;
  if (!cur.send(`play ${n}`)) return;
  markSent(view, "play");
  hand.selected = null;
  setPreview(cur, null);
}

/** Take column `column` (a too-low card's TAKE button). */
export function chooseTake(column) {
  const cur = hand.cur;
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
function holdFocus(box) {
  const b = box.querySelector(`.hand-card[data-card="${hand.focusCard}"]:not([disabled])`) || box.querySelector(".hand-card:not([disabled])");
  if (b) {
    b.focus({ preventScroll: true });
    return;
  }
  box.tabIndex = -1;
  box.focus({ preventScroll: true });
}

// --- drawing ---------------------------------------------------------------------------------
/** The hand of `ctx`'s seat; `frozen` while a step is shown (no card may be played). */
export function renderHand(ctx, frozen = false) {
  const v = ctx.view;
  const box = ctx.hand;
  box.parentElement.hidden = ctx.me == null || !v.hand;
  if (box.parentElement.hidden) return;
  const had = document.activeElement && (box === document.activeElement || box.contains(document.activeElement));
  const legal = ctx.pending || frozen ? new Set() : legalCards(ctx);
  const cards = [...v.hand].sort((a, b) => (sortOrder === "asc" ? a - b : b - a));
  if (hand.selected != null && !legal.has(hand.selected)) hand.selected = null;
  // No preview while a step is shown: the columns it names are changing under it (a ghost 19
  // "→ column 1" while the real 17 moved there: the fourth trial, 4).
  if (previewed() != null && (frozen || !cards.includes(previewed()))) setPreview(hand.cur, null);
  if (hand.focusCard == null || !cards.includes(hand.focusCard)) hand.focusCard = cards.find((c) => legal.has(c)) ?? cards[0] ?? null;
  box.replaceChildren();
  box.classList.toggle("active", legal.size > 0);
  for (const n of cards) {
    const b = el("button", "hand-card");
    b.type = "button";
    b.dataset.card = String(n);
    const chosen = v.my_choice === n || ctx.pending === `play ${n}`;
    const can = legal.has(n);
    b.disabled = !can && !chosen;
    b.setAttribute("aria-disabled", String(!can));
    b.classList.toggle("chosen", chosen);
    if (hand.selected === n) {
      b.classList.add("selected");
      b.setAttribute("aria-pressed", "true");
    }
    b.tabIndex = n === hand.focusCard ? 0 : -1;
    b.append(cardEl(n));
    // The server's label names a playable card with its ducks; any other card reads its face,
    // as does every card while the turn's cards are placed ("Play 28" on a card that could
    // not be played: the fourth trial, 4).
    const offer = can ? ctx.label(`play ${n}`) : null;
    const name = offer ? capital(offer.label) : t("Card {card}", { card: cardName(n) });
    b.setAttribute("aria-label", chosen ? t("{card}, chosen", { card: name }) : name);
    b.addEventListener("click", () => onCardClick(n));
    b.addEventListener("mouseenter", () => pointerOn(hand.cur, n));
    b.addEventListener("mouseleave", () => pointerOn(hand.cur, null));
    b.addEventListener("focus", () => {
      hand.focusCard = n;
      // The preview follows the keyboard's focus; a focus the page keeps after a click (or
      // hands back after a turn) shows no ghost card the mouse did not ask for; a card a first
      // tap picked (game.js, on a touch screen) shows where it would go before the second tap.
      ringOn(hand.cur, b.matches(":focus-visible") || b.classList.contains("picked") ? n : null);
    });
    b.addEventListener("blur", () => ringOn(hand.cur, null));
    box.append(b);
  }
  if (had) holdFocus(box);
}
