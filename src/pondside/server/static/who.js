// Who you are, on every page of the site (issue 27, third trial, finding 6): the lobby's
// "Playing as NAME · Change" in the top bar of the other pages too, before the language
// switch, so a phone's first row is the brand, the name and the language, and nothing sits
// alone on a row. "Change" leads to the lobby, which opens its name form (#name).
import { getMe } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./room.js";

const CHANGE = "name";

async function who() {
  const bar = document.querySelector(".topbar");
  if (!bar || !bar.querySelector(".site-nav")) return;
  const lobby = document.getElementById("change-name");
  if (lobby) {
    // The lobby shows its own; asked to from another page, it opens its name form once it
    // knows the name (before that the lobby would hide the form again).
    if (location.hash === `#${CHANGE}`) {
      const box = document.getElementById("who");
      const open = () => {
        if (box.hidden) return false;
        history.replaceState(null, "", location.pathname + location.search);
        lobby.click();
        return true;
      };
      if (!open()) {
        const watch = new MutationObserver(() => open() && watch.disconnect());
        watch.observe(box, { attributes: true, attributeFilter: ["hidden"] });
      }
    }
    return;
  }
  let me;
  try {
    me = await getMe();
  } catch {
    return; // the page works without it: the name is a courtesy, not the page's content
  }
  if (!me.name || bar.querySelector(".who")) return;
  const box = document.createElement("div");
  box.className = "who site-who";
  const said = document.createElement("span");
  said.className = "who-said";
  const words = el("span", "who-words", `${t("Playing as")} `);
  const name = el("strong", null, me.name);
  name.id = "who-name";
  name.translate = false; // a name is the same in every language
  said.append(words, name);
  const change = el("a", "link-btn who-change", t("Change"));
  change.href = `/#${CHANGE}`;
  box.append(said, change);
  const lang = bar.querySelector(".lang-switch");
  bar.insertBefore(box, lang);
}

who();
