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
//   handName: "Hand" | "Round" | "Game"  what the rules call one deal
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
import { api, gameName, getGames, getMe, levelLabel, levelWord, prefs } from "./api.js";
import { actionElements, Hints, plainAction } from "./hint.js";
import { applies } from "./games/terms.js";
import { named } from "./named.js";
import { PuzzleSource, puzzling } from "./puzzle.js";
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

let explainOn = prefs.get("explain", "0") === "1";
let game = null; // the game's module
let latest = null;
let shown = null;
let pending = null; // the action sent and not yet answered
const queue = [];
let pumping = false;
let endShownFor = null;
let clockToldAt = null; // the frame whose clock's choice the toast tells, while it is up
// What the module keeps between renders (a selection, a chosen source...), reset each decision.
const select = { key: null, data: {} };

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
      if (held && document.activeElement === document.body) focusLost = held;
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
    explainOn
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
    picked = null;
    lastTap = null;
  }
  return {
    frame,
    prev,
    view: v,
    me,
    names: names(frame),
    // The game's facts (GET /api/games): its prompts, by the page's situation.
    facts: facts.find((g) => g.slug === frame.table.game) || {},
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
  if (restoring) {
    // A selection being restored after a reload (keepSelection) would have played: it is not.
    restoring.sent = action;
    return false;
  }
  if (tapping && !tapping.again && !pending) {
    // A first tap on a hand card selects it, previews it, and waits for a second (issue 27, 2).
    choose(tapping.card, action);
    return false;
  }
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

// --- touch: a first tap selects, a second plays (issue 27, 2) --------------------------------------
// On a touch screen a tap on a hand card that would play it at once (a module that plays on a
// click, as Lame Duck and Wildcat Chicane do) first selects it: the card is marked, its preview
// shows (the module's, as a hover or the focus shows it on a desktop), and a Play button says
// what a second tap on it, or the button, does. A tap anywhere else cancels. A module that
// selects first itself (King of the Quackers, Down the Drain, Ladders, Lame Duck's Confirm)
// sends on the second tap on the same card, which goes through: nothing changes for it.
let picked = null; // {card, action}: the hand card a first tap chose, and what playing it sends
let lastTap = null; // the hand card of the last tap, while the same decision is open
let tapping = null; // the tap being dispatched now: {card, again}
let restoring = null; // a kept selection being clicked again: {sent}
let restored = false; // whether the kept selection was looked at (nothing is kept before that)

/** What a first tap selects under an event's target: a hand card (its data-card), or a control
 * a module marks with data-tap-first="<the action it sends>" (Lame Duck's TAKE buttons and
 * their rows, s35-6); its key (the card, or "tap:" and the action), or null. */
function tapKey(target) {
  const node = target instanceof Element ? target.closest("[data-card], [data-tap-first]") : null;
  if (!node) return null;
  if (node.hasAttribute("data-tap-first")) return `tap:${node.dataset.tapFirst}`;
  return $("hand").contains(node) ? node.dataset.card : null;
}

/** The control a key stands for, drawn now (a button first, where a row carries it too). */
function tapNode(key) {
  if (!key.startsWith("tap:")) return $("hand").querySelector(`[data-card="${CSS.escape(key)}"]`);
  const sel = `[data-tap-first="${CSS.escape(key.slice(4))}"]`;
  return document.querySelector(`#game button${sel}`) || document.querySelector(`#game ${sel}`);
}

document.addEventListener(
  "click",
  (ev) => {
    // Only a finger or a pen: a mouse, or Enter on a focused card, plays at once as before.
    if (ev.pointerType !== "touch" && ev.pointerType !== "pen") return;
    if (ev.target instanceof Element && ev.target.closest("#pick-play")) return;
    const card = tapKey(ev.target);
    tapping = card != null ? { card, again: lastTap === card } : null;
    lastTap = card;
    // Over once the tap's own handlers have run (they run before any timer).
    setTimeout(() => (tapping = null));
    if (picked && picked.card !== card) unpick();
  },
  true,
);

function choose(card, action) {
  picked = { card, action };
  if (shown && shown.view) render(shown);
  previewPick();
}

/** The module's preview of the card a first tap chose (after the tap, and after a reload that
 * brings the choice back: the trial's finding 12). */
function previewPick() {
  const node = picked && tapNode(picked.card);
  // The focus shows the module's preview of the card, as it does for a keyboard. A module that
  // kept the focus on the card while drawing it saw it before it was marked picked: it is told
  // of the focus again.
  if (!node) return;
  if (document.activeElement !== node) node.focus({ preventScroll: true });
  else node.dispatchEvent(new FocusEvent("focus"));
}

function unpick() {
  picked = null;
  if (shown && shown.view) render(shown);
}

/** The card a first tap chose is drawn as selected, with the Play button under the status. */
function markPick(ctx) {
  const button = $("pick-play");
  if (picked && (ctx.pending || !ctx.legal.includes(picked.action))) picked = null;
  const node = picked && tapNode(picked.card);
  button.hidden = !node;
  if (!node) return;
  node.classList.add("selected", "picked");
  node.setAttribute("aria-pressed", "true");
  const said = labelOf(ctx.frame, picked.action);
  const words = said ? said.label : plainAction(picked.action);
  button.textContent = words.charAt(0).toUpperCase() + words.slice(1);
  button.title = t("Or tap it again; a tap anywhere else chooses again");
}

$("pick-play").addEventListener("click", () => {
  if (!picked) return;
  const { card, action } = picked;
  const node = tapNode(card);
  picked = null;
  // As a second tap on it: the module's own handler sends, as it does for a click (Lame Duck
  // notes the card as sent by this page, else it says it was "chosen in another window").
  if (node && !node.disabled) {
    tapping = { card, again: true };
    try {
      node.click();
    } finally {
      tapping = null;
    }
  }
  if (!pending) send(action);
});

// --- a selection comes back after a reload (issue 27, 4) ----------------------------------------
// What is selected in the hand and not yet played (Lame Duck's Confirm, King of the Quackers'
// cards, a first tap) is kept in the tab for this table and seat, with the decision it was made
// in; after a reload the same decision finds it selected again.
const pickKey = (frame) => `pondside.pick.${tableId}.${mySeat(frame)}`;
/** How a selected hand control is found again: its first identifying attribute and value. */
const IDS = ["data-key", "data-card", "data-focus"];

function keepSelection(ctx) {
  if (replaying || ctx.me == null || restoring || !restored) return;
  const marks = [];
  for (const node of ctx.hand.querySelectorAll("[aria-pressed='true']")) {
    if (node.classList.contains("picked")) continue;
    const attr = IDS.find((a) => node.hasAttribute(a));
    if (attr) marks.push([attr, node.getAttribute(attr)]);
  }
  const kept = { key: select.key, marks, picked: picked && !ctx.pending ? picked : null };
  try {
    if (!marks.length && !kept.picked) sessionStorage.removeItem(pickKey(ctx.frame));
    else sessionStorage.setItem(pickKey(ctx.frame), JSON.stringify(kept));
  } catch {
    // Storage refused: a selection lasts as long as the page.
  }
}

function restoreSelection(frame) {
  restored = true;
  if (replaying || mySeat(frame) == null || frame.view.over) return;
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(pickKey(frame)) || "null");
  } catch {
    kept = null;
  }
  if (!kept || kept.key !== select.key || !Array.isArray(kept.marks)) return;
  // Each control is clicked again, as the player did; a click that would send an action is
  // refused (restoring), and that card becomes the frame's own selection instead.
  restoring = { sent: null };
  let instead = null;
  try {
    for (const [attr, value] of kept.marks) {
      if (!IDS.includes(attr) || typeof value !== "string") continue;
      const node = $("hand").querySelector(`[${attr}="${CSS.escape(value)}"]`);
      if (!node || node.disabled || node.getAttribute("aria-pressed") === "true") continue;
      restoring.sent = null;
      node.click();
      if (restoring.sent && attr === "data-card") instead = { card: value, action: restoring.sent };
    }
  } finally {
    restoring = null;
  }
  const again = instead || kept.picked;
  if (again && typeof again.card === "string" && frame.legal.includes(again.action)) picked = again;
  render(shown);
  previewPick();
}

