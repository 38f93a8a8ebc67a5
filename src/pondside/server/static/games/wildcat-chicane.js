// Wildcat Chicane's table (rules/wildcat-chicane.md): the ruling cards (WC-4) or, in classic,
// the table's two calls (WC-15); bids (WC-7); the trick in front of each player; the hand read
// as its player reads it. Everything is drawn from the seat's view (hand_read: each card's suit
// as its player reads it and whether it is a trump; prompt: what the seat is to do and under
// which rule), its legal actions and their labels: the server decides what is legal and what a
// card counts as, and says it; this page says nothing of the rules itself.
import { decktetCard, parse, SUITS, SUIT_ORDER } from "../decktet.js";
import { t, tn } from "../i18n.js";
import { cardWords, count, nameOf, readingWord, wcBoard, word } from "./wildcat-chicane-board.js";
import { wcLegend } from "./wildcat-chicane-legend.js";
import { said } from "./terms.js";

// The last hand's bids and tricks (the view keeps only its scores once the next hand is dealt).
const memo = { handEnd: null, rulers: {} };

function remember(events) {
  for (const e of events || []) if (e.type === "hand_end") memo.handEnd = e;
}

// The calls as the rulebook lists them: TOP, BOTTOM, then the suits in the Decktet's order.
const CALL_ORDER = ["top", "bottom", ...SUIT_ORDER.map((s) => `trump ${s}`)];

/** What this seat may do now, from the legal actions: {rule[], call[], bid[], play[]}; calls
 *  and bids in their natural order (the server's list is sorted as text: "bid 10" < "bid 2"). */
function legalByKind(legal) {
  const out = { rule: [], call: [], bid: [], play: [] };
  for (const a of legal) {
    const [kind, ...rest] = a.split(" ");
    if (kind in out) out[kind].push(rest.join(" "));
  }
  out.call.sort((a, b) => CALL_ORDER.indexOf(a) - CALL_ORDER.indexOf(b));
  out.bid.sort((a, b) => Number(a) - Number(b));
  return out;
}

/** The reading and trump a seat plays under now (or would, with its selected ruler), and its
 *  hand read that way ([{card, suit, trump}], the view's hand_read or the ruling card's shows). */
function myRule(ctx) {
  const v = ctx.view;
  const me = ctx.me;
  if (me == null) return { reading: null, trump: null, hand: [] };
  if (v.readings[me] || v.trumps[me]) return { reading: v.readings[me], trump: v.trumps[me], hand: v.hand_read };
  const pick = ctx.select.ruler || v.my_choice;
  // The reading and trump the picked card would give: the server's label says (its shows),
  // remembered once chosen (the choice is then no longer a legal action with a label).
  const shows = pick ? ctx.label(`rule ${pick}`)?.shows || memo.rulers[pick] : null;
  if (shows) memo.rulers[pick] = shows;
  if (shows) return { reading: shows.reading, trump: shows.trump, hand: shows.hand, captions: shows.captions, preview: true };
  return { reading: null, trump: null, hand: v.hand_read || [] };
}

/** The hand as the rule reads it, in runs of one suit (the server's order: trumps last); the
 *  ruling card (chosen, not yet revealed) apart at the end. Unread: one run in table order. */
function groupsOf(rule, hand, ruler) {
  const groups = [];
  for (const r of rule.hand || hand.map((card) => ({ card, suit: null, trump: false }))) {
    if (r.card === ruler) continue;
    const g = groups[groups.length - 1];
    if (g && g.suit === r.suit) g.cards.push(r);
    else groups.push({ suit: r.suit, cards: [r] });
  }
  if (ruler && hand.includes(ruler)) groups.push({ suit: "ruler", cards: [{ card: ruler, suit: null, trump: false }] });
  return groups;
}

/** A sentence of the page's language with its {slots} drawn bold: "won <b>2</b> of <b>3</b> bid". */
function bold(el, words, slots) {
  return words.split(/(\{\w+\})/).map((part) => {
    const key = part.slice(1, -1);
    return part.startsWith("{") && key in slots ? el("b", null, String(slots[key])) : part;
  });
}

