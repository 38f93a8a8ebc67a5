// Down the Drain's table (rules/down-the-drain.md, DD-1..DD-11), inside the shared frame of
// game.js. The board shows the card in front of each player, the groups those cards make
// (strongest first, as the view gives them), the stack and the discard pile; the hand marks
// what each of its cards would do. A card is played in two steps, so that a player sees what
// it does before it is done: pick it (the table says whom it joins and whom it beats), then
// play it (the Play button, or the same card again). Everything comes from the view and the
// server: what a card would do is its label (`effect` in words, `shows` for the preview),
// the sentences about each step are the frame's narration: no play's effect is worked out here.
import { t } from "../i18n.js";
import { el } from "../room.js";
import { drawCard, legend, renderBoard, word } from "./down-the-drain-board.js";
import { said } from "./terms.js";

/** The card this page's player picked, if it is still one to play now. */
function selected(ctx) {
  const c = ctx.select.card;
  return c != null && ctx.legal.includes(`play ${c}`) ? c : null;
}

/** The server's preview of playing `card` now: `{card, joins, beats, value}` (seats), or null. */
function shows(ctx, card) {
  return (card != null && ctx.label(`play ${card}`)?.shows) || null;
}

// --- the animation: the play, the cards beaten, the group pushed through ----------------------------

/** A view between `prev` and the frame's: `front` changed, and these events as the last;
 * the groups of the `flushing` seats are marked as going down the drain. */
function between(prev, front, events, flushing = [], base = prev.groups) {
  // The groups are the server's (before the play, or after it): the page never regroups cards.
  const groups = base.map((g) => ({ ...g, flushing: g.seats.every((s) => flushing.includes(s)) }));
  return { ...prev, front, groups, last_events: events, animating: true };
}

async function animate(ctx) {
  const prev = ctx.prev && ctx.prev.view;
  const events = ctx.frame.events || [];
  const play = events.find((e) => e.type === "play");
  if (!prev || !play) return;
  const quiet = { ...ctx, legal: [], pending: null, select: {} };
  const show = (front, evs, mark, flushing = [], base = prev.groups) => {
    renderBoard({ ...quiet, view: between(prev, front, evs, flushing, base) }, null);
    for (const [seat, cls] of mark) ctx.board.querySelector(`.dd-spot[data-seat="${seat}"] .ddc`)?.classList.add(cls);
  };
  // The card lands in front of its player; the groups it beats shake, then go down the drain.
  const front = prev.front.map((f, s) => (s === play.seat ? play.card : f));
  const beaten = events.find((e) => e.type === "beaten");
  show(front, [play, ...(beaten ? [beaten] : [])], [[play.seat, "landed"], ...(beaten ? beaten.seats.map((s) => [s, "flushing"]) : [])], beaten ? beaten.seats : []);
  await ctx.wait(beaten ? 900 : 500);
  const after = front.map((f, s) => (beaten && beaten.seats.includes(s) ? null : f));
  // Gone from the spots, gone from the list to beat: the board never shows a card twice.
  if (beaten) show(after, [play, beaten], [], [], ctx.view.groups);
  // The next player's group goes through before the turn begins (DD-4a).
  const push = events.find((e) => e.type === "push");
  if (push) {
    show(after, [push], push.seats.map((s) => [s, "pushing"]), [], ctx.view.groups);
    await ctx.wait(800);
  }
  const end = events.find((e) => e.type === "game_end");
  if (end && ctx.view.hand_number !== prev.hand_number) {
    // The banner is the narrator's line for the game's end (the frame tells it).
    const k = events.indexOf(end);
    const lines = ctx.frame.narration || [];
    const text = lines.find((_, i) => (ctx.frame.narration_events || [])[i] === k) || "";
    show(after.map((f, s) => (push && push.seats.includes(s) ? null : f)), [], []);
    const banner = el("div", "dd-banner", text);
    ctx.board.querySelector(".dd-board")?.append(banner);
    await ctx.wait(1800);
  }
}

// --- the hand and the choice -------------------------------------------------------------------------