// --- names: whole words, never cut (issue 27, 10) -------------------------------------------------
// A player's name in the bar and in a game's card area wraps between its words (the CSS); a
// word wider than its box is drawn smaller until it fits, never broken inside or cut with an
// ellipsis, and the whole name stays in its title.
const NAME_BOXES = ".player-name, .slot-name, .dd-spot-name, .dd-group-who, .wc-spot-name, .wc-last-name";
const SMALLEST_NAME_PX = 8;
let fitting = 0;
function fitNames() {
  fitting = 0;
  for (const node of document.querySelectorAll(NAME_BOXES)) {
    // The name itself, without a "(you)" tag.
    if (!node.title) node.title = (node.firstChild && node.firstChild.nodeValue) || node.textContent.trim();
    node.style.fontSize = "";
    node.style.overflowWrap = "";
    if (!node.clientWidth) continue; // not on the screen
    let size = parseFloat(getComputedStyle(node).fontSize);
    while (size > SMALLEST_NAME_PX && node.scrollWidth > node.clientWidth + 0.5) {
      size -= 0.5;
      node.style.fontSize = `${size}px`;
    }
    // A word too long even then (a name of one long word, 20 letters in a card's width): it
    // is broken rather than cut, the title says it whole.
    if (node.scrollWidth > node.clientWidth + 0.5) node.style.overflowWrap = "anywhere";
  }
}
function fitNamesSoon() {
  if (!fitting) fitting = requestAnimationFrame(fitNames);
}
// Whatever draws a name (the bar, a module's card area, its animations): fitted before the
// next paint.
new MutationObserver(fitNamesSoon).observe($("game"), { childList: true, subtree: true });
window.addEventListener("resize", fitNamesSoon);

