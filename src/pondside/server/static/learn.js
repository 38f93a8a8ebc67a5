// Learn to play (/learn): a coached tutorial of each game (the server's first deal in the
// game's shortest form; the table's coach is the hint panel, which speaks at every decision).
import { api, ApiError, getMe, setName } from "./api.js";
import { $, el } from "./room.js";
import { t, tn } from "./i18n.js";

async function start(game, button) {
  button.disabled = true;
  $("learn-error").textContent = "";
  try {
    const table = await api(`/api/tutorials/${game}`, { method: "POST" });
    location.href = `/t/${table.id}`;
  } catch (e) {
    button.disabled = false;
    if (e instanceof ApiError && e.status === 401) {
      $("learn-name").hidden = false;
      $("learn-name-input").focus();
      $("learn-error").textContent = t("Choose a name first: the table calls you by it.");
    } else {
      $("learn-error").textContent = e.message;
    }
  }
}

async function show() {
  const me = await getMe().catch(() => ({ name: null }));
  $("learn-name").hidden = Boolean(me.name);
  const { tutorials } = await api("/api/tutorials");
  $("learn-games").replaceChildren(
    ...tutorials.map((tutorial) => {
      const li = el("li");
      const b = el("button", "btn primary", t("Learn {game}", { game: tutorial.game_name }));
      b.type = "button";
      b.addEventListener("click", () => start(tutorial.game, b));
      const bots = tutorial.players - 1;
      li.append(b, el("span", "muted", ` ${tn("{players} players: you and {n} bot.", "{players} players: you and {n} bots.", bots, { players: tutorial.players })}`));
      return li;
    }),
  );
}

$("learn-name").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    await setName($("learn-name-input").value.trim());
    $("learn-name").hidden = true;
    $("learn-error").textContent = "";
  } catch (e) {
    $("learn-error").textContent = e.message;
  }
});

show().catch((e) => { $("learn-error").textContent = e.message; });
