// The table page of every game. This frame does what is the same in every game: the socket,
// the seats before the start, the players' bar with scores and place colours, the clock, the
// explanations (the server's narration), the score table and the end; the game's own module
// (static/games/<slug>.js, else the generic board of games/generic.js) draws the board and the
// hand and sends the player's actions.
//
// A game module's default export:
//   render(ctx)                       draw ctx.frame into ctx.board, ctx.hand, ctx.actions
//   status(ctx) -> string             the status line, in the server's words (the frame's captions
//                                     by the page's situation: games/terms.js `said`)
//   (the sentences are the server's: each frame's `narration`, told by this frame; a module
//   writes none of its own)
//   group(view, event) -> string | null  (optional) the heading a line of the narration goes
//                                     under ("Round 1, turn 3"), from the view before the step
//                                     (the view after, on a reload) and the event the line tells;
//                                     the newest group first
//   seatInfo(view, seat, ctx) -> Node | string | null   (optional) under a player's name
//   animate(ctx) -> Promise           (optional) shows ctx.prev turning into ctx.frame; it may
//                                     tell the narration as it shows each event (ctx.tell(k):
//                                     the lines of events 0..k); the frame tells the rest after
//   animates(frame) -> bool           (optional) whether the frame has anything to show moving
//                                     (default: yes); a page behind by more such frames than one
//                                     catches up without the animations
//   setup(page)                       (optional) once, before the first drawing: build what lasts
//                                     (page: { board, hand, actions, addTool(button, beforeId),
//                                     rerender() })
//   notice(prev, frame, me)           (optional) tell this seat of a decision it did not make
//                                     here (the clock's), before the animation; default: a toast
//                                     after it when the clock played
//   info(view, frame) -> {match, round, turn, badge: {text, title}}  (optional) the top bar's items
//   playersAside: true                (optional) the players' bar beside the table on wide screens
//   seatScore(view, seat) -> Node | string  (optional) a seat's total as drawn in the bar
//   unit: [one, many]                  (optional) what the totals count (default: points)
//   winTitle, tableWord               (optional) "You win!" and "table" in the end dialog
//   howtoFigure() -> Node             (optional) drawn above the how-to-play text
//   captionStays: true                (optional) the last line's caption (narrow screens) stays
//                                     until the next one, in the flow, instead of fading
//   scoreRows(view) -> [{label, cells, note}] (optional) the score table's rows (default:
//                                     hand_scores); a row with a note ("in play") is shown as such
//   (the places are the server's: each frame's `standing`, the outcome's at the end)
//   endScore(view, seat, outcome) -> Node | string  (optional) a seat's score on the end screen
//   (the line under the score table, what wins, is the game's score note: GET /api/games)
//   stylesheet: true                  (optional) loads static/games/<slug>.css
//   drawCard(code) -> Element         (optional) one card, for the rules pages' examples
//   describeAction(action, view) -> string  (optional) an action in words, for the hint panel
//                                     (default: the server's label of the action)
//   hintMarks(action) -> [Element]    (optional) the control to use first for a move that no
//                                     control carries yet (data-action, a hand card's data-card):
//                                     the hint marks it (Ladders: the card to pick)
// What the frame does around any module (issue 27): on a touch screen a first tap on a hand card
// (an element with data-card in ctx.hand) that would send an action selects it instead, and a
// second tap or the frame's Play button sends it (so does a control marked data-tap-first="<its
// action>", as Lame Duck's TAKE buttons); what the hand marks aria-pressed="true" (with a
// data-key, data-card or data-focus) is selected again after a reload; .player-name and
// .slot-name are fitted whole (wrapped between words, a long word drawn smaller).
// ctx: { frame, prev, view, me, names, legal, pending, send(action), select, board, hand,
//        actions, clock, el, toast, wait(ms), speed(), rerender(),
//        label(action) -> {label, effect} | null   the server's label of a legal action,
//        why(card) -> string | null                the rule a hand card breaks if played now
//        ask(action) -> Promise<{reason, label} | null>  any action judged by the server's
//                                                  engine (a combination being chosen)
//      } (+ tell(k) in animate)
import { Alerts } from "./alerts.js";
import { locale, t, tn } from "./i18n.js";
import { api, gameName, getGames, getMe, levelWord, prefs } from "./api.js";
import { actionElements, Hints, plainAction } from "./hint.js";
import { named } from "./named.js";
import { PuzzleSource, puzzling } from "./puzzle.js";
import { ReplaySource, replaying } from "./replay.js";
import {
  $,
  backdropCloses,
  bindAgain,
  bindWaiting,
  Clock,
  connectionStatus,
  el,
  mySeat,
  names,
  openFrames,
  ordinal,
  placeClass,
  plural,
  renderWaiting,
  room,
  seatOrder,
  tableId,
  toast,
  toastError,
  toastOnceRead,
} from "./room.js";
import { addExplanation, announce, applyExplaining, caption, explaining, narration, remember, restore } from "./explain.js";
import { fitNamesUnder } from "./fitnames.js";
import { focusBefore, focusOnPage, holdFocus, keepFocus, settleFocus, watchDialogs } from "./focus.js";
import { forgetPick, intercepted, keepSelection, markPick, picking, restoreSelection } from "./picks.js";
import { gameFacts, handName, openScores, places, renderScores, scoring, showEnd, unitWords } from "./scores.js";

