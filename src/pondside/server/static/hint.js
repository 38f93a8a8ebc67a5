// The Hint button of a seated player's table, for every game (game.js uses it). On the
// player's turn it sends {"op": "hint"}; the server answers this page alone with the casual
// bot's choice, its reason, and a short search's expected place of the best few actions. The
// answer names the sequence number it was worked out at: one that arrives after
// the table moved on is dropped, as it is about a position that no longer exists.
//
// The suggested action is marked on the table where the page can find it: a control carrying
// the action (data-action), or, for "play X", the hand's card X (data-card). Where neither
// exists (a game whose controls combine several cards), the panel naming it is the hint.
import { $, el, mySeat, room } from "./room.js";
import { named } from "./named.js";
import { num, t, tn } from "./i18n.js";
import { replaying } from "./replay.js";

/** An action in the player's words when the page has none better: "play 7C" → "Play 7C". */
export function plainAction(action) {
  return action.charAt(0).toUpperCase() + action.slice(1);
}

/** The elements that stand for `action` on the table (compared as data, never as selectors). */
export function actionElements(action) {
  const found = [...document.querySelectorAll("#game [data-action]")].filter((e) => e.dataset.action === action);
  const play = /^play (\S+)$/.exec(action);
  if (play) found.push(...[...document.querySelectorAll("#hand [data-card]")].filter((e) => e.dataset.card === play[1]));
  return found;
}

/** Whether the page is used by touch (no pointer that hovers): a phone, a tablet. */
const touchScreen = () => matchMedia("(hover: none)").matches;

function sentence(text) {
  const said = String(text).trim();
  if (!said) return "";
  const s = said.charAt(0).toUpperCase() + said.slice(1);
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}

export class Hints {
  /**
   * `describe(action, frame)`: the action in words; `marks(action)`: the elements to mark;
   * `send(action)`: takes an action for the player (a tutorial's coach offers to).
   */
  constructor({ describe = plainAction, marks = actionElements, send = null } = {}) {
    this.describe = describe;
    this.marks = marks;
    this.send = send;
    this.frame = null; // the frame drawn last
    this.asked = null; // the seq a hint was asked at, until its answer (or error) comes
    this.hint = null; // the hint shown
    this.coached = null; // the position a tutorial's coach was last asked about
    this.busy = false; // the player's action is on its way: the position is being left
    this.newest = -1; // the newest frame received, drawn or still waiting behind an animation
    this.button = $("hint-btn");
    this.panel = $("hint-panel");
    this.body = $("hint-body");
    this.foot = $("hint-foot"); // the coach's "Play it for me", below the lesson that scrolls
    // A lesson longer than a phone's coach scrolls within it, with no scrollbar to show: its
    // lower edge fades while there is more below (its "Why:" line went unseen: the fourth
    // trial, on the third's 3).
    this.body.addEventListener("scroll", () => this.moreBelow(), { passive: true });
    new ResizeObserver(() => this.moreBelow()).observe(this.body);
    this.button.addEventListener("click", () => this.ask());
    $("hint-close").addEventListener("click", () => this.clear(true));
    document.addEventListener("keydown", (ev) => {
      if (ev.key !== "h" && ev.key !== "H") return;
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      const target = ev.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
      if (document.querySelector("dialog[open]")) return;
      if (this.button.hidden || this.button.disabled) return;
      ev.preventDefault();
      this.ask();
    });
  }

  /** After each drawing: the button's state, a hint outlived by the position dropped, the
   * marks put back on the controls the page has just redrawn. `busy`: an action is on its way. */
  update(frame, busy = this.busy) {
    this.frame = frame;
    this.busy = busy;
    const v = frame && frame.view;
    const me = mySeat(frame);
    const seated = !replaying && me != null && v && !v.over;
    this.button.hidden = !seated;
    const myTurn = seated && frame.legal.length > 0 && !busy;
    this.button.disabled = !myTurn || this.asked != null;
    this.button.setAttribute("aria-busy", String(this.asked != null));
    // With a clock running the tip says what a hint costs (the page's own title said it, and
    // was overwritten here: issue 27, 1).
    const timed = myTurn && frame.clock && frame.clock.left && frame.clock.left[me] != null;
    this.button.title =
      this.asked != null
        ? t("Thinking about a hint…")
        : timed
          ? t("Hint: what would a good player do here? (H) About a second of thinking; your clock keeps running.")
          : myTurn
            ? t("Hint: what would a good player do here? (H)")
            : t("A hint is for your turn");
    if (!seated) {
      this.clear();
    } else if (this.hint && frame.seq > this.hint.seq) {
      this.clear(); // the position it was about is gone
    } else if (this.asked != null && frame.seq > this.asked) {
      this.open(false); // its answer will be dropped when it comes
    }
    this.mark();
    // A tutorial's coach speaks at every decision unasked (the server answers at once): once
    // per position, and not again after an error.
    if (myTurn && frame.table.tutorial && this.asked == null && !this.hint && this.coached !== frame.seq) {
      this.coached = frame.seq;
      this.ask();
    }
  }

