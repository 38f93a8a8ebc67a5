// Turn alerts (issue 28, 1): a person waiting for friends in another tab is told when it becomes
// their turn or their choice. The tab's title and icon change at once; a short sound (made here
// with WebAudio) and a desktop notification (the Notification API) are there for those who
// switch them on. Each is a setting of the page's Alerts dialog, remembered (api.js prefs), and
// shown as off, and disabled, where the browser refuses it (notifications blocked for the site,
// no WebAudio). The browser's permission for notifications is asked only when the person
// switches them on, never on opening the page.
//
// game.js tells this module of every frame it receives (`frame`), of every action its person
// sends (`acted`), and sets the page's title through `title`, which puts the mark in front.
// These are the page's own words (a turn, the settings), not a game's: no rule is said here.
import { gameName, prefs } from "./api.js";
import { $ } from "./room.js";
import { t } from "./i18n.js";

const MARK = `● ${t("Your turn")} · `;
/** The settings: [pref key, default] ("1" on, "0" off). The title and icon are on by default:
 * they cost nothing and ask nothing; the sound and the notification are asked for. */
const SETTINGS = { title: ["alert.title", "1"], sound: ["alert.sound", "0"], notify: ["alert.notify", "0"] };

const AudioContextClass = window.AudioContext || window.webkitAudioContext || null;

/** What the browser refuses, in the page's words, or null where it allows the setting. */
function refusal(kind) {
  if (kind === "sound" && !AudioContextClass) return t("This browser cannot make sounds for a page (no WebAudio).");
  if (kind === "notify") {
    if (!("Notification" in window)) return t("This browser does not show notifications from a page.");
    if (!window.isSecureContext) return t("Notifications need a secure (https) address.");
    if (Notification.permission === "denied") return t("Notifications are blocked for this site: allow them in the browser's site settings, then switch this on.");
  }
  return null;
}

