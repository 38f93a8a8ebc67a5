// The table page: the seats before the start, then the Lame Duck table itself. Every frame
// from the server is shown in order; an action's events are replayed step by step (the reveal,
// then each card placed, lowest first) before the frame's own view is drawn, which is the truth.
import { getGames, getMe, prefs } from "./api.js";
import { endLinks, ReplaySource, replaying } from "./replay.js";
import {
  $,
  againLabel,
  backdropCloses,
  bindAgain,
  bindWaiting,
  Clock,
  connectionStatus,
  el,
  mySeat,
  names,
  openFrames,
  renderWaiting,
  room,
  seatOrder,
  tableId,
  toast,
  toastError,
} from "./room.js";
import { cardEl, duckIcon, duckLegend } from "./cards.js";
import { COLUMN_LIMIT, columnDucks, ordinal, placeClass, places, plural, preview, steps, TURNS } from "./ld.js";
import { Hints } from "./hint.js";
import { Pond } from "./pond.js";

// --- preferences and speed ----------------------------------------------------------------
const params = new URLSearchParams(location.search);
function speed() {
  const raw = params.get("speed") ?? prefs.get("speed", "1");
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : 1;
}
const wait = (ms) => {
  const s = speed();
  if (s === 0 || document.hidden) return Promise.resolve();
  return new Promise((r) => setTimeout(r, ms / s));
};
const animated = () => speed() > 0 && !document.hidden;
// Many players, many cards to place: each placement goes a little quicker.
let pace = 1;

let sortOrder = prefs.get("sort", "asc") === "desc" ? "desc" : "asc";
let explainOn = prefs.get("explain", "0") === "1";
let confirmOn = prefs.get("confirm", "0") === "1";

// --- state --------------------------------------------------------------------------------
let latest = null; // the newest frame received (its clock is the one shown)
let shown = null; // the frame drawn last (after its animation)
const queue = [];
let pumping = false;
let selected = null; // the card selected, when choosing is select-then-confirm
let pending = null; // the action sent and not yet answered
let focusCard = null; // the hand card that holds the keyboard focus
let typed = "";
let typedTimer = null;
let endShownFor = null;
let previewCard = null;

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

// --- the socket ---------------------------------------------------------------------------
const handlers = {
  onFrame(frame) {
    if (frame.reason === "welcome") {
      // How many full frames this page received (one per connection): tests read it.
      document.body.dataset.welcomes = String(Number(document.body.dataset.welcomes || 0) + 1);
    }
    latest = frame;
    queue.push(frame);
    updateClock();
    pump();
  },
  onError(frame) {
    if (frame.about === "hint") {
      hints.refused(frame);
      return;
    }
    pending = null;
    toastError(frame);
    if (shown && shown.view) renderHand(shown);
  },
  onHint: (answer) => hints.received(answer),
  onStatus: connectionStatus,
  describe: describeAction,
};
// The Hint button. The hand's cards and the columns' Take buttons carry their actions, so the
// suggestion is marked where it would be played.
const hints = new Hints({ describe: describeAction });

/** A Lame Duck action in the player's words (the columns are numbered from 1 on the table). */
function describeAction(action) {
  const [verb, arg] = action.split(" ");
  return verb === "take" ? `Take column ${Number(arg) + 1}` : `Play ${arg}`;
}
// On /replay/<id> the frames come from the stored match instead of the table's socket.
openFrames(handlers, replaying ? new ReplaySource(tableId, handlers) : null);

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (queue.length) {
      const frame = queue.shift();
      // Behind by more than one animated frame: catch up without the animations.
      const behind = queue.filter((f) => f.events && f.events.some((e) => e.type !== "chose")).length;
      try {
        await show(frame, behind === 0);
      } catch (err) {
        console.error(err);
        shown = frame;
        render(frame);
      }
    }
  } finally {
    pumping = false;
  }
}

async function show(frame, animate) {
  const prev = shown;
  if (!frame.view) {
    shown = frame;
    renderWaiting(frame);
    return;
  }
  $("waiting").hidden = true;
  $("game").hidden = false;
  document.body.classList.remove("before-start");
  const n = names(frame);
  const me = mySeat(frame);
  if (frame.reason === "action" && prev && prev.view && !frame.gap && frame.events.length) {
    const list = steps(prev.view, frame.events, n, me);
    noticeTimeout(prev, frame);
    await playSteps(prev, frame, list, animate);
  } else if (!prev || !prev.view) {
    // First sight of the match (a reload): retell the last action's events.
    const last = frame.view.last_events || [];
    const list = steps(null, last, n, me);
    logSteps(frame.view, list, true);
  }
  shown = frame;
  pending = null;
  render(frame);
}

