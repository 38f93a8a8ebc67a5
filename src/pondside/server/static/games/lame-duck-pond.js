// Lame Duck's board (games/lame-duck.js): the pond's four columns with each card's ducks, the
// card area with everyone's card and the clock, and the animation of one frame's events (the
// reveal, then each card placed, lowest first, and the columns taken).
import { getGames } from "../api.js";
import { cardEl, columnDucks, duckCount, duckIcon } from "../cards.js";
import { Pond } from "../pond.js";
import { t } from "../i18n.js";
import { el, ordinal, placeClass, seatOrder } from "../room.js";
import { prompt, wordsIn } from "./terms.js";

const $ = (id) => document.getElementById(id);
/** The cells a column is drawn with, before the one of the card that takes it (LD-7): the
 * game's number (its card facts, GET /api/games), which the designer's lab may change. */
const served = (await getGames()).games.find((g) => g.slug === "lame-duck");
export const COLUMN_LIMIT = served?.card_facts?.column_limit;
// The board's words: the game's (its prompts).
const word = wordsIn(served);
/** The server's label ("take column 2") as a sentence or a name begins. */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
// What the page does around the board: after the columns are drawn (the preview), on a TAKE;
// what a sixth cell says (the game's "Sixth card" term, LD-7).
const hooks = { drawn: () => {}, take: () => {}, sixth: "" };
let displayed = null; // the columns drawn now (mid-animation too), for the preview

/** The columns drawn now. */
export const columnsShown = () => displayed;

// The markup is this file's own; its words are set as text once it is in (buildBoard).
const POND = `<div class="pond-wrap"><div class="pond" id="pond">
  <svg class="water" aria-hidden="true" preserveAspectRatio="none" viewBox="0 0 400 300">
    <defs><radialGradient id="sun" cx="0.2" cy="0.1" r="0.9"><stop offset="0" stop-color="#5fb3d3" /><stop offset="1" stop-color="#1f6b8f" /></radialGradient></defs>
    <rect width="400" height="300" fill="url(#sun)" />
    <g class="wavelets" stroke="rgba(255,255,255,.16)" stroke-width="1.4" fill="none">
      <path d="M20 40 q10 -5 20 0 t20 0" /><path d="M300 70 q10 -5 20 0 t20 0" /><path d="M150 250 q10 -5 20 0 t20 0" />
      <path d="M350 200 q10 -5 20 0 t20 0" /><path d="M60 180 q10 -5 20 0 t20 0" />
    </g>
  </svg>
  <div class="lilies" aria-hidden="true"><span class="lily l1"></span><span class="lily l2"></span><span class="lily l3"></span></div>
  <div class="columns" id="columns"></div>
  <div class="take-prompt" id="take-prompt" hidden><p class="take-title" id="take-title"></p></div>
  <div class="ripples" id="ripples" aria-hidden="true"></div>
  <div class="simon" id="simon" aria-hidden="true"></div>
</div></div>
<section class="card-area" id="card-area"><div class="slots" id="slots"></div></section>`;

/** The pond and the card area, once, in the frame's board. */
export function buildBoard(board, { drawn, take, sixth }) {
  Object.assign(hooks, { drawn, take, sixth });
  board.innerHTML = POND; // this file's own markup
  $("pond").setAttribute("aria-label", served?.prompts?.pond || "");
  $("card-area").setAttribute("aria-label", t("Card area"));
  new Pond($("pond"), $("ripples"), $("simon"));
}

/** The columns; `costs` their ducks as the view gives them, `takes` the server's labels
 * of taking each column (mid-animation,
 * the cards' printed ducks). */
