// Watch a record (/replay): upload a match record (the JSON a replay's "Download the record"
// gives) and open its replay, or open the replay of a table played here from its link.
import { ApiError, getMe, setName } from "./api.js";
import { $ } from "./room.js";

async function upload(text) {
  let res;
  try {
    res = await fetch("/api/records", { method: "POST", headers: { "Content-Type": "application/json" }, body: text, credentials: "same-origin" });
  } catch {
    throw new ApiError("The server cannot be reached; check your connection and try again.", 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const d = data && data.detail;
    const msg = typeof d === "string" ? d : Array.isArray(d) ? d.map((x) => x.msg).join("; ") : res.statusText;
    throw new ApiError(msg.charAt(0).toUpperCase() + msg.slice(1), res.status);
  }
  return data;
}

$("upload-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("upload-error").textContent = "";
  const file = $("record-file").files[0];
  const text = file ? await file.text() : $("record-text").value.trim();
  if (!text) {
    $("upload-error").textContent = "Choose a record file or paste a record first.";
    return;
  }
  $("upload-btn").disabled = true;
  try {
    const r = await upload(text);
    location.href = r.link;
  } catch (e) {
    $("upload-error").textContent = e.message;
    if (e.status === 401) $("upload-name").hidden = false;
  } finally {
    $("upload-btn").disabled = false;
  }
});

$("open-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const raw = $("open-input").value.trim();
  // A table's link (…/t/<id>, …/replay/<id>) or its bare id.
  const m = raw.match(/(?:\/(?:t|replay)\/)?([A-Za-z0-9_.-]{1,40})\/?(?:[?#].*)?$/);
  if (!m) {
    $("open-error").textContent = "That is not a table's link: it looks like https://…/t/abc123.";
    return;
  }
  location.href = `/replay/${encodeURIComponent(m[1])}`;
});

$("name-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    await setName($("name-input").value);
    $("upload-name").hidden = true;
    $("upload-error").textContent = "";
  } catch (e) {
    $("upload-error").textContent = e.message;
  }
});

getMe()
  .then((me) => ($("upload-name").hidden = !!me.name))
  .catch(() => {});