// --- the timeout notice -------------------------------------------------------------------
/** Seconds this seat had left when `frame` arrived, by the deadline `prev` announced. */
function leftAt(prev, frame, seat) {
  const left = prev.clock && prev.clock.left ? prev.clock.left[seat] : null;
  if (left == null) return null;
  return left - (frame.received - prev.received) / 1000;
}

/** A decision of this seat this page did not send: the clock's (or another window's). */
function noticeTimeout(prev, frame) {
  const me = mySeat(frame);
  if (me == null || replaying) return; // a replay's plays were all made long ago
  const pv = prev.view;
  // The server says how each action was made; older servers did not, so the clock is read.
  const left = leftAt(prev, frame, me);
  const timedOut = frame.by ? frame.by.how === "timeout" : left != null && left < 1.5;
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
      if (timedOut) toast(`Time ran out: column ${ev.column + 1}, the one with the fewest ducks, was taken for you.`, "warn");
      else toast(`Column ${ev.column + 1} was taken in another window.`);
    }
  }
}

// --- explanations -------------------------------------------------------------------------
function logSteps(view, list, quiet = false) {
  const texts = list.map((s) => s.text).filter(Boolean);
  if (!texts.length) return;
  for (const t of texts) addExplanation(view, t);
  if (!quiet) caption(texts[texts.length - 1]);
}

let group = null;
let groupKey = null;
function addExplanation(view, text) {
  const key = `${view.hand_number}.${view.turn_number}`;
  const list = $("explain-list");
  if (key !== groupKey || !group) {
    groupKey = key;
    const li = el("li", "explain-group");
    li.append(el("h3", null, `Round ${view.hand_number}, turn ${view.turn_number}`));
    group = el("ul");
    li.append(group);
    list.prepend(li);
    while (list.children.length > 12) list.lastChild.remove();
  }
  group.append(el("li", "explain-line", text));
}

function caption(text) {
  const c = $("caption");
  if (!c) return;
  c.textContent = text || "";
  c.hidden = !explainOn || !text;
}

// --- the animation of one frame ----------------------------------------------------------
function slotCard(seat) {
  return document.querySelector(`.slot[data-seat="${seat}"] .slot-card`);
}

function cellAt(column, index) {
  return document.querySelector(`.row[data-col="${column}"] .cell[data-i="${index}"]`);
}

async function fly(fromEl, toEl, cardNumber, ms) {
  if (!fromEl || !toEl || !animated()) return;
  const from = fromEl.getBoundingClientRect();
  const to = toEl.getBoundingClientRect();
  if (!from.width || !to.width) return;
  const ghost = cardEl(cardNumber);
  ghost.classList.add("flying");
  Object.assign(ghost.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px` });
  document.body.append(ghost);
  const dx = to.left - from.left;
  const dy = to.top - from.top;
  const sc = to.width / from.width;
  try {
    await ghost.animate([{ transform: "translate(0,0) scale(1)" }, { transform: `translate(${dx}px, ${dy}px) scale(${sc})` }], {
      duration: ms / speed(),
      easing: "cubic-bezier(.3,.7,.3,1)",
    }).finished;
  } catch {
    /* cancelled: fine */
  }
  ghost.remove();
}

async function flyAway(cells, toEl, ms) {
  if (!animated() || !toEl) return;
  const to = toEl.getBoundingClientRect();
  const anims = cells.map((cell) => {
    const card = cell.querySelector(".card");
    if (!card) return null;
    const r = card.getBoundingClientRect();
    const ghost = card.cloneNode(true);
    ghost.classList.add("flying");
    Object.assign(ghost.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    document.body.append(ghost);
    card.style.visibility = "hidden";
    const dx = to.left + to.width / 2 - (r.left + r.width / 2);
    const dy = to.top + to.height / 2 - (r.top + r.height / 2);
    return ghost
      .animate([{ transform: "translate(0,0) scale(1)", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.3)`, opacity: 0.2 }], {
        duration: ms / speed(),
        easing: "ease-in",
      })
      .finished.catch(() => {})
      .then(() => ghost.remove());
  });
  await Promise.all(anims.filter(Boolean));
}

/** The card area of a view: the turn's revealed cards while a too-low card waits for its
 * column, else a face-down card for each seat that has chosen (your own face up). */
