// The leaderboard (/leaderboard): each game's openskill ratings, people and bot levels
// together, best first. The game is chosen with tabs and kept in the address (#<game>).
import { api, gameName, getGames, levelLabel } from "./api.js";
import { $, el, labelCells } from "./room.js";
import { num, t } from "./i18n.js";

let games = [];
// The columns in words, as the explanation above says them (not μ and σ).
const HEADS = [
  [t("Rank"), "num"],
  [t("Player")],
  [t("Rating"), "num", t("a skill this player very probably has at least: the skill less three times how unsure it is")],
  [t("Skill"), "num", t("the skill the results so far suggest")],
  [t("Unsure by"), "num", t("how unsure that skill still is")],
  [t("Matches"), "num"],
];

function tabs(current) {
  const box = $("game-tabs");
  box.replaceChildren();
  for (const g of games) {
    const b = el("button", "btn", g.name);
    b.type = "button";
    b.setAttribute("role", "tab");
    b.dataset.game = g.slug;
    b.setAttribute("aria-selected", String(g.slug === current));
    b.addEventListener("click", () => show(g.slug));
    box.append(b);
  }
}

async function show(slug) {
  tabs(slug);
  if (location.hash !== `#${slug}`) history.replaceState(null, "", `#${slug}`);
  $("board-error").textContent = "";
  let data;
  try {
    data = await api(`/api/leaderboard/${encodeURIComponent(slug)}`);
  } catch (e) {
    $("board-error").textContent = e.message;
    return;
  }
  $("board-explain").textContent = data.explanation;
  const game = gameName({ game: slug, game_name: data.game_name });
  document.title = t("Leaderboard · {game} · Pondside", { game });
  if (!data.ratings.length) {
    $("board-box").replaceChildren(el("p", "muted", t("No match of {game} has finished yet: the ratings appear with the first.", { game })));
    return;
  }
  // On a phone each row is two compact lines (leaderboard.css), not a block per cell.
  const table = el("table", "data-table lb-table");
  table.id = "board-table";
  table.setAttribute("role", "table");
  const head = el("tr");
  for (const [words, cls, title] of HEADS) {
    const th = el("th", cls || null, words);
    if (title) th.title = title;
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const r of data.ratings) {
    const tr = el("tr");
    const name = el("td", "lb-name", r.bot ? t("{level} bot", { level: levelLabel(r.bot) }) : r.name || t("(no name)"));
    if (!r.bot && r.name) name.translate = false; // a person's name is theirs in every language
    // A bot level's row is every bot of that level: said in words.
    if (r.bot) name.append(el("span", "muted", ` · ${t("every bot of this level")}`));
    // The viewer's own row, as the tables mark theirs: guests may share a name.
    if (r.you) {
      tr.classList.add("lb-you");
      const you = el("span", "you-tag", ` ${t("(you)")}`);
      you.translate = true; // in a name's cell, but the catalog's words
      name.append(you);
    }
    tr.append(
      el("td", "num lb-rank", String(r.rank)),
      name,
      el("td", "num lb-rating", num(r.ordinal, 1)),
      el("td", "num lb-more lb-skill", num(r.mu, 1)),
      el("td", "num lb-more", num(r.sigma, 2)),
      el("td", "num lb-more", String(r.matches)),
    );
    labelCells(tr, HEADS);
    body.append(tr);
  }
  table.append(thead, body);
  $("board-box").replaceChildren(table);
}

async function init() {
  try {
    games = (await getGames()).games;
  } catch (e) {
    $("board-error").textContent = e.message;
    return;
  }
  const wanted = decodeURIComponent(location.hash.slice(1));
  show(games.some((g) => g.slug === wanted) ? wanted : games[0].slug);
}

init();
