// The lobby: a name, a form to open a new table, and the open tables (refreshed). Every fact
// of a game (its options, their defaults and words, players, the clock it suggests) comes from
// GET /api/games: no game is named here.
import { api, describeClock, describeOptions, gameName, getGames, getMe, hosted, prefs, seatNames, setName } from "./api.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let myName = null;
let games = [];
let lastTables = [];
// What the person asked for before they had a name: done once the name is saved.
let afterName = null;

function showName(name) {
  myName = name;
  $("who").hidden = !name;
  $("who-name").textContent = name || "";
  $("name-panel").hidden = !!name;
}

async function init() {
  try {
    const me = await getMe();
    showName(me.name);
    if (!me.name) $("name-input").focus();
  } catch (e) {
    $("list-error").textContent = e.message;
  }
  try {
    const facts = await getGames();
    games = facts.games;
    fillProfiles(facts.profiles);
    fillGames();
    listGames();
  } catch (e) {
    $("create-error").textContent = e.message;
  }
  refresh();
  setInterval(refresh, 3000);
}

// --- the game picker and each game's options (every fact from /api/games) ----------------
function fillGames() {
  const select = $("game");
  const wanted = new URLSearchParams(location.search).get("game") || prefs.get("game", "");
  select.replaceChildren();
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.slug;
    o.textContent = g.name;
    select.append(o);
  }
  if (games.some((g) => g.slug === wanted)) select.value = wanted;
  showGame();
}

/** The server's time profiles as the clock's choices. */
function fillProfiles(profiles) {
  const select = $("profile");
  select.replaceChildren();
  for (const p of profiles) {
    const o = document.createElement("option");
    o.value = p.id;
    // The profile's name in the reader's language comes with it (``words``).
    o.textContent = p.seconds == null ? t("No clock") : t("{name} ({seconds} s a move)", { name: p.words || p.id, seconds: Math.round(p.seconds) });
    select.append(o);
  }
}