function slotsOf(view, me) {
  const slots = {};
  if (view.awaiting_take != null) {
    for (const [s, c] of view.revealed) slots[s] = { card: c, up: true };
  } else {
    view.chosen.forEach((ch, s) => {
      if (ch) slots[s] = { card: s === me ? view.my_choice : null, up: s === me };
    });
  }
  return slots;
}

async function playSteps(prev, frame, list, animate) {
  const pv = prev.view;
  const me = mySeat(frame);
  // The card area as it was: this turn's revealed cards when a column was being chosen.
  const slots = slotsOf(pv, me);
  let columns = pv.columns.map((c) => [...c]);
  let totals = [...pv.totals];
  let order = [];
  const withAnim = animate && animated();
  pace = Math.min(1, 5 / Math.max(1, frame.table.players));
  if (withAnim && list.some((st) => st.ev.type !== "chose")) {
    // What the last frame asked ("Bot 3 is choosing a column") is over: say what is shown.
    $("take-prompt").hidden = true;
    $("status").textContent = "Placing the cards…";
  }
  const draw = (opts = {}) => {
    renderColumns(columns, { ...opts, view: pv, frame });
    renderSlots(prev, slots, order, opts.lowSeat, true);
    renderCounters(prev, totals, opts.bump);
  };
  if (list.some((st) => st.ev.type === "take" || st.ev.type === "place")) $("take-prompt").hidden = true;
  if (frame.view.hand_number === pv.hand_number && list.some((st) => st.ev.type === "reveal")) {
    // The revealed card leaves the hand at once; the hand wakes up after the placements.
    renderHand(frame, true);
    $("status").textContent = "";
  }
  for (const step of list) {
    const ev = step.ev;
    if (step.text) {
      addExplanation(step.ev.type === "deal" ? { hand_number: ev.round, turn_number: 1 } : pv, step.text);
      caption(step.text);
    }
    switch (ev.type) {
      case "chose":
        slots[ev.seat] = { card: ev.seat === me ? frame.view.my_choice : null, up: ev.seat === me };
        if (withAnim) draw();
        break;
      case "reveal":
        for (const [s, c] of ev.cards) slots[s] = { card: c, up: true, flip: true };
        order = ev.cards.map(([s]) => s);
        if (withAnim) {
          draw();
          for (const s of Object.values(slots)) s.flip = false; // flip once, not at every redraw
          await wait(900);
        }
        break;
      case "too_low":
        if (withAnim) {
          draw({ lowSeat: ev.seat });
          await wait(700);
        }
        break;
      case "place":
        if (withAnim) {
          draw();
          await fly(slotCard(ev.seat), cellAt(ev.column, columns[ev.column].length), ev.card, 520 * pace);
        }
        delete slots[ev.seat];
        columns = step.columns;
        if (withAnim) {
          draw({ landed: [ev.column, columns[ev.column].length - 1] });
          await wait(220 * pace);
        }
        break;
      case "take": {
        if (withAnim) {
          draw({ taking: ev.column });
          if (ev.reason === "sixth card") {
            await fly(slotCard(ev.seat), cellAt(ev.column, COLUMN_LIMIT), ev.card, 520);
            delete slots[ev.seat];
            draw({ taking: ev.column, sixth: [ev.column, ev.card] });
            await wait(500);
          } else {
            await wait(450);
          }
          const cells = [...document.querySelectorAll(`.row[data-col="${ev.column}"] .cell`)].slice(0, ev.cards.length);
          await flyAway(cells, document.querySelector(`.counter[data-seat="${ev.seat}"]`), 560);
        }
        totals = step.totals;
        columns = step.columns.map((c, i) => (i === ev.column ? [] : c));
        if (withAnim) {
          draw({ bump: ev.seat });
          if (ev.reason !== "sixth card") await fly(slotCard(ev.seat), cellAt(ev.column, 0), ev.card, 520);
        }
        delete slots[ev.seat];
        columns = step.columns;
        if (withAnim) {
          draw({ landed: [ev.column, 0] });
          await wait(320);
        }
        break;
      }
      case "round_end":
        totals = [...ev.totals];
        if (withAnim) {
          draw();
          banner(`Round ${ev.round} is over`, 1400);
          await wait(1500);
        }
        break;
      case "deal":
        columns = step.columns;
        if (withAnim) {
          draw({ dealt: true });
          banner(`Round ${ev.round}: new cards`, 1000);
          await wait(1000);
        }
        break;
      default:
        break;
    }
  }
}

