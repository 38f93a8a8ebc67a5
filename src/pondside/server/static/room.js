// What every table page shares, whatever the game: the seats before the start, the clock,
// the toast, the end's "Play again", and small DOM helpers. The table page (game.js) and the
// replays build on it.
import { api, describeClock, describeOptions, gameName, hosted, levelLabel, seatNames, setName, TableSocket } from "./api.js";
import { named } from "./named.js";
import { ordinal, t, tn } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

/** The table's id, from /t/<id> (and /replay/<id>). */
export const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());

/** What the page knows of its visitor and the server: set by the page at start. */
export const room = { myName: null, levels: [], facts: [], socket: null, onNamed: null };

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
}

/** A data table's row read on a phone, where its cells stand one under another (site.css,
 * `.data-table.stack`): each cell carries its column's heading (`heads`, [text, ...] per
 * column) to show beside it, and keeps its table role when its display is no longer a table's. */
export function labelCells(tr, heads) {
  tr.setAttribute("role", "row");
  [...tr.children].forEach((cell, i) => {
    cell.setAttribute("role", "cell");
    if (heads[i] && heads[i][0]) cell.dataset.label = heads[i][0];
  });
}

/** "3 ducks": English only; a page's sentence uses tn() from i18n.js (the catalog's plurals). */
export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// A place in the page's language ("1st", "1."): the pages ask room.js for it.
export { ordinal };

/** The place colour class: white for 1st, yellow 2nd, orange 3rd, red last (LD-12). */
export function placeClass(place, allPlaces) {
  // Red is a last place held alone: players tied for a place share its number's colour.
  if (place === 1) return "place-1";
  if (place === allPlaces.length) return "place-last";
  if (place === 2) return "place-2";
  return "place-3";
}

let toastTimer = null;
let toastShownAt = 0;
export function toast(text, kind = "info") {
  const box = $("toast");
  // At a table in play a message takes the status's place for a while (style.css), on the line
  // that stays on the screen with the hand: it covers nothing a player needs, not the tools,
  // the players' tiles, the board or the hand (issue 27, the phone trial, 3). Elsewhere (the waiting room, the
  // other pages) it floats under the top bar.
  const status = document.querySelector("#game:not([hidden]) .status-line > .status");
  if (status && box.nextElementSibling !== status) status.before(box);
  box.textContent = text;
  box.className = `toast ${kind}`;
  box.hidden = false;
  toastShownAt = performance.now();
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 6000);
}

/** The toast of this kind, if up, goes once it has been up for `readMs` (now if it has): it
 * stood in the status's place, and the status now says something the player needs. */
export function toastOnceRead(kind, readMs = 2000) {
  const box = $("toast");
  if (box.hidden || !box.classList.contains(kind)) return;
  clearTimeout(toastTimer);
  const left = toastShownAt + readMs - performance.now();
  if (left <= 0) box.hidden = true;
  else toastTimer = setTimeout(() => (box.hidden = true), left);
}

export function mySeat(frame) {
  return frame ? frame.you.seat : null;
}

export function names(frame) {
  // A guest who resigned keeps their name at the seat their bot plays on.
  return seatNames(frame.table).map((name, i) => (frame.table.seats[i].resigned ? t("{name} (resigned)", { name }) : name));
}

/** Seats in the order shown: this page's seat first, then round the table. */
export function seatOrder(frame) {
  return seatsFrom(frame.table.players, mySeat(frame));
}

/** The `n` seats round the table from `me` (the seat a page shows as its own: a replay's
 * followed seat too), seat 0's first where it has none. */
export function seatsFrom(n, me) {
  const start = me ?? 0;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}

export function isHost(frame) {
  // The server says who opened the table; the browser's own memory is the fallback.
  if (frame && frame.you && typeof frame.you.host === "boolean") return frame.you.host;
  return hosted.has(tableId);
}

// --- where the frames come from ------------------------------------------------------------
/**
 * The page's source of frames, kept in `room.socket`: `first` (a replay's) or the table's
 * socket, opened again as this guest once a name is chosen, and nudged when the page comes back
 * to the front or the network returns. Call its `connect()` to start.
 */
export function openFrames(handlers, first = null) {
  room.socket = first || new TableSocket(tableId, handlers);
  room.onNamed = () => {
    room.socket.close();
    room.socket = new TableSocket(tableId, handlers);
    room.socket.connect();
  };
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) room.socket.nudge();
  });
  window.addEventListener("online", () => room.socket.nudge());
  return room.socket;
}

// --- the connection banner ------------------------------------------------------------------
export function connectionStatus(status, detail) {
  const c = $("conn");
  if (status === "open") {
    c.hidden = true;
  } else if (status === "closed") {
    c.hidden = false;
    c.textContent = detail || t("Connection lost: reconnecting…");
  }
}

