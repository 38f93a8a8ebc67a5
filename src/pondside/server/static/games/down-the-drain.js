// Down the Drain's table (rules/down-the-drain.md, DD-1..DD-11), inside the shared frame of
// game.js. The board shows the card in front of each player, the groups those cards make
// (strongest first, as the view gives them), the stack and the discard pile; the hand marks
// what each of its cards would do. A card is played in two steps, so that a player sees what
// it does before it is done: pick it (the table says whom it joins and whom it beats), then
// play it (the Play button, or the same card again). Everything comes from the view and the
// server: what a card would do is its label (`effect` in words, `shows` for the preview),
// the sentences about each step are the frame's narration. No rule is worked out here.
import { prefs } from "../api.js";
import { el, plural } from "../room.js";

const NS = "http://www.w3.org/2000/svg";
const COPIES = { 2: 16, 3: 12, 4: 9, 5: 8, 6: 6, 7: 6, 8: 5, 9: 4, 10: 4, 11: 4, 12: 3, 13: 3, 14: 3, 15: 2 }; // DD-1; 16-20: one each

// --- drawing --------------------------------------------------------------------------------

function svg(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.append(e);
  return e;
}

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
    box.setAttribute("aria-label", "a face-down card");
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
    const t = svg("text", { x, y, "text-anchor": "middle", class: "ddc-corner", fill: ink, transform: `rotate(${rot} ${x} ${y - 6})` }, root);
    t.textContent = String(n);
  }
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", `${n} (the deck has ${plural(COPIES[n] ?? 1, "card", "cards")} of ${n})`);
  return box;
}

/** Seats in the order shown: this page's seat first, then round the table. */
function seatOrder(n, me) {
  const start = me ?? 0;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}

function toAct(view) {
  return view.over ? null : view.to_act[0] ?? null;
}

/** The card this page's player picked, if it is still one to play now. */
function selected(ctx) {
  const c = ctx.select.card;
  return c != null && ctx.legal.includes(`play ${c}`) ? c : null;
}

/** The server's preview of playing `card` now: `{card, joins, beats, value}` (seats), or null. */
function shows(ctx, card) {
  return (card != null && ctx.label(`play ${card}`)?.shows) || null;
}

/** Names joined for the page's own labels: "Ann, Bob and you". */
function list(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// --- the board ----------------------------------------------------------------------------------

function groupOf(view, seat) {
  const c = view.front[seat];
  return c ? view.groups.find((g) => g.number === c) : null;
}

/** When a group goes through, said from now: the first of its members to have a turn. */
function throughSeat(view, group) {
  const n = view.players;
  const from = toAct(view) ?? 0;
  for (let k = 0; k < n; k++) {
    const t = (from + k) % n;
    if (group.seats.includes(t)) return t;
  }
  return null;
}

/** What the last action did to seat `s`, for its spot: [words, class] or null. */
function lastNote(view, s) {
  let note = null;
  for (const e of view.last_events || []) {
    if (e.type === "deal") return null; // a new game: the old one's events are over
    if (e.type === "play" && e.seat === s) note = ["just played", "just-played"];
    if (e.type === "beaten" && e.seats.includes(s)) note = ["beaten: drew a card", "was-beaten"];
    if (e.type === "push" && e.seats.includes(s)) note = ["pushed through", "was-pushed"];
  }
  return note;
}

function seatSpot(ctx, s, preview) {
  const { view, me, names } = ctx;
  const spot = el("div", "dd-spot");
  spot.dataset.seat = String(s);
  if (s === me) spot.classList.add("mine");
  if (toAct(view) === s) spot.classList.add("to-act");
  const name = el("div", "dd-spot-name", names[s]);
  if (s === me) name.append(el("span", "you-tag", " (you)"));
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
      badge.title = `${size} cards of ${card} together, worth ${g.value}`;
      place.append(badge);
      spot.classList.add("in-group");
      spot.style.setProperty("--ddc", `hsl(${hue(card)} 70% 55%)`);
    }
  } else {
    place.append(el("span", "dd-empty", toAct(view) === s ? "…" : ""));
  }
  if (preview && preview.beats.includes(s)) {
    spot.classList.add("will-beat");
    note.textContent = "beaten";
  } else if (preview && preview.joins.includes(s)) {
    spot.classList.add("will-join");
    note.textContent = "joined";
  } else {
    // One note: whose turn it is, or else what the last play did to this seat.
    const last = lastNote(view, s);
    if (toAct(view) === s && !view.animating) {
      note.textContent = s === me ? "your turn" : "their turn";
    } else if (last) {
      note.textContent = last[0];
      spot.classList.add(last[1]);
    }
  }
  // "in hand": the players' bar counts the cards held, hand and front together (DD-9).
  const held = el("div", "dd-spot-held", `${view.hand_sizes[s]} in hand`);
  spot.append(name, place, note, held);
  const bits = [`${names[s]}${s === me ? " (you)" : ""}`];
  bits.push(card ? `${card} in front` : "no card in front");
  bits.push(`${plural(view.hand_sizes[s], "card", "cards")} in hand`);
  if (note.textContent) bits.push(note.textContent);
  spot.setAttribute("aria-label", bits.join(", "));
  spot.setAttribute("role", "group");
  return spot;
}