function banner(text, ms) {
  const b = el("div", "pond-banner", text);
  $("pond").append(b);
  setTimeout(() => b.remove(), ms / Math.max(speed(), 0.01));
}

// --- drawing the whole frame --------------------------------------------------------------
function render(frame) {
  if (!frame.view) {
    renderWaiting(frame);
    return;
  }
  const v = frame.view;
  const me = mySeat(frame);
  renderInfo(frame);
  renderCounters(frame, v.totals);
  const awaitingMe = v.awaiting_take != null && v.awaiting_take === me && frame.legal.some((a) => a.startsWith("take"));
  renderColumns(v.columns, { view: v, frame, takeMode: v.awaiting_take != null, canTake: awaitingMe });
  const slots = slotsOf(v, me);
  const order = v.awaiting_take != null ? v.revealed.map(([s]) => s) : [];
  renderSlots(frame, slots, order, v.awaiting_take);
  renderHand(frame);
  renderStatus(frame);
  renderTakePrompt(frame, awaitingMe);
  if ($("score-dialog").open) renderScores(frame);
  if (v.over) showEnd(frame);
  hints.update(frame, pending != null);
  updateClock();
}

function renderInfo(frame) {
  const v = frame.view;
  const o = v.options;
  $("info-match").textContent = o.target ? `to ${o.target} ducks` : `${plural(o.rounds || 1, "round", "rounds")}`;
  $("info-round").textContent = o.target ? `Round ${v.hand_number}` : `Round ${v.hand_number} of ${o.rounds || 1}`;
  $("info-turn").textContent = v.over ? "Finished" : `Turn ${v.turn_number} of ${TURNS}`;
  $("info-expert").hidden = !o.expert;
  if (o.expert) $("info-expert").title = `Expert: cards 1 to ${10 * v.players + 4}, all in play`;
  document.title = `Lame Duck · Round ${v.hand_number}, turn ${v.turn_number} · Pondside`;
}

function renderCounters(frame, totals, bump = null) {
  const box = $("counters");
  const n = names(frame);
  const me = mySeat(frame);
  const pl = places(totals);
  box.replaceChildren();
  box.classList.toggle("many", frame.table.players > 6);
  for (const s of seatOrder(frame)) {
    const seat = frame.table.seats[s];
    const c = el("div", `counter ${placeClass(pl[s], pl)}`);
    c.dataset.seat = String(s);
    if (s === me) c.classList.add("mine");
    if (s === bump) c.classList.add("bump");
    const name = el("span", "counter-name", n[s]);
    if (s === me) name.append(el("span", "you-tag", " (you)"));
    const num = el("span", "counter-ducks");
    num.append(duckIcon(), el("span", "counter-num", String(totals[s])));
    const place = el("span", "counter-place", ordinal(pl[s]));
    place.title = `${ordinal(pl[s])} place`;
    c.title = `${n[s]}: ${plural(totals[s], "duck", "ducks")}, ${ordinal(pl[s])} place`;
    c.setAttribute("aria-label", c.title);
    if (!seat.online) c.classList.add("offline");
    c.append(name, num, place);
    box.append(c);
  }
}

let displayed = null; // the columns drawn now (mid-animation too), for the preview
function renderColumns(columns, { view, takeMode = false, canTake = false, taking = null, landed = null, sixth = null, dealt = false } = {}) {
  displayed = columns;
  const box = $("columns");
  box.replaceChildren();
  box.classList.toggle("take-mode", takeMode);
  columns.forEach((col, i) => {
    const row = el("div", "row");
    row.dataset.col = String(i);
    if (taking === i) row.classList.add("taking");
    const label = el("span", "row-label", String(i + 1));
    label.title = `Column ${i + 1}`;
    const cells = el("div", "cells");
    for (let k = 0; k <= COLUMN_LIMIT; k++) {
      const cell = el("div", "cell");
      cell.dataset.i = String(k);
      if (k === COLUMN_LIMIT) {
        cell.classList.add("sixth");
        cell.title = "The sixth card takes the five before it";
      }
      let card = col[k];
      if (sixth && sixth[0] === i && k === COLUMN_LIMIT) card = sixth[1];
      if (card != null) {
        const c = cardEl(card);
        if (landed && landed[0] === i && landed[1] === k) c.classList.add("landed");
        if (dealt) c.classList.add("dealt");
        cell.append(c);
      } else if (k === COLUMN_LIMIT) {
        cell.append(el("span", "sixth-mark", "6"));
      }
      cells.append(cell);
    }
    const total = columnDucks(col);
    let badge;
    if (canTake) {
      badge = el("button", "row-ducks take-btn");
      badge.type = "button";
      badge.dataset.action = `take ${i}`;
      badge.setAttribute("aria-label", `Take column ${i + 1} (${plural(total, "duck", "ducks")}, ${plural(col.length, "card", "cards")})`);
      badge.append(el("span", "take-word", "Take"));
      badge.addEventListener("click", () => chooseTake(i));
      row.classList.add("takeable");
      row.addEventListener("click", (ev) => {
        if (!ev.target.closest("button")) chooseTake(i);
      });
    } else {
      badge = el("span", "row-ducks");
      badge.title = `Column ${i + 1}: ${plural(total, "duck", "ducks")}`;
    }
    const num = el("span", "row-ducks-num");
    num.append(el("span", "num", String(total)), duckIcon());
    badge.append(num);
    if (takeMode) badge.classList.add("big");
    row.append(label, cells, badge);
    box.append(row);
  });
  applyPreview();
}