const params = new URLSearchParams(location.search);
function speed() {
  const n = Number(params.get("speed") ?? prefs.get("speed", "1"));
  return Number.isFinite(n) && n >= 0 ? n : 1;
}
const wait = (ms) => {
  const s = speed();
  if (s === 0 || document.hidden) return Promise.resolve();
  return new Promise((r) => setTimeout(r, ms / s));
};

let game = null; // the game's module
let latest = null;
let shown = null;
let pending = null; // the action sent and not yet answered
const queue = [];
let pumping = false;
let clockToldAt = null; // the frame whose clock's choice the toast tells, while it is up
// What the module keeps between renders (a selection, a chosen source...), reset each decision.
const select = { key: null, data: {} };
// What the page's parts (picks.js, scores.js, focus.js, fitnames.js) draw with.
Object.assign(picking, {
  select,
  redraw: () => shown && shown.view && render(shown),
  pending: () => pending,
  send,
  label: labelOf,
});
scoring.shown = () => shown;
watchDialogs(() => ({ shown, pending }));
fitNamesUnder($("game"));

// --- the socket -------------------------------------------------------------------------------
const handlers = {
  onFrame(frame) {
    if (frame.reason === "welcome") {
      document.body.dataset.welcomes = String(Number(document.body.dataset.welcomes || 0) + 1);
    }
    latest = frame;
    hints.seen(frame.seq);
    alerts.frame(frame, mySeat(frame)); // at once, before any animation of the frames before it
    queue.push(frame);
    pump();
  },
  onError(frame) {
    if (frame.about === "hint") {
      hints.refused(frame);
      return;
    }
    pending = null;
    toastError(frame);
    if (shown && shown.view) render(shown);
  },
  onHint: (answer) => hints.received(answer),
  onStatus: connectionStatus,
  describe: (action) => describeAction(action, shown),
};
/** An action in words: the game module's (describeAction), else the server's label of it, else
 * its notation. */
function describeAction(action, frame) {
  if (game && game.describeAction && frame) return game.describeAction(action, frame.view) || plainAction(action);
  const label = frame && labelOf(frame, action);
  return label ? `${label.label} ${label.effect}`.trim() : plainAction(action);
}
/** The server's label of a legal action in a frame ({action, label, effect}), or null; its
 * cards read by name (named.js), as everything on the page reads them. */
function labelOf(frame, action) {
  const found = ((frame.labels && frame.labels.actions) || []).find((a) => a.action === action);
  if (!found) return null;
  return { ...found, label: named(found.label, frame.card_words), effect: named(found.effect, frame.card_words) };
}
/** The server's sentence why a hand card cannot be played now, or null (it can, or no card is
 * played at this step). */