function groupsPanel(ctx, preview) {
  const { view, me, names } = ctx;
  const who = (s) => (s === me ? "you" : names[s]);
  const box = el("div", "dd-groups");
  box.append(el("h3", "dd-label", "To beat"));
  // The player's own group is not one to beat: its spot shows it, and when it goes.
  const groups = view.groups.filter((g) => !g.seats.includes(me));
  if (!groups.length) {
    box.append(el("p", "dd-none", view.groups.length ? "Nothing but your own card in front." : "No card in front: any card may be played."));
    return box;
  }
  const ol = el("ol", "dd-group-list");
  groups.forEach((g, i) => {
    const li = el("li", "dd-group");
    li.dataset.number = String(g.number);
    if (preview && g.seats.every((t) => preview.beats.includes(t))) li.classList.add("will-beat");
    if (g.flushing) li.classList.add("flushing");
    if (preview && g.seats.some((t) => preview.joins.includes(t))) li.classList.add("will-join");
    li.style.setProperty("--ddc", `hsl(${hue(g.number)} 70% 55%)`);
    const cards = el("span", "dd-group-cards");
    for (const _ of g.seats) cards.append(drawCard(g.number, { small: true }));
    const value = el("span", "dd-group-value", String(g.value));
    value.title = "the group's value";
    const holders = list(g.seats.map(who));
    const whose = el("span", "dd-group-who", holders);
    const t = throughSeat(view, g);
    const when = t == null ? "" : t === me ? "pushed through on your turn" : `pushed through on ${names[t]}'s turn`;
    const text = el("span", "dd-group-text");
    text.append(whose, el("span", "dd-group-when", when));
    li.append(cards, el("span", "dd-eq", "="), value, text);
    li.setAttribute(
      "aria-label",
      `${i === 0 ? "Highest: " : ""}${plural(g.seats.length, "card", "cards")} of ${g.number}, worth ${g.value}, in front of ${holders}; ${when}`,
    );
    ol.append(li);
  });
  box.append(ol);
  return box;
}

function piles(view) {
  const box = el("div", "dd-piles");
  const stack = el("div", "dd-pile dd-stack");
  stack.append(view.stack_size ? drawCard(0, { small: true, back: true }) : el("span", "dd-pile-empty", "empty"));
  stack.append(el("span", "dd-pile-label", `Stack: ${plural(view.stack_size, "card", "cards")}`));
  stack.setAttribute("aria-label", `The stack holds ${plural(view.stack_size, "card", "cards")}, face down`);
  const discard = el("div", "dd-pile dd-discard");
  const top = view.discard[view.discard.length - 1];
  discard.append(top ? drawCard(top, { small: true }) : el("span", "dd-pile-empty", "empty"));
  discard.append(el("span", "dd-pile-label", `Discard: ${plural(view.discard.length, "card", "cards")}`));
  discard.setAttribute("aria-label", `The discard pile holds ${plural(view.discard.length, "card", "cards")}${top ? `; ${top} on top` : ""}`);
  box.append(stack, discard);
  return box;
}

// --- the words of the game ------------------------------------------------------------------------
// A legend, open until the player closes it once (then closed on every table). It sits under
// the hand, so that the board and the hand always share the screen.
const WORDS = [
  ["joins", "a card of the same number as cards in front joins them: two 7s are worth 14."],
  ["beats", "a group worth more beats every group worth less: those cards go down the drain (discarded) and their players each draw a card."],
  ["pushed through", "a card still in front of its player when their turn comes is discarded, and no card is drawn: one card fewer. Shed your last card this way to win."],
  ["held", "the cards in a hand and the one in front; the fewer the better."],
];
let legendOpen = prefs.get("dd.legend", "") !== "seen";

