// The lobby: a name, the open tables (refreshed), and a form to open a new one.
import { duckLegend } from "./cards.js";
import { api, describeClock, describeOptions, getGames, getMe, hosted, prefs, seatNames, setName } from "./api.js";

const $ = (id) => document.getElementById(id);
let myName = null;
let games = [];

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
    games = (await getGames()).games;
    fillGames();
    listGames();
  } catch (e) {
    $("create-error").textContent = e.message;
  }
  refresh();
  setInterval(refresh, 3000);
}

// --- the game picker and each game's options (from /api/games) -----------------------------
const OPTION_LABELS = {
  deck: "Deck",
  bidding: "Bidding with promises",
  target: "Play to (points)",
  lead_passes: "When the leader is out, the lead passes",
  variant: "Variant",
  teams: "Partnerships (4 players)",
  rounds: "Or play a number of rounds",
  games: "Games in the series",
};

const OPTION_HELP = { teams: "partners sit across the table and play as one side" };

function fillGames() {
  const select = $("game");
  const wanted = new URLSearchParams(location.search).get("game") || prefs.get("game", select.value);
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
    const range = g.min_players === g.max_players ? `${g.min_players}` : `${g.min_players} to ${g.max_players}`;
    li.append(a, `: ${g.summary} (${range} players)`);
    list.append(li);
  }
}

function currentGame() {
  return games.find((g) => g.slug === $("game").value);
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
  const lameDuck = g.slug === "lame-duck";
  $("ld-options").hidden = !lameDuck;
  // The other games' first decisions take a newcomer longer than Lame Duck's: a slower clock
  // by default (until the person picks one).
  if (!$("profile").dataset.touched) $("profile").value = lameDuck ? "normal" : "slow";
  const box = $("game-options");
  box.hidden = lameDuck;
  box.replaceChildren();
  if (lameDuck) return;
  for (const spec of g.option_specs) {
    const label = document.createElement("label");
    const text = document.createElement("span");
    text.textContent = OPTION_LABELS[spec.name] || spec.name;
    let input;
    if (spec.kind === "bool") {
      label.className = "check";
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = !!spec.default;
      label.append(input, text);
    } else {
      label.className = "field";
      if (spec.choices.length) {
        input = document.createElement("select");
        for (const c of spec.choices) {
          const o = document.createElement("option");
          o.value = c;
          o.textContent = c;
          input.append(o);
        }
        input.value = spec.default;
      } else {
        input = document.createElement("input");
        input.type = "number";
        if (spec.minimum != null) input.min = String(spec.minimum);
        if (spec.maximum != null) input.max = String(spec.maximum);
        input.value = spec.default == null ? "" : String(spec.default);
        if (spec.nullable) input.placeholder = "none";
        else input.required = true;
      }
      label.append(text, input);
    }
    input.id = `opt-${spec.name}`;
    input.dataset.option = spec.name;
    input.dataset.kind = spec.kind;
    const help = document.createElement("small");
    help.className = "muted";
    // The engine's help names its rulings ("(KQ-28..30)"): players get the words only.
    help.textContent = OPTION_HELP[spec.name] ?? spec.help.replace(/\s*\([^)]*\b[A-Z]{2}-\d[^)]*\)/g, "");
    label.title = help.textContent;
    label.append(help);
    box.append(label);
  }
}

/** The options the person changed from the game's defaults: the others are left to the game,
 * whose defaults may depend on each other (King of the Quackers plays to 75 with bidding). */
function gameOptions() {
  const options = {};
  const g = currentGame();
  for (const input of $("game-options").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    let value;
    if (input.dataset.kind === "bool") value = input.checked;
    else if (input.dataset.kind === "int") value = input.value === "" ? null : Number(input.value);
    else value = input.value;
    const spec = g.option_specs.find((o) => o.name === name);
    if (spec && value === spec.default && !input.dataset.touched) continue;
    options[name] = value;
  }
  return options;
}

