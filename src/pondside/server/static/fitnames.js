// Players' names on a table page, whole (issue 27, 10): a name in the bar and in a game's card
// area wraps between its words (the CSS); a word wider than its box is drawn smaller until it
// fits, never broken inside or cut with an ellipsis, and the whole name stays in its title.
const NAME_BOXES = ".player-name, .slot-name, .dd-spot-name, .dd-group-who, .wc-spot-name, .wc-last-name";
const SMALLEST_NAME_PX = 8;
let fitting = 0;
function fitNames() {
  fitting = 0;
  for (const node of document.querySelectorAll(NAME_BOXES)) {
    // The name itself, without a "(you)" tag.
    if (!node.title) node.title = (node.firstChild && node.firstChild.nodeValue) || node.textContent.trim();
    node.style.fontSize = "";
    node.style.overflowWrap = "";
    if (!node.clientWidth) continue; // not on the screen
    let size = parseFloat(getComputedStyle(node).fontSize);
    while (size > SMALLEST_NAME_PX && node.scrollWidth > node.clientWidth + 0.5) {
      size -= 0.5;
      node.style.fontSize = `${size}px`;
    }
    // A word too long even then (a name of one long word, 20 letters in a card's width): it
    // is broken rather than cut, the title says it whole.
    if (node.scrollWidth > node.clientWidth + 0.5) node.style.overflowWrap = "anywhere";
  }
}
function fitNamesSoon() {
  if (!fitting) fitting = requestAnimationFrame(fitNames);
}
/** Whatever draws a name under `root` (the bar, a module's card area, its animations): fitted
 * before the next paint, and again when the window changes size. */
export function fitNamesUnder(root) {
  new MutationObserver(fitNamesSoon).observe(root, { childList: true, subtree: true });
  window.addEventListener("resize", fitNamesSoon);
}