function legend() {
  const d = el("details", "dd-legend");
  d.open = legendOpen;
  const summary = el("summary", null, "What do joins, beats and pushed through mean?");
  d.append(summary);
  const list = el("dl");
  for (const [word, text] of WORDS) {
    const item = el("div");
    item.append(el("dt", null, word), el("dd", null, text));
    list.append(item);
  }
  d.append(list);
  // Remembered at the click, not at the "toggle" event that follows it: a frame drawn in
  // between would otherwise draw the legend open again.
  summary.addEventListener("click", () => {
    legendOpen = !d.open;
    if (!legendOpen) prefs.set("dd.legend", "seen");
  });
  return d;
}

function renderBoard(ctx, preview) {
  const { view } = ctx;
  const board = el("div", "dd-board");
  const seats = el("div", `dd-seats n${view.players}`);
  for (const s of seatOrder(view.players, ctx.me)) seats.append(seatSpot(ctx, s, preview));
  const middle = el("div", "dd-middle");
  middle.append(groupsPanel(ctx, preview), piles(view));
  board.append(seats, middle);
  ctx.board.replaceChildren(board);
}

// --- the animation: the play, the cards beaten, the group pushed through ----------------------------

/** A view between `prev` and the frame's: `front` changed, and these events as the last;
 * the groups of the `flushing` seats are marked as going down the drain. */
function between(prev, front, events, flushing = [], base = prev.groups) {
  // The groups are the server's (before the play, or after it): the page never regroups cards.
  const groups = base.map((g) => ({ ...g, flushing: g.seats.every((t) => flushing.includes(t)) }));
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
  const front = prev.front.map((f, t) => (t === play.seat ? play.card : f));
  const beaten = events.find((e) => e.type === "beaten");
  show(front, [play, ...(beaten ? [beaten] : [])], [[play.seat, "landed"], ...(beaten ? beaten.seats.map((t) => [t, "flushing"]) : [])], beaten ? beaten.seats : []);
  await ctx.wait(beaten ? 900 : 500);
  const after = front.map((f, t) => (beaten && beaten.seats.includes(t) ? null : f));
  // Gone from the spots, gone from the list to beat: the board never shows a card twice.
  if (beaten) show(after, [play, beaten], [], [], ctx.view.groups);
  // The next player's group goes through before the turn begins (DD-4a).
  const push = events.find((e) => e.type === "push");
  if (push) {
    show(after, [push], push.seats.map((t) => [t, "pushing"]), [], ctx.view.groups);
    await ctx.wait(800);
  }
  const end = events.find((e) => e.type === "game_end");
  if (end && ctx.view.hand_number !== prev.hand_number) {
    // The banner is the narrator's line for the game's end (the frame tells it).
    const k = events.indexOf(end);
    const lines = ctx.frame.narration || [];
    const text = lines.find((_, i) => (ctx.frame.narration_events || [])[i] === k) || `Game ${end.game} is over.`;
    show(after.map((f, t) => (push && push.seats.includes(t) ? null : f)), [], []);
    const banner = el("div", "dd-banner", text);
    ctx.board.querySelector(".dd-board")?.append(banner);
    await ctx.wait(1800);
  }
}

// --- the hand and the choice -------------------------------------------------------------------------

/** A card's tag: what the server says it would do, in the few words a tag has room for. */
function tag(fx) {
  if (fx.beats.length && fx.joins.length) return ["joins + beats", "both"];
  if (fx.beats.length) return ["beats", "beats"];
  if (fx.joins.length) return ["joins", "joins"];
  return ["", "none"];
}

