// Lame Duck's table (rules/lame-duck.md), inside the shared frame of game.js: the pond and the
// card area (drawn and animated by lame-duck-pond.js), the hand (lame-duck-hand.js) with its
// preview of where a card would go (lame-duck-preview.js), select-then-confirm, the TAKE
// buttons of a too-low card, and the words of the status line.
// An action's events are shown step by step (the reveal, then each card placed, lowest first)
// before the frame's own view is drawn, which is the truth. The server decides everything:
// what is legal (ctx.legal), where a card would go and what it takes (its label's `shows`),
// the places as each take is shown (the frame's `standings`), and every sentence about the
// game (the labels and the frame's narration).
import { getGames } from "../api.js";
import { cardEl, duckIcon, duckLegend, useCardFacts } from "../cards.js";
import { t } from "../i18n.js";
import { replaying } from "../replay.js";
import { fill, prompt, said } from "./terms.js";
import { el, toast } from "../room.js";
import { chooseTake, hand, handTools, legalCards, markSent, playCard, renderHand, wasSent } from "./lame-duck-hand.js";
import { animate, buildBoard, renderColumns, renderSlots, seatScore, slotsOf } from "./lame-duck-pond.js";
import { applyPreview, placingShown } from "./lame-duck-preview.js";

const $ = (id) => document.getElementById(id);
// The game's facts before any card is drawn (its faces print LD-2's ducks, served by the game)
// and its words (the how-to figure's caption): this module is ready only once they are in.
// The server says the terms in the page's language, and the page finds each by its name so.
const served = (await getGames()).games.find((g) => g.slug === "lame-duck");
useCardFacts(served);
const term = (name) => served?.terms.find((x) => x.term === name);
const PROMPTS = served?.prompts || {};
const DUCKS_PER_CARD = term(PROMPTS["term ducks per card"]);
const SIXTH = term(PROMPTS["term sixth card"]);

// --- what lasts: the pond, the card area, the hand's tools --------------------------------------
function setup(page) {
  const sixth = SIXTH ? `${SIXTH.term}: ${SIXTH.meaning}` : "";
  buildBoard(page.board, { drawn: () => applyPreview(hand.cur), take: chooseTake, sixth });
  const play = el("button", "btn primary");
  play.type = "button";
  play.id = "play-btn";
  play.hidden = true;
  play.addEventListener("click", () => hand.selected != null && playCard(hand.selected));
  const p = el("p", "preview");
  p.id = "preview";
  p.setAttribute("aria-live", "polite");
  page.actions.replaceChildren(play, p);
  handTools(page);
}

/** A decision of this seat this page did not send: the clock's (or another window's). */
function notice(prev, frame, me) {
  if (me == null || replaying) return; // a replay's plays were all made long ago
  const pv = prev.view;
  const timedOut = !!frame.by && frame.by.how === "timeout";
  for (const ev of frame.events) {
    let card = null;
    if (ev.type === "chose" && ev.seat === me) card = frame.view.my_choice;
    else if (ev.type === "reveal") card = (ev.cards.find(([s]) => s === me) || [])[1] ?? null;
    const playing = ev.type === "chose" ? ev.seat === me : ev.type === "reveal";
    if (playing && pv.my_choice == null && pv.awaiting_take == null && pv.to_act.includes(me) && !wasSent(pv, "play")) {
      markSent(pv, "play");
      // What the clock chose (LD-11): the game's words (its prompts).
      if (timedOut) toast(card ? fill(PROMPTS["timeout card"] || "", { card }) : PROMPTS.timeout || "", "warn");
      else toast(card ? t("Your card, {card}, was chosen in another window.", { card }) : t("Your card was chosen in another window."));
    }
    if (ev.type === "take" && ev.seat === me && ev.reason === "too low" && pv.awaiting_take === me && !wasSent(pv, "take")) {
      markSent(pv, "take");
      if (timedOut) toast(fill(PROMPTS["timeout take"] || "", { column: ev.column + 1 }), "warn");
      else toast(fill(PROMPTS["taken elsewhere"] || "", { column: ev.column + 1 }));
    }
  }
}

