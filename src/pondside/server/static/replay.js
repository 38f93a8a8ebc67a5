// The replay of a finished match (or of an uploaded record) on the very table page of live
// play. On /replay/<id>, game.js takes its frames from a ReplaySource instead of
// a TableSocket: it fetches every frame of the match from one seat (GET /api/replays/<id>) and
// hands the page one at a time as the controls ask. A step forward is an "action" frame the page
// animates as in play; any other move (back, a jump, another seat) is marked `gap`, so the page
// draws it at once. It never acts, opens no socket, and the page never sees a waiting room.
//
// The link keeps the seat and the move: /replay/<id>?seat=2#move=15 (no seat: the spectator;
// move 0 is the deal). The controls keep the address's #move= on the move shown, so a copied
// link opens where its person was; a link that changes only the #move= moves the page there.
// (Links of before, ?step=15, still open at their move.)
//
// "Analyse" asks the server to judge the shown seat's decisions (GET /api/replays/<id>/analysis,
// a short search per decision, seconds for a match): each move of that seat then says what it
// cost in expected places against the best move found, and the biggest mistakes are listed as
// buttons that jump to their moves.
import { api, prefs, seatNames } from "./api.js";
import { $, el, ordinal, toast } from "./room.js";
import { num, t, tc, tn } from "./i18n.js";

export const replaying = /^\/replay\/./.test(location.pathname);
// The replay's own look on a phone (replay.css): the table page's stylesheets are the live table's.
if (replaying) {
  const sheet = document.createElement("link");
  sheet.rel = "stylesheet";
  sheet.href = "/static/replay.css";
  document.head.append(sheet);
}

const params = new URLSearchParams(location.search);
function speed() {
  const n = Number(params.get("speed") ?? prefs.get("speed", "1"));
  return Number.isFinite(n) && n > 0 ? n : 1;
}
const PLAY_MS = 1600; // between two moves while playing, at speed 1
const MISTAKES_SHOWN = 5;

/** An action in words when the page has none better: "play 7C" → "Play 7C". */
const plainAction = (action) => action.charAt(0).toUpperCase() + action.slice(1);
const places = (x) => (x === 1 ? t("{n} place", { n: num(x, 2) }) : t("{n} places", { n: num(x, 2) }));

// The controls' icons (SVG paths: triangles filled, bars stroked). A step is a triangle
// against a bar (|◀, ▶|), the ends two triangles against one (|◀◀, ▶▶|), and Play a bare,
// larger triangle on a filled button (site.css): a new player told Play and Next move apart
// by nothing but a triangle's size (issue 27, third trial).
const ICONS = {
  first: "M4 5v14M20 5l-6.5 7 6.5 7zM13.5 5 7 12l6.5 7z",
  prev: "M6 5v14M18 5 9 12l9 7z",
  play: "M7 4v16l13-8z",
  pause: "M8 5v14M16 5v14",
  next: "M6 5l9 7-9 7zM18 5v14",
  last: "M4 5l6.5 7L4 19zM10.5 5l6.5 7-6.5 7zM20 5v14",
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
    // "Play this deal" (issue 28, 3): a finished table's, not an uploaded record's (its seed
    // may be anyone's; an upload's id starts "u.").
    $("deal-btn").hidden = !(frame.view && frame.view.over && !frame.table.id.startsWith("u."));
    $("end-note").textContent = "";
    if (link) link.hidden = true;
    // The seat shown is not the watcher: "Bot 3 finishes 2nd", not "You finish 2nd".
    const me = frame.you ? frame.you.seat : null;
    for (const name of document.querySelectorAll("#end-places .end-name")) {
      const mark = ` ${t("(you)")}`;
      if (name.textContent.endsWith(mark)) name.textContent = name.textContent.slice(0, -mark.length);
    }
    if (me != null && frame.outcome) {
      const place = frame.outcome.places[me];
      const who = seatNames(frame.table)[me];
      $("end-title").textContent = place === 1 ? t("{name} wins", { name: who }) : t("{name} finishes {place}", { name: who, place: ordinal(place) });
    }
    return;
  }
  if (!link) return;
  const me = frame.you ? frame.you.seat : null;
  link.href = `/replay/${encodeURIComponent(frame.table.id)}${me != null ? `?seat=${me}` : ""}`;
  link.hidden = !(frame.view && frame.view.over);
}

