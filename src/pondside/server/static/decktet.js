// The Decktet's cards as the page draws them (rules/decktet.md): a code such as `8YK` is the
// rank (0 Excuse, 1 Ace, 2-9, P Pawn, T Court, N Crown) then the suits, top to bottom.
// King of the Quackers and Wildcat Chicane both draw their cards with this module.
// The corner says the rank: A Ace, 2-9, P Pawn, Ct Court, ★ Crown, E Excuse. Court is "Ct",
// not "C", which a new player reads as Crown (RANK_KEY says which is which, for legends).
// Names are the page's language (the same catalog messages as the server's sentences, so that a
// page finds a suit's name in them): the Decktet's own card names stay as the German rules keep
// them ("the Betrayal"), ranks and suits are translated.
import { t } from "./i18n.js";

export const SUITS = {
  M: { name: t("Moons"), symbol: "☾", colour: "#5a6fd6" },
  S: { name: t("Suns"), symbol: "☀", colour: "#e0a100" },
  V: { name: t("Waves"), symbol: "≋", colour: "#1f8fb8" },
  L: { name: t("Leaves"), symbol: "❦", colour: "#3f9a3a" },
  Y: { name: t("Wyrms"), symbol: "§", colour: "#c2412d" },
  K: { name: t("Knots"), symbol: "∞", colour: "#8a5a2b" },
};
export const SUIT_ORDER = ["M", "S", "V", "L", "Y", "K"];

const RANKS = { 0: "", 1: "A", P: "P", T: "Ct", N: "★" };
const RANK_NAMES = { 0: t("Excuse"), 1: t("Ace"), P: t("Pawn"), T: t("Court"), N: t("Crown") };

/** The corner letters and what they stand for, low to high. `ranks`, the rank codes the
 *  table's deck holds, come from the server (the game's card facts); without them, the basic
 *  deck's (no Excuse, Pawn or Court), and `extended` adds those three. */
export function rankKey({ extended = false, ranks = null } = {}) {
  const has = (r) => (ranks ? ranks.includes(r) : extended);
  const key = [];
  if (has("0")) key.push(["E", t("the Excuse")]);
  key.push(["A", RANK_NAMES[1]], ["2–9", t("the numbers")]);
  if (has("P")) key.push(["P", RANK_NAMES.P]);
  if (has("T")) key.push(["Ct", RANK_NAMES.T]);
  key.push(["★", RANK_NAMES.N]);
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

// name and type (P personality, L location, E event) of every card but the Aces.
const CARDS = {
  0: [t("the Excuse"), ""],
  "2MK": [t("the Author"), "P"], "2SY": [t("the Desert"), "L"], "2VL": [t("the Origin"), "LE"],
  "3MV": [t("the Journey"), "E"], "3SK": [t("the Painter"), "P"], "3LY": [t("the Savage"), "P"],
  "4MS": [t("the Mountain"), "L"], "4VL": [t("the Sailor"), "P"], "4YK": [t("the Battle"), "E"],
  "5ML": [t("the Forest"), "L"], "5SV": [t("the Discovery"), "E"], "5YK": [t("the Soldier"), "P"],
  "6MV": [t("the Lunatic"), "P"], "6SY": [t("the Penitent"), "P"], "6LK": [t("the Market"), "LE"],
  "7ML": [t("the Chance Meeting"), "E"], "7SK": [t("the Castle"), "L"], "7VY": [t("the Cave"), "L"],
  "8MS": [t("the Diplomat"), "P"], "8VL": [t("the Mill"), "L"], "8YK": [t("the Betrayal"), "E"],
  "9MS": [t("the Pact"), "E"], "9VY": [t("the Darkness"), "L"], "9LK": [t("the Merchant"), "P"],
  NM: [t("the Huntress"), "P"], NS: [t("the Bard"), "P"], NV: [t("the Sea"), "L"],
  NL: [t("the End"), "LE"], NY: [t("the Calamity"), "E"], NK: [t("the Windfall"), "E"],
  PMSL: [t("the Harvest"), "E"], PMYK: [t("the Watchman"), "P"], PSVK: [t("the Light Keeper"), "P"],
  PVLY: [t("the Borderland"), "L"], TMVK: [t("the Consul"), "P"], TMLY: [t("the Rite"), "E"],
  TSVY: [t("the Island"), "L"], TSLK: [t("the Window"), "L"],
};

/** {code, rank, rankLabel, suits, name, type, personality} of a card code. */
export function parse(code) {
  const c = String(code);
  const rank = c[0];
  const suits = c.slice(1).split("");
  const known = CARDS[c];
  const name = known ? known[0] : rank === "1" ? t("Ace of {suit}", { suit: SUITS[suits[0]]?.name ?? "?" }) : c;
  const type = known ? known[1] : "";
  return {
    code: c,
    rank,
    rankLabel: rank in RANKS ? RANKS[rank] : rank,
    rankName: RANK_NAMES[rank] || rank,
    suits,
    name,
    type,
    personality: type.includes("P"),
    excuse: c === "0",
  };
}

/** "the Betrayal (8 Wyrms/Knots)": a card in words. */
export function cardName(code) {
  const p = parse(code);
  if (p.excuse) return CARDS[0][0];
  const suits = p.suits.map((s) => SUITS[s].name).join("/");
  if (p.rank === "1") return p.name;
  return t("{card} ({rank} {suits})", { card: p.name, rank: p.rankName, suits });
}

/** "the Ace of Knots", "the Betrayal": a card's name in a sentence (the server's card_name). */
export function nameInSentence(code) {
  const p = parse(code);
  return p.rank === "1" ? t("the Ace of {suit}", { suit: SUITS[p.suits[0]]?.name ?? "?" }) : p.name;
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
  name.textContent = p.excuse ? RANK_NAMES[0] : p.rank === "1" ? RANK_NAMES[1] : p.name.replace(/^the /, "");
  // A long name is not cut short ("Chance M…"): "long" may take two lines under two suits;
  // "tight" (three suits leave no room for a second line) takes a smaller type. The games'
  // stylesheets draw both.
  if (name.textContent.length > 9) name.classList.add(p.suits.length > 2 ? "tight" : "long");
  e.append(name);
  if (p.suits.length) e.style.setProperty("--suit", SUITS[p.suits[0]].colour);
  return e;
}
