// Wildcat Chicane's cards in words and as their players read them (WC-5, WC-6, WC-12), shared
// by the table (wildcat-chicane.js) and its board (wildcat-chicane-board.js).
import { cardName, parse, SUITS, SUIT_ORDER } from "../decktet.js";

/** "Waves" */
export const suitMany = (s) => (SUITS[s] ? SUITS[s].name : "?");

/** "the Calamity", "the Ace of Knots": a ruling card's short name. */
export function nameOf(code) {
  const p = parse(code);
  return p.rank === "1" ? `the ${p.name}` : p.name;
}

/** "the Calamity (Crown Wyrms)", "the Ace of Knots": a card in a sentence. */
export function cardWords(code) {
  return parse(code).rank === "1" ? `the ${cardName(code)}` : cardName(code);
}

/** WC-5: the one suit a card has for a TOP or BOTTOM reader (its first or last printed suit). */
export function readSuit(code, reading) {
  const s = parse(code).suits;
  return reading === "bottom" ? s[s.length - 1] : s[0];
}

/** WC-6: the card, as this reader reads it, is of the reader's trump suit. */
export function isTrump(code, reading, trump) {
  return !!reading && !!trump && readSuit(code, reading) === trump;
}

export function trumpCount(hand, reading, trump) {
  return hand.filter((c) => isTrump(c, reading, trump)).length;
}

const RANK = (code) => {
  const r = parse(code).rank;
  return r === "1" ? 1 : r === "N" ? 10 : Number(r);
};

/** The hand in suits as its player reads them, trumps last, each suit by rank; the ruling card
 *  (chosen, not yet revealed) apart at the end. Without a reading: the table's order. */
export function groupsOf(hand, reading, trump, ruler) {
  if (!reading) return [{ suit: null, cards: [...hand] }];
  const rest = hand.filter((c) => c !== ruler);
  const order = SUIT_ORDER.filter((s) => s !== trump).concat(trump ? [trump] : []);
  const groups = order
    .map((suit) => ({ suit, cards: rest.filter((c) => readSuit(c, reading) === suit).sort((a, b) => RANK(a) - RANK(b)) }))
    .filter((g) => g.cards.length);
  if (ruler && hand.includes(ruler)) groups.push({ suit: "ruler", cards: [ruler] });
  return groups;
}

/** "TOP", "BOTTOM", "Wyrms as trump": a classic call (WC-15) in words. */
export function callText(call) {
  if (call.startsWith("trump")) return `${suitMany(call.split(" ")[1])} as trump`;
  return call.toUpperCase();
}

/** WC-12 for every bid, in one line (phones cannot hover a bid button to read its title). */
export const SCORING =
  "A bid scores 4 × the bid if you take exactly that many tricks, 2 × if one off, 1 × if two off, nothing further off; a bid of 0 scores nothing.";
