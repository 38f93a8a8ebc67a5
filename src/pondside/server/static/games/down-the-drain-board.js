// Down the Drain's board (games/down-the-drain.js draws the rest): the cards, the players'
// spots with the card in front of each, the groups to beat as the view lists them (strongest
// first), the stack and the discard pile, and the legend of the game's words. A preview is the
// server's `shows` for the picked card: the seats it joins and beats, its group's worth.
import { t, tn } from "../i18n.js";
import { el, seatsFrom } from "../room.js";
import { factsOf, legendBox, termsList, wordsIn } from "./terms.js";
import { svg } from "../svg.js";

// The game's words for the board (its prompts; the frame's captions for its counts).
export const word = wordsIn(await factsOf("down-the-drain"));

// --- drawing --------------------------------------------------------------------------------

/** A card's colour: from blue (2, the commonest) through green and amber to red (20, unique). */
function hue(n) {
  return Math.round(215 - ((n - 2) * 215) / 18);
}

/** Card `n` (2..20) as an element; `back` draws a face-down card. */
export function drawCard(code, { small = false, back = false } = {}) {
  const box = document.createElement("span");
  box.className = `ddc${small ? " small" : ""}${back ? " back" : ""}`;
  const root = svg("svg", { viewBox: "0 0 100 140", "aria-hidden": "true", class: "ddc-svg" }, box);
  if (back) {
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 12, fill: "#23506b", stroke: "#dbeef6", "stroke-width": 4 }, root);
    for (let r = 34; r > 4; r -= 9) svg("circle", { cx: 50, cy: 70, r, fill: "none", stroke: "rgba(170,225,245,.35)", "stroke-width": 3 }, root);
    svg("path", { d: "M50 70 m-22 0 a22 22 0 1 1 22 22 a14 14 0 1 1 -14 -14 a7 7 0 1 1 7 7", fill: "none", stroke: "#9fdcf2", "stroke-width": 3.5, "stroke-linecap": "round" }, root);
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", t("a face-down card"));
    return box;
  }
  const n = Number(code);
  const h = hue(n);
  const ink = `hsl(${h} 70% 30%)`;
  box.style.setProperty("--ddc", `hsl(${h} 70% 45%)`);
  box.dataset.card = String(n);
  svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 12, fill: "#fffdf6", stroke: `hsl(${h} 65% 45%)`, "stroke-width": 5 }, root);
  svg("rect", { x: 12, y: 22, width: 76, height: 96, rx: 38, fill: `hsl(${h} 80% 92%)` }, root);
  // A swirl under the number: the drain.
  svg("path", { d: "M50 96 a14 9 0 1 1 14 -9 a8 5 0 1 1 -8 5", fill: "none", stroke: `hsl(${h} 60% 70%)`, "stroke-width": 3, "stroke-linecap": "round" }, root);
  const big = svg("text", { x: 50, y: 83, "text-anchor": "middle", class: "ddc-num", fill: ink }, root);
  big.textContent = String(n);
  for (const [x, y, rot] of [[14, 22, 0], [86, 118, 180]]) {
    const corner = svg("text", { x, y, "text-anchor": "middle", class: "ddc-corner", fill: ink, transform: `rotate(${rot} ${x} ${y - 6})` }, root);
    corner.textContent = String(n);
  }
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", String(n));
  return box;
}

export function toAct(view) {
  return view.over ? null : view.to_act[0] ?? null;
}

