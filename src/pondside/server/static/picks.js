// What a player has chosen in the hand and not yet played, on a table page: on a touch screen a
// first tap selects a card and a second plays it (issue 27, 2); a selection comes back after a
// reload (issue 27, 4).
import { plainAction } from "./hint.js";
import { t } from "./i18n.js";
import { replaying } from "./replay.js";
import { $, mySeat, tableId } from "./room.js";

/** What the page lends: the decision's selection (its `key`), the frame drawn last, drawing it
 * again, the action on its way, sending one, and the server's label of an action. */
export const picking = {
  select: { key: null },
  redraw: () => {},
  pending: () => null,
  send: () => {},
  label: () => null,
};

// On a touch screen a tap on a hand card that would play it at once (a module that plays on a
// click, as Lame Duck and Wildcat Chicane do) first selects it: the card is marked, its preview
// shows (the module's, as a hover or the focus shows it on a desktop), and a Play button says
// what a second tap on it, or the button, does. A tap anywhere else cancels. A module that
// selects first itself (King of the Quackers, Down the Drain, Ladders, Lame Duck's Confirm)
// sends on the second tap on the same card, which goes through: nothing changes for it.
let picked = null; // {card, action}: the hand card a first tap chose, and what playing it sends
let lastTap = null; // the hand card of the last tap, while the same decision is open
let tapping = null; // the tap being dispatched now: {card, again}
let restoring = null; // a kept selection being clicked again: {sent}
let restored = false; // whether the kept selection was looked at (nothing is kept before that)

/** What a first tap selects under an event's target: a hand card (its data-card), or a control
 * a module marks with data-tap-first="<the action it sends>" (Lame Duck's TAKE buttons and
 * their rows, s35-6); its key (the card, or "tap:" and the action), or null. */
function tapKey(target) {
  const node = target instanceof Element ? target.closest("[data-card], [data-tap-first]") : null;
  if (!node) return null;
  if (node.hasAttribute("data-tap-first")) return `tap:${node.dataset.tapFirst}`;
  return $("hand").contains(node) ? node.dataset.card : null;
}

/** The control a key stands for, drawn now (a button first, where a row carries it too). */
function tapNode(key) {
  if (!key.startsWith("tap:")) return $("hand").querySelector(`[data-card="${CSS.escape(key)}"]`);
  const sel = `[data-tap-first="${CSS.escape(key.slice(4))}"]`;
  return document.querySelector(`#game button${sel}`) || document.querySelector(`#game ${sel}`);
}

document.addEventListener(
  "click",
  (ev) => {
    // Only a finger or a pen: a mouse, or Enter on a focused card, plays at once as before.
    if (ev.pointerType !== "touch" && ev.pointerType !== "pen") return;
    if (ev.target instanceof Element && ev.target.closest("#pick-play")) return;
    const card = tapKey(ev.target);
    tapping = card != null ? { card, again: lastTap === card } : null;
    lastTap = card;
    // Over once the tap's own handlers have run (they run before any timer).
    setTimeout(() => (tapping = null));
    if (picked && picked.card !== card) unpick();
  },
  true,
);

function choose(card, action) {
  picked = { card, action };
  picking.redraw();
  previewPick();
}

/** The module's preview of the card a first tap chose (after the tap, and after a reload that
 * brings the choice back: the trial's finding 12). */
function previewPick() {
  const node = picked && tapNode(picked.card);
  // The focus shows the module's preview of the card, as it does for a keyboard. A module that
  // kept the focus on the card while drawing it saw it before it was marked picked: it is told
  // of the focus again.
  if (!node) return;
  if (document.activeElement !== node) node.focus({ preventScroll: true });
  else node.dispatchEvent(new FocusEvent("focus"));
}

function unpick() {
  picked = null;
  picking.redraw();
}