function whyNot(frame, card) {
  const u = ((frame.labels && frame.labels.unplayable) || []).find((x) => String(x.card) === String(card));
  return u ? named(u.reason, frame.card_words) : null;
}
/** The server's answer about an action (api.js ask), its cards read by name. */
function namedAnswer(answer) {
  if (!answer) return answer;
  const words = answer.card_words;
  const label = answer.label && { ...answer.label, label: named(answer.label.label, words), effect: named(answer.label.effect, words) };
  return { reason: named(answer.reason, words), label };
}
// The Hint button: the suggestion is marked where a control carries the action (data-action)
// or the hand's card (data-card).
// A move of several controls (Ladders' card, then its pile) is marked by the module's hintMarks
// until a control carries the action itself.
const hintMarks = (action) => {
  const found = actionElements(action);
  return found.length || !game || !game.hintMarks ? found : game.hintMarks(action);
};
// A move the hint or the coach plays ("Play it for me") is this page's own: the game's module
// is told, as when its own controls send one (Lame Duck says "chosen in another window" of a
// move of its seat it did not see sent).
const hints = new Hints({
  describe: describeAction,
  marks: hintMarks,
  send: (action) => {
    const view = shown && shown.view;
    const ok = send(action);
    if (ok && view && game && game.sentFromPage) game.sentFromPage(view, action);
    return ok;
  },
});
// The turn alerts (the tab's title and icon, a sound, a notification): for a seat being played.
const alerts = new Alerts({ active: !replaying && !puzzling });
// On /replay/<id> the frames come from the stored match instead of the table's socket; on
// /puzzle/<id> from the puzzle, whose action is an answer.
const source = replaying
  ? new ReplaySource(tableId, handlers)
  : puzzling
    ? new PuzzleSource(tableId, handlers)
    : null;
openFrames(handlers, source);

async function loadGame(slug) {
  if (game) return;
  try {
    game = (await import(`/static/games/${slug}.js`)).default;
  } catch (err) {
    // A game with no module of its own yet (a new game, docs/adding-a-game.md): the generic
    // board, drawn from the view and the server's labels, plays it until its author draws one.
    console.info(`no module for ${slug}: the generic board draws it`, err);
    game = (await import("/static/games/generic.js")).default;
  }
  explaining.module = scoring.module = game;
  document.body.classList.add(`g-${slug}`);
  document.body.classList.toggle("players-aside", !!game.playersAside);
  if (game.playersAside) $("side-col").prepend($("players"));
  if (game.tableWord) $("end-close").textContent = t("Look at the {table}", { table: game.tableWord });
  if (game.stylesheet) {
    // Loaded before the first drawing, so the table never shows unstyled.
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `/static/games/${slug}.css`;
    const loaded = new Promise((resolve) => {
      link.onload = resolve;
      link.onerror = resolve;
    });
    document.head.append(link);
    await loaded;
  }
  if (game.setup) game.setup(page);
  loadHowto(slug);
}

