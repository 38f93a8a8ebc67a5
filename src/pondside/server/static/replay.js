// The replay of a finished match (or of an uploaded record) on the very table pages of live
// play. On /replay/<id>, table.js and game.js take their frames from a ReplaySource instead of
// a TableSocket: it fetches every frame of the match from one seat (GET /api/replays/<id>) and
// hands the page one at a time as the controls ask. A step forward is an "action" frame the page
// animates as in play; any other move (back, a jump, another seat) is marked `gap`, so the page
// draws it at once. It never acts, opens no socket, and the page never sees a waiting room.
//
// The link keeps the seat and the step: /replay/<id>?seat=2&step=15 (no seat: the spectator).
import { api, prefs, seatNames } from "./api.js";
import { $, el, ordinal, toast } from "./room.js";

export const replaying = /^\/replay\/./.test(location.pathname);

const params = new URLSearchParams(location.search);
function speed() {
  const n = Number(params.get("speed") ?? prefs.get("speed", "1"));
  return Number.isFinite(n) && n > 0 ? n : 1;
}
const PLAY_MS = 1600; // between two moves while playing, at speed 1

// The controls' icons (SVG paths: triangles filled, bars stroked).
const ICONS = {
  first: "M6 5v14M19 5 9 12l10 7z",
  prev: "M17 5 7 12l10 7z",
  play: "M7 5v14l12-7z",
  pause: "M8 5v14M16 5v14",
  next: "M7 5l10 7-10 7z",
  last: "M5 5l10 7-10 7zM18 5v14",
};
function icon(name) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

/** The end dialog's links: "Watch the replay" on a live table; nothing to play again in a replay. */
export function endLinks(frame) {
  const link = $("replay-link");
  if (replaying) {
    $("again-btn").hidden = true;
    $("end-note").textContent = "";
    if (link) link.hidden = true;
    // The seat shown is not the watcher: "Bot 3 finishes 2nd", not "You finish 2nd".
    const me = frame.you ? frame.you.seat : null;
    for (const name of document.querySelectorAll("#end-places .end-name")) {
      name.textContent = name.textContent.replace(/ \(you\)$/, "");
    }
    if (me != null && frame.outcome) {
      const place = frame.outcome.places[me];
      const who = seatNames(frame.table)[me];
      $("end-title").textContent = place === 1 ? `${who} wins` : `${who} finishes ${ordinal(place)}`;
    }
    return;
  }
  if (!link) return;
  const me = frame.you ? frame.you.seat : null;
  link.href = `/replay/${encodeURIComponent(frame.table.id)}${me != null ? `?seat=${me}` : ""}`;
  link.hidden = !(frame.view && frame.view.over);
}

/** Stands where the TableSocket would: same handlers, frames from the stored match. */
export class ReplaySource {
  constructor(id, { onFrame, onStatus }) {
    this.id = id;
    this.onFrame = onFrame;
    this.onStatus = onStatus || (() => {});
    this.data = null;
    this.step = 0;
    this.timer = null;
    const s = params.get("seat");
    this.seat = s != null && /^\d+$/.test(s) ? Number(s) : null;
    const k = params.get("step");
    this.wanted = k != null && /^\d+$/.test(k) ? Number(k) : 0;
    this.bar = null;
  }

  // --- the TableSocket's interface: a replay never sends anything -----------------------
  connect() {
    document.body.classList.add("replaying");
    this.build();
    this.load(this.seat, this.wanted);
  }
  close() {
    this.pause();
  }
  nudge() {}
  send() {
    return false;
  }
  act() {
    return false;
  }

  // --- the frames ---------------------------------------------------------------------------
  async load(seat, step) {
    this.pause();
    const q = seat == null ? "" : `?seat=${seat}`;
    this.setBusy(true);
    try {
      this.data = await api(`/api/replays/${encodeURIComponent(this.id)}${q}`);
    } catch (e) {
      this.setBusy(false);
      this.failed(e.message);
      return;
    }
    this.setBusy(false);
    this.seat = seat;
    this.fill();
    this.go(Math.min(step, this.data.steps), false);
  }

  /** Show step `k`; `animate` only for one step forward (the page plays that action). */
  go(k, animate = false) {
    if (!this.data) return;
    const n = this.data.steps;
    k = Math.max(0, Math.min(n, k));
    const forward = animate && k === this.step + 1 && this.shownOnce;
    this.step = k;
    this.shownOnce = true;
    const frame = { ...this.data.frames[k], received: performance.now(), gap: !forward };
    this.onFrame(frame);
    this.update();
  }

  play() {
    if (!this.data) return;
    if (this.step >= this.data.steps) this.go(0);
    const tick = () => {
      if (this.step >= this.data.steps) {
        this.pause();
        return;
      }
      this.go(this.step + 1, true);
      this.timer = setTimeout(tick, PLAY_MS / speed());
    };
    this.timer = setTimeout(tick, 300 / speed());
    this.update();
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    this.update();
  }