/** An error frame, as a toast naming its ruling when the message does not already. */
export function toastError(frame) {
  // Its cards read by name (named.js), as in the rest of the page.
  const message = named(frame.message, frame.card_words);
  const ruled = !frame.rule || message.includes(`(${frame.rule})`);
  toast(ruled ? message : `${message} (${frame.rule})`, "error");
}

// --- before the start: the seats -------------------------------------------------------------
export function renderWaiting(frame) {
  $("waiting").hidden = false;
  $("game").hidden = true;
  document.body.classList.add("before-start");
  const tb = frame.table;
  const me = mySeat(frame);
  const host = isHost(frame);
  const n = names(frame);
  const opts = describeOptions(tb.options, tb.game);
  if ($("info-game")) $("info-game").textContent = gameName(tb);
  $("info-match").textContent = opts;
  $("info-round").textContent = tn("{n} player", "{n} players", tb.players);
  $("info-turn").textContent = describeClock(tb);
  $("info-badge").hidden = true;
  const meta = [
    gameName(tb),
    tn("{n} player", "{n} players", tb.players),
    opts,
    t("clock: {clock}", { clock: describeClock(tb) }),
    tb.listed ? t("listed in the lobby") : t("private"),
  ];
  if (tb.spectators) meta.push(tn("{n} spectator", "{n} spectators", tb.spectators));
  $("waiting-meta").textContent = meta.filter(Boolean).join(" · ");
  $("name-needed").hidden = !!room.myName;
  const list = $("seat-list");
  // A control of the seats that had the focus (a bot just added) hands it on after the
  // redrawing (issue 27, 7): to the same control of its seat, else to the next free seat's, else
  // to the start button.
  const had = list.contains(document.activeElement) ? document.activeElement : null;
  const hadSeat = had ? Number(had.closest(".seat")?.dataset.seat) : null;
  const hadKind = had ? had.tagName + (had.className || "") : null;
  list.replaceChildren();
  for (const seat of tb.seats) {
    const li = el("li", "seat");
    li.dataset.seat = String(seat.seat);
    const label = el("span", "seat-no", t("Seat {n}", { n: seat.seat + 1 }));
    const who = el("span", "seat-who");
    if (seat.bot) {
      who.textContent = `${n[seat.seat]} · ${t("{level} bot", { level: levelLabel(seat.bot) })}`;
      li.classList.add("bot");
    } else if (seat.taken) {
      // A person's name is theirs in every language (translate="no": no page translator
      // touches it, and the pseudo-locale test knows it is not ours).
      const name = el("span", null, n[seat.seat]);
      name.translate = false;
      who.append(name);
      if (seat.seat === me) who.append(el("span", "you-tag", ` ${host ? t("(you, host)") : t("(you)")}`));
      if (!seat.online) who.append(el("span", "muted", ` · ${t("away")}`));
    } else {
      who.textContent = t("free");
      li.classList.add("free");
    }
    const actions = el("span", "seat-actions");
    if (!seat.taken) {
      if (room.myName) {
        // "Join", as the lobby's button for the same thing says (a guest already seated moves
        // to this seat: the button's name says so to a screen reader, its tip to the mouse).
        const join = el("button", "btn primary", t("Join"));
        join.type = "button";
        if (me != null) {
          join.title = t("Join at seat {seat} instead of seat {mine}", { seat: seat.seat + 1, mine: me + 1 });
          join.setAttribute("aria-label", join.title);
        }
        join.addEventListener("click", () => {
          joining = seat.seat;
          seatChange(seat.seat, "join");
        });
        actions.append(join);
      }
      if (host) {
        const sel = el("select", "bot-level");
        sel.setAttribute("aria-label", t("Bot level for seat {n}", { n: seat.seat + 1 }));
        // How each level did against the one below, as the server measured and words it.
        const notes = (room.facts.find((g) => g.slug === tb.game) || {}).level_notes || {};
        for (const lv of room.levels) {
          const o = el("option", null, t("{level} bot", { level: levelLabel(lv.id) }));
          o.title = notes[lv.id] ? `${lv.name} ${notes[lv.id]}` : lv.name;
          o.value = lv.id;
          // A redraw (anyone joining, a bot added elsewhere) keeps the level this host picked.
          if (lv.id === (pickedLevel[seat.seat] || "casual")) o.selected = true;
          sel.append(o);
        }
        const note = el("small", "level-note");
        note.id = `level-note-${seat.seat}`;
        const tell = () => {
          note.textContent = notes[sel.value] || "";
          note.hidden = !note.textContent;
        };
        tell();
        sel.setAttribute("aria-describedby", note.id);
        sel.addEventListener("change", () => {
          pickedLevel[seat.seat] = sel.value;
          tell();
        });
        const add = el("button", "btn", t("Add bot"));
        add.type = "button";
        add.setAttribute("aria-label", t("Add a bot at seat {n}", { n: seat.seat + 1 }));
        add.addEventListener("click", () => seatChange(seat.seat, "bot", sel.value));
        const pick = el("span", "bot-pick");
        pick.append(sel, add, note);
        actions.append(pick);
      }
    } else if (seat.seat === me) {
      const leave = el("button", "btn", t("Leave"));
      leave.type = "button";
      leave.addEventListener("click", () => seatChange(seat.seat, "leave"));
      actions.append(leave);
    } else if (seat.bot && host) {
      const rm = el("button", "btn", t("Remove bot"));
      rm.type = "button";
      rm.addEventListener("click", () => seatChange(seat.seat, "leave"));
      actions.append(rm);
    }
    li.append(label, who, actions);
    list.append(li);
  }
  const full = tb.seats.every((s) => s.taken);
  const start = $("start-btn");
  start.hidden = !host;
  start.disabled = !full;
  $("start-note").textContent = host
    ? full
      ? t("Every seat is taken: start when you are ready.")
      : t("Every seat needs a player or a bot before the start.")
    : t("The player who opened the table starts the match.");
  $("share-link").value = `${location.origin}/t/${tb.id}`;
  if (had) {
    const controls = (li) => [...li.querySelectorAll("button, select")];
    const seats = [...list.children];
    const mine = seats.find((li) => Number(li.dataset.seat) === hadSeat);
    // A seat still free keeps the focus; a seat just taken passes it to the next free seat's
    // same control (its Add bot, say), then to the start button once every seat is taken.
    const again = mine && mine.classList.contains("free") && controls(mine).find((c) => c.tagName + (c.className || "") === hadKind);
    const free = seats.filter((li) => li.classList.contains("free"));
    const next = free.find((li) => Number(li.dataset.seat) > hadSeat) || free[0];
    const like = next && (controls(next).find((c) => c.tagName + (c.className || "") === hadKind) || controls(next)[0]);
    let target = again || like || (!start.hidden && !start.disabled ? start : null) || (mine && controls(mine)[0]);
    // The seat's line once focused (joined) keeps the focus through later drawings.
    const joined = seats.find((li) => Number(li.dataset.seat) === (had.matches("li.seat") ? hadSeat : joining));
    if (joined && me === Number(joined.dataset.seat)) {
      // Joined: the focus rests on the seat's own line, not on the next seat's "Join at seat 3
      // instead" (nor on Leave), where a stray Enter would move the player (the third trial, 5).
      // Until this page learns its seat, it waits on the next seat's control, as for a bot.
      joined.tabIndex = -1;
      target = joined;
      joining = null;
    }
    if (target) target.focus({ preventScroll: true });
  }
}

