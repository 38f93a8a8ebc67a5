// The lobby: a name, the open tables (refreshed), and a form to open a new one.
import { duckLegend } from "./cards.js";
import { api, describeClock, describeOptions, getMe, hosted, seatNames, setName } from "./api.js";

const $ = (id) => document.getElementById(id);
let myName = null;

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
  refresh();
  setInterval(refresh, 3000);
}

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
    meta.textContent = `${describeOptions(t.options)} · ${taken}/${t.players} seats · ${describeClock(t)}`;
    const who = document.createElement("div");
    who.className = "table-who muted small";
    const names = seatNames(t);
    who.textContent = t.seats.map((s, i) => (s.taken ? names[i] : "free")).join(", ");
    const actions = document.createElement("div");
    actions.className = "table-actions";
    const free = t.seats.find((s) => !s.taken);
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
  const end = document.querySelector('input[name="end"]:checked').value;
  const options = { expert: $("expert").checked };
  if (end === "target") {
    options.target = Number($("target").value);
    options.rounds = null;
  } else {
    options.rounds = Number($("rounds").value);
  }
  const body = {
    game: "lame-duck",
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