/** The card a first tap chose is drawn as selected, with the Play button under the status. */
export function markPick(ctx) {
  const button = $("pick-play");
  if (picked && (ctx.pending || !ctx.legal.includes(picked.action))) picked = null;
  const node = picked && tapNode(picked.card);
  button.hidden = !node;
  if (!node) return;
  node.classList.add("selected", "picked");
  node.setAttribute("aria-pressed", "true");
  const said = picking.label(ctx.frame, picked.action);
  const words = said ? said.label : plainAction(picked.action);
  button.textContent = words.charAt(0).toUpperCase() + words.slice(1);
  button.title = t("Or tap it again; a tap anywhere else chooses again");
}

$("pick-play").addEventListener("click", () => {
  if (!picked) return;
  const { card, action } = picked;
  const node = tapNode(card);
  picked = null;
  // As a second tap on it: the module's own handler sends, as it does for a click (Lame Duck
  // notes the card as sent by this page, else it says it was "chosen in another window").
  if (node && !node.disabled) {
    tapping = { card, again: true };
    try {
      node.click();
    } finally {
      tapping = null;
    }
  }
  if (!picking.pending()) picking.send(action);
});

// A selection comes back after a reload (issue 27, 4).
// What is selected in the hand and not yet played (Lame Duck's Confirm, King of the Quackers'
// cards, a first tap) is kept in the tab for this table and seat, with the decision it was made
// in; after a reload the same decision finds it selected again.
const pickKey = (frame) => `pondside.pick.${tableId}.${mySeat(frame)}`;
/** How a selected hand control is found again: its first identifying attribute and value. */
const IDS = ["data-key", "data-card", "data-focus"];

export function keepSelection(ctx) {
  if (replaying || ctx.me == null || restoring || !restored) return;
  const marks = [];
  for (const node of ctx.hand.querySelectorAll("[aria-pressed='true']")) {
    if (node.classList.contains("picked")) continue;
    const attr = IDS.find((a) => node.hasAttribute(a));
    if (attr) marks.push([attr, node.getAttribute(attr)]);
  }
  const kept = { key: picking.select.key, marks, picked: picked && !ctx.pending ? picked : null };
  try {
    if (!marks.length && !kept.picked) sessionStorage.removeItem(pickKey(ctx.frame));
    else sessionStorage.setItem(pickKey(ctx.frame), JSON.stringify(kept));
  } catch {
    // Storage refused: a selection lasts as long as the page.
  }
}

export function restoreSelection(frame) {
  restored = true;
  if (replaying || mySeat(frame) == null || frame.view.over) return;
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(pickKey(frame)) || "null");
  } catch {
    kept = null;
  }
  if (!kept || kept.key !== picking.select.key || !Array.isArray(kept.marks)) return;
  // Each control is clicked again, as the player did; a click that would send an action is
  // refused (restoring), and that card becomes the frame's own selection instead.
  restoring = { sent: null };
  let instead = null;
  try {
    for (const [attr, value] of kept.marks) {
      if (!IDS.includes(attr) || typeof value !== "string") continue;
      const node = $("hand").querySelector(`[${attr}="${CSS.escape(value)}"]`);
      if (!node || node.disabled || node.getAttribute("aria-pressed") === "true") continue;
      restoring.sent = null;
      node.click();
      if (restoring.sent && attr === "data-card") instead = { card: value, action: restoring.sent };
    }
  } finally {
    restoring = null;
  }
  const again = instead || kept.picked;
  if (again && typeof again.card === "string" && frame.legal.includes(again.action)) picked = again;
  picking.redraw();
  previewPick();
}

/** A new decision: nothing chosen by a tap any more. */
export function forgetPick() {
  picked = null;
  lastTap = null;
}

/** Whether an action the module sends is taken here instead of sent: a selection being restored
 * after a reload (keepSelection) would have played, it is not; a first tap on a hand card that
 * would send it selects the card (issue 27, 2). */
export function intercepted(action, pending) {
  if (restoring) {
    restoring.sent = action;
    return true;
  }
  if (tapping && !tapping.again && !pending) {
    choose(tapping.card, action);
    return true;
  }
  return false;
}