  ask() {
    const f = this.frame;
    if (!f || this.asked != null || mySeat(f) == null || !f.legal.length) return;
    if (!room.socket.send({ op: "hint" })) {
      this.showError(t("not connected: the page is reconnecting, try again in a moment"));
      return;
    }
    this.asked = f.seq;
    this.hint = null;
    this.mark();
    // A hint's search takes a moment of the player's own time when a clock runs: said while
    // it thinks (issue 27, 1: "say what a hint costs").
    const me = mySeat(f);
    const timed = f.clock && f.clock.left && f.clock.left[me] != null;
    this.body.replaceChildren(el("p", "hint-thinking", timed ? t("Thinking… (your clock keeps running)") : t("Thinking…")));
    this.foot.replaceChildren();
    this.open(true);
    this.panel.setAttribute("aria-busy", "true");
    this.update(f);
  }

  /** Whether the lesson has more below what its box shows (a phone's coach). */
  moreBelow() {
    const b = this.body;
    this.panel.classList.toggle("more-below", b.scrollHeight - b.scrollTop - b.clientHeight > 2);
  }

  /** A frame has come from the server (it is drawn later, after the animations before it). */
  seen(seq) {
    this.newest = Math.max(this.newest, seq);
  }

  /** The server's {"type": "hint"} answer. */
  received(msg) {
    this.asked = null;
    this.panel.removeAttribute("aria-busy");
    const f = this.frame;
    if (!f || typeof msg.seq !== "number" || msg.seq < Math.max(f.seq, this.newest) || this.busy || msg.seat !== mySeat(f)) {
      // Worked out for a position the table has left, or is leaving (a move of this player's
      // is on its way, or a newer frame waits behind an animation): not shown.
      this.clear();
      if (f) this.update(f);
      return;
    }
    this.hint = msg;
    this.show(msg);
    this.update(f);
  }

  /** An error frame that answers a hint (its `about` says so): said in the panel. */
  refused(frame) {
    this.asked = null;
    this.panel.removeAttribute("aria-busy");
    this.showError(frame.message);
    if (this.frame) this.update(this.frame);
  }

  showError(message) {
    this.hint = null;
    this.mark();
    // The server's message goes on the sentence as it is: "No hint this time: a hint is for…".
    const said = String(message).trim().replace(/([^.!?…])$/, "$1.");
    this.body.replaceChildren(el("p", "hint-error", t("No hint this time: {reason}", { reason: said })));
    this.foot.replaceChildren();
    this.open(true);
  }