function renderSlots(frame, slots, order, lowSeat, animating = false) {
  const box = $("slots");
  const n = names(frame);
  const me = mySeat(frame);
  const v = frame.view;
  const seats = seatOrder(frame);
  box.replaceChildren();
  box.classList.toggle("many", seats.length > 6);
  const clockAt = Math.ceil(seats.length / 2);
  seats.forEach((s, idx) => {
    if (idx === clockAt) box.append(clockEl());
    const slot = el("div", "slot");
    slot.dataset.seat = String(s);
    if (s === me) slot.classList.add("mine");
    const label = el("span", "slot-name", n[s]);
    if (s === me) label.append(el("span", "you-tag", " (you)"));
    const spot = el("div", "slot-spot");
    const info = slots[s];
    let note = "";
    if (info) {
      const c = cardEl(info.up ? info.card : null, { faceDown: !info.up });
      c.classList.add("slot-card");
      if (info.flip) c.classList.add("flip");
      if (lowSeat === s) c.classList.add("too-low");
      spot.append(c);
      const pos = order.indexOf(s);
      if (pos >= 0 && info.up) {
        const badge = el("span", "order-badge", String(pos + 1));
        badge.title = `Placed ${ordinal(pos + 1)}`;
        spot.append(badge);
      }
      note = info.up ? (lowSeat === s ? "too low" : s === me && !order.length ? "your card" : "") : "chosen";
    } else if (v && !v.over && !animating && v.to_act.includes(s)) {
      spot.append(el("span", "slot-empty thinking", "…"));
      note = v.awaiting_take === s ? "choosing a column" : "choosing";
    } else {
      spot.append(el("span", "slot-empty"));
    }
    if (lowSeat === s && v && v.awaiting_take === s) note = "too low";
    slot.append(spot, label, el("span", "slot-note", note));
    box.append(slot);
  });
  if (clockAt >= seats.length) box.append(clockEl());
  updateClock();
}

const clock = new Clock();
function clockEl() {
  return clock.node;
}

function updateClock() {
  // While the last action's cards are placed, nobody's time runs yet.
  clock.update(latest, latest !== shown);
}
setInterval(updateClock, 250);

// --- the hand -----------------------------------------------------------------------------
function legalCards(frame) {
  return new Set(frame.legal.filter((a) => a.startsWith("play ")).map((a) => Number(a.slice(5))));
}

function renderHand(frame, frozen = false) {
  const v = frame.view;
  const hand = $("hand");
  const wrap = hand.parentElement;
  if (!v || mySeat(frame) == null || !v.hand) {
    wrap.hidden = true;
    return;
  }
  wrap.hidden = false;
  const had = document.activeElement && hand.contains(document.activeElement);
  const legal = pending || frozen ? new Set() : legalCards(frame);
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
    const chosen = v.my_choice === n || (pending && pending === `play ${n}`);
    const can = legal.has(n);
    b.disabled = !can && !chosen;
    b.setAttribute("aria-disabled", String(!can));
    if (chosen) b.classList.add("chosen");
    if (selected === n) {
      b.classList.add("selected");
      b.setAttribute("aria-pressed", "true");
    }
    b.tabIndex = n === focusCard ? 0 : -1;
    const d = cardEl(n);
    b.append(d);
    b.setAttribute("aria-label", `${can ? "Play" : "Card"} ${n} (${plural(columnDucksOf(n), "duck", "ducks")})${chosen ? ", chosen" : ""}`);
    b.addEventListener("click", () => onCardClick(n));
    b.addEventListener("mouseenter", () => setPreview(n));
    b.addEventListener("mouseleave", () => setPreview(null));
    b.addEventListener("focus", () => {
      focusCard = n;
      setPreview(n);
    });
    b.addEventListener("blur", () => setPreview(null));
    hand.append(b);
  }
  if (had && focusCard != null) {
    const f = hand.querySelector(`[data-card="${focusCard}"]`);
    if (f) f.focus({ preventScroll: true });
  }
  renderPlayButton(frame);
  hints.mark(); // the hand was drawn anew
}