/** What a module's setup may use to build what lasts (see the top of this file). */
const page = {
  board: $("board"),
  hand: $("hand"),
  actions: $("actions"),
  addTool(button, beforeId = "score-btn") {
    $("tools").insertBefore(button, $(beforeId));
  },
  rerender: () => shown && shown.view && render(shown),
};

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (queue.length) {
      const frame = queue.shift();
      try {
        await loadGame(frame.table.game);
        // Behind by more than one frame with something to show: catch up without the animations.
        const behind = queue.filter((f) => !game.animates || game.animates(f)).length;
        await show(frame, behind === 0);
      } catch (err) {
        console.error(err);
        shown = frame;
        try {
          render(frame);
        } catch (e) {
          console.error(e);
        }
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
    // Arrived from the lobby's "Open the table" (a new page): the focus starts at the waiting
    // room's heading, not the page (the second trial's finding 5).
    if (focusOnPage()) $("waiting-title").focus({ preventScroll: true });
    return;
  }
  if (prev && !prev.view) {
    // The match starts under the waiting room's Start button, which a long list of seats (ten,
    // on a phone) put below the fold: the table is shown from its top, not scrolled down past
    // the pond's first columns (the second trial, finding 4).
    window.scrollTo(0, 0);
  }
  $("waiting").hidden = true;
  $("game").hidden = false;
  document.body.classList.remove("before-start");
  const me = mySeat(frame);
  const said = narration(frame, prev);
  if (frame.by && frame.by.how === "timeout" && frame.reason === "action") {
    // The clock's choice is said where the step is told, first (issue 27, 8), whatever the
    // explanations setting: the list keeps it for when they are opened.
    const who =
      frame.by.seat === me
        ? t("Your time ran out: the clock chose for you.")
        : t("{name}'s time ran out: the clock chose for them.", { name: names(frame)[frame.by.seat] });
    said.unshift({ text: who, event: -1, group: said.length ? said[0].group : null, clock: true });
  }
  let animated = false;
  if (frame.reason === "action" && prev && prev.view && !frame.gap && frame.events.length) {
    // Told once it has been shown, so the sentences never run ahead of the board: by the
    // module's animation as it shows each event, and the rest after it.
    let told = 0;
    const tell = (upTo) => {
      const now = [];
      for (; told < said.length && said[told].event <= upTo; told++) {
        addExplanation(said[told]);
        caption(said[told].text);
        now.push(said[told].text);
      }
      announce(now);
    };
    if (game.notice) game.notice(prev, frame, me);
    if (animate && game.animate && speed() > 0 && !document.hidden) {
      // An animation may take away the focused card (the clock played it): the drawing after
      // it hands the focus on, as for an action of this page (1).
      const held = focusBefore();
      const ctx = context(frame, prev);
      // What is shown moving happens on the board: a board scrolled up past its top (a phone,
      // a long card area of ten players) is brought down to it, so the pond's columns are in
      // sight while the cards are revealed and placed (the second trial, finding 4).
      if ($("board").getBoundingClientRect().top < 0) $("board").scrollIntoView({ block: "start" });
      else if (game.revealBelow && matchMedia("(max-width: 600px)").matches) {
        // On a phone, a board whose lower part (Lame Duck's card area of ten players, where the
        // cards are revealed) is under the hand's dock is brought up as far as its top allows
        // (the third trial, 2): the whole board in sight when it fits.
        // Not under the coach either, which stays at the window's top in a tutorial.
        const coach = $("hint-panel");
        const sticky = coach && !coach.hidden && getComputedStyle(coach).position === "sticky";
        const top = sticky ? Math.max(0, coach.getBoundingClientRect().bottom) : 0;
        const board = $("board").getBoundingClientRect();
        const under = board.bottom - $("act-dock").getBoundingClientRect().top;
        if (under > 1 && board.top > top) window.scrollBy(0, Math.min(under, board.top - top));
      }
      // The status tells the step being shown from the animation's start: never the frame
      // before beside the play being drawn ("Waiting for Bot 4" by Bot 4's card: the trial, 10).
      // Nor "Your turn" before the hand takes a click (the third trial, 1): while a decision of
      // this seat waits behind the animation, the status names the move being shown.
      $("status").textContent = frame.view.over
        ? t("The match is over.")
        : frame.legal.length
          ? showing(frame, me)
          : game.status({ ...ctx, pending: null });
      await game.animate({ ...ctx, tell });
      animated = true;
      if (held && document.activeElement === document.body) holdFocus(held);
    }
    tell(Infinity);
    if (!game.notice) noticeTimeout(frame);
    if (frame.by && frame.by.how === "timeout" && !$("toast").hidden && $("toast").classList.contains("warn")) clockToldAt = frame.seq;
    remember(frame);
  } else if (!prev || !prev.view) {
    // First sight of the match (a connection, a reload): the explanations kept for this table
    // in this tab, then the last step as the server retells it, if it is newer than those.
    const kept = restore(frame);
    if (kept == null || kept < frame.seq) {
      for (const line of said) addExplanation(line);
      remember(frame);
    }
  }
  shown = frame;
  pending = null;
  render(frame);
  if (!prev || !prev.view) restoreSelection(frame);
  // The clock's choice is told while the steps after it are drawn, and goes when this seat's
  // next decision is, once it has been up long enough to read (2 s): its toast stands in the
  // status's place, which the next decision needs while its clock runs (the third trial,
  // finding 5). The clock's own frame that opens the next decision (Lame Duck) counts only
  // after its animation.
  if (clockToldAt != null && frame.legal.length && (frame.seq > clockToldAt || animated)) {
    toastOnceRead("warn");
    clockToldAt = null;
  }
}

