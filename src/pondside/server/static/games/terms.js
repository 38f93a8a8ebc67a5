// A game's own words for its legend, as the server serves them once a page in GET /api/games
// (`terms`: the game's `Game.terms()`, written in Python beside its rules). The legends draw
// them; no page writes a term's meaning itself.
import { getGames, prefs } from "../api.js";
import { t } from "../i18n.js";
import { named } from "../named.js";

/** Whether a term (or a score note) applies to a table with these options (its `when`, if
 * any). */
export function applies(term, options) {
  return Object.entries(term.when || {}).every(([k, v]) => options?.[k] === v);
}

/** The game's words of `facts` (its /api/games entry) as a function: its prompt `key`, the
 * {slots} filled, for a module that has the facts before any frame. */
export const wordsIn = (facts) => (key, slots = {}) => fill(facts?.prompts?.[key] || "", slots);

/** The game's prompt `key` (Game.prompts, GET /api/games: the page context's `facts`), its
 * {slots} filled: `prompt(ctx, "too low", { card: 6 })`. */
export function prompt(ctx, key, slots = {}) {
  return wordsIn(ctx.facts)(key, slots);
}

/** `words` with their {slots} filled: `fill("Round {round}", { round: 2 })`. */
export function fill(words, slots = {}) {
  return words.replace(/\{(\w+)\}/g, (m, k) => (k in slots ? String(slots[k]) : m));
}

/** Game `slug`'s facts (GET /api/games, asked once a page: its prompts, card facts, terms),
 * for the words a module writes where it has no frame (a score row, a card's name on a rules
 * page); an empty object when they cannot be had. */
export async function factsOf(slug) {
  try {
    const { games } = await getGames();
    return games.find((g) => g.slug === slug) || {};
  } catch {
    return {};
  }
}

/** The status line in the server's words (the frame's captions, `Game.captions`), for the
 * page's situation: "status" (nothing picked, nothing sent), "status sent" (an action sent, not
 * yet answered), "status picked", "status confirm" (the game's own keys too); a situation the
 * game has no words for shows "status". `what`: the page's cards, for the words' {what}. */
export function said(ctx, situation = "status", what = "") {
  const captions = ctx.frame.captions || {};
  const words = captions[situation] ?? captions.status ?? "";
  return named(words.replace("{what}", String(what)), ctx.frame.card_words);
}

/** The terms of game `slug` that apply to a table with `options`, as [term, meaning] pairs. */
export async function termsOf(slug, options) {
  const { games } = await getGames();
  const game = games.find((g) => g.slug === slug);
  return (game?.terms || []).filter((t) => applies(t, options)).map((t) => [t.term, t.meaning]);
}

/** A `<dl>` of the game's terms, filled as soon as the facts are in (at once after the first
 * time: the page asks for them once), before any row the caller adds. `item(row, term, dd)`
 * may dress each row. */
export function termsList(el, slug, options, item) {
  const list = el("dl");
  termsOf(slug, options).then(
    (rows) => {
      // Before any row the page added of its own (a key to the card faces).
      list.prepend(
        ...rows.map(([term, meaning]) => {
          const row = el("div");
          const dd = el("dd", null, meaning);
          row.append(el("dt", null, term), dd);
          if (item) item(row, term, dd);
          return row;
        }),
      );
    },
    () => list.append(el("div", null, t("The game's words could not be loaded; the rules page has them."))),
  );
  return list;
}

// --- a legend that stays closed once closed ------------------------------------------------------
const legendsOpen = new Map(); // pref key -> open now, for the tables drawn after this one

/** A legend (`<details class=cls>` under `summary`), open until the player closes it once and
 * then closed on every later table (remembered as `key` in the browser's prefs). Remembered at
 * the click on its summary (a key press on it clicks too), not at the "toggle" event that
 * follows: a frame drawn in between would otherwise draw the legend open again. */
export function legendBox(el, key, cls, summary) {
  if (!legendsOpen.has(key)) legendsOpen.set(key, prefs.get(key, "") !== "seen");
  const d = el("details", cls);
  d.open = legendsOpen.get(key);
  const head = el("summary", null, summary);
  d.append(head);
  head.addEventListener("click", () => {
    legendsOpen.set(key, !d.open);
    if (d.open) prefs.set(key, "seen");
  });
  return d;
}