// --- focus: never lost to the page (issue 27, 7) ----------------------------------------------
const PLAY_AREAS = ["hand", "actions", "board"];
// Where a focus that lost its control goes, in this order: a card, then another control. Never a
// link (King of the Quackers' legend holds the rules link: a Play sent the focus there, 1).
const NEXT_CONTROLS = [":is(button, [tabindex])[data-card]:not([disabled]):not([aria-disabled='true'])", "button:not([disabled]), [tabindex='0'], select:not([disabled])"];

let focusLost = null; // a focus lost while an action was on its way, to hand on after its answer

/** The focused control of the play areas, before a drawing may replace it (or the one lost
 * while the last action was on its way). */
function focusBefore() {
  const node = document.activeElement;
  // On the page: the control lost while an action was on its way (or during an animation).
  if (node === document.body) return focusLost;
  // On an area that holds it while nothing there can take it (an action on its way, the others'
  // turn): the control lost, else the area, which hands it on to a control once one is drawn.
  const parked = PLAY_AREAS.find((id) => $(id) === node && node.dataset.parked);
  if (parked) return focusLost || { node, area: parked, parked: true };
  if (PLAY_AREAS.some((id) => $(id) === node)) return focusLost;
  const area = PLAY_AREAS.find((id) => $(id).contains(node));
  if (!area) return null;
  return { node, area, card: node.dataset.card, action: node.dataset.action };
}

/** After a drawing: a focused control that was replaced (a played card, a redrawn button)
 * hands the focus to its new self, else to the first control of its area, then of the hand
 * and the actions, else to the hand itself, so a keyboard player goes on from where they were. */