export function renderColumns(columns, { costs = null, takes = null, takeMode = false, canTake = false, busy = false, taking = null, landed = null, sixth = null, dealt = false } = {}) {
  displayed = columns;
  const box = $("columns");
  box.replaceChildren();
  box.classList.toggle("take-mode", takeMode);
  columns.forEach((col, i) => {
    const row = el("div", "row");
    row.dataset.col = String(i);
    // A group named with its number: a screen reader says "Column 2" before its cards.
    row.setAttribute("role", "group");
    const name = word("column", { column: i + 1 });
    row.setAttribute("aria-label", name);
    if (taking === i) row.classList.add("taking");
    const label = el("span", "row-label", String(i + 1));
    label.title = name;
    label.setAttribute("aria-hidden", "true"); // the group's name says it
    const cells = el("div", "cells");
    for (let k = 0; k <= COLUMN_LIMIT; k++) {
      const cell = el("div", "cell");
      cell.dataset.i = String(k);
      if (k === COLUMN_LIMIT) {
        cell.classList.add("sixth");
        cell.title = hooks.sixth;
      }
      const card = sixth && sixth[0] === i && k === COLUMN_LIMIT ? sixth[1] : col[k];
      if (card != null) {
        const c = cardEl(card);
        if (landed && landed[0] === i && landed[1] === k) c.classList.add("landed");
        if (dealt) c.classList.add("dealt");
        cell.append(c);
      } else if (k === COLUMN_LIMIT) {
        const mark = el("span", "sixth-mark", String(COLUMN_LIMIT + 1)); // the card that would take the column (LD-7), as the game serves its limit
        mark.setAttribute("aria-hidden", "true"); // the cell's title says what it marks
        cell.append(mark);
      }
      cells.append(cell);
    }
    const total = takes && takes[i] ? takes[i].shows.ducks : costs ? costs[i] : columnDucks(col);
    let badge;
    const offer = takes && takes[i]; // the server's label of taking this column
    if (canTake && offer) {
      badge = el("button", "row-ducks take-btn");
      badge.type = "button";
      badge.disabled = busy;
      badge.dataset.action = offer.action;
      // On a touch screen a first tap selects the column, a second takes it (game.js).
      badge.dataset.tapFirst = offer.action;
      row.dataset.tapFirst = offer.action;
      badge.setAttribute("aria-label", `${capital(offer.label)}: ${offer.effect}`);
      badge.append(el("span", "take-word", word("take")));
      badge.addEventListener("click", () => hooks.take(i));
      row.classList.add("takeable");
      row.addEventListener("click", (ev) => ev.target.closest("button") || hooks.take(i));
    } else {
      badge = el("span", "row-ducks");
      badge.title = word("column ducks", { column: i + 1, ducks: duckCount(total) });
    }
    const num = el("span", "row-ducks-num");
    // The number and the duck icon are a picture of the count: a screen reader reads it in
    // words instead.
    const shown = el("span", "num", String(total));
    shown.setAttribute("aria-hidden", "true");
    num.append(shown, duckIcon(), el("span", "sr-only", duckCount(total)));
    badge.append(num);
    if (takeMode) badge.classList.add("big");
    row.append(label, cells, badge);
    box.append(row);
  });
  hooks.drawn();
}

/** The card area of a view: the turn's revealed cards while a too-low card waits for its
 * column, else a face-down card for each seat that has chosen (your own face up). */
export function slotsOf(view, me, pending = null) {
  const slots = {};
  if (view.awaiting_take != null) {
    for (const [s, c] of view.revealed) slots[s] = { card: c, up: true };
  } else {
    view.chosen.forEach((ch, s) => ch && (slots[s] = { card: s === me ? view.my_choice : null, up: s === me }));
    // The card just sent shows at once, face up (the server will confirm it).
    if (pending && pending.startsWith("play ") && !slots[me]) slots[me] = { card: Number(pending.slice(5)), up: true, flip: true };
  }
  return slots;
}