// A default that follows another option: shown in the form until the person types their own.
const FOLLOWS = {
  "king-of-the-quackers": { target: (o) => (o.bidding ? 75 : 50) },
};
$("game-options").addEventListener("input", (ev) => {
  const input = ev.target;
  if (input.dataset && input.dataset.option && input.dataset.kind === "int") input.dataset.touched = "1";
});
$("game-options").addEventListener("change", () => {
  const g = currentGame();
  const rules = g && FOLLOWS[g.slug];
  if (!rules) return;
  const now = {};
  for (const input of $("game-options").querySelectorAll("[data-option]")) {
    now[input.dataset.option] = input.dataset.kind === "bool" ? input.checked : input.value;
  }
  for (const [name, follow] of Object.entries(rules)) {
    const input = $(`opt-${name}`);
    if (input && !input.dataset.touched) input.value = String(follow(now));
  }
});

$("game").addEventListener("change", showGame);
$("profile").addEventListener("change", () => ($("profile").dataset.touched = "1"));
$("players").addEventListener("input", () => ($("players").dataset.touched = "1"));

$("name-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("name-error").textContent = "";
  try {
    const r = await setName($("name-input").value);
    showName(r.name);
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
});

function needName(errorEl) {
  if (myName) return false;
  errorEl.textContent = "Choose a name first (at the top of the page).";
  $("name-panel").hidden = false;
  $("name-input").focus();
  return true;
}

async function refresh() {
  try {
    const { tables } = await api("/api/tables");
    renderTables(tables);
    $("list-error").textContent = "";
    $("tables-updated").textContent = `updated ${new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" })}`;
  } catch (e) {
    $("list-error").textContent = e.message;
  }
}

function renderTables(tables) {
  const list = $("table-list");
  list.replaceChildren();
  $("no-tables").hidden = tables.length > 0;
  for (const t of tables) {
    const li = document.createElement("li");
    li.className = "table-item";
    li.dataset.table = t.id;
    const head = document.createElement("div");
    head.className = "table-head";
    const title = document.createElement("strong");
    title.textContent = t.game_name;
    const status = document.createElement("span");
    status.className = `badge ${t.status}`;
    status.textContent = t.status === "open" ? "waiting" : "playing";
    head.append(title, status);
    const meta = document.createElement("div");
    meta.className = "table-meta";
    const taken = t.seats.filter((s) => s.taken).length;
    meta.textContent = `${describeOptions(t.options, t.game)} · ${taken}/${t.players} seats · ${describeClock(t)}`;
    const who = document.createElement("div");
    who.className = "table-who muted small";
    const names = seatNames(t);
    who.textContent = t.seats.map((s, i) => (i === t.you ? `${names[i]} (you)` : s.taken ? names[i] : "free")).join(", ");
    if (!t.listed) title.textContent += " (private)";
    const actions = document.createElement("div");
    actions.className = "table-actions";
    const free = t.seats.find((s) => !s.taken);
    if (t.you != null) {
      li.classList.add("mine");
      const back = document.createElement("a");
      back.className = "btn primary";
      back.href = `/t/${encodeURIComponent(t.id)}`;
      back.textContent = "Back to your seat";
      actions.append(back);
      li.append(head, meta, who, actions);
      list.append(li);
      continue;
    }
    if (t.status === "open" && free) {
      const join = document.createElement("button");
      join.type = "button";
      join.className = "btn primary";
      join.textContent = "Join";
      join.addEventListener("click", () => joinTable(t.id, free.seat));
      actions.append(join);
    }
    const watch = document.createElement("a");
    watch.className = "btn";
    watch.href = `/t/${encodeURIComponent(t.id)}`;
    watch.textContent = "Watch";
    actions.append(watch);
    li.append(head, meta, who, actions);
    list.append(li);
  }
}

async function joinTable(id, seat) {
  if (needName($("list-error"))) return;
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
  if (needName(err)) return;
  const game = $("game").value || "lame-duck";
  let options;
  if (game === "lame-duck") {
    const end = document.querySelector('input[name="end"]:checked').value;
    options = { expert: $("expert").checked };
    if (end === "target") {
      options.target = Number($("target").value);
      options.rounds = null;
    } else {
      options.rounds = Number($("rounds").value);
    }
  } else {
    options = gameOptions();
  }
  const body = {
    game,
    players: Number($("players").value),
    options,
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

for (const id of ["rounds", "target"]) {
  $(id).addEventListener("focus", () => {
    document.querySelector(`input[name="end"][value="${id}"]`).checked = true;
  });
}

duckLegend($("duck-legend"));
init();
