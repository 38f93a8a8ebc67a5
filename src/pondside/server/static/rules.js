// The rules pages (/rules/<slug>): each worked example is drawn with the table's own cards.
// The server renders an example as <div class="cards-example" data-game="..."> holding rows of
// <span class="cards" data-cards="12 14 15">, with readable card chips inside; this module
// swaps the chips for real cards, each drawn by the drawCard(code) its game's table module
// exports (see game.js's header). Anything that cannot be drawn keeps its chip, so the text
// always reads.
import "./i18n.js"; // the page's language: its switch in the top bar

const drawers = new Map();

function chip(code) {
  const c = document.createElement("span");
  c.className = "card-chip";
  c.translate = false; // a card's code is the same in every language
  c.textContent = code;
  return c;
}

function loadStylesheet(slug) {
  const href = `/static/games/${slug}.css`;
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}

/** How the game's table draws one card from its code, or null to keep the chips. */
async function loadDrawer(slug) {
  // The slug comes from the server's own page, but it still only ever names a module file.
  if (!/^[a-z][a-z-]*$/.test(slug)) return null;
  try {
    const mod = (await import(`/static/games/${slug}.js`)).default;
    if (typeof mod?.drawCard !== "function") return null;
    if (mod.stylesheet) loadStylesheet(slug);
    return (code) => mod.drawCard(code);
  } catch {
    return null;
  }
}

function drawerFor(slug) {
  if (!drawers.has(slug)) drawers.set(slug, loadDrawer(slug));
  return drawers.get(slug);
}

async function drawExample(box) {
  const draw = await drawerFor(box.dataset.game);
  if (!draw) return;
  for (const row of box.querySelectorAll(".cards[data-cards]")) {
    const codes = row.dataset.cards.split(/\s+/).filter(Boolean);
    if (!codes.length) continue;
    const cards = codes.map((code) => {
      try {
        const card = draw(code);
        card.classList.add("example-card");
        return card;
      } catch {
        return chip(code);
      }
    });
    row.replaceChildren(...cards);
  }
  box.classList.add("drawn");
}

// On a phone the contents start folded, so the text is on the first screen (open without
// JavaScript, so it can always be read).
if (matchMedia("(max-width: 760px)").matches) document.getElementById("toc")?.removeAttribute("open");

/** A table wider than the page scrolls sideways in its own box (rules.css): it takes the
 * keyboard's focus then, so it can be scrolled with the arrow keys, not only by touch or mouse. */
function scrollableTables() {
  for (const table of document.querySelectorAll(".rules-text table")) {
    if (table.scrollWidth > table.clientWidth + 1) table.tabIndex = 0;
    else table.removeAttribute("tabindex");
  }
}

await Promise.all([...document.querySelectorAll(".cards-example")].map(drawExample));
document.body.classList.add("examples-drawn");
scrollableTables();
window.addEventListener("resize", scrollableTables);