function columnDucksOf(n) {
  return columnDucks([n]);
}

function onCardClick(n) {
  const f = shown;
  if (!f || pending) return;
  if (!legalCards(f).has(n)) return;
  if (confirmOn && selected !== n) {
    selected = n;
    renderHand(f);
    setPreview(n);
    return;
  }
  playCard(n);
}

function playCard(n) {
  const f = shown;
  if (!f || !legalCards(f).has(n)) return;
  const action = `play ${n}`;
  if (!room.socket.act(action)) {
    toast("Not connected: wait a moment, the page reconnects by itself.", "error");
    return;
  }
  markSent(f.view, "play");
  pending = action;
  selected = null;
  setPreview(null);
  renderHand(f);
  renderStatus(f);
  // Show my card in my slot at once, face up (the server will confirm it).
  const spot = document.querySelector(`.slot[data-seat="${mySeat(f)}"] .slot-spot`);
  if (spot) {
    const c = cardEl(n);
    c.classList.add("slot-card", "flip");
    spot.replaceChildren(c);
  }
}

function chooseTake(column) {
  const f = shown;
  if (!f || pending) return;
  const action = `take ${column}`;
  if (!f.legal.includes(action)) return;
  if (!room.socket.act(action)) {
    toast("Not connected: wait a moment, the page reconnects by itself.", "error");
    return;
  }
  markSent(f.view, "take");
  pending = action;
  $("take-prompt").hidden = true;
  document.querySelectorAll(".take-btn").forEach((b) => (b.disabled = true));
}

function renderPlayButton(frame) {
  const b = $("play-btn");
  if (confirmOn && selected != null && legalCards(frame).has(selected)) {
    b.hidden = false;
    b.textContent = `Play ${selected}`;
  } else {
    b.hidden = true;
  }
}

$("play-btn").addEventListener("click", () => {
  if (selected != null) playCard(selected);
});

// Keyboard: arrows move along the hand, Enter or Space plays, digits find a card.
$("hand").addEventListener("keydown", (ev) => {
  const buttons = [...$("hand").querySelectorAll(".hand-card")];
  const i = buttons.indexOf(document.activeElement);
  let next = null;
  if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = Math.min(buttons.length - 1, i + 1);
  else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") next = Math.max(0, i - 1);
  else if (ev.key === "Home") next = 0;
  else if (ev.key === "End") next = buttons.length - 1;
  else if (ev.key === "Escape" && selected != null) {
    selected = null;
    renderHand(shown);
    ev.preventDefault();
    return;
  }
  if (next != null && buttons[next]) {
    ev.preventDefault();
    moveFocus(buttons[next]);
  }
});

function moveFocus(button) {
  for (const b of $("hand").querySelectorAll(".hand-card")) b.tabIndex = -1;
  button.tabIndex = 0;
  focusCard = Number(button.dataset.card);
  if (button.disabled) {
    // Disabled buttons cannot hold the focus: show the preview anyway.
    setPreview(focusCard);
  } else {
    button.focus();
  }
}

