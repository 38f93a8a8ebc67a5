// The Decktet's cards as the page draws them (rules/decktet.md): a code such as `8YK` is the
// rank (0 Excuse, 1 Ace, 2-9, P Pawn, T Court, N Crown) then the suits, top to bottom.
// King of the Quackers and Wildcat Chicane both draw their cards with this module.
// The corner says the rank: A Ace, 2-9, P Pawn, Ct Court, ★ Crown, E Excuse. Court is "Ct",
// not "C", which a new player reads as Crown (rankKey says which is which, for legends).
// What the deck is, its cards' names and types, its suits' and ranks' words and the rank order,
// is the server's (games/decktet.py's deck_facts, a Decktet game's card facts in GET
// /api/games, in the page's language): this module holds only how a card looks.
import { getGames } from "./api.js";
import { t } from "./i18n.js";

const deck = (await getGames()).games.map((g) => g.card_facts?.decktet).find(Boolean) || {
  cards: {},
  suits: {},
  rank_names: {},
  ranks: [],
};

// Each suit's symbol and colour, and its name as the server gives it.
const LOOK = {
  M: { symbol: "☾", colour: "#5a6fd6" },
  S: { symbol: "☀", colour: "#e0a100" },
  V: { symbol: "≋", colour: "#1f8fb8" },
  L: { symbol: "❦", colour: "#3f9a3a" },
  Y: { symbol: "§", colour: "#c2412d" },
  K: { symbol: "∞", colour: "#8a5a2b" },
};
export const SUITS = Object.fromEntries(
  Object.entries(LOOK).map(([s, look]) => [s, { ...look, name: deck.suits[s] ?? s }]),
);
export const SUIT_ORDER = Object.keys(deck.suits).length ? Object.keys(deck.suits) : Object.keys(LOOK);

// The corner's letters (how the deck prints a rank), by rank code.
const CORNER = { 0: "E", 1: "A", P: "P", T: "Ct", N: "★" };
const rankName = (rank) => deck.rank_names[rank] || rank;

/** The corner letters and what they stand for, low to high, for the ranks `ranks` (the rank
 *  codes of the table's deck, low to high, as the server lists them). */
export function rankKey(ranks = deck.ranks) {
  const key = [];
  let numbers = false;
  for (const r of ranks) {
    if (r >= "2" && r <= "9") {
      if (!numbers) key.push(["2–9", t("the numbers")]);
      numbers = true;
    } else {
      key.push([CORNER[r] ?? r, r === "0" ? deck.cards["0"]?.called ?? rankName(r) : rankName(r)]);
    }
  }
  return key;
}

/** The six suits as a legend line: "☾ Moons" ... each symbol in its colour, its name beside it. */
export function suitKey() {
  const line = document.createElement("span");
  line.className = "dsuit-key";
  for (const s of SUIT_ORDER) {
    const item = document.createElement("span");
    item.className = "dsuit-key-item";
    const sym = document.createElement("span");
    sym.className = `dsuit s-${s}`;
    sym.textContent = SUITS[s].symbol;
    sym.style.color = SUITS[s].colour;
    item.append(sym, ` ${SUITS[s].name}`);
    line.append(item);
  }
  return line;
}

/** {code, rank, rankLabel, suits, name, type, personality} of a card code. */
export function parse(code) {
  const c = String(code);
  const rank = c[0];
  const suits = c.slice(1).split("");
  const known = deck.cards[c];
  const type = known ? known.types : "";
  return {
    code: c,
    rank,
    rankLabel: CORNER[rank] ?? rank,
    rankName: rankName(rank),
    suits,
    name: known ? known.name : c,
    called: known ? known.called : c,
    type,
    personality: type.includes("P"),
    excuse: c === "0",
  };
}

/** "the Betrayal (8 Wyrms/Knots)": a card in words. */
export function cardName(code) {
  const p = parse(code);
  if (p.excuse) return p.called;
  if (p.rank === "1") return p.name;
  const suits = p.suits.map((s) => SUITS[s].name).join("/");
  return t("{card} ({rank} {suits})", { card: p.name, rank: p.rankName, suits });
}

/** "the Ace of Knots", "the Betrayal": a card's name in a sentence (the server's card_name). */
export function nameInSentence(code) {
  return parse(code).called;
}

/** The card's face: rank in the corner, its suits top to bottom, its name along the foot. */
export function decktetCard(code, { small = false, faceDown = false, tag = "div" } = {}) {
  const e = document.createElement(tag);
  e.className = `dcard${small ? " small" : ""}${faceDown ? " back" : ""}`;
  // An image named with the card in words, so a screen reader reads every card a person sees
  // (a button holding a card is named by its own label).
  if (tag !== "button") e.setAttribute("role", "img");
  if (faceDown) {
    e.setAttribute("aria-label", t("a face-down card"));
    return e;
  }
  const p = parse(code);
  e.dataset.card = p.code;
  e.title = p.personality ? t("{card} · personality", { card: cardName(code) }) : cardName(code);
  e.setAttribute("aria-label", e.title);
  if (p.excuse) e.classList.add("excuse");
  if (p.personality) e.classList.add("personality");
  const rank = document.createElement("span");
  rank.className = "dcard-rank";
  rank.textContent = p.excuse ? "E" : p.rankLabel;
  rank.translate = false; // the corner index, printed on the card as the deck prints it
  if (rank.textContent.length > 1) rank.classList.add("wide"); // "Ct": a touch smaller, clear of the suits
  e.append(rank);
  const suits = document.createElement("span");
  suits.className = "dcard-suits";
  for (const s of p.suits) {
    const sym = document.createElement("span");
    sym.className = `dsuit s-${s}`;
    sym.textContent = SUITS[s].symbol;
    sym.style.color = SUITS[s].colour;
    sym.title = SUITS[s].name;
    suits.append(sym);
  }
  e.append(suits);
  if (p.personality) {
    const mark = document.createElement("span");
    mark.className = "dcard-person";
    mark.textContent = "☺";
    mark.title = t("a personality");
    e.append(mark);
  }
  const name = document.createElement("span");
  name.className = "dcard-name";
  // The name without its article ("Betrayal"; the German rules keep "the Betrayal" too).
  name.textContent = p.excuse || p.rank === "1" ? p.rankName : p.name.replace(/^the /, "");
  // A long name is not cut short ("Chance M…"): "long" may take two lines under two suits;
  // "tight" (three suits leave no room for a second line) takes a smaller type. The games'
  // stylesheets draw both.
  if (name.textContent.length > 9) name.classList.add(p.suits.length > 2 ? "tight" : "long");
  e.append(name);
  if (p.suits.length) e.style.setProperty("--suit", SUITS[p.suits[0]].colour);
  return e;
}