  // --- the controls -------------------------------------------------------------------------
  build() {
    const bar = el("div", "replay-bar");
    bar.id = "replay-bar";
    bar.setAttribute("role", "region");
    bar.setAttribute("aria-label", "Replay controls");
    const button = (id, label, glyph, onClick) => {
      const b = el("button", "btn rb-btn");
      b.append(ICONS[glyph] ? icon(glyph) : glyph);
      b.type = "button";
      b.id = id;
      b.title = label;
      b.setAttribute("aria-label", label);
      b.addEventListener("click", onClick);
      return b;
    };
    const moves = el("div", "rb-moves");
    moves.append(
      button("rb-first", "To the deal", "first", () => (this.pause(), this.go(0))),
      button("rb-prev", "Previous move", "prev", () => (this.pause(), this.go(this.step - 1))),
      button("rb-play", "Play", "play", () => (this.timer ? this.pause() : this.play())),
      button("rb-next", "Next move", "next", () => (this.pause(), this.go(this.step + 1, true))),
      button("rb-last", "To the end", "last", () => (this.pause(), this.go(this.data ? this.data.steps : 0))),
    );
    const slider = el("input", "rb-slider");
    slider.type = "range";
    slider.id = "rb-step";
    slider.min = "0";
    slider.max = "0";
    slider.value = "0";
    slider.setAttribute("aria-label", "Move");
    slider.addEventListener("input", () => {
      const k = Number(slider.value); // before pause(), which draws the step shown now
      this.pause();
      this.go(k);
    });
    const count = el("span", "rb-count", "Loading the replay…");
    count.id = "rb-count";
    count.setAttribute("aria-live", "polite");
    const seatLabel = el("label", "rb-seat");
    seatLabel.append(el("span", null, "Seen by "));
    const seat = el("select");
    seat.id = "rb-seat";
    seat.addEventListener("change", () => {
      const v = seat.value === "" ? null : Number(seat.value);
      this.load(v, this.step);
    });
    seatLabel.append(seat);
    const download = el("a", "btn", "Download");
    download.append(el("span", "rb-long", " the record"));
    download.title = "Download the match record (JSON: pondside replay reads it)";
    download.id = "rb-download";
    download.hidden = true;
    const copy = button("rb-copy", "Copy the link to this move", "Copy link", () => this.copyLink());
    const error = el("p", "form-error rb-error");
    error.id = "rb-error";
    error.setAttribute("role", "alert");
    error.hidden = true;
    bar.append(moves, slider, count, seatLabel, download, copy, error);
    const header = document.querySelector("header.topbar");
    header.after(bar);
    this.bar = bar;
    document.addEventListener("keydown", (ev) => {
      const t = ev.target;
      if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
      if (document.querySelector("dialog[open]")) return;
      if (ev.key === "ArrowRight") {
        this.pause();
        this.go(this.step + 1, true);
      } else if (ev.key === "ArrowLeft") {
        this.pause();
        this.go(this.step - 1);
      } else {
        return;
      }
      ev.preventDefault();
    });
  }

  /** The seat chooser and the download, once the match is known. */
  fill() {
    const d = this.data;
    const seat = $("rb-seat");
    seat.replaceChildren();
    const spectator = el("option", null, "Spectator (no hand)");
    spectator.value = "";
    seat.append(spectator);
    d.names.forEach((name, i) => {
      const o = el("option", null, name || `Bot ${i + 1}`);
      o.value = String(i);
      seat.append(o);
    });
    seat.value = this.seat == null ? "" : String(this.seat);
    const slider = $("rb-step");
    slider.max = String(d.steps);
    const download = $("rb-download");
    download.href = d.record;
    download.download = `${d.game}-${this.id}.json`;
    download.hidden = false;
    document.title = `Replay · ${d.game_name} · Pondside`;
  }

  update() {
    if (!this.bar) return;
    const d = this.data;
    const playing = this.timer != null;
    const play = $("rb-play");
    play.replaceChildren(icon(playing ? "pause" : "play"));
    play.title = playing ? "Pause" : "Play";
    play.setAttribute("aria-label", play.title);
    play.setAttribute("aria-pressed", String(playing));
    if (!d) return;
    const k = this.step;
    $("rb-step").value = String(k);
    const by = k > 0 ? d.frames[k].by : null;
    const who = by ? d.names[by.seat] || `Bot ${by.seat + 1}` : null;
    $("rb-count").textContent = k === 0 ? `The deal · move 0 of ${d.steps}` : `Move ${k} of ${d.steps}`;
    $("rb-count").title = who ? `Move ${k}: ${who}` : "Before the first move";
    $("rb-first").disabled = $("rb-prev").disabled = k === 0;
    $("rb-next").disabled = $("rb-last").disabled = k === d.steps;
    document.body.dataset.replayStep = String(k);
    document.body.dataset.replaySeat = this.seat == null ? "" : String(this.seat);
    // The address says what is shown: a copied link opens this move from this seat.
    const q = new URLSearchParams(location.search);
    if (this.seat == null) q.delete("seat");
    else q.set("seat", String(this.seat));
    q.set("step", String(k));
    history.replaceState(null, "", `${location.pathname}?${q}`);
  }

  setBusy(on) {
    if (this.bar) this.bar.classList.toggle("busy", on);
  }

  failed(message) {
    const e = $("rb-error");
    e.textContent = message;
    e.hidden = false;
    $("rb-count").textContent = "No replay";
    this.onStatus("closed", message);
  }

  async copyLink() {
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      toast("Link copied: it opens this move, seen from this seat.");
    } catch {
      toast(`Copy this link: ${link}`);
    }
  }
}