/** The games, each with its summary and a link to its rules page. */
function listGames() {
  const list = $("game-list");
  list.replaceChildren();
  for (const g of games) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/rules/${encodeURIComponent(g.slug)}`;
    const strong = document.createElement("strong");
    strong.textContent = g.name;
    a.append(strong);
    const range =
      g.min_players === g.max_players
        ? tn("{n} player", "{n} players", g.min_players)
        : t("{low} to {high} players", { low: g.min_players, high: g.max_players });
    li.append(a, t(": {summary} ({players})", { summary: g.summary, players: range }));
    list.append(li);
  }
}

function currentGame() {
  return games.find((g) => g.slug === $("game").value);
}

/** One field of the options form, for any option: a checkbox, a list of choices or a number,
 * with the option's label and its help in the players' words (both from the server). */
function optionField(spec) {
  const id = `opt-${spec.name}`;
  const name = document.createElement("span");
  name.id = `${id}-label`;
  name.textContent = spec.label;
  const help = document.createElement("small");
  help.id = `${id}-help`;
  help.className = "muted";
  help.textContent = spec.text;
  const label = document.createElement("label");
  let input;
  if (spec.kind === "bool") {
    label.className = "check";
    input = document.createElement("input");
    input.type = "checkbox";
    label.append(input, name, help);
  } else {
    label.className = "field";
    if (spec.choices.length) {
      input = document.createElement("select");
      spec.choices.forEach((c, i) => {
        const o = document.createElement("option");
        o.value = c;
        // The choice in the reader's words (the server's); the value sent is the game's.
        o.textContent = (spec.choice_words && spec.choice_words[i]) || c;
        input.append(o);
      });
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.inputMode = "numeric";
      if (spec.minimum != null) input.min = String(spec.minimum);
      if (spec.maximum != null) input.max = String(spec.maximum);
      // A number that may be left unset: blank means "not set" (the game decides).
      if (spec.nullable) input.placeholder = t("not set");
      else input.required = true;
    }
    label.append(name, input, help);
  }
  input.id = id;
  input.dataset.option = spec.name;
  input.dataset.kind = spec.kind;
  input.setAttribute("aria-labelledby", name.id);
  input.setAttribute("aria-describedby", help.id);
  return label;
}

function showGame() {
  const g = currentGame();
  if (!g) return;
  const players = $("players");
  players.min = String(g.min_players);
  players.max = String(g.max_players);
  const n = Number(players.value);
  if (!players.dataset.touched || !(n >= g.min_players && n <= g.max_players)) players.value = String(g.default_players);
  prefs.set("game", g.slug);
  $("game-summary").textContent = g.summary || "";
  if (!$("profile").dataset.touched) $("profile").value = g.profile;
  $("game-options").replaceChildren(...g.option_specs.map(optionField));
  showDefaults();
}

function fieldValue(input) {
  if (input.dataset.kind === "bool") return input.checked;
  if (input.dataset.kind === "int") return input.value === "" ? null : Number(input.value);
  return input.value;
}

function showValue(input, value) {
  if (input.dataset.kind === "bool") input.checked = !!value;
  else input.value = value == null ? "" : String(value);
}

/** Every field the person has not changed shows the game's default, as it stands with the
 * fields they did change: a default may follow another option (the server says which, as the
 * game itself resolves it). */
function showDefaults() {
  const g = currentGame();
  const fields = [...$("game-options").querySelectorAll("[data-option]")];
  const spec = (name) => g.option_specs.find((o) => o.name === name);
  for (const input of fields) if (!input.dataset.touched) showValue(input, spec(input.dataset.option).default);
  const now = Object.fromEntries(fields.map((input) => [input.dataset.option, fieldValue(input)]));
  for (const f of g.follows) {
    const value = now[f.option];
    if (f.any_number ? value == null : value !== f.value) continue;
    for (const [name, v] of Object.entries(f.defaults)) {
      const input = $(`opt-${name}`);
      if (input && !input.dataset.touched) showValue(input, v);
    }
  }
}

/** The options the person changed: the others are left to the game, whose defaults may
 * depend on each other. */
function gameOptions() {
  const options = {};
  for (const input of $("game-options").querySelectorAll("[data-option]")) {
    if (input.dataset.touched) options[input.dataset.option] = fieldValue(input);
  }
  return options;
}

for (const type of ["input", "change"]) {
  $("game-options").addEventListener(type, (ev) => {
    const input = ev.target;
    if (!input.dataset || !input.dataset.option) return;
    input.dataset.touched = "1";
    showDefaults();
  });
}

$("game").addEventListener("change", showGame);
$("profile").addEventListener("change", () => ($("profile").dataset.touched = "1"));
$("players").addEventListener("input", () => ($("players").dataset.touched = "1"));

$("name-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("name-error").textContent = "";
  try {
    const r = await setName($("name-input").value);
    showName(r.name);
    const then = afterName;
    keepForAfterName(null);
    if (then) then();
    // The form that had the focus is gone: it goes to "Playing as NAME", which says the name
    // was kept, with Change and the new table's form next (the fourth trial, 2: focus had
    // fallen to the page).
    if (!then || document.activeElement === document.body) focusWho();
  } catch (e) {
    $("name-error").textContent = e.message;
  }
});

$("change-name").addEventListener("click", () => {
  $("name-panel").hidden = false;
  $("name-cancel").hidden = false;
  $("name-input").value = myName || "";
  $("name-input").focus();
  $("name-input").select();
});

$("name-cancel").addEventListener("click", () => {
  $("name-panel").hidden = !!myName;
  keepForAfterName(null);
  if (myName) focusWho();
});

function focusWho() {
  const who = $("who");
  if (who.hidden) return;
  who.tabIndex = -1;
  who.focus();
}

/** What the name's button does next, said on it (issue 27, s35-7): "Save name" saves the
 * name and nothing else, unless the person asked for a table first ("Save name and open the
 * table"). */
function keepForAfterName(then, what = null) {
  afterName = then;
  $("name-save").textContent = then && what ? AFTER_NAME[what].button : t("Save name");
}

/** What the person asked for before they had a name, said whole (a language puts the words of
 * a sentence in its own order). */
const AFTER_NAME = {
  join: {
    button: t("Save name and join the table"),
    first: t("Choose your name first: the other players see it at the table. Then join the table."),
  },
  open: {
    button: t("Save name and open the table"),
    first: t("Choose your name first: the other players see it at the table. Then open the table."),
  },
};

/** Without a name, says so beside the name field (an alert, so screen readers hear it), takes
 * the person there, and keeps ``then`` to do once the name is saved. */
function needName(what, then) {
  if (myName) return false;
  keepForAfterName(then, what);
  const said = $("name-error");
  said.textContent = "";
  // Set in the next frame, so the alert is announced again when the same words come twice.
  requestAnimationFrame(() => {
    said.textContent = AFTER_NAME[what].first;
  });
  $("name-panel").hidden = false;
  $("name-panel").scrollIntoView({ block: "start" });
  $("name-input").focus({ preventScroll: true });
  return true;
}

async function refresh() {
  try {
    // Every table, those of bots alone too (the server marks them, ``bots_only``): the page
    // counts them to offer the choice, and shows them only when asked.
    const { tables } = await api("/api/tables?bots=true");
    renderTables(tables);
    $("list-error").textContent = "";
    const time = new Date().toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    $("tables-updated").textContent = t("updated {time}", { time });
  } catch (e) {
    $("list-error").textContent = e.message;
  }
}

/** A table a person can join, or watch with people playing it (or the guest's own): the lobby
 * lists only these unless asked for the matches of bots alone (the server's ``bots_only``). */
function hasPeople(table) {
  return table.you != null || !table.bots_only;
}

function renderTables(tables) {
  lastTables = tables;
  const list = $("table-list");
  list.replaceChildren();
  const bots = tables.filter((x) => !hasPeople(x)).length;
  $("bots-count").textContent = bots ? `(${bots})` : "";
  // The choice is offered while there is something to show (or to hide again).
  $("show-bots").closest("label").hidden = !bots && !$("show-bots").checked;
  const shown = $("show-bots").checked ? tables : tables.filter(hasPeople);
  $("no-tables").hidden = shown.length > 0;
  $("no-tables").textContent = bots
    ? t("No table with people at it right now: open one and invite a friend, or watch the bots play.")
    : t("No table is open right now: open one and invite a friend, or play the bots.");
  for (const table of shown) {
    const li = document.createElement("li");
    li.className = "table-item";
    li.dataset.table = table.id;
    const head = document.createElement("div");
    head.className = "table-head";
    const title = document.createElement("strong");
    const game = gameName(table); // in the reader's language
    title.textContent = game;
    const status = document.createElement("span");
    status.className = `badge ${table.status}`;
    status.textContent = table.status === "open" ? t("waiting") : t("playing");
    head.append(title, status);
    const meta = document.createElement("div");
    meta.className = "table-meta";
    const taken = table.seats.filter((s) => s.taken).length;
    const seats = t("{taken}/{players} seats", { taken, players: table.players });
    meta.textContent = [describeOptions(table.options, table.game), seats, describeClock(table)].filter(Boolean).join(" · ");
    const who = document.createElement("div");
    who.className = "table-who muted small";
    // The players' names are theirs, in no language (translate="no"); the words around them ours.
    const names = seatNames(table);
    table.seats.forEach((s, i) => {
      if (i) who.append(", ");
      if (!s.taken) return who.append(t("free"));
      const name = document.createElement("span");
      name.translate = false;
      name.textContent = names[i];
      const mark = i === table.you ? t("(you)") : s.resigned ? t("(resigned)") : null;
      who.append(...(mark ? [name, " ", mark] : [name]));
    });
    if (!table.listed) title.textContent = t("{game} (private)", { game });
    const actions = document.createElement("div");
    actions.className = "table-actions";
    const free = table.seats.find((s) => !s.taken);
    if (table.you != null) {
      li.classList.add("mine");
      const back = document.createElement("a");
      back.className = "btn primary";
      back.href = `/t/${encodeURIComponent(table.id)}`;
      back.textContent = t("Back to your seat");
      actions.append(back);
      li.append(head, meta, who, actions);
      list.append(li);
      continue;
    }
    if (table.status === "open" && free) {
      const join = document.createElement("button");
      join.type = "button";
      join.className = "btn primary";
      join.textContent = t("Join");
      join.addEventListener("click", () => joinTable(table.id, free.seat));
      actions.append(join);
    }
    const watch = document.createElement("a");
    watch.className = "btn";
    watch.href = `/t/${encodeURIComponent(table.id)}`;
    watch.textContent = t("Watch");
    actions.append(watch);
    li.append(head, meta, who, actions);
    list.append(li);
  }
}

async function joinTable(id, seat) {
  if (needName("join", () => joinTable(id, seat))) return;
  try {
    await api(`/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { method: "POST", body: { do: "join" } });
    location.href = `/t/${encodeURIComponent(id)}`;
  } catch (e) {
    $("list-error").textContent = e.message;
    refresh();
  }
}

$("create-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const err = $("create-error");
  err.textContent = "";
  if (needName("open", () => $("create-form").requestSubmit())) return;
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    options: gameOptions(),
    profile: $("profile").value,
    listed: $("listed").checked,
  };
  $("create-btn").disabled = true;
  try {
    const t = await api("/api/tables", { method: "POST", body });
    hosted.add(t.id);
    location.href = `/t/${encodeURIComponent(t.id)}`;
  } catch (e) {
    err.textContent = e.message;
    $("create-btn").disabled = false;
  }
});

$("show-bots").addEventListener("change", () => renderTables(lastTables));

init();
