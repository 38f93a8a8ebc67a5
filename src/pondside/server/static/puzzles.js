// Puzzles (/puzzles): each game's puzzle of the day, and the guest's own puzzles from their
// analysed matches. Names are shown as text, never as HTML.
import { api, ApiError, getGames, getMe } from "./api.js";
import { $, el } from "./room.js";
import { locale, num, t } from "./i18n.js";

function link(text, href) {
  const a = el("a", null, text);
  a.href = href;
  return a;
}

async function daily() {
  // One request for every game: a game with no puzzle yet is null, not a 404 in the console.
  const [{ games }, { puzzles }] = await Promise.all([getGames(), api("/api/puzzles/daily")]);
  const items = games.map((g) => {
    const li = el("li");
    const p = puzzles[g.slug];
    li.append(p ? link(t("{game}: today's puzzle", { game: g.name }), `/puzzle/${p.id}`) : el("span", "muted", t("{game}: no puzzle yet", { game: g.name })));
    return li;
  });
  $("puzzles-daily").replaceChildren(...items);
}

async function mine() {
  try {
    // A visitor without a name has no puzzles: asked first, so no 401 is logged either.
    if (!(await getMe()).name) throw new ApiError("no name", 401);
    const { puzzles } = await api("/api/puzzles");
    if (!puzzles.length) {
      $("puzzles-mine").replaceChildren(el("p", "muted",
        t("None yet: open one of your finished matches from My matches (Replay), choose Analyse there, and your clear mistakes come here.")));
      return;
    }
    const list = el("ul", "link-list");
    for (const p of puzzles) {
      const when = new Date(p.created_at * 1000).toLocaleDateString(locale === "en-XA" ? "en" : locale);
      const li = el("li");
      li.append(link(`${p.game_name}, ${when}`, `/puzzle/${p.id}`),
        el("span", "muted", ` · ${t("the move played cost {loss} of a place", { loss: num(p.loss, 1) })}`));
      list.append(li);
    }
    $("puzzles-mine").replaceChildren(list);
  } catch (e) {
    const text = e instanceof ApiError && e.status === 401
      ? t("Choose a name in the lobby and play: your puzzles come from your own matches.")
      : e.message;
    $("puzzles-mine").replaceChildren(el("p", "muted", text));
  }
}

daily().catch((e) => { $("puzzles-error").textContent = e.message; });
mine();