// --- the hand ------------------------------------------------------------------------------
function button(ctx, cls, text, onPress, { primary = false, label = null, title = null } = {}) {
  const b = ctx.el("button", `btn${primary ? " primary" : ""}${cls ? ` ${cls}` : ""}`, text);
  b.type = "button";
  b.disabled = !!ctx.pending;
  if (label) b.setAttribute("aria-label", label);
  if (title) b.title = title;
  b.addEventListener("click", () => {
    if (!ctx.pending) onPress();
  });
  return b;
}

const upper = (text) => text.replace(/^./, (c) => c.toUpperCase());

/** The engine's sentence why a hand card cannot be played or chosen now (ctx.why), as a person
 *  reads it: capitalised, without its rule codes ("(WC-10)"), in the tooltip too (a code means
 *  nothing to a player hovering a card: the fourth trial, 8). */
function plainWhy(ctx, code) {
  const reason = ctx.why(code);
  if (!reason) return null;
  const words = reason.replace(/\s*\((?:WC-\d+(?:,\s*)?)+\)/g, "");
  return { title: `${upper(words)}.`, said: `${upper(words)}.`, words: `${words}.` };
}

function renderHand(ctx, kinds) {
  const v = ctx.view;
  const wrap = ctx.hand.closest(".hand-wrap");
  if (!v.hand) {
    if (wrap) wrap.hidden = true;
    ctx.hand.replaceChildren();
    return;
  }
  if (wrap) wrap.hidden = false;
  const rule = myRule(ctx);
  const { reading, preview } = rule;
  const choosing = kinds.rule.length > 0;
  const plays = kinds.play;
  const active = !ctx.pending && (choosing || plays.length > 0);
  ctx.hand.classList.add("wc-hand");
  ctx.hand.classList.toggle("active", active);
  ctx.hand.classList.toggle("preview", !!preview);
  const cards = [];
  const ruler = v.my_choice || ctx.select.ruler;
  for (const g of groupsOf(rule, v.hand, ruler)) {
    g.cards.forEach(({ card: code, suit, trump }, i) => {
      const b = ctx.el("button", "hand-card wc-card");
      b.type = "button";
      b.dataset.card = code;
      if (i === 0 && g.suit) b.classList.add("group-start");
      b.append(decktetCard(code));
      const name = cardWords(code);
      let label = name;
      if (reading && suit && parse(code).suits.length > 1) {
        b.classList.add(`read-${reading}`);
        label = word("card read as", { card: label, suit: SUITS[suit].name });
      }
      if (trump) {
        b.classList.add("trump");
        b.append(ctx.el("span", "wc-trump-tag", word("trump mark")));
        label = word("card trump", { card: label });
      }
      let reason = null;
      if (choosing) {
        if (kinds.rule.includes(code)) {
          b.classList.add("choosable");
          if (ctx.select.ruler === code) {
            b.classList.add("selected");
            b.setAttribute("aria-pressed", "true");
          }
          const said = ctx.label(`rule ${code}`);
          label =
            said && said.effect
              ? word("choose ruler effect", { card: label, effect: said.effect })
              : word("choose ruler", { card: label });
        } else {
          reason = plainWhy(ctx, code);
          b.classList.add("mild"); // still read: the preview shows how it would count
        }
      } else if (v.phase === "rule" && v.my_choice === code) {
        b.classList.add("chosen");
        b.append(ctx.el("span", "wc-ruler-tag", word("ruler mark")));
        label = word("card ruler chosen", { card: label });
      } else if (plays.length) {
        reason = plays.includes(code) ? null : plainWhy(ctx, code);
        if (!reason) {
          b.classList.add("playable");
          label = t("Play {card}", { card: label });
        }
      }
      if (reason) {
        b.classList.add("unplayable");
        b.setAttribute("aria-disabled", "true");
        b.title = reason.title;
        label += `. ${reason.said}`;
      } else if (!active) {
        b.setAttribute("aria-disabled", "true");
      }
      b.setAttribute("aria-label", label);
      b.addEventListener("click", () => {
        if (ctx.pending) return;
        if (reason) {
          // Said beside the status (a toast would cover the hand for seconds).
          ctx.select.why = `${upper(name)}: ${reason.words}`;
          ctx.rerender();
          ctx.hand.querySelector(`[data-card="${code}"]`)?.focus();
          return;
        }
        if (choosing && kinds.rule.includes(code)) {
          ctx.select.ruler = ctx.select.ruler === code ? null : code;
          ctx.rerender();
          const again = ctx.hand.querySelector(`[data-card="${code}"]`);
          if (again) again.focus();
        } else if (plays.includes(code)) {
          ctx.send(`play ${code}`);
        }
      });
      cards.push(b);
    });
  }
  ctx.hand.replaceChildren(...cards, wcLegend(ctx));
}

