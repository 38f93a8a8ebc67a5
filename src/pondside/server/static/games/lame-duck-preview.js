// Lame Duck's card preview (games/lame-duck.js): where a hand card would go now, drawn in the
// pond (the column it joins, a ghost card, the sixth that takes) and said in #preview, in the
// server's words: the card's label and its `shows` (column, takes). Nothing is worked out here.
import { cardEl } from "../cards.js";
import { capital, COLUMN_LIMIT, columnsShown } from "./lame-duck-pond.js";

const $ = (id) => document.getElementById(id);
let previewCard = null; // the card previewed now
// One selection model for the preview (s35-5): the card under the pointer and the card the
// keyboard's ring is on; the preview tells the one that moved last, else the other.
let pointerCard = null;
let ringCard = null;
let ringLast = false;

// While a turn's cards are shown placed, no preview: the columns it would name are changing
// under it (a ghost 19 "→ column 1" stayed while the real 17 moved there: the fourth trial, 4).
let placing = false;

/** A turn's cards are being placed (true: the preview goes) or are placed (false: it comes
 *  back with the next drawing, the hand's and the status's). */
export function placingShown(on, ctx) {
  placing = on;
  if (on) applyPreview(ctx);
}

/** The card previewed now (null: none). */
export const previewed = () => previewCard;

/** A key that moves the ring (Tab, the arrows, a card's number) was pressed: the ring moved
 *  last. */
export function ringMoved() {
  ringLast = true;
}

/** The pointer is on card `n` of the hand (null: it left the card). */
export function pointerOn(ctx, n) {
  pointerCard = n;
  if (n != null) ringLast = false;
  showPointed(ctx);
}

/** The keyboard's ring is on card `n` of the hand (null: it left the card). */
export function ringOn(ctx, n) {
  ringCard = n;
  showPointed(ctx);
}

/** The preview of the card the ring or the pointer is on, whichever moved last. */
function showPointed(ctx) {
  setPreview(ctx, ringLast ? (ringCard ?? pointerCard) : (pointerCard ?? ringCard));
}

/** Preview card `n` (null: none) at the table of `ctx`. */
export function setPreview(ctx, n) {
  previewCard = n;
  applyPreview(ctx);
}

/** Draw the preview again, at the table of `ctx` (after the columns are drawn again). */
export function applyPreview(ctx) {
  const p = $("preview");
  document.querySelectorAll(".row.preview-target, .row.preview-sixth").forEach((r) => r.classList.remove("preview-target", "preview-sixth"));
  document.querySelectorAll(".cell.ghost").forEach((c) => {
    c.classList.remove("ghost");
    c.querySelector(".ghost-card")?.remove();
  });
  $("pond").classList.remove("preview-low");
  const v = ctx && ctx.view;
  // Where the card would go now, as the server labels it (others' cards may change it).
  const offer = placing || previewCard == null || !v || v.over || v.awaiting_take != null ? null : ctx.label(`play ${previewCard}`);
  if (!offer) {
    p.textContent = "";
    p.classList.remove("on");
    return;
  }
  const { column, takes } = offer.shows;
  p.textContent = `${capital(offer.label)} ${offer.effect}`;
  p.classList.add("on");
  if (column == null) {
    $("pond").classList.add("preview-low");
    return;
  }
  const cols = columnsShown() || v.columns;
  const row = document.querySelector(`.row[data-col="${column}"]`);
  if (!row) return;
  row.classList.add(takes ? "preview-sixth" : "preview-target");
  const cell = row.querySelector(`.cell[data-i="${Math.min(cols[column].length, COLUMN_LIMIT)}"]`);
  if (cell && !cell.querySelector(".card")) {
    cell.classList.add("ghost");
    const g = cardEl(previewCard);
    g.classList.add("ghost-card");
    g.setAttribute("aria-hidden", "true"); // a preview: #preview says it in words
    cell.append(g);
  }
}