function keepFocus(before, pending) {
  focusLost = null;
  if (!before || (!before.parked && document.contains(before.node))) return;
  // The module put the focus somewhere itself (Ladders: on the pile just played to).
  const at = document.activeElement;
  if (at && at !== document.body && !PLAY_AREAS.some((id) => $(id) === at)) return;
  if (before.parked && pending) return park(before.node);
  if (pending) {
    // The controls wait for the action's answer: the module may give the focus back once it
    // is drawn (Ladders does); it is handed on then if not. Meanwhile the focus waits on the
    // area itself, never on the page.
    focusLost = before;
    park($(before.area));
    return;
  }
  const same = (sel) => document.querySelector(`#${before.area} ${sel}`);
  let next = null;
  // The same card as a control (a card drawn as a picture, a passed card say, takes no focus).
  if (before.card != null) next = same(`:is(button, [tabindex])[data-card="${CSS.escape(before.card)}"]:not([disabled])`);
  if (!next && before.action != null) next = same(`[data-action="${CSS.escape(before.action)}"]:not([disabled])`);
  for (const sel of NEXT_CONTROLS) for (const id of [before.area, "hand", "actions"]) next = next || $(id).querySelector(sel);
  if (!next) {
    // Nothing to do here now (the others' turn): the hand holds the focus until it has.
    park(before.parked ? before.node : $("hand"));
    return;
  }
  for (const id of PLAY_AREAS) delete $(id).dataset.parked;
  next.focus({ preventScroll: true });
  if (document.activeElement !== next) park(before.parked ? before.node : $("hand"));
}

// Escape closes any dialog (the browser does, for a modal one), and the focus goes back where it
// was (1): the browser returns it to the control focused before the dialog opened, but a drawing
// meanwhile may have replaced that control (the end dialog opens by itself, over a hand redrawn
// since): then it goes to the same card or action redrawn, else to the next control of the play
// areas, else to the Result button, never to the page.
let focusOutside = null; // the control focused last outside the dialogs, as focusBefore sees one
document.addEventListener("focusin", (ev) => {
  const node = ev.target;
  if (!(node instanceof Element) || node.closest("dialog")) return;
  const area = PLAY_AREAS.find((id) => $(id).contains(node) && $(id) !== node);
  focusOutside = { node, area, card: node.dataset?.card, action: node.dataset?.action };
});
for (const d of document.querySelectorAll("dialog")) {
  d.addEventListener("close", () => {
    const at = document.activeElement;
    if (document.querySelector("dialog[open]") || (at && at !== document.body && !at.closest("dialog"))) return;
    const before = focusOutside;
    if (before && document.contains(before.node) && !before.node.disabled && !before.node.hidden) {
      before.node.focus({ preventScroll: true });
    } else if (before && before.area && shown && shown.view) {
      keepFocus(before, pending);
    } else if (!$("result-btn").hidden) {
      $("result-btn").focus({ preventScroll: true });
    } else if (shown && shown.view) {
      keepFocus({ node: null, area: "hand" }, pending);
    }
  });
}

/** Whether the focus is nowhere: on the page itself, or on a control just hidden (the
 * browser hands such a focus to the page only at its next layout, after this drawing: the
 * waiting room's Start, the phone's Play button). */
function focusOnPage() {
  const at = document.activeElement;
  return !at || at === document.body || !at.getClientRects().length;
}

/** After a drawing, a focus still on the page (a new page: the match just started, a first
 * turn; a control that went away: the phone's Play button once it played, the waiting room's
 * Start) goes to the status, which says what to do next, before the hand: the next Tab reaches
 * the cards (the second trial's finding 5). Not the first card: on a phone its focus would show
 * a preview nobody asked for. A focus lost while an action is on its way is handed on by
 * keepFocus after the answer. */
function settleFocus() {
  if (!focusOnPage() || focusLost || document.querySelector("dialog[open]")) return;
  const status = $("status");
  status.tabIndex = -1;
  status.focus({ preventScroll: true });
}

/** The focus waits on a play area (never on the page) until a control is drawn there. */
function park(box) {
  box.tabIndex = -1;
  box.dataset.parked = "1";
  box.focus({ preventScroll: true });
  // Moved away by the player (a click, Tab): no longer waiting.
  box.addEventListener("blur", () => delete box.dataset.parked, { once: true });
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
  const hand = game.handName || t("Hand");
  $("info-round").textContent = own.round ?? (v.over ? t("Finished") : `${hand} ${v.hand_number}`);
  $("info-turn").textContent = own.turn ?? (game.turnInfo ? game.turnInfo(v) : "");
  $("info-badge").hidden = !own.badge;
  if (own.badge) {
    $("info-badge").textContent = own.badge.text;
    $("info-badge").title = own.badge.title || "";
  }
  alerts.title(t("{game} · {hand} {n} · Pondside", { game: gameWords, hand, n: v.hand_number }));
}