/** Names joined for the page's own labels: "Ann, Bob and you". */
function list(items) {
  if (items.length <= 1) return items.join("");
  return t("{first} and {last}", { first: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

// --- the board ----------------------------------------------------------------------------------

function groupOf(view, seat) {
  const c = view.front[seat];
  return c ? view.groups.find((g) => g.number === c) : null;
}

/** What the last action did to seat `s`, for its spot: [words, class] or null. */
function lastNote(ctx, s) {
  let note = null;
  for (const e of ctx.view.last_events || []) {
    if (e.type === "deal") return null; // a new game: the old one's events are over
    if (e.type === "play" && e.seat === s) note = "just-played";
    if (e.type === "beaten" && e.seats.includes(s)) note = "was-beaten";
    if (e.type === "push" && e.seats.includes(s)) note = "was-pushed";
  }
  // The words are the server's (the frame's captions, "seat N").
  return note && [(ctx.frame.captions || {})[`seat ${s}`] || "", note];
}

function seatSpot(ctx, s, preview) {
  const { view, me, names } = ctx;
  const spot = el("div", "dd-spot");
  spot.dataset.seat = String(s);
  if (s === me) spot.classList.add("mine");
  if (toAct(view) === s) spot.classList.add("to-act");
  const name = el("div", "dd-spot-name", names[s]);
  name.translate = false; // a person's name
  if (s === me) name.append(el("span", "you-tag", ` ${t("(you)")}`));
  const place = el("div", "dd-spot-card");
  const card = preview && s === me ? preview.card : view.front[s];
  const g = preview && s === me ? { number: card, seats: [me, ...preview.joins], value: preview.value } : groupOf(view, s);
  const note = el("div", "dd-spot-note");
  if (card) {
    const c = drawCard(card, { small: true });
    if (preview && s === me) c.classList.add("ghost");
    place.append(c);
    const size = g ? g.seats.length : 1;
    if (size > 1) {
      const badge = el("span", "dd-group-badge", `×${size} = ${g.value}`);
      // The group in the server's words: the play's label for a preview, else its captions.
      const l = preview && s === me ? ctx.label(`play ${card}`) : null;
      badge.title = l ? `${l.label} ${l.effect}`.trim() : (ctx.frame.captions || {})[`spot ${s} group`] || "";
      place.append(badge);
      spot.classList.add("in-group");
      spot.style.setProperty("--ddc", `hsl(${hue(card)} 70% 55%)`);
    }
  } else {
    place.append(el("span", "dd-empty", toAct(view) === s ? "…" : ""));
  }
  if (preview && preview.beats.includes(s)) {
    spot.classList.add("will-beat");
    note.textContent = word("will be beaten");
  } else if (preview && preview.joins.includes(s)) {
    spot.classList.add("will-join");
    note.textContent = word("will join");
  } else {
    // What the last play did to this seat, and whose turn it is: both, so that a person
    // beaten just before their turn reads what happened to them as a bot's spot says it.
    const last = lastNote(ctx, s);
    const notes = [];
    if (last) {
      if (last[0]) notes.push(last[0]);
      spot.classList.add(last[1]);
    }
    // Whose turn, in the server's words (its captions).
    if (toAct(view) === s && !view.animating) notes.push((ctx.frame.captions || {})["turn note"] || "");
    note.textContent = notes.join("; ");
  }
  // "in hand": the players' bar counts the cards held, hand and front together (DD-9).
  const held = el("div", "dd-spot-held", t("{n} in hand", { n: view.hand_sizes[s] }));
  spot.append(name, place, note, held);
  const bits = [card ? word("in front", { number: card }) : word("none in front")];
  bits.push(tn("{n} card in hand", "{n} cards in hand", view.hand_sizes[s]));
  if (note.textContent) bits.push(note.textContent);
  const who = s === me ? `${names[s]} ${t("(you)")}` : names[s];
  // One message around the name: a label is read whole, in the page's language's order.
  spot.setAttribute("aria-label", t("{name}, {details}", { name: who, details: bits.join(", ") }));
  spot.setAttribute("role", "group");
  return spot;
}

function groupsPanel(ctx, preview) {
  const { view, me, names } = ctx;
  const who = (s) => (s === me ? t("you") : names[s]);
  const box = el("div", "dd-groups");
  box.append(el("h3", "dd-label", word("to beat heading")));
  // The player's own group is not one to beat: its spot shows it, and when it goes.
  const groups = view.groups.filter((g) => !g.seats.includes(me));
  if (!groups.length) {
    box.append(el("p", "dd-none", (ctx.frame.captions || {})["to beat"] || ""));
    return box;
  }
  const ol = el("ol", "dd-group-list");
  groups.forEach((g) => {
    const li = el("li", "dd-group");
    li.dataset.number = String(g.number);
    if (preview && g.seats.every((s) => preview.beats.includes(s))) li.classList.add("will-beat");
    if (g.flushing) li.classList.add("flushing");
    if (preview && g.seats.some((s) => preview.joins.includes(s))) li.classList.add("will-join");
    li.style.setProperty("--ddc", `hsl(${hue(g.number)} 70% 55%)`);
    const cards = el("span", "dd-group-cards");
    for (const _ of g.seats) cards.append(drawCard(g.number, { small: true }));
    const value = el("span", "dd-group-value", String(g.value));
    value.title = word("group value");
    const holders = list(g.seats.map(who));
    const whose = el("span", "dd-group-who", holders);
    // Whose turn pushes the group through, in the server's words (its captions).
    const when = (ctx.frame.captions || {})[`group ${g.number}`] || "";
    const text = el("span", "dd-group-text");
    text.append(whose, el("span", "dd-group-when", when));
    li.append(cards, el("span", "dd-eq", "="), value, text);
    // The group in words, the highest marked: the server's (its captions).
    const group = (ctx.frame.captions || {})[`group ${g.number} words`] || "";
    li.setAttribute("aria-label", when ? `${group}; ${when}` : group);
    ol.append(li);
  });
  box.append(ol);
  return box;
}

function piles(ctx) {
  const { view } = ctx;
  const said = ctx.frame.captions || {};
  const box = el("div", "dd-piles");
  const stack = el("div", "dd-pile dd-stack");
  stack.append(view.stack_size ? drawCard(0, { small: true, back: true }) : el("span", "dd-pile-empty", t("empty")));
  stack.append(el("span", "dd-pile-label", said["stack count"] || ""));
  stack.setAttribute("aria-label", said["stack words"] || "");
  const discard = el("div", "dd-pile dd-discard");
  const top = view.discard[view.discard.length - 1];
  discard.append(top ? drawCard(top, { small: true }) : el("span", "dd-pile-empty", t("empty")));
  discard.append(el("span", "dd-pile-label", said["discard count"] || ""));
  const holds = said["discard words"] || "";
  discard.setAttribute("aria-label", top ? `${holds}; ${t("{number} on top", { number: top })}` : holds);
  box.append(stack, discard);
  return box;
}

// --- the words of the game ------------------------------------------------------------------------
// A legend, open until the player closes it once (then closed on every table). It sits under
// the hand, so that the board and the hand always share the screen.
export function legend() {
  const d = legendBox(el, "dd.legend", "dd-legend", word("legend"));
  d.append(termsList(el, "down-the-drain"));
  return d;
}

export function renderBoard(ctx, preview) {
  const { view } = ctx;
  const board = el("div", "dd-board");
  const seats = el("div", `dd-seats n${view.players}`);
  for (const s of seatsFrom(view.players, ctx.me)) seats.append(seatSpot(ctx, s, preview));
  const middle = el("div", "dd-middle");
  middle.append(groupsPanel(ctx, preview), piles(ctx));
  board.append(seats, middle);
  ctx.board.replaceChildren(board);
}