/** A card's tag: what the server says it would do, in the few words a tag has room for. */
function tag(fx) {
  if (fx.beats.length && fx.joins.length) return [word("tag both"), "both"];
  if (fx.beats.length) return [word("tag beats"), "beats"];
  if (fx.joins.length) return [word("tag joins"), "joins"];
  return ["", "none"];
}

/** The label's words for playing `card`: "play 7 → joins Ann: worth 14; beats Bob". */
function words(ctx, card) {
  const l = ctx.label(`play ${card}`);
  return l ? `${l.label} ${l.effect}`.trim() : t("play {number}", { number: card });
}

function renderHand(ctx, choice) {
  const { view, me } = ctx;
  const hand = view.hand || [];
  const mine = me != null && ctx.legal.length > 0;
  // A card that had the keyboard's focus keeps it through a redraw (a player coming or going).
  const active = document.activeElement;
  const had = active && active.classList.contains("dd-hand-card") && ctx.hand.contains(active) ? active.dataset.i : null;
  const box = el("div", `dd-hand${mine ? " active" : ""}`);
  hand.forEach((c, i) => {
    const b = el("button", "dd-hand-card");
    b.type = "button";
    b.dataset.card = String(c);
    b.dataset.i = String(i);
    const card = drawCard(c);
    b.append(card);
    let label = `${c}`;
    if (mine) {
      const fx = shows(ctx, c);
      const [text, kind] = fx ? tag(fx) : ["", "none"];
      b.classList.add(`fx-${kind}`);
      const tagged = el("span", "dd-tag", text);
      if (!text) tagged.classList.add("blank");
      b.append(tagged);
      // The play's words name the card ("play 2 → worth 2"): one name, not "2: play 2 …".
      label = words(ctx, c);
    }
    if (choice === c && Number(ctx.select.i) === i) {
      b.classList.add("selected");
      b.setAttribute("aria-pressed", "true");
    } else if (mine) {
      b.setAttribute("aria-pressed", "false");
    }
    if (ctx.pending && ctx.pending === `play ${c}` && Number(ctx.select.i) === i) b.classList.add("chosen");
    b.setAttribute("aria-label", label);
    b.disabled = !mine || !!ctx.pending;
    b.addEventListener("click", () => {
      if (!mine || ctx.pending) return;
      if (choice === c && Number(ctx.select.i) === i) {
        ctx.send(`play ${c}`);
        return;
      }
      ctx.select.card = c;
      ctx.select.i = i;
      ctx.select.focus = i;
      ctx.rerender();
    });
    b.addEventListener("keydown", (ev) => moveFocus(ev, box));
    box.append(b);
  });
  const wrap = el("div", "dd-hand-wrap");
  if (!hand.length && me != null) wrap.append(el("p", "dd-none", t("No cards in hand.")));
  wrap.append(box);
  wrap.append(legend());
  ctx.hand.replaceChildren(wrap);
  ctx.hand.closest(".hand-wrap")?.toggleAttribute("hidden", me == null);
  // Keep the keyboard where it was: a re-render replaces the buttons. Someone playing with
  // the keyboard finds the focus on the hand again when the next turn comes.
  let focus = ctx.select.focus ?? had;
  if (focus == null && mine && keyboard.on && !ctx.select.seen && document.activeElement === document.body) focus = 0;
  if (mine) ctx.select.seen = true;
  if (focus != null) {
    const f = box.querySelector(`[data-i="${focus}"]`);
    if (f && !f.disabled) f.focus();
    ctx.select.focus = null;
  }
}