// --- the actions ---------------------------------------------------------------------------------
function renderActions(ctx, kinds) {
  const v = ctx.view;
  const out = [];
  const el = ctx.el;
  if (kinds.rule.length && ctx.select.ruler) {
    const code = ctx.select.ruler;
    out.push(
      button(ctx, "wc-confirm", word("rule with", { card: nameOf(code) }), () => ctx.send(`rule ${code}`), {
        primary: true,
      }),
      button(ctx, "", t("Choose another"), () => {
        ctx.select.ruler = null;
        ctx.rerender();
      }),
    );
  } else if (kinds.call.length) {
    const group = el("div", "wc-choices");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", word("your call"));
    for (const call of kinds.call) {
      // The server's label: what the call does and, once it would settle this player's
      // reading and trump, how many trumps they would hold (shows.trumps).
      const said = ctx.label(`call ${call}`) || { label: word("call", { call }), effect: "" };
      const n = said.shows?.trumps;
      const suit = call.startsWith("trump") ? SUITS[call.split(" ")[1]] : null;
      let text = suit ? `${suit.symbol} ${suit.name}` : readingWord(call);
      if (n != null) text += suit ? ` · ${n}` : ` · ${count("trumps", n)}`;
      const b = button(ctx, "wc-call", text, () => ctx.send(`call ${call}`), {
        label: upper(said.label),
        title: said.effect ? `${upper(said.effect)}.` : null,
      });
      b.dataset.call = call;
      group.append(b);
    }
    out.push(group);
  } else if (kinds.bid.length) {
    const group = el("div", "wc-choices wc-bids");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", word("your bid"));
    group.append(el("span", "wc-choices-label", word("bid label")));
    // WC-12 in words on the table, not only in the buttons' tooltips (a phone cannot hover):
    // the rule for every bid (the view's choice_rule), and what the bid under the pointer or
    // the focus would score (its label).
    const idle = v.choice_rule || "";
    const says = el("p", "wc-bidinfo", idle);
    says.setAttribute("aria-live", "polite");
    for (const b of kinds.bid) {
      const n = Number(b);
      // What the bid would score: the server's label (WC-12).
      const effect = ctx.label(`bid ${b}`)?.effect || "";
      const line = effect ? word("bid line", { n, effect }) : "";
      const btn = button(ctx, "wc-bid", b, () => ctx.send(`bid ${b}`), {
        label: count("bid tricks", n), // what it scores: said by the live line on focus
        title: line,
      });
      btn.dataset.bid = b;
      for (const on of ["pointerenter", "focus"]) btn.addEventListener(on, () => (says.textContent = line || idle));
      for (const off of ["pointerleave", "blur"]) btn.addEventListener(off, () => (says.textContent = idle));
      group.append(btn);
    }
    out.push(group, says);
  }
  if (ctx.select.why && !ctx.pending) {
    const why = el("p", "wc-why", ctx.select.why);
    why.setAttribute("role", "status");
    out.push(why);
  }
  ctx.actions.replaceChildren(...out);
}