/** The label's words for playing `card`: "play 7 → joins Ann: worth 14; beats Bob". */
function words(ctx, card) {
  const l = ctx.label(`play ${card}`);
  return l ? `${l.label} ${l.effect}`.trim() : `play ${card}`;
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
      const t = el("span", "dd-tag", text);
      if (!text) t.classList.add("blank");
      b.append(t);
      label = `${c}: ${words(ctx, c)}`;
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
  if (!hand.length && me != null) wrap.append(el("p", "dd-none", "No cards in hand."));
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
      const play = el("button", "btn primary dd-play", `Play ${choice}`);
      play.type = "button";
      play.disabled = !!ctx.pending;
      play.setAttribute("aria-describedby", "dd-choice");
      play.addEventListener("click", () => ctx.send(`play ${choice}`));
      const cancel = el("button", "btn dd-cancel", "Cancel");
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
      const rule = "Any card may be played: equal numbers join forces (two 7s are worth 14) and beat every lower group, which goes down the drain and is replaced from the stack. A card still in front at its owner's next turn is shed. ";
      hint.append(el("span", "dd-rule", rule), "Pick a card to see what it does.");
      out.push(hint);
    }
  }
  ctx.actions.replaceChildren(...out);
}

// --- the module -----------------------------------------------------------------------------------------

export default {
  stylesheet: true,
  handName: "Game",

  render(ctx) {
    const choice = selected(ctx);
    const preview = shows(ctx, choice);
    renderBoard(ctx, preview);
    renderHand(ctx, choice);
    renderActions(ctx, choice);
  },

  status(ctx) {
    const { view, me, names, legal } = ctx;
    const s = toAct(view);
    if (s == null) return "Waiting for the next game.";
    if (ctx.pending) return `Playing your ${ctx.pending.replace("play ", "")}…`;
    if (me != null && legal.length) {
      const c = selected(ctx);
      if (c != null) return `Play your ${c}, or pick another card.`;
      if (!view.groups.length) return "Your turn: play any card (nothing in front to beat).";
      const beat = (view.hand || []).filter((x) => shows(ctx, x)?.beats.length).length;
      const which = beat === 0 ? "none of your cards beats a group" : beat === 1 ? "one of your cards beats a group" : `${beat} of your cards beat a group`;
      return `Your turn: pick a card to play; ${which}.`;
    }
    if (me == null) return `You are watching: ${names[s]} is to play.`;
    return `Waiting for ${names[s]} to play.`;
  },

  animate,

  seatInfo(view, seat) {
    // A fragment: its pieces become items of the frame's player-info row.
    const out = document.createDocumentFragment();
    // Held: the hand and the card in front together, what DD-9 ranks by (the spot on the
    // board says how many are in the hand).
    const held = el("span", "dd-info-held", `${plural(view.held[seat], "card", "cards")} held`);
    held.title = `${view.hand_sizes[seat]} in hand${view.front[seat] ? " and 1 in front" : ""}: fewer is better, none wins`;
    out.append(held);
    if (view.options.games > 1) {
      const w = view.wins[seat];
      const wins = el("span", "dd-info-wins", `${w} ${w === 1 ? "win" : "wins"}`);
      wins.title = `${plural(w, "game", "games")} won in the series`;
      out.append(wins);
    }
    return out;
  },

  scoreNote(view) {
    return view.options.games > 1
      ? "Most games won wins; between equal numbers of games won, the fewest cards held over the games."
      : "The first to shed every card wins; the others are ranked by the fewest cards held.";
  },

  // DD-9: a series ranks by games won, then by the fewest cards held over the games.
  places(view) {
    const key = (s) => [-view.wins[s], view.totals[s]];
    const better = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    return view.totals.map((_, s) => 1 + view.totals.filter((_, o) => better(key(o), key(s))).length);
  },

  endScore(view, seat) {
    const held = plural(view.totals[seat], "card", "cards");
    return view.options.games > 1 ? `${plural(view.wins[seat], "game", "games")} won · ${held} held over the games` : `${held} held`;
  },

  turnInfo(view) {
    if (view.over) return "";
    // The frame shows the series and the game already: only the turn is new.
    return `Turn ${view.plays + 1}`;
  },

  scoreRows(view) {
    const rows = view.hand_scores.map((cells, i) => ({
      label: `Game ${i + 1}`,
      cells: cells.map((c, s) => (view.winners[i].includes(s) ? `${c} (won)` : String(c))),
    }));
    if (!view.over) rows.push({ label: `Game ${view.hand_number} (in play)`, cells: view.held.map((h) => `${h} held`) });
    // DD-9: the places go by games won, then by the fewest cards held over the games.
    if (view.options.games > 1) rows.push({ label: "Games won: the places go by these, then by the fewest cards held over the games", cells: view.wins.map(String) });
    return rows;
  },

  drawCard(code) {
    return drawCard(code);
  },
};