/** The status while a step is drawn that ends in a decision of this seat: whose move it is. */
function showing(frame, me) {
  const seat = frame.by ? frame.by.seat : null;
  if (seat == null) return t("Showing the last move…");
  if (seat === me) return t("Showing your move…");
  return t("Showing {name}'s move…", { name: names(frame)[seat] });
}

/** A decision of this seat that the clock made. */
function noticeTimeout(frame) {
  const me = mySeat(frame);
  if (me == null || replaying || !frame.by || frame.by.seat !== me || frame.by.how !== "timeout") return;
  toast(
    explaining.on
      ? t("Your time ran out: the clock chose for you (what it chose is under What just happened).")
      : t("Your time ran out: the clock chose for you."),
    "warn",
  );
}

// --- the context a module draws with -------------------------------------------------------------
function context(frame, prev = null) {
  const v = frame.view;
  const me = mySeat(frame);
  // A module's selection lasts while the same decision is open.
  const key = `${frame.table.id}|${v.hand_number}|${frame.legal.join("|")}`;
  if (select.key !== key) {
    select.key = key;
    select.data = {};
    forgetPick();
  }
  return {
    frame,
    prev,
    view: v,
    me,
    names: names(frame),
    // The game's facts (GET /api/games): its prompts, by the page's situation.
    facts: gameFacts(frame),
    legal: frame.legal,
    pending,
    select: select.data,
    board: $("board"),
    hand: $("hand"),
    actions: $("actions"),
    clock: clock.node,
    el,
    toast,
    wait,
    speed,
    send,
    rerender: () => shown && shown.view && render(shown),
    label: (action) => labelOf(frame, action),
    why: (card) => whyNot(frame, card),
    ask: (action) => (replaying ? Promise.resolve(null) : room.socket.ask(action).then(namedAnswer)),
  };
}

function send(action) {
  if (intercepted(action, pending)) return false;
  if (pending) return false;
  if (!room.socket.act(action)) {
    toast(t("Not connected: reconnecting, try again in a moment."), "error");
    return false;
  }
  pending = action;
  alerts.acted();
  if (shown && shown.view) render(shown);
  return true;
}

// --- drawing ------------------------------------------------------------------------------------
function render(frame) {
  if (!frame.view) {
    renderWaiting(frame);
    return;
  }
  const ctx = context(frame);
  document.body.dataset.seq = String(frame.seq); // the frame drawn last (tests wait for it)
  renderInfo(frame);
  renderPlayers(frame, ctx);
  const focus = focusBefore();
  game.render(ctx);
  keepFocus(focus, ctx.pending);
  markPick(ctx);
  keepSelection(ctx);
  $("status").textContent = frame.view.over ? t("The match is over.") : game.status(ctx);
  $("result-btn").hidden = !frame.view.over;
  $("resign-btn").hidden = !canResign(frame);
  if (!canResign(frame) && $("resign-dialog").open) $("resign-dialog").close();
  if ($("score-dialog").open) renderScores(frame);
  if (frame.view.over) showEnd(frame);
  hints.update(frame, pending != null);
  clock.update(frame);
  settleFocus();
}

function renderInfo(frame) {
  const v = frame.view;
  const gameWords = gameName(frame.table);
  $("info-game").textContent = gameWords;
  const o = v.options || {};
  const own = game.info ? game.info(v, frame) : {};
  const match = o.rounds
    ? tn("{n} round", "{n} rounds", o.rounds)
    : o.games > 1
      ? t("series of {n}", { n: o.games })
      : o.target
        ? t("to {n}", { n: o.target })
        : "";
  $("info-match").textContent = own.match ?? match;
  const hand = handName(frame);
  $("info-round").textContent = own.round ?? (v.over ? t("Finished") : `${hand} ${v.hand_number}`);
  $("info-turn").textContent = own.turn ?? (game.turnInfo ? game.turnInfo(v) : "");
  $("info-badge").hidden = !own.badge;
  if (own.badge) {
    $("info-badge").textContent = own.badge.text;
    $("info-badge").title = own.badge.title || "";
  }
  alerts.title(t("{game} · {hand} {n} · Pondside", { game: gameWords, hand, n: v.hand_number }));
}