/** The move a link points at: #move=12 (or ?step=12, as links were before), else null. */
function linkedMove() {
  const hash = /^#move=(\d+)$/.exec(location.hash);
  if (hash) return Number(hash[1]);
  const step = new URLSearchParams(location.search).get("step");
  return step != null && /^\d+$/.test(step) ? Number(step) : null;
}

/** Stands where the TableSocket would: same handlers, frames from the stored match. */
export class ReplaySource {
  constructor(id, { onFrame, onStatus, describe }) {
    this.id = id;
    this.onFrame = onFrame;
    this.onStatus = onStatus || (() => {});
    this.describe = describe || plainAction;
    this.analyses = new Map(); // seat -> the server's analysis of it
    this.analysing = null; // the seat whose analysis is being asked for
    this.data = null;
    this.step = 0;
    this.timer = null;
    const s = params.get("seat");
    this.seat = s != null && /^\d+$/.test(s) ? Number(s) : null;
    this.wanted = linkedMove() ?? 0;
    window.addEventListener("hashchange", () => {
      const k = linkedMove();
      if (k == null || !this.data || k === this.step) return;
      this.pause();
      this.go(k);
    });
    this.bar = null;
  }

  // --- the TableSocket's interface: a replay never sends anything -----------------------
  connect() {
    document.body.classList.add("replaying");
    $("deal-btn").addEventListener("click", () => this.playDeal());
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
    this.showAnalysis();
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
    bar.setAttribute("aria-label", t("Replay controls"));
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
      button("rb-first", t("To the deal"), "first", () => (this.pause(), this.go(0))),
      button("rb-prev", t("Previous move"), "prev", () => (this.pause(), this.go(this.step - 1))),
      button("rb-play", tc("replay", "Play"), "play", () => (this.timer ? this.pause() : this.play())),
      button("rb-next", t("Next move"), "next", () => (this.pause(), this.go(this.step + 1, true))),
      button("rb-last", t("To the end"), "last", () => (this.pause(), this.go(this.data ? this.data.steps : 0))),
    );
    const slider = el("input", "rb-slider");
    slider.type = "range";
    slider.id = "rb-step";
    slider.min = "0";
    slider.max = "0";
    slider.value = "0";
    slider.setAttribute("aria-label", t("Move"));
    slider.addEventListener("input", () => {
      const k = Number(slider.value); // before pause(), which draws the step shown now
      this.pause();
      this.go(k);
    });
    const count = el("span", "rb-count", t("Loading the replay…"));
    count.id = "rb-count";
    count.setAttribute("aria-live", "polite");
    const seatLabel = el("label", "rb-seat");
    seatLabel.append(el("span", null, `${t("Seen by")} `));
    const seat = el("select");
    seat.id = "rb-seat";
    seat.addEventListener("change", () => {
      const v = seat.value === "" ? null : Number(seat.value);
      this.load(v, this.step);
    });
    seatLabel.append(seat);
    const download = el("a", "btn", t("Download"));
    download.append(el("span", "rb-long", ` ${t("the record")}`));
    download.title = t("Download the match record (JSON: pondside replay reads it)");
    download.id = "rb-download";
    download.hidden = true;
    const copy = button("rb-copy", t("Copy link to this move"), t("Copy link"), () => this.copyLink());
    copy.append(el("span", "rb-long", ` ${t("to this move")}`));
    const analyse = button("rb-analyse", t("Analyse this seat's decisions"), t("Analyse"), () => this.analyse());
    const error = el("p", "form-error rb-error");
    error.id = "rb-error";
    error.setAttribute("role", "alert");
    error.hidden = true;
    bar.append(moves, slider, count, seatLabel, analyse, download, copy, error);
    const header = document.querySelector("header.topbar");
    header.after(bar);
    this.bar = bar;
    const panel = el("section", "rb-analysis");
    panel.id = "rb-analysis";
    panel.setAttribute("aria-label", t("Analysis of this seat's decisions"));
    panel.hidden = true;
    const summary = el("p", "rb-an-summary");
    summary.id = "rb-an-summary";
    summary.setAttribute("aria-live", "polite");
    const note = el("p", "rb-an-step");
    note.id = "rb-an-step";
    note.setAttribute("aria-live", "polite");
    const mistakes = el("div", "rb-an-mistakes");
    mistakes.id = "rb-an-mistakes";
    panel.append(summary, note, mistakes);
    // Under the table, not between the bar and the table: the analysis appearing (or its
    // "Analysing…") moves nothing the person is looking at (s35-3).
    document.querySelector("main").append(panel);
    document.addEventListener("keydown", (ev) => {
      const target = ev.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
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
    const spectator = el("option", null, t("Spectator (no hand)"));
    spectator.value = "";
    seat.append(spectator);
    d.names.forEach((name, i) => {
      const o = el("option", null, name || t("Bot {n}", { n: i + 1 }));
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
    document.title = t("Replay · {game} · Pondside", { game: d.game_name });
  }

  update() {
    if (!this.bar) return;
    const d = this.data;
    const playing = this.timer != null;
    const play = $("rb-play");
    play.replaceChildren(icon(playing ? "pause" : "play"));
    play.title = playing ? t("Pause") : tc("replay", "Play");
    play.setAttribute("aria-label", play.title);
    play.setAttribute("aria-pressed", String(playing));
    if (!d) return;
    const k = this.step;
    $("rb-step").value = String(k);
    const by = k > 0 ? d.frames[k].by : null;
    const who = by ? d.names[by.seat] || t("Bot {n}", { n: by.seat + 1 }) : null;
    const note = this.byNote(by, who);
    $("rb-count").replaceChildren(
      k === 0 ? t("The deal · move 0 of {steps}", { steps: d.steps }) : t("Move {k} of {steps}", { k, steps: d.steps }),
      ...(note ? [el("span", "rb-by", note)] : []),
    );
    $("rb-count").title = who ? t("Move {k}: {name}", { k, name: who }) : t("Before the first move");
    $("rb-first").disabled = $("rb-prev").disabled = k === 0;
    $("rb-next").disabled = $("rb-last").disabled = k === d.steps;
    document.body.dataset.replayStep = String(k);
    this.stepNote();
    document.body.dataset.replaySeat = this.seat == null ? "" : String(this.seat);
    // The address says what is shown: a copied link opens this move from this seat.
    const q = new URLSearchParams(location.search);
    if (this.seat == null) q.delete("seat");
    else q.set("seat", String(this.seat));
    q.delete("step"); // the move is in the hash
    const query = q.toString();
    history.replaceState(null, "", `${location.pathname}${query ? `?${query}` : ""}#move=${k}`);
  }

  /** Who made a move for a guest when a bot did (issue 28, 2: the replay tells which
   * decisions a bot made for whom): a stand-in for one whose connection was gone, or the bot
   * that played on for one who resigned or left. A bot's own seat has no guest's name. Shown
   * under the move's number, so the bar keeps its size. */
  byNote(by, who) {
    const guest = by ? this.data.names[by.seat] : null;
    if (guest && by.how === "stand-in") return t("a bot stood in for {name}", { name: who });
    if (guest && by.how === "bot") return t("a bot played for {name}", { name: who });
    return null;
  }

  /** "Play this deal": the same cards, options and bots, the person at the seat shown (or the
   * first a guest played), at a new table started at once. */
  async playDeal() {
    const q = this.seat == null ? "" : `?seat=${this.seat}`;
    $("end-error").textContent = "";
    try {
      const table = await api(`/api/tables/${encodeURIComponent(this.id)}/deal${q}`, { method: "POST" });
      location.href = `/t/${encodeURIComponent(table.id)}`;
    } catch (e) {
      // Said in the end dialog, where the button is (a toast would be under it): no name
      // yet, too many deals this hour.
      $("end-error").textContent = e.message;
    }
  }

  // --- the analysis ----------------------------------------------------------------------------
  seatName(seat) {
    return (this.data && this.data.names[seat]) || t("Bot {n}", { n: seat + 1 });
  }

  async analyse() {
    const seat = this.seat;
    if (seat == null || this.analysing != null) return;
    if (this.analyses.has(seat)) {
      // "Analysis ↓": it is under the table, maybe below the window's edge (the fourth
      // trial, 1): brought into sight, and the focus with it.
      this.showAnalysis();
      const panel = $("rb-analysis");
      if (panel && !panel.hidden) {
        panel.tabIndex = -1;
        panel.focus({ preventScroll: true });
        panel.scrollIntoView({ block: "nearest" });
      }
      return;
    }
    this.analysing = seat;
    this.showAnalysis();
    try {
      const found = await api(`/api/replays/${encodeURIComponent(this.id)}/analysis?seat=${seat}`);
      this.analyses.set(seat, found);
      this.analysing = null;
      this.showAnalysis();
    } catch (e) {
      this.analysing = null;
      this.showAnalysis(e.message);
    }
  }

  /** The panel for the seat shown: its analysis, the one being made, or nothing yet. */
  showAnalysis(error = null) {
    const panel = $("rb-analysis");
    const button = $("rb-analyse");
    if (!panel || !this.data) return;
    const seat = this.seat;
    const found = seat == null ? null : this.analyses.get(seat);
    // Never disabled under the person's focus while it works or once it has answered (the
    // focus fell to the page: the fourth trial, 1): busy, it says so and does nothing; done, it
    // offers the analysis, which appears under the table without moving it (s35-3).
    button.disabled = seat == null;
    button.setAttribute("aria-disabled", String(this.analysing != null));
    button.title =
      seat == null
        ? t("Choose a seat (Seen by) to analyse its decisions")
        : found
          ? t("This seat's decisions are analysed below")
          : t("Judge {name}'s decisions with a short search", { name: this.seatName(seat) });
    button.textContent = this.analysing != null ? t("Analysing…") : found ? t("Analysis ↓") : t("Analyse");
    const summary = $("rb-an-summary");
    const mistakes = $("rb-an-mistakes");
    panel.classList.remove("failed");
    mistakes.replaceChildren();
    if (error) {
      panel.hidden = false;
      panel.classList.add("failed");
      summary.textContent = t("No analysis: {reason}", { reason: error.replace(/\.?$/, ".") });
    } else if (this.analysing != null && this.analysing === seat) {
      panel.hidden = false;
      summary.textContent = t("Analysing {name}'s decisions: a short search at each one, a few seconds…", { name: this.seatName(seat) });
    } else if (found) {
      panel.hidden = false;
      this.fillAnalysis(found, summary, mistakes);
    } else {
      panel.hidden = true;
    }
    this.stepNote();
  }

  fillAnalysis(found, summary, mistakes) {
    const who = this.seatName(found.seat);
    const n = found.decisions.length;
    const totals = found.totals[String(found.seat)] || { total_loss: 0, mean_loss: 0, best_share: 0 };
    if (!n) {
      summary.textContent = t("{name} had no choice to make: every move was the only one allowed.", { name: who });
      return;
    }
    const best = found.decisions.filter((d) => d.loss === 0).length;
    summary.replaceChildren(
      el("strong", null, `${who}: `),
      `${tn(
        "{n} decision judged against the best move a short search finds ({games} simulated games each).",
        "{n} decisions judged against the best move a short search finds ({games} simulated games each).",
        n,
        { games: found.iterations },
      )} `,
      t("Best move or as good: {best} of {n}. Expected place lost in all: {total}, {mean} a decision (1 is first, {last} is last).", {
        best,
        n,
        total: num(totals.total_loss, 2),
        mean: num(totals.mean_loss, 2),
        last: found.players,
      }),
    );
    const worst = found.decisions
      .filter((d) => d.loss > 0)
      .sort((a, b) => b.loss - a.loss || a.number - b.number)
      .slice(0, MISTAKES_SHOWN);
    if (!worst.length) {
      mistakes.append(el("span", "rb-an-label", t("No move lost anything the search could find.")));
      return;
    }
    mistakes.append(el("span", "rb-an-label", tn("The biggest mistake:", "The {n} biggest mistakes:", worst.length)));
    for (const d of worst) {
      const b = el("button", "btn rb-an-jump");
      b.type = "button";
      b.dataset.step = String(d.number);
      b.append(el("span", "rb-an-move", t("Move {k}", { k: d.number })), el("span", "rb-an-loss", `−${num(d.loss, 2)}`));
      b.title = t("Move {k}: {played}; {best} was better by {lost}", { k: d.number, played: this.describe(d.played), best: this.describe(d.best), lost: places(d.loss) });
      b.setAttribute("aria-label", t("Go to move {k}: {lost} lost", { k: d.number, lost: places(d.loss) }));
      b.addEventListener("click", () => {
        this.pause();
        this.go(d.number);
      });
      mistakes.append(b);
    }
  }

  /** What the analysis says of the move shown: the seat's own decision, or nothing. */
  stepNote() {
    const note = $("rb-an-step");
    if (!note || !this.data) return;
    const found = this.seat == null ? null : this.analyses.get(this.seat);
    const d = found ? found.decisions.find((x) => x.number === this.step) : null;
    for (const b of document.querySelectorAll(".rb-an-jump")) b.classList.toggle("current", Number(b.dataset.step) === this.step);
    note.classList.toggle("lost", !!d && d.loss > 0);
    if (!found) {
      note.hidden = true;
      return;
    }
    note.hidden = false;
    const who = this.seatName(found.seat);
    const last = found.players;
    if (!d) {
      const mine = this.step > 0 && this.data.frames[this.step].by && this.data.frames[this.step].by.seat === found.seat;
      note.textContent = mine
        ? t("Move {k} was {name}'s only possible move.", { k: this.step, name: who })
        : t("Move {k} is not {name}'s: step to one of {name}'s moves to see what it cost.", { k: this.step, name: who });
      return;
    }
    const played = this.describe(d.played);
    note.replaceChildren(
      el("strong", null, `${t("Move {k}, {name}'s decision:", { k: d.number, name: who })} `),
      d.loss > 0
        ? t("{played}, expected place {place} of {last}. The best move found, {best}, {best_place} of {last}: {lost} lost.", {
            played,
            place: num(d.place_played, 1),
            last,
            best: this.describe(d.best),
            best_place: num(d.place_best, 1),
            lost: places(d.loss),
          })
        : t("{played}, expected place {place} of {last}, the best move found (or as good).", { played, place: num(d.place_played, 1), last }),
    );
  }

  setBusy(on) {
    if (this.bar) this.bar.classList.toggle("busy", on);
  }

  failed(message) {
    const e = $("rb-error");
    e.textContent = message;
    e.hidden = false;
    $("rb-count").textContent = t("No replay");
    this.onStatus("closed", message);
  }

  async copyLink() {
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      toast(t("Link copied: it opens this move, seen from this seat."));
    } catch {
      toast(t("Copy this link: {link}", { link }));
    }
  }
}
