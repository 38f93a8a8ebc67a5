// The focus on a table page is never lost to the page (issue 27, 7): a control a drawing
// replaced hands it to its new self or the next control of its area; a dialog closed gives it
// back where it was; a new page's focus starts at the status.
import { $ } from "./room.js";

const PLAY_AREAS = ["hand", "actions", "board"];
// Where a focus that lost its control goes, in this order: a card, then another control. Never a
// link (King of the Quackers' legend holds the rules link: a Play sent the focus there, 1).
const NEXT_CONTROLS = [":is(button, [tabindex])[data-card]:not([disabled]):not([aria-disabled='true'])", "button:not([disabled]), [tabindex='0'], select:not([disabled])"];

let focusLost = null; // a focus lost while an action was on its way, to hand on after its answer

/** A focus lost during an animation (`held`, as focusBefore saw it), handed on after it. */
export function holdFocus(held) {
  focusLost = held;
}

/** The focused control of the play areas, before a drawing may replace it (or the one lost
 * while the last action was on its way). */
export function focusBefore() {
  const node = document.activeElement;
  // On the page: the control lost while an action was on its way (or during an animation).
  if (node === document.body) return focusLost;
  // On an area that holds it while nothing there can take it (an action on its way, the others'
  // turn): the control lost, else the area, which hands it on to a control once one is drawn.
  const parked = PLAY_AREAS.find((id) => $(id) === node && node.dataset.parked);
  if (parked) return focusLost || { node, area: parked, parked: true };
  if (PLAY_AREAS.some((id) => $(id) === node)) return focusLost;
  const area = PLAY_AREAS.find((id) => $(id).contains(node));
  if (!area) return null;
  return { node, area, card: node.dataset.card, action: node.dataset.action };
}

/** After a drawing: a focused control that was replaced (a played card, a redrawn button)
 * hands the focus to its new self, else to the first control of its area, then of the hand
 * and the actions, else to the hand itself, so a keyboard player goes on from where they were. */
export function keepFocus(before, pending) {
  focusLost = null;
  if (!before || (!before.parked && document.contains(before.node))) return;
  // The module put the focus somewhere itself (Ladders: on the pile just played to).
  const at = document.activeElement;
  if (at && at !== document.body && !PLAY_AREAS.some((id) => $(id) === at)) return;
  if (before.parked && pending) return park(before.node);
  if (pending) {
    // The controls wait for the action's answer: the module may give the focus back once it
    // is drawn (Ladders does); it is handed on then if not. Meanwhile the focus waits on the
    // area itself, never on the page.
    focusLost = before;
    park($(before.area));
    return;
  }
  const same = (sel) => document.querySelector(`#${before.area} ${sel}`);
  let next = null;
  // The same card as a control (a card drawn as a picture, a passed card say, takes no focus).
  if (before.card != null) next = same(`:is(button, [tabindex])[data-card="${CSS.escape(before.card)}"]:not([disabled])`);
  if (!next && before.action != null) next = same(`[data-action="${CSS.escape(before.action)}"]:not([disabled])`);
  for (const sel of NEXT_CONTROLS) for (const id of [before.area, "hand", "actions"]) next = next || $(id).querySelector(sel);
  if (!next) {
    // Nothing to do here now (the others' turn): the hand holds the focus until it has.
    park(before.parked ? before.node : $("hand"));
    return;
  }
  for (const id of PLAY_AREAS) delete $(id).dataset.parked;
  next.focus({ preventScroll: true });
  if (document.activeElement !== next) park(before.parked ? before.node : $("hand"));
}

// Escape closes any dialog (the browser does, for a modal one), and the focus goes back where it
// was (1): the browser returns it to the control focused before the dialog opened, but a drawing
// meanwhile may have replaced that control (the end dialog opens by itself, over a hand redrawn
// since): then it goes to the same card or action redrawn, else to the next control of the play
// areas, else to the Result button, never to the page.
let focusOutside = null; // the control focused last outside the dialogs, as focusBefore sees one
document.addEventListener("focusin", (ev) => {
  const node = ev.target;
  if (!(node instanceof Element) || node.closest("dialog")) return;
  const area = PLAY_AREAS.find((id) => $(id).contains(node) && $(id) !== node);
  focusOutside = { node, area, card: node.dataset?.card, action: node.dataset?.action };
});
/** The dialogs of the page give the focus back on closing; `table()` says what is drawn: {shown,
 * pending}, the frame drawn last and the action on its way. */
export function watchDialogs(table) {
  for (const d of document.querySelectorAll("dialog")) {
    d.addEventListener("close", () => {
      const { shown, pending } = table();
      const at = document.activeElement;
      if (document.querySelector("dialog[open]") || (at && at !== document.body && !at.closest("dialog"))) return;
      const before = focusOutside;
      if (before && document.contains(before.node) && !before.node.disabled && !before.node.hidden) {
        before.node.focus({ preventScroll: true });
      } else if (before && before.area && shown && shown.view) {
        keepFocus(before, pending);
      } else if (!$("result-btn").hidden) {
        $("result-btn").focus({ preventScroll: true });
      } else if (shown && shown.view) {
        keepFocus({ node: null, area: "hand" }, pending);
      }
    });
  }
}

/** Whether the focus is nowhere: on the page itself, or on a control just hidden (the
 * browser hands such a focus to the page only at its next layout, after this drawing: the
 * waiting room's Start, the phone's Play button). */
export function focusOnPage() {
  const at = document.activeElement;
  return !at || at === document.body || !at.getClientRects().length;
}

/** After a drawing, a focus still on the page (a new page: the match just started, a first
 * turn; a control that went away: the phone's Play button once it played, the waiting room's
 * Start) goes to the status, which says what to do next, before the hand: the next Tab reaches
 * the cards (the second trial's finding 5). Not the first card: on a phone its focus would show
 * a preview nobody asked for. A focus lost while an action is on its way is handed on by
 * keepFocus after the answer. */
export function settleFocus() {
  if (!focusOnPage() || focusLost || document.querySelector("dialog[open]")) return;
  const status = $("status");
  status.tabIndex = -1;
  status.focus({ preventScroll: true });
}

/** The focus waits on a play area (never on the page) until a control is drawn there. */
function park(box) {
  box.tabIndex = -1;
  box.dataset.parked = "1";
  box.focus({ preventScroll: true });
  // Moved away by the player (a click, Tab): no longer waiting.
  box.addEventListener("blur", () => delete box.dataset.parked, { once: true });
}