function renderPlayers(frame, ctx) {
  const v = frame.view;
  const box = $("players");
  const n = names(frame);
  const me = mySeat(frame);
  const pl = places(frame);
  const [one, many] = game.unit || unitWords(frame);
  box.replaceChildren();
  box.classList.toggle("many", v.players > 6);
  for (const s of seatOrder(frame)) {
    const seat = frame.table.seats[s];
    const chip = el("div", `player ${placeClass(pl[s], pl)}`);
    chip.dataset.seat = String(s);
    if (s === me) chip.classList.add("mine");
    if (v.to_act.includes(s) && !v.over) chip.classList.add("to-act");
    if (!seat.online) chip.classList.add("offline");
    const name = el("span", "player-name", n[s]);
    name.translate = false; // a person's name, in no catalog
    if (s === me) name.append(el("span", "you-tag", ` ${t("(you)")}`));
    // The whole name, whatever room the bar has for it (issue 27, 10).
    name.title = seat.bot ? `${n[s]} (${t("{level} bot", { level: levelWord(seat.bot) })})` : n[s];
    const score = el("span", "player-score");
    score.append(game.seatScore ? game.seatScore(v, s) : String(v.totals[s]));
    score.title = frame.table.lower_is_better ? t("{unit} (fewer is better)", { unit: many }) : many;
    const place = el("span", "player-place", ordinal(pl[s]));
    chip.append(name, score, place);
    const extra = game.seatInfo ? game.seatInfo(v, s, ctx) : null;
    if (extra != null) {
      const box2 = el("div", "player-info");
      box2.append(extra);
      chip.append(box2);
    }
    // A player gone (issue 28): the others see the grace period count down, then the bot
    // standing in for them until they are back.
    const gone = goneLine(seat, n[s]);
    if (gone) chip.append(gone);
    const who = s === me ? `${n[s]} ${t("(you)")}` : n[s];
    const said = [t("{name}: {score}, {place} place", { name: who, score: plural(v.totals[s], one, many), place: ordinal(pl[s]) })];
    if (chip.classList.contains("to-act")) said.push(t("to play"));
    if (gone) said.push(gone.textContent);
    chip.setAttribute("aria-label", said.join(", "));
    box.append(chip);
  }
}

function goneLine(seat, name) {
  if (seat.away) return el("div", "player-away", t("away: a {level} bot plays for {name}", { level: levelWord(seat.bot), name }));
  if (seat.grace_left == null) return null;
  const line = el("div", "player-away");
  line.dataset.until = String(Date.now() + seat.grace_left * 1000);
  tickGone(line);
  return line;
}

function tickGone(line) {
  const left = Math.max(0, Math.ceil((Number(line.dataset.until) - Date.now()) / 1000));
  line.textContent = tn("connection lost: a bot plays in {n} second", "connection lost: a bot plays in {n} seconds", left);
}
setInterval(() => document.querySelectorAll(".player-away[data-until]").forEach(tickGone), 1000);

const clock = new Clock();
$("clock-slot").append(clock.node);
// A dialog over the table (the scores, how to play, resigning) shows the clock that keeps
// running under it (issue 27, 11): the server's clock does not stop while a player thinks
// about resigning, so the dialog says how much time is left.
// Drawn only while its dialog is open: the page has one clock otherwise.
const dialogClocks = ["score", "help", "resign"].map((name) => {
  const c = new Clock();
  const dialog = $(`${name}-dialog`);
  dialog.addEventListener("close", () => c.node.remove());
  return { c, dialog, slot: $(`${name}-clock`) };
});
function tick() {
  clock.update(latest, latest !== shown);
  const running = !!(latest && latest.view && !latest.view.over && latest.clock && latest.clock.limit != null);
  for (const { c, dialog, slot } of dialogClocks) {
    slot.hidden = !running;
    if (!dialog.open) continue;
    if (!slot.contains(c.node)) slot.append(c.node);
    if (running) c.update(latest, latest !== shown);
  }
}
setInterval(tick, 250);


// --- how to play -----------------------------------------------------------------------------------
async function loadHowto(slug) {
  $("rules-link").href = `/rules/${slug}`;
  if (game.howtoFigure) $("howto").before(game.howtoFigure());
  try {
    const res = await fetch(`/api/rules/${slug}`, { headers: { "X-Pondside-Lang": locale } });
    if (!res.ok) throw new Error(res.statusText);
    const r = await res.json();
    $("help-title").textContent = t("How to play {game}", { game: r.title });
    // The server renders the how-to text it ships (never anything a client sent).
    $("howto").innerHTML = r.short_html;
  } catch {
    $("howto").replaceChildren(el("p", "muted", t("The how-to-play text could not be loaded: see the rules page.")));
  }
}