export class Alerts {
  /** `active`: whether this page plays a seat at all (not a replay, not a puzzle). */
  constructor({ active = true } = {}) {
    this.active = active;
    this.base = document.title; // the title without the mark
    this.on = false; // the title and the icon show the alert
    this.mine = false; // the last frame asked this page's seat for a decision
    this.note = null; // the desktop notification shown for this turn
    this.audio = null;
    this.icon = document.querySelector("link[rel~='icon']");
    this.plainIcon = this.icon ? this.icon.getAttribute("href") : null;
    this.alertIcon = null;
    this.drawIcon();
    this.bind();
    // Back on the page: its notification has done its work.
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.closeNote();
    });
  }

  enabled(kind) {
    return prefs.get(SETTINGS[kind][0], SETTINGS[kind][1]) === "1" && refusal(kind) == null && (kind !== "notify" || Notification.permission === "granted");
  }

  /** The page's title (game.js sets it on every drawing), with the mark while alerting. */
  title(text) {
    this.base = text;
    this.show();
  }

  /** Every frame the page receives, before any animation: the alert goes on at once when the
   * seat is asked for a decision it was not asked for before, and off when it no longer is. */
  frame(frame, seat) {
    const due = this.active && seat != null && !!frame.view && !frame.view.over && frame.legal.length > 0;
    if (!due) {
      this.mine = false;
      this.set(false);
      return;
    }
    if (this.mine) return; // the same decision still open
    this.mine = true;
    // A decision right after this person's own action (Ladders' next play, Wildcat Chicane's
    // bid after its ruler): they are at the table already.
    const by = frame.reason === "action" ? frame.by : null;
    if (by && by.seat === seat && by.how === "player") return;
    this.set(true);
    // On opening the page (or reconnecting) the person is looking at it: the title says it,
    // nothing rings.
    if (frame.reason === "welcome") return;
    if (this.enabled("sound")) this.ring();
    if (this.enabled("notify")) this.notify(frame);
  }

  /** The person acted: the alert is over (the decisions that follow their own action in the
   * same turn, as Ladders' plays, raise none). */
  acted() {
    this.set(false);
  }

  set(on) {
    if (on === this.on) return;
    this.on = on;
    if (!on) this.closeNote();
    this.show();
  }

  show() {
    const on = this.on && this.enabled("title");
    const text = on ? MARK + this.base : this.base;
    if (document.title !== text) document.title = text;
    document.body.dataset.alerting = String(on); // for tests and styles
    if (this.icon && this.plainIcon) {
      const href = on && this.alertIcon ? this.alertIcon : this.plainIcon;
      if (this.icon.getAttribute("href") !== href) this.icon.setAttribute("href", href);
    }
  }

  /** The alert icon: the site's own icon drawn on a canvas with a red dot in its corner (drawn
   * once; before the icon is loaded, or where it cannot be, the dot alone). */
  drawIcon() {
    const paint = (image) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 64;
      const g = canvas.getContext("2d");
      if (!g) return;
      if (image) g.drawImage(image, 0, 6, 64, 51); // the duck is 20 × 16
      g.beginPath();
      g.arc(48, 16, 14, 0, 2 * Math.PI);
      g.fillStyle = "#e5322d";
      g.fill();
      g.lineWidth = 4;
      g.strokeStyle = "#ffffff";
      g.stroke();
      this.alertIcon = canvas.toDataURL("image/png");
      this.show();
    };
    paint(null);
    if (!this.plainIcon) return;
    const image = new Image();
    image.onload = () => paint(image);
    image.src = this.plainIcon;
  }

  /** A short chime, two rising notes, made in the page. */
  ring() {
    const audio = this.context();
    if (!audio) return;
    const start = audio.currentTime + 0.02;
    [660, 880].forEach((pitch, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + i * 0.16;
      osc.type = "sine";
      osc.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.16);
    });
  }

  /** The page's AudioContext, made on first use. A browser starts it suspended until the
   * person touches the page: it is resumed then (and when the sound is switched on). */
  context() {
    if (!AudioContextClass) return null;
    if (!this.audio) {
      try {
        this.audio = new AudioContextClass();
      } catch {
        return null;
      }
      const wake = () => this.audio && this.audio.state === "suspended" && this.audio.resume().catch(() => {});
      for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, wake, { capture: true });
    }
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  /** A desktop notification, only while the person is elsewhere (another tab or window). */
  notify(frame) {
    if (!document.hidden && document.hasFocus()) return;
    this.closeNote();
    try {
      const game = gameName(frame.table);
      const note = new Notification(`${t("Your turn")} · ${game}`, {
        body: t("It is your turn at {game}: the table is waiting for you.", { game }),
        tag: `pondside-turn-${frame.table.id}`,
        icon: this.plainIcon || undefined,
      });
      note.onclick = () => {
        window.focus();
        note.close();
      };
      this.note = note;
    } catch {
      // A browser that only shows notifications from a service worker: the title still says it.
    }
  }

  closeNote() {
    if (this.note) this.note.close();
    this.note = null;
  }

  // --- the settings (the Alerts dialog of game.html) --------------------------------------------
  bind() {
    const button = $("alerts-btn");
    const dialog = $("alerts-dialog");
    if (!button || !dialog) return;
    button.hidden = !this.active;
    button.addEventListener("click", () => {
      this.fill();
      dialog.showModal();
    });
    for (const kind of Object.keys(SETTINGS)) {
      $(`alert-${kind}`).addEventListener("change", (ev) => this.change(kind, ev.target.checked));
    }
    this.fill();
    // A permission changed in the browser's own site settings shows here at once.
    if (navigator.permissions && "Notification" in window) {
      navigator.permissions
        .query({ name: "notifications" })
        .then((status) => status.addEventListener("change", () => (this.fill(), this.show())))
        .catch(() => {});
    }
  }

  /** The switches as they are: what is remembered, off where the browser refuses. */
  fill() {
    for (const kind of Object.keys(SETTINGS)) {
      const box = $(`alert-${kind}`);
      const why = refusal(kind);
      box.checked = this.enabled(kind);
      box.disabled = why != null;
      const note = $(`alert-${kind}-note`);
      note.textContent = why || "";
      note.hidden = !why;
    }
    $("alerts-btn").setAttribute("aria-pressed", String(Object.keys(SETTINGS).some((k) => this.enabled(k))));
  }

  async change(kind, on) {
    if (on && kind === "notify" && Notification.permission !== "granted") {
      // Asked here, on the person's own click, and nowhere else.
      let answer = "default";
      try {
        answer = await Notification.requestPermission();
      } catch {
        answer = "denied";
      }
      if (answer !== "granted") {
        prefs.set(SETTINGS[kind][0], "0");
        this.fill();
        const note = $("alert-notify-note");
        note.textContent = refusal("notify") || t("The browser did not allow notifications: switch this on again to be asked again.");
        note.hidden = false;
        return;
      }
    }
    prefs.set(SETTINGS[kind][0], on ? "1" : "0");
    // Switched on by a click: the browser lets the page's sound start now, and a first chime
    // says what it will sound like.
    if (on && kind === "sound") this.ring();
    this.fill();
    this.show();
  }
}
