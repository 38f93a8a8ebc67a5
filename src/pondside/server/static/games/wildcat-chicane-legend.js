// Wildcat Chicane's legend: the game's words (ruling card, TOP and BOTTOM, trump, the calls),
// what a bid scores, the suits and ranks, one click away under the board. It is open the first
// time and, once closed, stays closed on every later table (as Ladders' and King of the
// Quackers' legends do): a new player meets these words before any of them is explained.
import { prefs } from "../api.js";
import { rankKey, SUITS, suitKey } from "../decktet.js";

// The glossary is the one place left where this page words a rule (WC-12 here; the terms below):
// the bidder is told it by the server (the view's prompt), but a glossary open at any time has
// no server words to draw on yet.
const SCORING =
  "A bid scores 4 × the bid if you take exactly that many tricks, 2 × if one off, 1 × if two off, nothing further off; a bid of 0 scores nothing.";

let open = prefs.get("wc.legend", "") !== "seen";

/** The struck-through suit of a two-suit card, as the table draws it (WC-5). */
function faded(el) {
  const s = el("span", "wc-faded-demo", SUITS.Y.symbol);
  s.style.color = SUITS.Y.colour;
  return s;
}

function terms(el, classic) {
  const reading = el("span");
  reading.append(
    classic
      ? "each two-suit card counts as one suit only, for everyone: TOP its upper suit, BOTTOM its lower one. The suit that does not count is faded and struck through: "
      : "each of your two-suit cards counts as one suit only: TOP (a Crown ruling card) its upper suit, BOTTOM (an Ace) its lower one. The suit that does not count is faded and struck through: ",
    faded(el),
    ".",
  );
  const rows = [];
  if (classic) {
    rows.push(["Calls", "two, for the whole table: the player on the dealer's left calls TOP or BOTTOM or a trump suit, the next player makes the other kind of call."]);
  } else {
    rows.push(["Ruling card", "one of your Aces or Crowns, chosen in secret, then shown to all. It stays in front of you, out of play: its suit is your trump, and it decides whether you read TOP or BOTTOM."]);
  }
  rows.push(["TOP / BOTTOM", reading]);
  rows.push([
    "Trump",
    classic
      ? "the called suit beats all others: the highest trump takes the trick. No one may lead a trump until one has been played, unless they hold only trumps."
      : "a card of your trump suit (as you read it) beats all other suits: the highest trump takes the trick. You may not lead your trump while you hold another suit.",
  ]);
  rows.push(["Following", "play the suit that was led if you hold it (as you read your cards); if not, any card."]);
  rows.push(["Bid", `how many tricks you will take. ${SCORING}`]);
  return rows;
}

export function wcLegend(ctx) {
  const { el, view: v } = ctx;
  const classic = v.options.variant === "classic";
  const d = el("details", "wc-legend");
  d.open = open;
  const first = classic ? "the calls" : "a ruling card";
  d.append(el("summary", null, `What are ${first}, TOP and BOTTOM, trump? What a bid scores; the symbols`));
  const list = el("dl");
  for (const [word, text] of terms(el, classic)) {
    const item = el("div");
    const dd = el("dd", null, typeof text === "string" ? text : null);
    if (typeof text !== "string") dd.append(text);
    item.append(el("dt", null, word), dd);
    list.append(item);
  }
  const suits = el("div");
  const dd = el("dd");
  dd.append(suitKey());
  suits.append(el("dt", null, "Suits"), dd);
  const ranks = el("div");
  const key = rankKey().map(([k, w]) => `${k} ${w}`).join(" · ");
  ranks.append(el("dt", null, "Ranks"), el("dd", null, `low to high: ${key}. ☺ marks a personality (it plays like any card here).`));
  list.append(suits, ranks);
  d.append(list);
  d.addEventListener("toggle", () => {
    open = d.open;
    if (!d.open) prefs.set("wc.legend", "seen");
  });
  return d;
}
