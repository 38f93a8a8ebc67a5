// The Decktet's cards as the page draws them (rules/decktet.md): a code such as `8YK` is the
// rank (0 Excuse, 1 Ace, 2-9, P Pawn, T Court, N Crown) then the suits, top to bottom.
// King of the Quackers and Wildcat Chicane both draw their cards with this module.
// The corner says the rank: A Ace, 2-9, P Pawn, Ct Court, ★ Crown, E Excuse. Court is "Ct",
// not "C", which a new player reads as Crown (RANK_KEY says which is which, for legends).

export const SUITS = {
  M: { name: "Moons", symbol: "☾", colour: "#5a6fd6" },
  S: { name: "Suns", symbol: "☀", colour: "#e0a100" },
  V: { name: "Waves", symbol: "≋", colour: "#1f8fb8" },
  L: { name: "Leaves", symbol: "❦", colour: "#3f9a3a" },
  Y: { name: "Wyrms", symbol: "§", colour: "#c2412d" },
  K: { name: "Knots", symbol: "∞", colour: "#8a5a2b" },
};
export const SUIT_ORDER = ["M", "S", "V", "L", "Y", "K"];

const RANKS = { 0: "", 1: "A", P: "P", T: "Ct", N: "★" };
const RANK_NAMES = { 0: "Excuse", 1: "Ace", P: "Pawn", T: "Court", N: "Crown" };

/** The corner letters and what they stand for, low to high. `ranks`, the rank codes the
 *  table's deck holds, come from the server (the game's card facts); without them, the basic
 *  deck's (no Excuse, Pawn or Court), and `extended` adds those three. */
export function rankKey({ extended = false, ranks = null } = {}) {
  const has = (r) => (ranks ? ranks.includes(r) : extended);
  const key = [];
  if (has("0")) key.push(["E", "the Excuse"]);
  key.push(["A", "Ace"], ["2–9", "the numbers"]);
  if (has("P")) key.push(["P", "Pawn"]);
  if (has("T")) key.push(["Ct", "Court"]);
  key.push(["★", "Crown"]);
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
  0: ["the Excuse", ""],
  "2MK": ["the Author", "P"], "2SY": ["the Desert", "L"], "2VL": ["the Origin", "LE"],
  "3MV": ["the Journey", "E"], "3SK": ["the Painter", "P"], "3LY": ["the Savage", "P"],
  "4MS": ["the Mountain", "L"], "4VL": ["the Sailor", "P"], "4YK": ["the Battle", "E"],
  "5ML": ["the Forest", "L"], "5SV": ["the Discovery", "E"], "5YK": ["the Soldier", "P"],
  "6MV": ["the Lunatic", "P"], "6SY": ["the Penitent", "P"], "6LK": ["the Market", "LE"],
  "7ML": ["the Chance Meeting", "E"], "7SK": ["the Castle", "L"], "7VY": ["the Cave", "L"],
  "8MS": ["the Diplomat", "P"], "8VL": ["the Mill", "L"], "8YK": ["the Betrayal", "E"],
  "9MS": ["the Pact", "E"], "9VY": ["the Darkness", "L"], "9LK": ["the Merchant", "P"],
  NM: ["the Huntress", "P"], NS: ["the Bard", "P"], NV: ["the Sea", "L"],
  NL: ["the End", "LE"], NY: ["the Calamity", "E"], NK: ["the Windfall", "E"],
  PMSL: ["the Harvest", "E"], PMYK: ["the Watchman", "P"], PSVK: ["the Light Keeper", "P"],
  PVLY: ["the Borderland", "L"], TMVK: ["the Consul", "P"], TMLY: ["the Rite", "E"],
  TSVY: ["the Island", "L"], TSLK: ["the Window", "L"],
};

/** {code, rank, rankLabel, suits, name, type, personality} of a card code. */
export function parse(code) {
  const c = String(code);
  const rank = c[0];
  const suits = c.slice(1).split("");
  const known = CARDS[c];
  const name = known ? known[0] : rank === "1" ? `Ace of ${SUITS[suits[0]]?.name ?? "?"}` : c;
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
  if (p.excuse) return "the Excuse";
  const suits = p.suits.map((s) => SUITS[s].name).join("/");
  if (p.rank === "1") return p.name;
  return `${p.name} (${p.rankName} ${suits})`;
}

/** The card's face: rank in the corner, its suits top to bottom, its name along the foot. */
export function decktetCard(code, { small = false, faceDown = false, tag = "div" } = {}) {
  const e = document.createElement(tag);
  e.className = `dcard${small ? " small" : ""}${faceDown ? " back" : ""}`;
  // An image named with the card in words, so a screen reader reads every card a person sees
  // (a button holding a card is named by its own label).
  if (tag !== "button") e.setAttribute("role", "img");
  if (faceDown) {
    e.setAttribute("aria-label", "a face-down card");
    return e;
  }
  const p = parse(code);
  e.dataset.card = p.code;
  e.title = cardName(code) + (p.personality ? " · personality" : "");
  e.setAttribute("aria-label", e.title);
  if (p.excuse) e.classList.add("excuse");
  if (p.personality) e.classList.add("personality");
  const rank = document.createElement("span");
  rank.className = "dcard-rank";
  rank.textContent = p.excuse ? "E" : p.rankLabel;
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
    mark.title = "a personality";
    e.append(mark);
  }
  const name = document.createElement("span");
  name.className = "dcard-name";
  name.textContent = p.excuse ? "Excuse" : p.rank === "1" ? "Ace" : p.name.replace(/^the /, "");
  // A long name is not cut short ("Chance M…"): "long" may take two lines under two suits;
  // "tight" (three suits leave no room for a second line) takes a smaller type. The games'
  // stylesheets draw both.
  if (name.textContent.length > 9) name.classList.add(p.suits.length > 2 ? "tight" : "long");
  e.append(name);
  if (p.suits.length) e.style.setProperty("--suit", SUITS[p.suits[0]].colour);
  return e;
}
