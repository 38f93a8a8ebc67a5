// My matches (/history): the guest's finished matches, newest first, with their replays and
// records. Names are shown as text, never as HTML.
import { api, ApiError, levelWord } from "./api.js";
import { $, el, labelCells, ordinal } from "./room.js";
import { locale, t } from "./i18n.js";

const HEADS = [[t("Finished")], [t("Game")], [t("Players")], [t("Place")], [t("Score"), "num"], [""]];

let oldest = null; // the last match shown: the next page follows it (its time, then its id)

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(locale === "en-XA" ? "en" : locale, { dateStyle: "medium", timeStyle: "short" });
}

function row(m) {
  const tr = el("tr");
  tr.dataset.table = m.table_id;
  const date = el("td", "h-date", when(m.finished_at));
  date.dataset.l10n = "intl"; // in the page's language by the browser's own date words
  const game = el("td", "h-game", m.game_name);
  const who = el("td", "wide");
  const list = el("ul", "seat-names");
  // By place, named as the table named them ("Bot 2"), each score with the game's unit: all
  // as the server lists them.
  for (const s of m.seats) {
    const li = el("li", s.seat === m.seat ? "me" : null, `${ordinal(s.place)} `);
    // The seat's name as the table named it (a person's is theirs in every language).
    const name = el("span", null, s.name);
    name.translate = false;
    li.append(name);
    li.append(el("span", "muted", ` · ${s.score_words}`));
    const who = s.bot ? `${s.name} (${t("{level} bot", { level: levelWord(s.bot) })})` : s.name;
    li.title = t("{name}: {score}, {place} place", { name: who, score: s.score_words, place: ordinal(s.place) });
    list.append(li);
  }
  who.append(list);
  const place = el("td", "h-place");
  place.append(el("span", `place-chip${m.place === 1 ? " first" : ""}`, ordinal(m.place)));
  const pts = el("td", "num h-score", m.score_words);
  const links = el("td", "h-links");
  const box = el("span", "links");
  const replay = el("a", null, t("Replay"));
  replay.href = m.replay;
  const record = el("a", null, t("Record"));
  record.href = m.record;
  record.download = `${m.game}-${m.table_id}.json`;
  box.append(replay, record);
  links.append(box);
  tr.append(date, game, who, place, pts, links);
  labelCells(tr, HEADS);
  return tr;
}

async function load() {
  $("history-error").textContent = "";
  const q = oldest == null ? "" : `&before=${oldest.finished_at}&before_id=${oldest.table_id}`;
  let data;
  try {
    data = await api(`/api/players/me/matches?limit=50${q}`);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      const p = el("p", null, `${t("You have not played here yet: choose a name and play a match in the lobby.")} `);
      const a = el("a", null, t("To the lobby"));
      a.href = "/";
      p.append(a, ` ${t("Your finished matches will appear here.")}`);
      $("history-box").replaceChildren(p);
    } else {
      $("history-error").textContent = e.message;
    }
    return;
  }
  let body = document.querySelector("#history-box tbody");
  if (!body) {
    if (!data.matches.length) {
      const p = el("p", "muted", `${t("No finished match yet, {name}: play one from the lobby.", { name: data.name })} `);
      const a = el("a", null, t("To the lobby"));
      a.href = "/";
      p.append(a);
      $("history-box").replaceChildren(p);
      return;
    }
    const table = el("table", "data-table stack");
    table.id = "history-table";
    const head = el("tr");
    for (const [words, cls] of HEADS) head.append(el("th", cls || null, words));
    const thead = el("thead");
    thead.append(head);
    body = el("tbody");
    table.append(thead, body);
    $("history-box").replaceChildren(table);
  }
  for (const m of data.matches) body.append(row(m));
  if (data.matches.length) oldest = data.matches[data.matches.length - 1];
  $("history-more").hidden = data.matches.length < 50;
}

$("history-more").addEventListener("click", load);
load();