const pickedLevel = {}; // seat -> the bot level this host chose there, kept across redraws
let joining = null; // the seat this page's Join asked for, until the page sits there

async function seatChange(seat, what, level) {
  $("waiting-error").textContent = "";
  try {
    const body = { do: what };
    if (level) body.level = level;
    await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}`, { method: "POST", body });
    room.socket.send({ op: "sync" }); // the socket learns this page's new seat
  } catch (e) {
    $("waiting-error").textContent = e.message;
  }
}

/** The waiting room's buttons: start, copy the link, choose a name. */
export function bindWaiting() {
  $("start-btn").addEventListener("click", async () => {
    $("waiting-error").textContent = "";
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/start`, { method: "POST" });
    } catch (e) {
      $("waiting-error").textContent = e.message;
    }
  });
  $("copy-btn").addEventListener("click", async () => {
    const input = $("share-link");
    try {
      await navigator.clipboard.writeText(input.value);
      toast(t("Link copied: send it to your friends."));
    } catch {
      input.select();
      const ok = document.execCommand && document.execCommand("copy");
      toast(ok ? t("Link copied: send it to your friends.") : t("Select the link and copy it."));
    }
  });
  $("name-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("waiting-error").textContent = "";
    try {
      const r = await setName($("name-input").value);
      room.myName = r.name;
      // The socket was opened without a name: open it again as this guest.
      if (room.onNamed) room.onNamed();
    } catch (e) {
      $("waiting-error").textContent = e.message;
    }
  });
}

