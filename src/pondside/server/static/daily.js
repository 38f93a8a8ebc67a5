// The deal of the day (/daily): each game's deal, the guest's attempt, and where they stand
// once it is over (their percentile among every finished attempt, the spread of the scores,
// the best result's replay, the bots' own results at their seat). Every figure and every
// score's words are the server's; names are shown as text, never as HTML.
import { api, ApiError, levelWord } from "./api.js";
import { $, el, ordinal } from "./room.js";
import { t, tn } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// The scores of every attempt as bars, one per score (best first, as the server orders
// them), the guest's own marked: a picture of where they stand.
function spread(scores, mine) {
  const counts = new Map();
  for (const s of scores) counts.set(s, (counts.get(s) || 0) + 1);
  const values = [...counts.keys()];
  const most = Math.max(...counts.values());
  const width = Math.max(200, values.length * 22);
  const plot = svg("svg", { viewBox: `0 -12 ${width} 102`, class: "daily-spread", role: "img" });
  const said = values.map((v) => `${v}: ${tn("{n} player", "{n} players", counts.get(v))}`).join("; ");
  plot.setAttribute("aria-label", t("Scores of everyone who played it, best first. {scores}", { scores: said }));
  values.forEach((v, i) => {
    const h = Math.max(2, (counts.get(v) / most) * 60);
    const bar = svg("rect", {
      x: i * 22 + 3, y: 66 - h, width: 16, height: h,
      class: v === mine ? "bar mine" : "bar",
    });
    const tip = svg("title", {});
    tip.textContent = `${v}: ${tn("{n} player", "{n} players", counts.get(v))}${v === mine ? ` ${t("(you)")}` : ""}`;
    bar.append(tip);
    const label = svg("text", { x: i * 22 + 11, y: 82, "text-anchor": "middle", class: "tick" });
    label.textContent = String(v);
    const count = svg("text", { x: i * 22 + 11, y: 62 - h, "text-anchor": "middle", class: "count" });
    count.textContent = String(counts.get(v));
    plot.append(bar, label, count);
  });
  return plot;
}

function standingOf(s) {
  const box = el("div", "daily-standing");
  const m = s.mine;
  const others = s.attempts - 1;
  const facts = { score: m.score_words, place: ordinal(m.place), percentile: m.percentile, attempts: s.attempts, rank: ordinal(m.rank) };
  box.append(
    el(
      "p",
      "daily-result",
      others
        ? t("You scored {score} ({place} at your table): better than {percentile} % of the {attempts} players so far ({rank} of {attempts}).", facts)
        : t("You scored {score} ({place} at your table), the first to finish today's deal: come back later to see where you stand.", facts),
    ),
  );
  box.append(spread(s.scores, m.score));
  box.append(el("p", "muted small", t("Each bar: how many players finished with that score (yours dark), best first.")));
  // The best of others: with nobody else yet, the best is the player's own (the fourth trial,
  // 10: "Best so far: Daily, 24 ducks" beside a fourth place that was the only result).
  if (s.best && others) {
    const p = el("p", null, `${t("Best so far: {name}, {score}.", { name: s.best.name, score: s.best.score_words })} `);
    const a = el("a", null, t("Watch it"));
    a.href = s.best.replay;
    p.append(a);
    box.append(p);
  }
  const bots = s.bots.map((b) => t("a {level} bot scored {score} ({place})", { level: levelWord(b.level), score: b.score_words, place: ordinal(b.place) }));
  box.append(el("p", "muted", t("In your seat on this deal, {bots}.", { bots: bots.join("; ") })));
  return box;
}

async function play(game, button) {
  button.disabled = true;
  try {
    const table = await api(`/api/daily/${game}`, { method: "POST" });
    location.href = `/t/${table.id}`;
  } catch (e) {
    button.disabled = false;
    const needName = e instanceof ApiError && e.status === 401;
    $("daily-error").textContent = needName
      ? t("Choose a name in the lobby first: the deal is played under it.")
      : e.message;
  }
}

async function card(g) {
  const box = el("section", "panel daily-game");
  box.setAttribute("aria-labelledby", `daily-${g.game}`);
  const title = el("h2", null, g.game_name);
  title.id = `daily-${g.game}`;
  box.append(title);
  const bots = tn("{n} {level} bot", "{n} {level} bots", g.bots.length, { level: levelWord(g.bots[0]) });
  box.append(el("p", "muted", t("{players} players: you in the first seat against {bots}.", { players: g.players, bots })));
  if (g.mine && g.mine.status === "over") {
    box.append(standingOf(await api(`/api/daily/${g.game}`)));
  } else if (g.mine) {
    const a = el("a", "btn primary", t("Go on with your deal"));
    a.href = `/t/${g.mine.table_id}`;
    box.append(a);
  } else {
    const b = el("button", "btn primary", t("Play today's deal"));
    b.type = "button";
    b.addEventListener("click", () => play(g.game, b));
    box.append(b);
  }
  return box;
}

async function show() {
  try {
    const data = await api("/api/daily");
    $("daily-day").textContent = t("Today's deals ({day}, a new one every day at midnight UTC).", { day: data.day });
    $("daily-games").replaceChildren(...(await Promise.all(data.games.map(card))));
  } catch (e) {
    $("daily-error").textContent = e.message;
  }
}

show();
