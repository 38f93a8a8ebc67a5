// The server's HTTP API and a table's WebSocket (reconnecting; the server resends a full
// "welcome" frame on every connection, and a gap in sequence numbers asks for one).
import { locale, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** A call of the API; `body` is sent as JSON, `raw` as the JSON text it already is. */
export async function api(path, { method = "GET", body, raw } = {}) {
  // The server answers in the page's language (its words: a game's, an error's).
  const init = { method, headers: { "X-Pondside-Lang": locale }, credentials: "same-origin" };
  if (body !== undefined || raw !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = raw !== undefined ? raw : JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(t("The server cannot be reached; check your connection and try again."), 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const detail = data && data.detail;
    const text = typeof detail === "string" ? detail : Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : res.statusText;
    throw new ApiError(text.charAt(0).toUpperCase() + text.slice(1), res.status);
  }
  return data;
}

export const getMe = () => api("/api/me");
export const setName = (name) => api("/api/guest", { method: "POST", body: { name } });

// GET /api/games, asked once a page: every fact of every game the pages draw from.
let facts = null;
let asking = null;
export function getGames() {
  asking ??= api("/api/games").then(
    (answer) => (facts = answer),
    (error) => {
      asking = null; // asked again next time
      throw error;
    },
  );
  return asking;
}

/** A preference kept in localStorage (quietly in memory when storage is unavailable). */
const memory = {};
export const prefs = {
  get(key, fallback) {
    try {
      const v = localStorage.getItem(`pondside.${key}`);
      return v === null ? fallback : v;
    } catch {
      return key in memory ? memory[key] : fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`pondside.${key}`, String(value));
    } catch {
      memory[key] = String(value);
    }
  },
};

/**
 * One table's socket. `onFrame(frame)` gets every state frame, `onError(frame)` every error,
 * `onHint(answer)` the answer to a hint asked for, `onStatus("open" | "closed" | "connecting",
 * detail)` the connection's changes. `ask(action)` asks whether the seat may take an action now.
 */
export class TableSocket {
  constructor(tableId, { onFrame, onError, onHint, onStatus }) {
    this.tableId = tableId;
    this.onFrame = onFrame;
    this.onError = onError || (() => {});
    this.onHint = onHint || (() => {});
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.seq = -1;
    this.retry = 0;
    this.stopped = false;
    this.timer = null;
    this.pinger = null;
    this.lastMessage = 0;
    this.asked = new Map(); // action -> the resolvers of its questions (ask)
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    // ?lang=: the socket is told in the page's language (its frames' sentences).
    return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}?lang=${encodeURIComponent(locale)}`;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.lastMessage = Date.now();
      this.onStatus("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.heartbeat(), 15000);
    };
    ws.onmessage = (msg) => {
      this.lastMessage = Date.now();
      let frame;
      try {
        frame = JSON.parse(msg.data);
      } catch {
        return;
      }
      if (frame.type === "state") {
        const gap = frame.reason !== "welcome" && this.seq >= 0 && frame.seq > this.seq + 1;
        frame.gap = gap;
        frame.received = performance.now();
        this.seq = Math.max(this.seq, frame.seq);
        if (frame.reason === "welcome") this.seq = frame.seq;
        this.onFrame(frame);
        if (gap) this.send({ op: "sync" });
      } else if (frame.type === "why") {
        this.answer(frame.action, frame);
      } else if (frame.type === "error" && frame.about === "why") {
        for (const action of [...this.asked.keys()]) this.answer(action, { reason: frame.message, label: null });
      } else if (frame.type === "error") {
        this.onError(frame);
      } else if (frame.type === "hint") {
        this.onHint(frame);
      }
    };
    ws.onclose = (ev) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      if (ev.code === 4404 || ev.code === 4429) {
        // No such table, or no room for one more watcher: trying again would not help.
        this.stopped = true;
        this.onStatus("closed", ev.code === 4404 ? "There is no such table; check the link." : "This table has as many watchers as it takes; try again later.");
        return;
      }
      this.onStatus("closed");
      this.schedule();
    };
    ws.onerror = () => {};
  }

  schedule() {
    if (this.stopped) return;
    const delay = Math.min(10000, 400 * 2 ** this.retry) * (0.75 + Math.random() * 0.5);
    this.retry = Math.min(this.retry + 1, 6);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  heartbeat() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastMessage > 40000) {
      // Nothing heard for long: the connection is dead without knowing it.
      this.ws.close();
      return;
    }
    this.send({ op: "ping" });
  }

  /** Reconnect at once (e.g. when the page comes back to the foreground). */
  nudge() {
    if (!this.ws && !this.stopped) {
      this.retry = 0;
      this.connect();
    }
  }

  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  act(action) {
    return this.send({ op: "act", action });
  }

  /** Whether the seat may take `action` now, as the server's engine judges it: a promise of
   * {reason (the rule it breaks, or null), label ({label, effect} when it is legal), card_words
   * (the cards these name by code: named.js)}; null when
   * not connected. The page writes no rule of its own. */
  ask(action) {
    return new Promise((resolve) => {
      if (!this.send({ op: "why", action })) {
        resolve(null);
        return;
      }
      const waiting = this.asked.get(action) || [];
      waiting.push(resolve);
      this.asked.set(action, waiting);
    });
  }

  answer(action, frame) {
    const waiting = this.asked.get(action) || [];
    this.asked.delete(action);
    const said = { reason: frame.reason ?? null, label: frame.label ?? null, card_words: frame.card_words || {} };
    for (const resolve of waiting) resolve(said);
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}

/** A display name for every seat: the player's name, or "Bot N" for a bot. */
export function seatNames(summary) {
  return summary.seats.map((s) => s.name || (s.bot ? t("Bot {n}", { n: s.seat + 1 }) : t("Seat {n}", { n: s.seat + 1 })));
}

// The bot levels by name, in the page's language (the older names of the first levels too:
// a table or a rating made under them keeps them). A label starts a line ("Casual bot"); a
// word goes inside a sentence ("a casual bot scored 12 ducks").
const LEVEL_LABELS = {
  random: t("Random"),
  beginner: t("Beginner"),
  casual: t("Casual"),
  heuristic: t("Heuristic"),
  strong: t("Strong"),
  search: t("Search"),
  expert: t("Expert"),
};
const LEVEL_WORDS = {
  random: t("random"),
  beginner: t("beginner"),
  casual: t("casual"),
  heuristic: t("heuristic"),
  strong: t("strong"),
  search: t("search"),
  expert: t("expert"),
};

export function levelLabel(level) {
  return level ? LEVEL_LABELS[level] || level.charAt(0).toUpperCase() + level.slice(1) : "";
}

export function levelWord(level) {
  return level ? LEVEL_WORDS[level] || level : "";
}

/** A table's game by name in the page's language (GET /api/games, once asked for; the
 * summary's own name is the server's English). */
export function gameName(summary) {
  const game = facts && facts.games.find((g) => g.slug === summary.game);
  return game ? game.name : summary.game_name;
}

/** A table's options in words, as the server labels them ("Expert · Rounds 1", "Deck basic ·
 * Bidding · Target 75"): each option set to something, in the game's order, named with its label
 * (the option's own name until getGames() has answered). */
export function describeOptions(options, game) {
  const o = options || {};
  const known = facts && facts.games.find((g) => g.slug === game);
  const specs = known ? known.option_specs : Object.keys(o).map((name) => ({ name, label: name }));
  const parts = [];
  for (const spec of specs) {
    const value = o[spec.name];
    if (value == null || value === false) continue;
    const i = spec.choices ? spec.choices.indexOf(value) : -1;
    const shown = i >= 0 && spec.choice_words ? spec.choice_words[i] : value;
    parts.push(value === true ? spec.label : `${spec.label} ${shown}`);
  }
  return parts.join(" · ");
}

export function describeClock(summary) {
  if (summary.seconds == null) return t("no clock");
  const profile = facts && facts.profiles.find((p) => p.id === summary.profile);
  return t("{profile} · {seconds} s", { profile: (profile && profile.words) || summary.profile, seconds: Math.round(summary.seconds) });
}

/** Tables this browser opened (the summary does not say who the host is). */
export const hosted = {
  list() {
    try {
      return JSON.parse(prefs.get("hosted", "[]"));
    } catch {
      return [];
    }
  },
  has(id) {
    return this.list().includes(id);
  },
  add(id) {
    const ids = this.list().filter((x) => x !== id);
    ids.push(id);
    prefs.set("hosted", JSON.stringify(ids.slice(-50)));
  },
};