document.addEventListener("keydown", (ev) => {
  if (!/^[0-9]$/.test(ev.key) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  if (!shown || !shown.view || !shown.view.hand) return;
  typed += ev.key;
  clearTimeout(typedTimer);
  typedTimer = setTimeout(() => (typed = ""), 1200);
  const hand = shown.view.hand;
  let n = Number(typed);
  if (!hand.includes(n)) {
    n = Number(ev.key);
    typed = ev.key;
  }
  const b = $("hand").querySelector(`.hand-card[data-card="${n}"]`);
  if (b) {
    moveFocus(b);
    if (confirmOn && !b.disabled) {
      selected = n;
      renderHand(shown);
    }
  }
});

// --- the card preview ---------------------------------------------------------------------
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
  const f = shown;
  if (previewCard == null || !f || !f.view || f.view.over || f.view.awaiting_take != null) {
    p.textContent = "";
    p.classList.remove("on");
    return;
  }
  const cols = displayed || f.view.columns;
  const info = preview(cols, previewCard);
  p.textContent = info.text;
  p.classList.add("on");
  if (info.column < 0) {
    $("pond").classList.add("preview-low");
    return;
  }
  const row = document.querySelector(`.row[data-col="${info.column}"]`);
  if (!row) return;
  row.classList.add(info.sixth ? "preview-sixth" : "preview-target");
  const len = cols[info.column].length;
  const cell = row.querySelector(`.cell[data-i="${Math.min(len, COLUMN_LIMIT)}"]`);
  if (cell && !cell.querySelector(".card")) {
    cell.classList.add("ghost");
    const g = cardEl(previewCard);
    g.classList.add("ghost-card");
    cell.append(g);
  }
}

// --- status, take prompt ------------------------------------------------------------------
function renderStatus(frame) {
  const v = frame.view;
  const me = mySeat(frame);
  const n = names(frame);
  const s = $("status");
  const waitingFor = v.to_act.filter((x) => x !== me).map((x) => n[x]);
  let text;
  if (v.over) {
    text = "The match is over.";
  } else if (v.awaiting_take != null) {
    text = v.awaiting_take === me ? "" : `${n[v.awaiting_take]} is choosing a column to take.`;
  } else if (me == null) {
    text = `You are watching. ${waitingFor.length ? `Waiting for ${waitingFor.join(", ")}.` : ""}`;
  } else if (pending || v.my_choice != null) {
    const card = v.my_choice ?? (pending ? pending.slice(5) : "");
    text = `${replaying ? `${n[me]} played` : "You played"} ${card}. ${waitingFor.length ? `Waiting for ${waitingFor.join(", ")}…` : ""}`;
  } else if (v.to_act.includes(me)) {
    if (replaying) text = `${n[me]} is choosing a card.`;
    else text = confirmOn ? "Choose a card, then confirm it." : "Choose a card to play.";
  } else {
    text = "";
  }
  s.textContent = text;
  $("result-btn").hidden = !v.over;
}

function renderTakePrompt(frame, awaitingMe) {
  const v = frame.view;
  const p = $("take-prompt");
  const n = names(frame);
  if (v.awaiting_take == null || v.over) {
    p.hidden = true;
    return;
  }
  const low = v.revealed.find(([s]) => s === v.awaiting_take);
  const card = low ? low[1] : "";
  p.hidden = false;
  p.classList.toggle("mine", awaitingMe);
  $("take-title").textContent = awaitingMe
    ? `Your ${card} is lower than every column: choose a column to take.`
    : `${n[v.awaiting_take]}'s ${card} is too low: ${n[v.awaiting_take]} is choosing a column to take.`;
}

// --- the score table and the end ---------------------------------------------------------
function renderScores(frame) {
  const box = $("score-table");
  const v = frame.view;
  const n = names(frame);
  const order = seatOrder(frame);
  const table = el("table", "scores");
  const cap = el("caption", "sr-only", "Ducks per round and in total; fewer is better");
  const thead = el("thead");
  const hr = el("tr");
  hr.append(el("th", null, "Round"));
  for (const s of order) hr.append(el("th", s === mySeat(frame) ? "mine" : null, n[s]));
  thead.append(hr);
  const tbody = el("tbody");
  v.hand_scores.forEach((row, r) => {
    const tr = el("tr");
    tr.append(el("th", null, `Round ${r + 1}`));
    for (const s of order) tr.append(el("td", null, String(row[s])));
    tbody.append(tr);
  });
  if (!v.over && v.hand_scores.length < v.hand_number) {
    const tr = el("tr", "in-play");
    const th = el("th", null, `Round ${v.hand_number}`);
    th.append(el("small", null, "in play"));
    tr.append(th);
    for (const s of order) tr.append(el("td", null, String(v.round_ducks[s])));
    tbody.append(tr);
  }
  const pl = places(v.totals);
  const tfoot = el("tfoot");
  const tt = el("tr");
  tt.append(el("th", null, "Total"));
  for (const s of order) tt.append(el("td", `total ${placeClass(pl[s], pl)}`, String(v.totals[s])));
  const tp = el("tr");
  tp.append(el("th", null, "Place"));
  for (const s of order) tp.append(el("td", `place ${placeClass(pl[s], pl)}`, ordinal(pl[s])));
  tfoot.append(tt, tp);
  table.append(cap, thead, tbody, tfoot);
  box.replaceChildren(table);
}

