// Watch a record (/replay): upload a match record (the JSON a replay's "Download the record"
// gives) and open its replay, or open the replay of a table played here from its link.
import { api, getMe, setName } from "./api.js";
import { $ } from "./room.js";
import { t } from "./i18n.js";

/** The record as the person gave it: sent as it is, the server says what is wrong with it. */
const upload = (text) => api("/api/records", { method: "POST", raw: text });

$("upload-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("upload-error").textContent = "";
  const file = $("record-file").files[0];
  const text = file ? await file.text() : $("record-text").value.trim();
  if (!text) {
    $("upload-error").textContent = t("Choose a record file or paste a record first.");
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
    $("open-error").textContent = t("That is not a table's link: it looks like https://…/t/abc123.");
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
