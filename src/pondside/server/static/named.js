// A server sentence as a page shows it (issue 27). King of the Quackers and Wildcat Chicane
// write their cards by the codes a person types at the terminal ("Give the Mountain (4MS)");
// the same sentences come with `card_words` (in a frame, a why answer, a hint, an error): each
// piece of them that names cards by code, with the words a reader reads in its place ("the
// Mountain"). The words are the server's; the page only puts them in place.

const patterns = new WeakMap(); // card_words object → the RegExp of its pieces

function pattern(words) {
  let re = patterns.get(words);
  if (re === undefined) {
    // Longest first, so "1V=4 2VL" is read whole before a shorter piece inside it; never
    // inside a word or a number.
    const pieces = Object.keys(words)
      .sort((a, b) => b.length - a.length)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    re = pieces.length ? new RegExp(`(?<![\\w=])(?:${pieces.join("|")})(?![\\w=])`, "g") : null;
    patterns.set(words, re);
  }
  return re;
}

/** `text` with each piece that names cards by code read by name: `words` is a `card_words`
 * object ({piece: words}); text without such pieces is shown as it is. */
export function named(text, words) {
  if (!text || !words || typeof words !== "object") return text;
  const re = pattern(words);
  return re ? text.replace(re, (piece) => words[piece] ?? piece) : text;
}