function openScores() {
  if (!shown || !shown.view) {
    toast("The scores appear once the match has started.");
    return;
  }
  renderScores(shown);
  $("score-title").textContent = shown.view.over ? "Final score" : "Current score";
  const d = $("score-dialog");
  if (!d.open) d.showModal();
}

function showEnd(frame) {
  const v = frame.view;
  const n = names(frame);
  const me = mySeat(frame);
  const pl = places(v.totals);
  const list = $("end-places");
  list.replaceChildren();
  const order = [...Array(v.players).keys()].sort((a, b) => pl[a] - pl[b] || a - b);
  for (const s of order) {
    const li = el("li", `end-place ${placeClass(pl[s], pl)}`);
    if (s === me) li.classList.add("mine");
    li.append(el("span", "end-rank", ordinal(pl[s])), el("span", "end-name", n[s] + (s === me ? " (you)" : "")));
    const d = el("span", "end-ducks");
    d.append(el("span", null, String(v.totals[s])), duckIcon());
    li.append(d);
    list.append(li);
  }
  const mine = me != null ? pl[me] : null;
  $("end-title").textContent = mine === 1 ? "You win the pond!" : mine != null ? `You finish ${ordinal(mine)}` : "The match is over";
  againLabel(frame);
  endLinks(frame);
  const d = $("end-dialog");
  if (endShownFor !== frame.table.id) {
    endShownFor = frame.table.id;
    if ($("score-dialog").open) $("score-dialog").close();
    if (!d.open) d.showModal();
  }
}

bindAgain(() => shown);
$("end-scores").addEventListener("click", () => {
  $("end-dialog").close();
  openScores();
});
$("end-close").addEventListener("click", () => $("end-dialog").close());

bindWaiting();

// --- the tools ----------------------------------------------------------------------------
function applyTools() {
  $("sort-btn").setAttribute("aria-label", `Sort: ${sortOrder === "asc" ? "ascending" : "descending"}`);
  $("sort-label").textContent = sortOrder === "asc" ? "Sort ↑" : "Sort ↓";
  $("sort-btn").classList.toggle("desc", sortOrder === "desc");
  $("explain-btn").setAttribute("aria-pressed", String(explainOn));
  $("explain").hidden = !explainOn;
  $("confirm-btn").setAttribute("aria-pressed", String(confirmOn));
  document.body.classList.toggle("explaining", explainOn);
  const c = $("caption");
  if (c && !explainOn) c.hidden = true;
}

$("sort-btn").addEventListener("click", () => {
  sortOrder = sortOrder === "asc" ? "desc" : "asc";
  prefs.set("sort", sortOrder);
  applyTools();
  if (shown && shown.view) renderHand(shown);
});
$("explain-btn").addEventListener("click", () => {
  explainOn = !explainOn;
  prefs.set("explain", explainOn ? "1" : "0");
  applyTools();
  if (explainOn && !$("explain-list").children.length) {
    $("explain-list").append(el("li", "explain-line muted", "Sentences about each card will appear here as the turns are played."));
  }
});
$("confirm-btn").addEventListener("click", () => {
  confirmOn = !confirmOn;
  prefs.set("confirm", confirmOn ? "1" : "0");
  selected = null;
  applyTools();
  toast(confirmOn ? "Click a card to select it, then confirm with the Play button or Enter." : "A click on a card plays it.");
  if (shown && shown.view) {
    renderHand(shown);
    renderStatus(shown);
  }
});
$("score-btn").addEventListener("click", openScores);
$("help-btn").addEventListener("click", () => $("help-dialog").showModal());
$("result-btn").addEventListener("click", () => {
  if (shown && shown.view && shown.view.over) $("end-dialog").showModal();
});

backdropCloses();

// --- start --------------------------------------------------------------------------------
async function init() {
  applyTools();
  duckLegend($("duck-legend"));
  new Pond($("pond"), $("ripples"), $("simon"));
  try {
    const [me, games] = await Promise.all([getMe(), getGames()]);
    room.myName = me.name;
    room.levels = games.levels;
  } catch (e) {
    toast(e.message, "error");
  }
  room.socket.connect();
}

init();
