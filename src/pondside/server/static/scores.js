// The score table and the end of a match on a table page: each seat's scores by hand and in
// total with its place, what wins (the game's facts), the end dialog with the places, and a
// tutorial's last words.
import { api, gameName } from "./api.js";
import { t } from "./i18n.js";
import { applies } from "./games/terms.js";
import { endLinks, replaying } from "./replay.js";
import { $, againLabel, el, mySeat, names, ordinal, placeClass, seatOrder, toast } from "./room.js";

/** What the score table draws with: every game's facts (GET /api/games, once loaded), the game's
 * module, the frame drawn last, and the dialogs' clocks' tick. */
export const scoring = { facts: [], module: null, shown: () => null, tick: () => {} };
let endShownFor = null;

/** Each seat's place: the outcome's at the end, else the server's standing (Game.standing). */
export function places(frame) {
  if (frame.outcome) return frame.outcome.places;
  return frame.standing && frame.standing.length ? frame.standing : frame.view.totals.map(() => 1);
}

/** The table's game's facts (GET /api/games), or an empty object before they are in. */
export const gameFacts = (frame) => scoring.facts.find((g) => g.slug === frame.table.game) || {};

/** The line under the scores, what wins: the game's first score note for this table's options. */
export function whatWins(frame) {
  const g = gameFacts(frame);
  const note = ((g && g.score_notes) || []).find((n) => applies(n, frame.table.options));
  return note ? note.note : "";
}

/** What the game calls one deal ("Round", "Hand", "Game"): its words (prompts "hand name"). */
export function handName(frame) {
  const g = gameFacts(frame);
  return g.prompts?.["hand name"] || t("Hand");
}

export function renderScores(frame) {
  const v = frame.view;
  const n = names(frame);
  const order = seatOrder(frame);
  const me = mySeat(frame);
  const table = el("table", "scores");
  const game = scoring.module;
  const hand = handName(frame);
  const unit = scoreUnit(frame, 2);
  const caption = frame.table.lower_is_better
    ? t("{unit} per {hand} and in total; fewer are better", { unit, hand })
    : t("{unit} per {hand} and in total; more are better", { unit, hand });
  table.append(el("caption", "sr-only", caption));
  const hr = el("tr");
  hr.append(el("th", null, hand));
  for (const s of order) hr.append(el("th", s === me ? "mine" : null, n[s]));
  const thead = el("thead");
  thead.append(hr);
  const tbody = el("tbody");
  const rows = game.scoreRows ? game.scoreRows(v) : v.hand_scores.map((row, i) => ({ label: `${hand} ${i + 1}`, cells: row }));
  for (const row of rows) {
    const tr = el("tr", row.note ? "in-play" : null);
    const th = el("th", null, row.label);
    if (row.note) th.append(el("small", null, row.note));
    tr.append(th);
    for (const s of order) tr.append(el("td", null, String(row.cells[s])));
    tbody.append(tr);
  }
  const pl = places(frame);
  const tfoot = el("tfoot");
  const tt = el("tr");
  tt.append(el("th", null, t("Total")));
  for (const s of order) tt.append(el("td", `total ${placeClass(pl[s], pl)}`, String(v.totals[s])));
  const tp = el("tr");
  tp.append(el("th", null, t("Place")));
  for (const s of order) tp.append(el("td", `place ${placeClass(pl[s], pl)}`, ordinal(pl[s])));
  tfoot.append(tt, tp);
  table.append(thead, tbody, tfoot);
  const note = el("p", "muted small", whatWins(frame));
  $("score-table").replaceChildren(table, note);
}

export function openScores() {
  const shown = scoring.shown();
  if (!shown || !shown.view) {
    toast(t("The scores appear once the match has started."));
    return;
  }
  renderScores(shown);
  $("score-title").textContent = shown.view.over ? t("Final score") : t("Current score");
  const d = $("score-dialog");
  if (!d.open) d.showModal();
  scoring.tick();
}

/** What a score counts, in the game's words (its facts' `score_unit`, said in the page's
 * language by the server): one and many. */
export function unitWords(frame) {
  const g = gameFacts(frame);
  return (g && g.score_unit) || [t("point"), t("points")];
}

/** What a score counts for `n`. */
function scoreUnit(frame, n) {
  const [one, many] = unitWords(frame);
  return Number(n) === 1 ? one : many;
}

export function showEnd(frame) {
  const game = scoring.module;
  const v = frame.view;
  const n = names(frame);
  const me = mySeat(frame);
  const pl = places(frame);
  const scores = frame.outcome ? frame.outcome.scores : v.totals;
  const list = $("end-places");
  list.replaceChildren();
  const order = [...Array(v.players).keys()].sort((a, b) => pl[a] - pl[b] || a - b);
  for (const s of order) {
    const li = el("li", `end-place ${placeClass(pl[s], pl)}`);
    if (s === me) li.classList.add("mine");
    li.append(el("span", "end-rank", ordinal(pl[s])), el("span", "end-name", n[s] + (s === me ? ` ${t("(you)")}` : "")));
    const score = el("span", "end-ducks");
    // The game's words for the score where it has them (its captions' "end score N").
    const said = (frame.captions || {})[`end score ${s}`];
    score.append(said ?? (game.endScore ? game.endScore(v, s, frame.outcome) : String(scores[s])));
    // A score drawn as a number alone (a picture beside it at most) gets the game's unit,
    // in the game's words (GET /api/games: "12 ducks").
    const scored = el("span", "end-score");
    scored.append(score);
    if (!/[a-z]/i.test(score.textContent)) scored.append(el("span", "end-unit", scoreUnit(frame, scores[s])));
    li.append(scored);
    list.append(li);
  }
  const mine = me != null ? pl[me] : null;
  const shared = mine === 1 && pl.filter((p) => p === 1).length > 1;
  $("end-title").textContent = shared
    ? t("You share first place!")
    : mine === 1
      ? game.winTitle || t("You win!")
      : mine != null
        ? t("You finish {place}", { place: ordinal(mine) })
        : t("The match is over");
  againLabel(frame);
  endLinks(frame);
  if (frame.table.tutorial && !replaying) tutorialDone(frame);
  const d = $("end-dialog");
  if (endShownFor !== frame.table.id) {
    endShownFor = frame.table.id;
    if ($("score-dialog").open) $("score-dialog").close();
    if (!d.open) d.showModal();
  }
}

/** The end of a tutorial: it says so, what it taught and what next, with the links there (the
 * sentences are the server's: the game's tutorial script, GET /api/tutorials). */
async function tutorialDone(frame) {
  $("end-title").textContent = t("Tutorial done: you have played {game}!", { game: gameName(frame.table) });
  $("again-btn").hidden = true;
  $("real-table-link").href = `/?game=${encodeURIComponent(frame.table.game)}`;
  $("real-table-link").hidden = $("learn-link").hidden = false;
  try {
    const { tutorials } = await api("/api/tutorials");
    const mine = tutorials.find((x) => x.game === frame.table.game);
    if (mine) $("end-note").textContent = [mine.done, mine.next].filter(Boolean).join(" ");
  } catch {
    // The links say what next.
  }
}