export function renderSlots(ctx, v, slots, order, lowSeat, animating = false) {
  const box = $("slots");
  const seats = seatOrder(ctx.frame);
  box.replaceChildren();
  box.classList.toggle("many", seats.length > 6);
  // Seven to ten players on a phone: the clock waits in the hand's dock, in sight, instead of
  // in the card area, whose third row it made and pushed under the dock (the third trial, 2).
  const docked = seats.length > 6 && matchMedia("(max-width: 600px)").matches;
  const clockAt = docked ? -1 : Math.ceil(seats.length / 2);
  if (docked) $("clock-slot").append(ctx.clock);
  seats.forEach((s, idx) => {
    if (idx === clockAt) box.append(ctx.clock);
    const slot = el("div", "slot");
    slot.dataset.seat = String(s);
    if (s === ctx.me) slot.classList.add("mine");
    const label = el("span", "slot-name", ctx.names[s]);
    // A person's name is theirs in every language: no page translator touches it (nor the
    // "(you)" beside it, already in the page's language).
    label.translate = false;
    if (s === ctx.me) label.append(el("span", "you-tag", ` ${t("(you)")}`));
    const spot = el("div", "slot-spot");
    const info = slots[s];
    let note = "";
    if (info) {
      // The card is read with what the badge and the ring show: its place in the order, too low.
      const pos = order.indexOf(s);
      // Whose card it is leads its words: a screen reader reads the cards, not the names
      // beside them (issue 27: "5 (2 ducks) | 3 (1 duck)" with no owner).
      const owner = s === ctx.me ? t("your card") : t("{name}'s card", { name: ctx.names[s] });
      const said = [owner, pos >= 0 && info.up ? t("placed {place}", { place: ordinal(pos + 1) }) : "", lowSeat === s ? word("too low mark") : ""];
      const c = cardEl(info.up ? info.card : null, { faceDown: !info.up, name: said.filter(Boolean).join(", ") });
      c.classList.add("slot-card");
      if (info.flip) c.classList.add("flip");
      if (lowSeat === s) c.classList.add("too-low");
      spot.append(c);
      if (pos >= 0 && info.up) {
        const badge = el("span", "order-badge", String(pos + 1));
        badge.title = t("Placed {place}", { place: ordinal(pos + 1) });
        badge.setAttribute("aria-hidden", "true"); // the card's name says it
        spot.append(badge);
      }
      note = info.up ? (lowSeat === s ? word("too low mark") : s === ctx.me && !order.length ? t("your card") : "") : t("chosen");
    } else if (!v.over && !animating && v.to_act.includes(s)) {
      spot.append(el("span", "slot-empty thinking", "…"));
      note = v.awaiting_take === s ? word("choosing column") : t("choosing");
    } else {
      spot.append(el("span", "slot-empty"));
    }
    if (lowSeat === s && v.awaiting_take === s) note = word("too low mark");
    slot.append(spot, label, el("span", "slot-note", note));
    box.append(slot);
  });
  if (clockAt >= seats.length) box.append(ctx.clock);
}

// --- the animation of one frame ----------------------------------------------------------------
const slotCard = (seat) => document.querySelector(`.slot[data-seat="${seat}"] .slot-card`);
const cellAt = (column, index) => document.querySelector(`.row[data-col="${column}"] .cell[data-i="${index}"]`);