// Whether the player last used the keyboard (rather than a pointer) on this page.
const keyboard = { on: false };
document.addEventListener("keydown", (ev) => {
  if (["Enter", " ", "Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) keyboard.on = true;
});
document.addEventListener("pointerdown", () => (keyboard.on = false));

/** Arrow keys move along the hand; Enter and Space are the buttons' own. */
function moveFocus(ev, box) {
  const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[ev.key];
  if (!step) return;
  const cards = [...box.querySelectorAll(".dd-hand-card:not(:disabled)")];
  const i = cards.indexOf(ev.currentTarget);
  const next = cards[(i + step + cards.length) % cards.length];
  if (next) {
    ev.preventDefault();
    next.focus();
  }
}

function renderActions(ctx, choice) {
  const { me } = ctx;
  const out = [];
  if (me != null && ctx.legal.length) {
    if (choice != null) {
      const text = el("p", "dd-choice", words(ctx, choice));
      text.id = "dd-choice";
      const play = el("button", "btn primary dd-play", t("Play {number}", { number: choice }));
      play.type = "button";
      play.disabled = !!ctx.pending;
      play.setAttribute("aria-describedby", "dd-choice");
      play.addEventListener("click", () => ctx.send(`play ${choice}`));
      const cancel = el("button", "btn dd-cancel", t("Cancel"));
      cancel.type = "button";
      cancel.disabled = !!ctx.pending;
      cancel.addEventListener("click", () => {
        const i = ctx.select.i;
        ctx.select.card = null;
        ctx.select.i = null;
        ctx.select.focus = i;
        ctx.rerender();
      });
      out.push(text, play, cancel);
    } else {
      // The whole rule in two sentences, for whoever has not read it (a phone keeps the last).
      const hint = el("p", "dd-choice dd-hint");
      // The game's words (its prompts, GET /api/games).
      const rule = (ctx.facts.prompts || {}).rule || "";
      hint.append(el("span", "dd-rule", rule ? `${rule} ` : ""), t("Pick a card to see what it does."));
      out.push(hint);
    }
  }
  // The player's row keeps one height whatever it holds (the rule's sentences, or a selected
  // card's sentence with Play and Cancel): a selection moves nothing (s35-3).
  ctx.actions.classList.toggle("dd-steady", me != null && !ctx.view.over);
  ctx.actions.replaceChildren(...out);
}

// --- the module -----------------------------------------------------------------------------------------

export default {
  stylesheet: true,

  render(ctx) {
    const choice = selected(ctx);
    const preview = shows(ctx, choice);
    renderBoard(ctx, preview);
    renderHand(ctx, choice);
    renderActions(ctx, choice);
  },

  status(ctx) {
    // The server's words (the frame's captions): whose turn, or how many cards beat a group.
    if (ctx.pending) return said(ctx, "status sent", ctx.pending.replace("play ", ""));
    const c = ctx.legal.length ? selected(ctx) : null;
    return c != null ? said(ctx, "status picked", c) : said(ctx);
  },

  animate,

  seatInfo(view, seat, ctx) {
    // A fragment: its pieces become items of the frame's player-info row.
    const out = document.createDocumentFragment();
    // Held: the hand and the card in front together, what DD-9 ranks by (the spot on the
    // board says how many are in the hand).
    // With a card in front the bar says both counts, so that its number agrees with the
    // spot's "in hand" (issue 27: "6 cards held" beside "5 in hand" read as a miscount).
    // The counts in the server's words (its captions).
    const said = ctx.frame.captions || {};
    const held = el("span", "dd-info-held", said[`held ${seat}`] || "");
    held.title = said[`held where ${seat}`] || "";
    out.append(held);
    if (said[`wins ${seat}`]) {
      const wins = el("span", "dd-info-wins", said[`wins ${seat}`]);
      wins.title = said[`wins words ${seat}`] || "";
      out.append(wins);
    }
    return out;
  },

  info(view, frame) {
    // The frame shows the series and the game already: only the turn is new, in the server's
    // words (its captions).
    return { turn: (frame && frame.captions && frame.captions["turn info"]) || "" };
  },

  scoreRows(view) {
    // The game's words (its prompts), filled with the view's numbers.
    const say = (key, n) => word(key, { n });
    const rows = view.hand_scores.map((cells, i) => ({
      label: say("score row", i + 1),
      cells: cells.map((c, s) => (view.winners[i].includes(s) ? say("score won", c) : String(c))),
    }));
    if (!view.over) rows.push({ label: say("score row in play", view.hand_number), cells: view.held.map((h) => say("score held", h)) });
    // What the places go by is the score note's (the server's words).
    if (view.options.games > 1) rows.push({ label: say("score wins"), cells: view.wins.map(String) });
    return rows;
  },

  drawCard(code) {
    return drawCard(code);
  },
};
