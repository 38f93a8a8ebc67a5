// Puzzles (/puzzles): each game's puzzle of the day, and the guest's own puzzles from their
// analysed matches. Names are shown as text, never as HTML.
import { api, ApiError, getGames } from "./api.js";
import { $, el } from "./room.js";

function link(text, href) {
  const a = el("a", null, text);
  a.href = href;
  return a;
}

async function daily() {
  const { games } = await getGames();
  const items = [];
  for (const g of games) {
    const li = el("li");
    try {
      const p = await api(`/api/puzzles/daily/${g.slug}`);
      li.append(link(`${g.name}: today's puzzle`, `/puzzle/${p.id}`));
    } catch {
      li.append(el("span", "muted", `${g.name}: no puzzle yet`));
    }
    items.push(li);
  }
  $("puzzles-daily").replaceChildren(...items);
}

async function mine() {
  try {
    const { puzzles } = await api("/api/puzzles");
    if (!puzzles.length) {
      $("puzzles-mine").replaceChildren(el("p", "muted",
        "None yet: open one of your finished matches from My matches (Replay), choose Analyse there, and your clear mistakes come here."));
      return;
    }
    const list = el("ul", "link-list");
    for (const p of puzzles) {
      const when = new Date(p.created_at * 1000).toLocaleDateString();
      const li = el("li");
      li.append(link(`${p.game_name}, ${when}`, `/puzzle/${p.id}`),
        el("span", "muted", ` · the move played cost ${p.loss.toFixed(1)} of a place`));
      list.append(li);
    }
    $("puzzles-mine").replaceChildren(list);
  } catch (e) {
    const text = e instanceof ApiError && e.status === 401
      ? "Choose a name in the lobby and play: your puzzles come from your own matches."
      : e.message;
    $("puzzles-mine").replaceChildren(el("p", "muted", text));
  }
}

daily().catch((e) => { $("puzzles-error").textContent = e.message; });
mine();