/** A card flown from one element's place to another's (or cards flown to one place). */
function flight(ghost, from, to, scale, ms, ctx, extra = {}) {
  ghost.classList.add("flying");
  ghost.setAttribute("aria-hidden", "true"); // a picture of a move the live region tells
  Object.assign(ghost.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px` });
  document.body.append(ghost);
  const frames = [
    { transform: "translate(0,0) scale(1)", opacity: 1 },
    { transform: `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(${scale})`, opacity: extra.opacity ?? 1 },
  ];
  return ghost
    .animate(frames, { duration: ms / ctx.speed(), easing: extra.easing || "cubic-bezier(.3,.7,.3,1)" })
    .finished.catch(() => {}) // cancelled: fine
    .then(() => ghost.remove());
}

async function fly(ctx, fromEl, toEl, card, ms) {
  if (!fromEl || !toEl) return;
  const from = fromEl.getBoundingClientRect();
  const to = toEl.getBoundingClientRect();
  if (from.width && to.width) await flight(cardEl(card), from, to, to.width / from.width, ms, ctx);
}

async function flyAway(ctx, cells, toEl, ms) {
  if (!toEl) return;
  const to = toEl.getBoundingClientRect();
  const flights = cells.map((cell) => {
    const card = cell.querySelector(".card");
    if (!card) return null;
    const r = card.getBoundingClientRect();
    card.style.visibility = "hidden";
    const centre = { left: to.left + to.width / 2 - r.width / 2, top: to.top + to.height / 2 - r.height / 2 };
    return flight(card.cloneNode(true), r, centre, 0.3, ms, ctx, { opacity: 0.2, easing: "ease-in" });
  });
  await Promise.all(flights.filter(Boolean));
}

function banner(ctx, text, ms) {
  const b = el("div", "pond-banner", text);
  $("pond").append(b);
  setTimeout(() => b.remove(), ms / Math.max(ctx.speed(), 0.01));
}

/** The duck counters of the players' bar at `totals` (while a take is shown), with `places`,
 * the server's standing once the event shown has happened (the frame's `standings`: the page
 * ranks no one), and their colours: the place badges never show the places of a step before
 * (issue 27, s35-2). */
function showTotals(totals, places, bump = null) {
  for (const chip of document.querySelectorAll("#players .player")) {
    const s = Number(chip.dataset.seat);
    chip.querySelector(".player-score").replaceChildren(seatScore({ totals }, s));
    chip.classList.toggle("bump", s === bump);
    if (!places) continue;
    const place = chip.querySelector(".player-place");
    if (place) place.textContent = ordinal(places[s]);
    for (const c of [...chip.classList]) if (c.startsWith("place-")) chip.classList.remove(c);
    chip.classList.add(placeClass(places[s], places));
  }
}

/** `ctx.prev` turning into `ctx.frame`, event by event, each event's lines told as it is shown.
 * The events say what happened (where each card went, who took what); the frame's own view,
 * drawn afterwards, is the truth. */
export async function animate(ctx) {
  const pv = ctx.prev.view;
  const slots = slotsOf(pv, ctx.me);
  let columns = pv.columns.map((c) => [...c]);
  const totals = [...pv.totals];
  let order = [];
  // Many players, many cards to place: each placement goes a little quicker.
  const pace = Math.min(1, 5 / Math.max(1, ctx.view.players));
  // The places once event k has happened, as the server ranks them (its standings).
  const placesAfter = (k) => (ctx.frame.standings || [])[k] || null;
  const draw = (opts = {}) => {
    renderColumns(columns, opts);
    renderSlots(ctx, pv, slots, order, opts.lowSeat, true);
  };
  for (const [k, ev] of ctx.frame.events.entries()) {
    ctx.tell(k); // the server's lines of this event, as it is shown
    if (ev.type === "chose") {
      slots[ev.seat] = { card: ev.seat === ctx.me ? ctx.view.my_choice : null, up: ev.seat === ctx.me };
      draw();
    } else if (ev.type === "reveal") {
      for (const [s, c] of ev.cards) slots[s] = { card: c, up: true, flip: true };
      order = ev.cards.map(([s]) => s);
      draw();
      for (const s of Object.values(slots)) s.flip = false; // flip once, not at every redraw
      await ctx.wait(900);
    } else if (ev.type === "too_low") {
      draw({ lowSeat: ev.seat });
      await ctx.wait(700);
    } else if (ev.type === "place") {
      draw();
      await fly(ctx, slotCard(ev.seat), cellAt(ev.column, columns[ev.column].length), ev.card, 520 * pace);
      delete slots[ev.seat];
      columns[ev.column].push(ev.card);
      draw({ landed: [ev.column, columns[ev.column].length - 1] });
      await ctx.wait(220 * pace);
    } else if (ev.type === "take") {
      draw({ taking: ev.column });
      const sixth = ev.reason === "sixth card";
      if (sixth) {
        await fly(ctx, slotCard(ev.seat), cellAt(ev.column, COLUMN_LIMIT), ev.card, 520);
        delete slots[ev.seat];
        draw({ taking: ev.column, sixth: [ev.column, ev.card] });
        await ctx.wait(500);
      } else {
        await ctx.wait(450);
      }
      const cells = [...document.querySelectorAll(`.row[data-col="${ev.column}"] .cell`)].slice(0, ev.cards.length);
      await flyAway(ctx, cells, document.querySelector(`#players .player[data-seat="${ev.seat}"]`), 560);
      columns[ev.column] = [];
      draw();
      totals[ev.seat] += ev.ducks;
      showTotals(totals, placesAfter(k), ev.seat);
      if (!sixth) await fly(ctx, slotCard(ev.seat), cellAt(ev.column, 0), ev.card, 520);
      delete slots[ev.seat];
      columns[ev.column] = [ev.card]; // the event's card starts the column again, as told
      draw({ landed: [ev.column, 0] });
      await ctx.wait(320);
    } else if (ev.type === "round_end") {
      ev.totals.forEach((t, s) => (totals[s] = t));
      showTotals(totals, placesAfter(k));
      banner(ctx, prompt(ctx, "round over", { round: ev.round }), 1400);
      await ctx.wait(1500);
    } else if (ev.type === "deal") {
      columns = ev.columns.map((c) => [...c]);
      draw({ dealt: true });
      banner(ctx, prompt(ctx, "new cards", { round: ev.round }), 1000);
      await ctx.wait(1000);
    }
  }
}

/** A seat's ducks: the duck and the number. */
export function seatScore(view, seat) {
  const out = document.createDocumentFragment();
  out.append(duckIcon(), String(view.totals[seat]));
  return out;
}
