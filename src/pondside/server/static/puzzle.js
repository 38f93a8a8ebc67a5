// A puzzle at the table page (/puzzle/<id>): the frame comes from the server's puzzle (the
// position of one decision, from that seat's view, with its legal actions and their labels),
// the game's own module draws it as it draws a live table, and the player's action is an
// answer: judged by the server's search (right or not, the best move, and every evaluated
// action explained in the game's words). Nothing is sent to a table.
import { api } from "./api.js";
import { named } from "./named.js";
import { el } from "./room.js";
import { num, t } from "./i18n.js";

export const puzzling = /^\/puzzle\/./.test(location.pathname);

function pct(x) {
  return `${Math.round(x * 100)} %`;
}

export class PuzzleSource {
  constructor(id, { onFrame, onStatus }) {
    this.id = id;
    this.onFrame = onFrame;
    this.onStatus = onStatus || (() => {});
    this.frame = null;
    this.answered = false;
  }

  async connect() {
    document.body.classList.add("puzzling");
    try {
      const [question, frame] = await Promise.all([
        api(`/api/puzzles/${encodeURIComponent(this.id)}`),
        api(`/api/puzzles/${encodeURIComponent(this.id)}/frame`),
      ]);
      this.frame = frame;
      this.panel(question);
      this.onStatus("open");
      this.onFrame(frame);
    } catch (e) {
      this.onStatus("closed", e.message);
    }
  }

  close() {}
  nudge() {}
  send() {
    return false;
  }

  ask(action) {
    const label = ((this.frame && this.frame.labels.actions) || []).find((a) => a.action === action);
    return Promise.resolve(label ? { reason: null, label } : null);
  }

  act(action) {
    if (this.answered || !this.frame) return false;
    this.answered = true;
    this.answer(action);
    return true;
  }

  panel(question) {
    const box = el("section", "panel puzzle-panel");
    box.id = "puzzle-panel";
    box.setAttribute("aria-labelledby", "puzzle-title");
    const title = el("h2", null, t("{game} puzzle", { game: question.game_name }));
    title.id = "puzzle-title";
    box.append(title);
    box.append(el("p", null, `${question.prompt} ${t("Played here: {move}.", { move: named(question.played_label, question.card_words) })}`));
    const verdict = el("div", "puzzle-verdict");
    verdict.id = "puzzle-verdict";
    verdict.setAttribute("role", "status");
    verdict.setAttribute("aria-live", "polite");
    box.append(verdict);
    const more = el("a", null, t("More puzzles"));
    more.href = "/puzzles";
    const line = el("p");
    line.append(more);
    box.append(line);
    document.querySelector("main").prepend(box);
  }

  async answer(action) {
    const verdict = document.getElementById("puzzle-verdict");
    verdict.textContent = t("Judging your move…");
    let found;
    try {
      found = await api(`/api/puzzles/${encodeURIComponent(this.id)}/answer?action=${encodeURIComponent(action)}`);
    } catch (e) {
      this.answered = false;
      verdict.textContent = e.message;
      return;
    }
    const words = found.card_words;
    const said = new Map(found.explained.map((e) => [e.action, e]));
    const name = (a) => named(said.get(a) ? said.get(a).label : a, words);
    verdict.replaceChildren(
      el("p", `puzzle-result ${found.right ? "right" : "wrong"}`,
        found.right
          ? found.solutions.length > 1
            ? t("Right: {move} is one of the best moves.", { move: name(action) })
            : t("Right: {move} is the best move.", { move: name(action) })
          : t("Not quite: the search prefers {move}.", { move: name(found.answer) })),
    );
    const table = el("table", "puzzle-estimates");
    const head = el("tr");
    for (const h of [t("Move"), t("What it does"), t("Expected place"), t("Wins")]) head.append(el("th", null, h));
    const thead = el("thead");
    thead.append(head);
    table.append(thead);
    const body = el("tbody");
    // Best expected place first (an action dropped early was judged on fewer samples).
    for (const e of [...found.explained].sort((a, b) => a.place - b.place)) {
      const tr = el("tr", found.solutions.includes(e.action) ? "best" : e.action === action ? "mine" : null);
      tr.append(el("td", null, named(e.label, words)), el("td", null, named(e.effect || "", words)),
        el("td", "num", num(e.place, 2)), el("td", "num", pct(e.win)));
      body.append(tr);
    }
    table.append(body);
    verdict.append(table);
    // The position stays on the table, nothing more to choose.
    this.onFrame({ ...this.frame, legal: [], labels: { actions: [], unplayable: [] } });
  }
}