  show(h) {
    const f = this.frame;
    const players = f.table.players;
    const main = el("p", "hint-main");
    main.append(`${h.coach ? t("Try this:") : t("Suggested:")} `, el("strong", "hint-action", this.describe(h.action, f)));
    const out = [main];
    // A tutorial's coach first teaches the kind of decision the player meets for the first
    // time (the game's tutorial script), then says what to play and why.
    if (h.coach && h.lesson) out.unshift(el("p", "hint-lesson", h.lesson));
    if (h.why) out.push(el("p", h.coach ? "hint-why coach-why" : "hint-why", h.coach ? t("Why: {reason}", { reason: sentence(named(h.why, h.card_words)) }) : sentence(named(h.why, h.card_words))));
    // Where the suggestion and the estimates' best differ, the server says why (never a
    // headline that its own list contradicts), at once under the headline: below the list it
    // fell out of sight (issue 27, 1: the German hint at 1366×768).
    if (h.note) out.push(el("p", "hint-note hint-why-not", named(h.note, h.card_words)));
    // In the server's order: the search's survivors first (judged on every game), then the
    // actions it dropped early (on fewer games, so a rougher place that may read better): the
    // heading says so, not "best first" (issue 27, 1).
    const shown = (h.estimates || []).filter((e) => typeof e.place === "number");
    if (shown.length) {
      out.push(
        el(
          "p",
          "hint-note",
          tn(
            "Expected place (1 is first, {last} is last) from {n} quick simulated game, the moves tried in the most games first:",
            "Expected place (1 is first, {last} is last) from {n} quick simulated games, the moves tried in the most games first:",
            h.samples,
            { last: players },
          ),
        ),
      );
      const list = el("ol", "hint-list");
      for (const e of shown) {
        const mine = e.action === h.action;
        const li = el("li", mine ? "suggested" : null);
        li.dataset.hintAction = e.action; // not data-action: that marks the table's controls
        const words = this.describe(e.action, f);
        const place = t("expected place {place} of {last}", { place: num(e.place, 1), last: players });
        const fewer = typeof e.samples === "number" && e.samples < h.samples ? ` ${tn("(from {n} game)", "(from {n} games)", e.samples)}` : "";
        li.append(el("span", "hint-est-action", words), el("span", "hint-est-place", `${place}${fewer}`));
        li.title = mine ? t("The suggested move") : "";
        if (mine) li.setAttribute("aria-label", t("{move}, the suggested move: {place}", { move: words, place }));
        list.append(li);
      }
      out.push(list);
    }
    this.body.replaceChildren(...out);
    // How to follow the coach: under the lesson, never over it (a phone's panel scrolls the
    // lesson alone, so no line is half hidden under the button: the third trial, 3).
    this.foot.replaceChildren(...(h.coach ? [this.coachDoes(h)] : []));
    this.open(true);
    // After the next frame is drawn, not by forcing a layout before it: one forced here (or in
    // that frame's animation callbacks) clamped the explanations' scroll before their box's
    // own resize observer kept its latest line in sight (test_browser_trial36, finding 8).
    requestAnimationFrame(() => setTimeout(() => this.moreBelow()));
    this.mark();
    if (h.coach) this.inView(h);
  }

  /** The coach has spoken: what it names on the table (a hand card, a column's TAKE) is
   * brought into sight if it is not, between the coach's panel (which stays at the window's
   * top on a phone: style.css) and the hand's dock; the panel opens at its start (the second
   * trial, 1: on a phone the coach spoke below the fold, and the column it named scrolled off). */
  inView(h) {
    this.panel.scrollTop = 0;
    const named = this.marks(h.action).find((e) => e.getClientRects().length);
    if (named) named.scrollIntoView({ block: "nearest" });
  }

  /** How to follow the coach: the control it marks, or (a move of several controls, or one
   * the player cannot find) the coach plays it for them. */
  coachDoes(h) {
    const box = el("div", "coach-do");
    const marked = this.marks(h.action).length > 0;
    // A finger taps: a touch screen is told so (the second trial, 1).
    const follow = touchScreen()
      ? t("It is marked on the table: tap it, or let me play it for you.")
      : t("It is marked on the table: click it, or let me play it for you.");
    box.append(el("p", "hint-note", marked ? follow : t("Make this move on the table, or let me play it for you.")));
    const button = el("button", "btn hint-do", t("Play it for me"));
    button.type = "button";
    button.addEventListener("click", () => {
      if (this.send && this.hint === h) this.send(h.action);
    });
    box.append(button);
    return box;
  }

  clear(closed = false) {
    this.hint = null;
    this.open(false);
    if (closed) this.panel.removeAttribute("aria-busy");
    this.mark();
  }

  /** Show or hide the panel; the page's side column is shown while it is (body.hinting). */
  open(on) {
    this.panel.hidden = !on;
    const coach = !!(this.frame && this.frame.table.tutorial);
    $("hint-title").textContent = coach ? t("Your coach") : t("Hint");
    document.body.classList.toggle("hinting", on);
    document.body.classList.toggle("coaching", on && coach);
  }

  /** Mark the suggested action's controls (redrawn by every render: marked again each time). */
  mark() {
    for (const e of document.querySelectorAll(".hint-mark")) e.classList.remove("hint-mark");
    if (!this.hint || this.panel.hidden) return;
    for (const e of this.marks(this.hint.action)) e.classList.add("hint-mark");
  }
}