/** Each seat's place: the outcome's at the end, else the server's standing (Game.standing). */
function places(frame) {
  if (frame.outcome) return frame.outcome.places;
  return frame.standing && frame.standing.length ? frame.standing : frame.view.totals.map(() => 1);
}

let facts = []; // every game's facts (GET /api/games), once loaded
/** The line under the scores, what wins: the game's first score note for this table's options. */
function whatWins(frame) {
  const g = facts.find((x) => x.slug === frame.table.game);
  const note = ((g && g.score_notes) || []).find((n) => applies(n, frame.table.options));
  return note ? note.note : "";
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


// --- explanations ----------------------------------------------------------------------------------
/** The frame's narration (the server's sentences for its step, to this receiver) as lines:
 * {text, event, group}, each line's heading given by the module (game.group) from the view
 * before the step (after it, for a retelling) and the event the line tells. */
function narration(frame, prev) {
  const lines = frame.narration || [];
  const at = frame.narration_events || [];
  const events = frame.events && frame.events.length ? frame.events : frame.view.last_events || [];
  const before = prev && prev.view && frame.reason === "action" ? prev.view : frame.view;
  return lines.map((text, i) => {
    const event = at[i] ?? events.length - 1;
    // Its cards read by name (the terminal reads the same sentence with their codes).
    return { text: named(text, frame.card_words), event, group: game.group ? game.group(before, events[event] || {}) : null };
  });
}

// The explanations of this table are kept in the tab (sessionStorage), so that a reload comes
// back to them: each line with its heading, and the last frame they tell.
const kept = { lines: [], seq: null };
const keepKey = () => `pondside.explain.${tableId}${replaying ? ".replay" : ""}`;
function remember(frame) {
  kept.seq = frame.seq;
  try {
    sessionStorage.setItem(keepKey(), JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, full): the explanations last as long as the page.
  }
}
/** Draw the explanations kept for this table; returns the frame they go up to, or null. */
function restore(frame) {
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(keepKey()) || "null");
  } catch {
    saved = null;
  }
  // A replay goes back and forth: only a live table's explanations come back.
  if (!saved || !Array.isArray(saved.lines) || replaying || saved.seq > frame.seq) return null;
  for (const line of saved.lines.slice(-200)) if (line && typeof line.text === "string") addExplanation(line);
  return saved.seq;
}

let group = null; // the list of the newest group's lines, and its heading
let groupName = null;
function addExplanation({ text, group: heading }) {
  kept.lines.push({ text, group: heading ?? null });
  if (kept.lines.length > 200) kept.lines.shift();
  const list = $("explain-list");
  const placeholder = list.querySelector(".explain-empty");
  if (placeholder) placeholder.remove();
  // In the order things happened, the newest last (each turn's lines under its name where the
  // game groups them), and the panel kept scrolled to it: one order for every game, read down
  // like the story it is, opening on the latest (issue 27, the phone trial, 4).
  const follow = atEnd();
  if (heading == null) {
    list.append(el("li", "explain-line", text));
    while (list.children.length > 200) list.firstChild.remove();
  } else {
    if (heading !== groupName || !group) {
      groupName = heading;
      const li = el("li", "explain-group");
      li.append(el("h3", null, heading));
      group = el("ul");
      li.append(group);
      list.append(li);
      while (list.children.length > 12) list.firstChild.remove();
    }
    group.append(el("li", "explain-line", text));
  }
  if (follow) toLatest();
}

/** While nothing has been told yet the box says what it will hold, whenever it is opened: at the
 * page's load with the explanations on, at a new match, after a reload, in every game (issue 27,
 * 4: an empty "What just happened" box at every match's start). The sentence is the catalog's,
 * a list item a screen reader reaches, and it goes with the first line told. */
