// Wildcat Chicane's legend: the game's words (ruling card, TOP and BOTTOM, trump, the calls),
// what a bid scores, the suits and ranks, one click away under the board. It is open the first
// time and, once closed, stays closed on every later table (as Ladders' and King of the
// Quackers' legends do): a new player meets these words before any of them is explained.
import { rankKey, SUITS, suitKey } from "../decktet.js";
import { legendBox, termsList } from "./terms.js";
import { word } from "./wildcat-chicane-board.js";

/** The struck-through suit of a two-suit card, as the table draws it (WC-5). */
function faded(el) {
  const s = el("span", "wc-faded-demo", SUITS.Y.symbol);
  s.style.color = SUITS.Y.colour;
  return s;
}

export function wcLegend(ctx) {
  const { el, view: v } = ctx;
  const classic = v.options.variant === "classic";
  const d = legendBox(el, "wc.legend", "wc-legend", word(classic ? "legend classic" : "legend"));
  // The game's words for this table's variant (Game.terms(), served in /api/games); the
  // TOP / BOTTOM row shows the struck-through suit it speaks of.
  const list = termsList(el, "wildcat-chicane", v.options, (row, term, dd) => {
    if (term === word("term top bottom")) dd.append(" ", faded(el));
  });
  const suits = el("div");
  const dd = el("dd");
  dd.append(suitKey());
  suits.append(el("dt", null, word("suits")), dd);
  const ranks = el("div");
  // The basic deck's ranks (WC-1), low to high, as the game serves them.
  const key = rankKey(ctx.facts.card_facts?.decktet?.ranks).map(([k, w]) => `${k} ${w}`).join(" · ");
  ranks.append(el("dt", null, word("ranks")), el("dd", null, word("ranks key", { key })));
  list.append(suits, ranks);
  d.append(list);
  return d;
}
