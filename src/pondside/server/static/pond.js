// The pond's surprise: click the water and it ripples; Simon, the laziest drake in the pond,
// wakes up, yawns, paddles over to have a look and dozes off again.
import { svg } from "./svg.js";
import { t } from "./i18n.js";

function drawSimon() {
  const root = svg("svg", { viewBox: "0 0 120 90", class: "simon-svg" });
  // Reflection and water line.
  svg("ellipse", { cx: 60, cy: 78, rx: 46, ry: 7, fill: "rgba(255,255,255,.18)" }, root);
  const body = svg("g", { class: "simon-body" }, root);
  // Tail and body: grey-brown, the curly drake feather on top.
  svg("path", { d: "M96 52 C104 44 110 40 112 44 C110 50 104 58 96 62 Z", fill: "#f4f1ea", stroke: "#6b5b4b", "stroke-width": 1.5 }, body);
  svg("path", { d: "M100 44 c3 -6 -4 -9 -2 -3", fill: "none", stroke: "#1d1d1d", "stroke-width": 2, "stroke-linecap": "round" }, body);
  svg("path", { d: "M22 56 C22 40 48 36 70 38 C92 40 104 48 100 62 C96 76 40 80 26 70 C22 66 22 60 22 56 Z", fill: "#b8b2a6", stroke: "#5b5146", "stroke-width": 1.5 }, body);
  // Chestnut chest.
  svg("path", { d: "M24 58 C22 46 34 40 44 42 C40 52 40 62 46 72 C34 72 25 66 24 58 Z", fill: "#7a3e22" }, body);
  // Wing.
  svg("path", { d: "M48 48 C62 42 84 44 94 54 C84 62 62 64 50 58 Z", fill: "#8f877a", stroke: "#5b5146", "stroke-width": 1.2 }, body);
  svg("path", { d: "M70 56 l14 -2", stroke: "#2f4aa8", "stroke-width": 3, "stroke-linecap": "round" }, body);
  // Neck ring and green head.
  const head = svg("g", { class: "simon-head" }, root);
  svg("path", { d: "M28 48 C26 40 28 34 32 30 L42 32 C42 38 42 44 44 46 Z", fill: "#1d6b3a" }, head);
  svg("path", { d: "M27 44 C32 47 40 47 44 45", stroke: "#fff", "stroke-width": 3, fill: "none" }, head);
  svg("circle", { cx: 34, cy: 26, r: 13, fill: "#1f7a43", stroke: "#0f4424", "stroke-width": 1.2 }, head);
  svg("path", { d: "M27 20 c4 -6 12 -6 16 -1", stroke: "rgba(120,230,170,.6)", "stroke-width": 2, fill: "none" }, head);
  // The bill: upper and lower halves, the lower one opens for a yawn.
  svg("path", { class: "bill-lower", d: "M23 30 C17 31 10 32 7 31 C9 34 17 35 24 33 Z", fill: "#e6a100", stroke: "#8a6000", "stroke-width": 1 }, head);
  svg("path", { class: "bill-upper", d: "M24 25 C16 25 8 27 6 30 C10 31 18 31 24 31 Z", fill: "#ffc21a", stroke: "#8a6000", "stroke-width": 1 }, head);
  // Sleepy eye (a closed lid) and an open eye, swapped by class.
  svg("path", { class: "eye-closed", d: "M31 21 q3 3 6 0", stroke: "#0b0b0b", "stroke-width": 1.8, fill: "none", "stroke-linecap": "round" }, head);
  const open = svg("g", { class: "eye-open" }, head);
  svg("circle", { cx: 34, cy: 21, r: 2.6, fill: "#fff" }, open);
  svg("circle", { cx: 33.4, cy: 21.2, r: 1.5, fill: "#111" }, open);
  svg("path", { d: "M30.6 19.4 q3.4 -1.2 6.8 0", stroke: "#0f4424", "stroke-width": 1.6, fill: "#1f7a43" }, open);
  // Paddling feet under the water.
  const feet = svg("g", { class: "simon-feet" }, root);
  svg("path", { d: "M54 76 l-6 8 l8 -2 z", fill: "#f08c1a", opacity: 0.7 }, feet);
  svg("path", { d: "M70 76 l-6 8 l8 -2 z", fill: "#f08c1a", opacity: 0.7 }, feet);
  return root;
}

export class Pond {
  constructor(pond, ripples, simonEl, { speed = () => 1 } = {}) {
    this.pond = pond;
    this.ripples = ripples;
    this.simon = simonEl;
    this.speed = speed;
    this.busy = null;
    this.simon.appendChild(drawSimon());
    this.bubble = document.createElement("span");
    this.bubble.className = "simon-bubble";
    this.simon.appendChild(this.bubble);
    this.zzz = document.createElement("span");
    this.zzz.className = "simon-zzz";
    this.zzz.textContent = t("z z z");
    this.simon.appendChild(this.zzz);
    this.x = null; // null: at home, the right end of the pond's lower edge (CSS)
    this.simon.classList.add("home", "sleeping");
    window.addEventListener("resize", () => {
      if (this.simon.classList.contains("awake")) return;
      this.x = null;
      this.simon.classList.add("home");
      this.simon.style.transform = "";
    });
    pond.addEventListener("click", (ev) => {
      if (ev.target.closest(".card, button, .take-prompt")) return;
      const r = pond.getBoundingClientRect();
      this.splash(ev.clientX - r.left, ev.clientY - r.top);
    });
  }

  splash(x, y) {
    for (let i = 0; i < 3; i++) {
      const ring = document.createElement("span");
      ring.className = "ripple";
      ring.style.left = `${x}px`;
      ring.style.top = `${y}px`;
      ring.style.animationDelay = `${i * 260}ms`;
      this.ripples.appendChild(ring);
      setTimeout(() => ring.remove(), 2600 + i * 260);
    }
    this.wake(x);
  }

  wake(x) {
    const s = this.simon;
    clearTimeout(this.busy);
    s.classList.add("awake");
    s.classList.remove("sleeping");
    const size = s.offsetWidth || 60;
    if (this.x == null) {
      // Leave home: from the CSS position to an explicit one, then paddle from there.
      this.x = Math.max(0, (this.pond.clientWidth || 300) - size - 8);
      s.classList.remove("home");
      s.style.transform = `translateX(${this.x}px)`;
    }
    const from = this.x;
    const target = Math.max(4, Math.min((this.pond.clientWidth || 300) - size - 4, x - size / 2));
    s.classList.toggle("facing-right", target > from);
    const lines = [t("Yaaawn…"), t("Hm? Ripples?"), t("Five more minutes…"), t("Quack. Yawn."), t("Who woke me?")];
    this.bubble.textContent = lines[Math.floor(Math.random() * lines.length)];
    s.classList.add("yawning");
    this.busy = setTimeout(() => {
      s.classList.remove("yawning");
      s.classList.add("paddling");
      this.x = target;
      s.style.transform = `translateX(${target}px)`;
      this.busy = setTimeout(() => {
        s.classList.remove("paddling");
        s.classList.add("yawning");
        this.bubble.textContent = t("Yaaawn… zzz");
        this.busy = setTimeout(() => {
          s.classList.remove("yawning", "awake", "facing-right");
          s.classList.add("sleeping");
        }, 1400);
      }, 1600);
    }, 1100);
  }
}