function sayWhatComes() {
  const list = $("explain-list");
  if (!list.children.length) list.append(el("li", "explain-empty muted", t("Sentences about each play will appear here.")));
}

/** Whether the explanations panel shows its last line (a reader who scrolled up to an older
 * turn is left there; a new line scrolls the panel only for one who was reading the latest). */
function atEnd() {
  const box = $("explain");
  return box.hidden || box.scrollTop + box.clientHeight >= box.scrollHeight - 24;
}
function toLatest() {
  const box = $("explain");
  box.scrollTop = box.scrollHeight;
}
// The box shrinks when the hint opens beside it (the trial, 8): a reader of the latest lines
// keeps them in sight, as a new line would keep them.
let readingLatest = true;
$("explain").addEventListener("scroll", () => (readingLatest = atEnd()), { passive: true });
new ResizeObserver(() => {
  if (readingLatest) toLatest();
}).observe($("explain"));

/** Said to a screen reader whatever the explanations setting (a live region of its own):
 * reveals, placements, takes, turn changes, the clock's choices. */
function announce(lines) {
  if (!lines.length) return;
  const box = $("announce");
  // Appended, then trimmed: a region whose text is replaced at once may be read only in part.
  box.append(el("p", null, lines.join(" ")));
  while (box.children.length > 3) box.firstChild.remove();
}

let captionTimer = null;
function caption(text) {
  const c = $("caption");
  if (!explainOn) return;
  c.textContent = text;
  c.hidden = false;
  clearTimeout(captionTimer);
  if (!game.captionStays) captionTimer = setTimeout(() => (c.hidden = true), 6000);
}

// --- the score table and the end ----------------------------------------------------------------------
function renderScores(frame) {
  const v = frame.view;
  const n = names(frame);
  const order = seatOrder(frame);
  const me = mySeat(frame);
  const table = el("table", "scores");
  const hand = game.handName || t("Hand");
  const unit = scoreUnit(frame, 2);
  const caption = frame.table.lower_is_better
    ? t("{unit} per {hand} and in total; fewer are better", { unit, hand })
    : t("{unit} per {hand} and in total; more are better", { unit, hand });
  table.append(el("caption", "sr-only", caption));
  const hr = el("tr");
  hr.append(el("th", null, hand));
  for (const s of order) hr.append(el("th", s === me ? "mine" : null, n[s]));
  const thead = el("thead");
  thead.append(hr);
  const tbody = el("tbody");
  const rows = game.scoreRows ? game.scoreRows(v) : v.hand_scores.map((row, i) => ({ label: `${hand} ${i + 1}`, cells: row }));
  for (const row of rows) {
    const tr = el("tr", row.note ? "in-play" : null);
    const th = el("th", null, row.label);
    if (row.note) th.append(el("small", null, row.note));
    tr.append(th);
    for (const s of order) tr.append(el("td", null, String(row.cells[s])));
    tbody.append(tr);
  }
  const pl = places(frame);
  const tfoot = el("tfoot");
  const tt = el("tr");
  tt.append(el("th", null, t("Total")));
  for (const s of order) tt.append(el("td", `total ${placeClass(pl[s], pl)}`, String(v.totals[s])));
  const tp = el("tr");
  tp.append(el("th", null, t("Place")));
  for (const s of order) tp.append(el("td", `place ${placeClass(pl[s], pl)}`, ordinal(pl[s])));
  tfoot.append(tt, tp);
  table.append(thead, tbody, tfoot);
  const note = el("p", "muted small", whatWins(frame));
  $("score-table").replaceChildren(table, note);
}

function openScores() {
  if (!shown || !shown.view) {
    toast(t("The scores appear once the match has started."));
    return;
  }
  renderScores(shown);
  $("score-title").textContent = shown.view.over ? t("Final score") : t("Current score");
  const d = $("score-dialog");
  if (!d.open) d.showModal();
  tick();
}

/** What a score counts, in the game's words (its facts' `score_unit`, said in the page's
 * language by the server): one and many. */
function unitWords(frame) {
  const g = facts.find((x) => x.slug === frame.table.game);
  return (g && g.score_unit) || [t("point"), t("points")];
}