// --- drawing ---------------------------------------------------------------------------------
function render(ctx) {
  hand.cur = ctx;
  const v = ctx.view;
  const awaitingMe = v.awaiting_take != null && v.awaiting_take === ctx.me && ctx.legal.some((a) => a.startsWith("take"));
  const takes = v.columns.map((_, i) => ctx.label(`take ${i}`));
  renderColumns(v.columns, { costs: v.column_ducks, takes, takeMode: v.awaiting_take != null, canTake: awaitingMe, busy: !!ctx.pending });
  const order = v.awaiting_take != null ? v.revealed.map(([s]) => s) : [];
  renderSlots(ctx, v, slotsOf(v, ctx.me, ctx.pending), order, v.awaiting_take);
  renderHand(ctx);
  // Your card is too low: the focus goes from the hand (or the page) to the TAKE buttons, the
  // one thing to do now, so a keyboard player need not look for them.
  const at = document.activeElement;
  if (awaitingMe && !ctx.pending && (at === document.body || ctx.hand.contains(at) || at === ctx.hand)) {
    document.querySelector(".take-btn:not([disabled])")?.focus({ preventScroll: true });
  }
  const p = $("take-prompt");
  p.hidden = v.awaiting_take == null || v.over || (awaitingMe && !!ctx.pending);
  if (!p.hidden) {
    const low = v.revealed.find(([s]) => s === v.awaiting_take);
    const who = ctx.names[v.awaiting_take];
    p.classList.toggle("mine", awaitingMe);
    // The game's words (its prompts, LD-6).
    $("take-title").textContent = prompt(ctx, awaitingMe ? "too low" : "too low other", { card: low ? low[1] : "", who });
  }
  const play = $("play-btn");
  play.hidden = !(hand.confirmOn && hand.selected != null && legalCards(ctx).has(hand.selected) && !ctx.pending);
  if (!play.hidden) play.textContent = t("Play {card}", { card: hand.selected });
}

/** The frame's animation, with the hand and the status line of its time. */
async function show(ctx) {
  const kinds = ctx.frame.events.map((e) => e.type);
  if (kinds.some((k) => k !== "chose")) {
    // What the last frame asked ("Bot 3 is choosing a column") is over: say what is shown.
    $("take-prompt").hidden = true;
    $("status").textContent = prompt(ctx, "placing");
  }
  if (ctx.view.hand_number === ctx.prev.view.hand_number && kinds.includes("reveal")) {
    // The revealed card leaves the hand at once; the hand wakes up after the placements. The
    // status keeps saying the cards are placed (it went blank: the fourth trial, 4).
    renderHand(ctx, true);
  }
  const placing = kinds.includes("reveal") || kinds.includes("place");
  if (placing) placingShown(true, ctx);
  try {
    await animate(ctx);
  } finally {
    if (placing) placingShown(false, ctx);
  }
}

// --- words: the server's (the frame's captions, the game's prompts) ----------------------------------
function status(ctx) {
  const { view: v, pending } = ctx;
  if (pending && v.my_choice == null && v.awaiting_take == null) return said(ctx, "status sent", pending.slice(5));
  return said(ctx, hand.confirmOn ? "status confirm" : "status");
}

/** The heading of a line of the explanations: the round and turn of the event it tells. */
function group(view, ev) {
  const [round, turn] = ev.type === "deal" ? [ev.round, 1] : [view.hand_number, view.turn_number];
  return fill(PROMPTS.heading || "", { round, turn });
}

export default {
  stylesheet: true,
  // A move sent for this seat by the page itself (the coach's "Play it for me"): no "another
  // window" toast for it.
  sentFromPage: (view, action) => markSent(view, action.startsWith("take ") ? "take" : "play"),
  playersAside: true,
  winTitle: PROMPTS["win title"] || "",
  tableWord: PROMPTS["table word"] || "",
  captionStays: true,
  setup,
  render,
  status,
  group,
  animate: show,
  // Its card area, where the cards are revealed, may sit under a phone's dock: the frame
  // brings the board up while a turn is shown (game.js; the third trial, 2).
  revealBelow: true,
  animates: (frame) => !!frame.events && frame.events.some((e) => e.type !== "chose"),
  notice,
  seatScore,
  endScore(view, seat) {
    const out = document.createDocumentFragment();
    out.append(el("span", null, String(view.totals[seat])), duckIcon());
    return out;
  },
  info(v, frame) {
    // The match's length and where it stands: the server's words (the frame's captions).
    const said = (frame && frame.captions) || {};
    return {
      match: said.match ?? "",
      round: said.round ?? "",
      turn: said.turn ?? "",
      badge: v.options.expert ? { text: PROMPTS["expert badge"] || "", title: PROMPTS.expert || "" } : null,
    };
  },
  scoreRows(v) {
    const row = (round) => fill(PROMPTS["score row"] || "", { round });
    const rows = v.hand_scores.map((cells, r) => ({ label: row(r + 1), cells }));
    if (!v.over && v.hand_scores.length < v.hand_number) rows.push({ label: row(v.hand_number), note: PROMPTS["in play"] || "", cells: v.round_ducks });
    return rows;
  },
  /** A card of the rules pages' examples, from its code (rules.js). */
  drawCard: (code) => cardEl(Number(code)),
  howtoFigure() {
    const box = el("div", "duck-legend");
    if (DUCKS_PER_CARD) box.setAttribute("aria-label", `${DUCKS_PER_CARD.term}: ${DUCKS_PER_CARD.meaning}`);
    duckLegend(box);
    return box;
  },
};