// --- the module ------------------------------------------------------------------------------------
export default {
  stylesheet: true,

  render(ctx) {
    remember(ctx.frame.events);
    remember(ctx.view.last_events);
    const kinds = legalByKind(ctx.legal);
    if (ctx.select.ruler && !kinds.rule.includes(ctx.select.ruler)) ctx.select.ruler = null;
    // The legend goes under the hand (the board and the hand stay in view above it), or under
    // the board for a spectator, who has no hand.
    const board = wcBoard(ctx, myRule(ctx), memo.handEnd);
    if (ctx.view.hand) ctx.board.replaceChildren(board);
    else ctx.board.replaceChildren(board, wcLegend(ctx));
    renderHand(ctx, kinds);
    renderActions(ctx, kinds);
  },

  /** The whole trick, for a moment, before the next lead clears it. */
  async animate(ctx) {
    const trick = (ctx.frame.events || []).find((e) => e.type === "trick");
    if (!trick || !ctx.prev || !ctx.prev.view) return;
    const before = ctx.prev.view;
    // The view before the play, with the trick complete (done: no "leads next" yet); each card
    // as its player read it: from the view before, or from its play event.
    const plays = (ctx.frame.events || []).filter((e) => e.type === "play");
    const read = trick.cards.map(
      ([, card]) =>
        (before.trick_read || []).find((r) => r.card === card) ||
        plays.find((e) => e.card === card) || { card, suit: null, trump: false },
    );
    const shown = { ...before, trick: trick.cards, trick_read: read, winning: trick.winner, done: true };
    const fake = { ...ctx, view: shown, frame: { ...ctx.frame, view: shown }, select: {} };
    ctx.board.replaceChildren(wcBoard(fake, { reading: null, trump: null }, null));
    const played = (ctx.frame.events || []).find((e) => e.type === "play" && e.seat === ctx.me);
    if (played) ctx.hand.querySelector(`[data-card="${played.card}"]`)?.remove();
    await ctx.wait(1300);
  },

  status(ctx) {
    // The server's words (the frame's captions): the seat's prompt (what to do, under which
    // rule), or whom the table waits for; a ruling card picked: what it would make this
    // player (its label's effect).
    if (ctx.pending) return said(ctx, "status sent");
    const c = ctx.select.ruler;
    if (c && ctx.legal.includes(`rule ${c}`)) return said(ctx, "status picked", ctx.label(`rule ${c}`)?.effect || nameOf(c));
    return said(ctx);
  },

  seatInfo(view, seat, ctx) {
    const el = ctx.el;
    const box = document.createDocumentFragment();
    // What the seat reads and bid, as you or its name: the server's words (its captions).
    const said = ctx.frame.captions || {};
    if (view.readings[seat] && view.trumps[seat]) {
      const r = view.readings[seat];
      const trump = view.trumps[seat];
      const tag = el("span", "wc-reading");
      tag.dataset.reading = r;
      tag.append(el("b", null, readingWord(r)), ` · ${word("trump mark")} `);
      const sym = el("span", "wc-sym", SUITS[trump].symbol);
      sym.style.color = SUITS[trump].colour;
      tag.append(sym);
      tag.title = said[`seat reads ${seat}`] || "";
      tag.setAttribute("aria-label", tag.title);
      box.append(tag);
    } else if (view.phase === "rule") {
      box.append(el("span", "wc-choosing", view.chosen[seat] ? word("ruling chosen") : t("choosing…")));
    }
    if (view.bids[seat] != null) {
      const b = el("span", "wc-bidwon");
      const bid = view.bids[seat];
      const won = view.won[seat];
      b.append(...bold(el, word("won of bid"), { won, bid }));
      // Past the bid, or exactly at it: the game's judgement (its captions), marked and said.
      const over = said[`seat bid over ${seat}`];
      const exact = said[`seat bid exact ${seat}`];
      if (over) b.classList.add("over");
      else if (exact) b.classList.add("exact");
      b.title = [said[`seat bid ${seat}`], over || exact].filter(Boolean).join(" ");
      box.append(b);
    } else if (view.phase === "bid") {
      box.append(el("span", "wc-choosing", word(view.to_act.includes(seat) ? "bidding now" : "bid to come")));
    }
    if (view.dealer === seat && !view.over) box.append(el("span", "wc-dealer", word("dealer")));
    const held = view.hand_sizes[seat];
    if (!view.over) box.append(el("span", "wc-held", tn("{n} card", "{n} cards", held)));
    return box;
  },

  info(view, frame) {
    // What the hand is at, and which variant is played: the server's words (its captions).
    return { turn: (frame && frame.captions && frame.captions["turn info"]) || "" };
  },

  drawCard(code) {
    return decktetCard(code);
  },
};