/** What a score counts for `n`. */
function scoreUnit(frame, n) {
  const [one, many] = unitWords(frame);
  return Number(n) === 1 ? one : many;
}

function showEnd(frame) {
  const v = frame.view;
  const n = names(frame);
  const me = mySeat(frame);
  const pl = places(frame);
  const scores = frame.outcome ? frame.outcome.scores : v.totals;
  const list = $("end-places");
  list.replaceChildren();
  const order = [...Array(v.players).keys()].sort((a, b) => pl[a] - pl[b] || a - b);
  for (const s of order) {
    const li = el("li", `end-place ${placeClass(pl[s], pl)}`);
    if (s === me) li.classList.add("mine");
    li.append(el("span", "end-rank", ordinal(pl[s])), el("span", "end-name", n[s] + (s === me ? ` ${t("(you)")}` : "")));
    const score = el("span", "end-ducks");
    score.append(game.endScore ? game.endScore(v, s, frame.outcome) : String(scores[s]));
    // A score drawn as a number alone (a picture beside it at most) gets the game's unit,
    // in the game's words (GET /api/games: "12 ducks").
    const scored = el("span", "end-score");
    scored.append(score);
    if (!/[a-z]/i.test(score.textContent)) scored.append(el("span", "end-unit", scoreUnit(frame, scores[s])));
    li.append(scored);
    list.append(li);
  }
  const mine = me != null ? pl[me] : null;
  const shared = mine === 1 && pl.filter((p) => p === 1).length > 1;
  $("end-title").textContent = shared
    ? t("You share first place!")
    : mine === 1
      ? game.winTitle || t("You win!")
      : mine != null
        ? t("You finish {place}", { place: ordinal(mine) })
        : t("The match is over");
  againLabel(frame);
  endLinks(frame);
  if (frame.table.tutorial && !replaying) tutorialDone(frame);
  const d = $("end-dialog");
  if (endShownFor !== frame.table.id) {
    endShownFor = frame.table.id;
    if ($("score-dialog").open) $("score-dialog").close();
    if (!d.open) d.showModal();
  }
}

/** The end of a tutorial: it says so, what it taught and what next, with the links there (the
 * sentences are the server's: the game's tutorial script, GET /api/tutorials). */
async function tutorialDone(frame) {
  $("end-title").textContent = t("Tutorial done: you have played {game}!", { game: gameName(frame.table) });
  $("again-btn").hidden = true;
  $("real-table-link").href = `/?game=${encodeURIComponent(frame.table.game)}`;
  $("real-table-link").hidden = $("learn-link").hidden = false;
  try {
    const { tutorials } = await api("/api/tutorials");
    const mine = tutorials.find((x) => x.game === frame.table.game);
    if (mine) $("end-note").textContent = [mine.done, mine.next].filter(Boolean).join(" ");
  } catch {
    // The links say what next.
  }
}

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

// --- tools --------------------------------------------------------------------------------------------
function applyTools() {
  sayWhatComes();
  $("explain-btn").setAttribute("aria-pressed", String(explainOn));
  $("explain").hidden = !explainOn;
  // Lines added while the panel was hidden: show the newest, not the oldest.
  if (explainOn) toLatest();
  document.body.classList.toggle("explaining", explainOn);
  if (!explainOn) $("caption").hidden = true;
}
$("explain-btn").addEventListener("click", () => {
  explainOn = !explainOn;
  prefs.set("explain", explainOn ? "1" : "0");
  applyTools();
  // Under the table (a narrow window), the panel just opened is brought into sight.
  const box = $("explain").getBoundingClientRect();
  if (explainOn && (box.top > innerHeight || box.bottom < 0)) $("explain").scrollIntoView({ block: "nearest" });
});
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
  applyTools();
  try {
    const [me, games] = await Promise.all([getMe(), getGames()]);
    facts = games.games;
    room.myName = me.name;
    room.levels = games.levels;
  } catch (e) {
    toast(e.message, "error");
  }
  room.socket.connect();
}

init();
