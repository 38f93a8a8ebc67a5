// The board of a game that has no browser module of its own yet (a sixth game, before its
// author draws it; docs/adding-a-game.md): drawn from what every frame carries, so that a game
// is playable in the browser the day its rules are. It states no rule: the facts are the view's
// own keys, the hand's cards are played by the legal actions that name them, each action is
// offered by the server's label, and a card that cannot be played says the engine's reason.
import { t } from "../i18n.js";
import { el } from "../room.js";
import { said } from "./terms.js";

// The keys every view has, drawn by the shared frame (players' bar, scores, status) or not
// for people (the events: the explanations tell them).
const COMMON = new Set(["game", "players", "seat", "to_act", "over", "hand_number", "hand_sizes", "totals", "hand_scores", "last_events", "options", "hand"]);

/** "my_choice" → "My choice". */
function words(key) {
  const s = key.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A value as text: lists joined, nothing as a dash, objects as their JSON. */
function shown(value) {
  if (value == null || value === false) return "—";
  if (value === true) return t("yes");
  if (Array.isArray(value)) return value.length ? value.map(shown).join(" ") : "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The view's own facts: one row per fact, a column per seat where the fact is per seat. */
function facts(ctx) {
  const { view: v, names } = ctx;
  const perSeat = [];
  const single = [];
  for (const [key, value] of Object.entries(v)) {
    if (COMMON.has(key)) continue;
    (Array.isArray(value) && value.length === v.players ? perSeat : single).push([key, value]);
  }
  const box = el("div", "generic-board");
  if (perSeat.length) {
    const table = el("table", "generic-facts");
    table.append(el("caption", "sr-only", t("The table, seat by seat")));
    const head = el("tr");
    head.append(el("th", null, ""));
    for (let s = 0; s < v.players; s++) head.append(el("th", s === ctx.me ? "mine" : null, names[s]));
    const thead = el("thead");
    thead.append(head);
    const body = el("tbody");
    for (const [key, value] of perSeat) {
      const tr = el("tr");
      tr.dataset.key = key;
      tr.append(el("th", null, words(key)));
      for (const cell of value) tr.append(el("td", null, shown(cell)));
      body.append(tr);
    }
    const sizes = el("tr");
    sizes.append(el("th", null, t("Cards in hand")));
    for (const n of v.hand_sizes) sizes.append(el("td", null, String(n)));
    body.append(sizes);
    table.append(thead, body);
    box.append(table);
  }
  if (single.length) {
    const dl = el("dl", "generic-list");
    for (const [key, value] of single) {
      dl.append(el("dt", null, words(key)), el("dd", null, shown(value)));
    }
    box.append(dl);
  }
  return box;
}

/** The legal action that plays `card` alone, if any: the one naming just that card. */
function actionFor(ctx, card) {
  return ctx.legal.find((a) => {
    const parts = a.split(" ");
    return parts.length === 2 && parts[1] === String(card);
  });
}

function button(ctx, action, text, cls) {
  const b = el("button", `btn ${cls}`, text);
  b.type = "button";
  b.dataset.action = action;
  const label = ctx.label(action);
  if (label && label.effect) b.title = label.effect;
  b.disabled = !!ctx.pending;
  b.addEventListener("click", () => ctx.send(action));
  return b;
}

function render(ctx) {
  ctx.board.replaceChildren(facts(ctx));
  const used = new Set();
  const hand = [];
  for (const card of ctx.view.hand || []) {
    const action = actionFor(ctx, card);
    if (action) {
      used.add(action);
      const b = button(ctx, action, String(card), "generic-card");
      b.dataset.card = String(card);
      const label = ctx.label(action);
      b.setAttribute("aria-label", label ? `${label.label} ${label.effect}`.trim() : action);
      hand.push(b);
    } else {
      const chip = el("span", "generic-card", String(card));
      chip.dataset.card = String(card);
      const why = ctx.why(card);
      if (why) chip.title = why;
      chip.setAttribute("aria-label", why ? `${card}: ${why}` : String(card));
      hand.push(chip);
    }
  }
  ctx.hand.replaceChildren(...hand);
  const others = ctx.legal.filter((a) => !used.has(a));
  ctx.actions.replaceChildren(...others.map((a) => button(ctx, a, (ctx.label(a) || { label: a }).label, "generic-action")));
}

/** The server's words (the frame's captions, `Game.captions`): whom the table waits for. */
function status(ctx) {
  return said(ctx, ctx.pending ? "status sent" : "status");
}

export default {
  render,
  status,
  drawCard(code) {
    return el("span", "generic-card", String(code));
  },
};