// --- the end: play again ---------------------------------------------------------------------
/** The end dialog's "Play again" (or "Join the next match", "Watch the next table"). */
export function bindAgain(getShown) {
  $("again-btn").addEventListener("click", async () => {
    const f = getShown();
    if (!f) return;
    $("end-error").textContent = "";
    if (mySeat(f) == null) {
      if (f.table.next_id) location.href = `/t/${encodeURIComponent(f.table.next_id)}`;
      return;
    }
    const wasFirst = !f.table.next_id;
    try {
      const next = await api(`/api/tables/${encodeURIComponent(tableId)}/again`, { method: "POST" });
      if (wasFirst) hosted.add(next.id);
      location.href = `/t/${encodeURIComponent(next.id)}`;
    } catch (e) {
      $("end-error").textContent = e.message;
    }
  });
}

/** The again button's words for this receiver. */
export function againLabel(frame) {
  const me = mySeat(frame);
  const next = frame.table.next_id;
  const again = $("again-btn");
  again.hidden = me == null && !next;
  again.textContent = me == null ? t("Watch the next table") : next ? t("Join the next match") : t("Play again");
  $("end-note").textContent = next && me != null ? t("Another match is open with the same table: join it.") : "";
}

// --- the clock ---------------------------------------------------------------------------------
/** A round clock: seconds left of the seat whose time runs (this page's seat first). */
export class Clock {
  constructor() {
    this.node = el("div", "clock");
    this.node.setAttribute("role", "timer");
    const ns = "http://www.w3.org/2000/svg";
    const s = document.createElementNS(ns, "svg");
    s.setAttribute("viewBox", "0 0 44 44");
    s.setAttribute("aria-hidden", "true");
    const bg = document.createElementNS(ns, "circle");
    Object.entries({ cx: 22, cy: 22, r: 19, class: "clock-bg" }).forEach(([k, v]) => bg.setAttribute(k, v));
    const fg = document.createElementNS(ns, "circle");
    Object.entries({ cx: 22, cy: 22, r: 19, class: "clock-fg", pathLength: 100 }).forEach(([k, v]) => fg.setAttribute(k, v));
    s.append(bg, fg);
    this.node.append(s, el("span", "clock-text", ""), el("span", "clock-who", ""));
  }

  /** Draw `f`'s clock; `placing` while the last action's cards are still being shown. */
  update(f, placing = false) {
    const c = this.node;
    if (!f || !f.view) return;
    const v = f.view;
    const me = mySeat(f);
    const text = c.querySelector(".clock-text");
    const who = c.querySelector(".clock-who");
    const fg = c.querySelector(".clock-fg");
    // A clock with nobody's time running: its text, caption, ring (0 full, 100 empty), label.
    const idle = (shown, caption, ring, label) => {
      text.textContent = shown;
      who.textContent = caption;
      c.className = "clock idle";
      if (ring != null) fg.style.strokeDashoffset = ring;
      if (label != null) c.setAttribute("aria-label", label);
    };
    if (v.over) return idle("—", t("over"), "100", t("The match is over"));
    if (f.clock.limit == null) return idle("∞", t("no clock"), "0", t("No time limit"));
    const elapsed = (performance.now() - f.received) / 1000;
    let seat = null;
    let left = null;
    if (me != null && v.to_act.includes(me) && f.clock.left[me] != null) {
      seat = me;
      left = f.clock.left[me];
    } else {
      for (const s of v.to_act) {
        const l = f.clock.left[s];
        if (l != null && (left == null || l > left)) {
          left = l;
          seat = s;
        }
      }
    }
    if (left == null) return idle("", "", null, null);
    // The last action is still being shown: nobody's time runs yet (the server adds the
    // showing time to the next deadline).
    if (placing) return idle("…", t("placing"), "0", t("Cards are being placed"));
    const remain = Math.min(f.clock.limit, Math.max(0, left - elapsed));
    const secs = Math.ceil(remain);
    const n = names(f);
    text.textContent = String(secs);
    who.textContent = seat === me ? t("your time") : n[seat];
    fg.style.strokeDashoffset = String(100 - Math.max(0, Math.min(1, remain / f.clock.limit)) * 100);
    c.className = `clock${remain <= 5 ? " low" : ""}${seat === me ? " mine" : ""}`;
    c.setAttribute(
      "aria-label",
      seat === me
        ? tn("{n} second left for you", "{n} seconds left for you", secs)
        : tn("{n} second left for {name}", "{n} seconds left for {name}", secs, { name: n[seat] }),
    );
  }
}

/** Clicking the backdrop of a dialog closes it. */
export function backdropCloses() {
  for (const d of document.querySelectorAll("dialog")) {
    d.addEventListener("click", (ev) => {
      if (ev.target === d) d.close();
    });
  }
}