scoring.tick = tick;
$("score-btn").addEventListener("click", openScores);
$("help-btn").addEventListener("click", () => {
  $("help-dialog").showModal();
  tick();
});
$("result-btn").addEventListener("click", () => {
  if (shown && shown.view && shown.view.over) $("end-dialog").showModal();
});
$("end-scores").addEventListener("click", () => {
  $("end-dialog").close();
  openScores();
});
$("end-close").addEventListener("click", () => $("end-dialog").close());

// --- resigning (issue 27, 9) -----------------------------------------------------------------------
/** Whether this page's guest plays a seat of a match being played (not a replay). */
function canResign(frame) {
  return !replaying && frame && frame.view && !frame.view.over && frame.table.status === "playing" && mySeat(frame) != null;
}
$("resign-btn").addEventListener("click", () => {
  $("resign-error").textContent = "";
  $("resign-dialog").showModal();
  $("resign-no").focus(); // the safe answer first: Enter keeps the match
});
$("resign-no").addEventListener("click", () => $("resign-dialog").close());
$("resign-yes").addEventListener("click", async () => {
  const yes = $("resign-yes");
  yes.disabled = true;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/resign`, { method: "POST" });
    $("resign-dialog").close();
    toast(t("You resigned: a bot plays your seat to the end. You are watching now."));
    // The button is gone with the seat: the focus goes to the table's status, not the page.
    $("status").tabIndex = -1;
    $("status").focus({ preventScroll: true });
  } catch (e) {
    $("resign-error").textContent = e.message;
  } finally {
    yes.disabled = false;
  }
});
bindAgain(() => shown);
bindWaiting();
backdropCloses();

// The dock (the status, its messages, the hand) sticks to the window's bottom when the table is
// taller than the window (style.css). What a module draws under the hand's cards (a legend of
// the game's words, a note) may hang below the window: the dock's bottom is that far below it,
// so the cards themselves stay on the screen and no more of the table is covered than they need
// (issue 27, the phone trial, 1). Measured again whenever the dock changes size (a legend opened, a resize).
function dockCards() {
  const dock = $("act-dock");
  // The hand's cards are buttons in every game (a note's small cards, what was passed, are not).
  const cards = [...$("hand").querySelectorAll("button[data-card], button[data-key]")].filter((c) => c.getClientRects().length);
  const low = Math.max(...cards.map((c) => c.getBoundingClientRect().bottom));
  const below = cards.length ? Math.max(0, dock.getBoundingClientRect().bottom - low - 6) : 0;
  dock.style.bottom = `${-Math.round(below)}px`;
  // What is scrolled into sight outside the dock (a focused control, a lit pile) comes above
  // it, not under it: its height is the page's scroll padding, which elements inside the dock
  // cancel (style.css: a control in a sticky dock can never be scrolled above the dock itself;
  // asked to, the browser scrolls on and on).
  document.documentElement.style.setProperty("--dock-pad", `${Math.max(0, Math.round(dock.offsetHeight - below))}px`);
}
new ResizeObserver(dockCards).observe($("act-dock"));

// A phone's coach stays at the window's top (style.css): what is scrolled into sight comes
// under it, as it comes above the dock (the second trial, 1).
function coachPad() {
  const panel = $("hint-panel");
  const stays = !panel.hidden && getComputedStyle(panel).position === "sticky";
  document.documentElement.style.setProperty("--coach-pad", `${stays ? Math.round(panel.offsetHeight) : 0}px`);
}
new ResizeObserver(coachPad).observe($("hint-panel"));

async function init() {
  applyExplaining();
  try {
    const [me, games] = await Promise.all([getMe(), getGames()]);
    scoring.facts = games.games;
    room.myName = me.name;
    room.levels = games.levels;
    room.facts = games.games;
  } catch (e) {
    toast(e.message, "error");
  }
  room.socket.connect();
}

init();
