// A server sentence as a page shows it (issue 27). King of the Quackers and Wildcat Chicane
// write their cards by the codes a person types at the terminal ("Give the Mountain (4MS)");
// the same sentence comes with `card_spans` (in a frame, a why answer, a hint) saying where it
// names cards and the words a reader of names reads there ("Give the Mountain"). The words are
// the server's; the page only puts them in place.

/** `text` with each of its cards read by name: `spans` is a `card_spans` object (sentence →
 * [{start, end, cards, words}]); a sentence it does not list is shown as it is. */
export function named(text, spans) {
  const found = text && spans ? spans[text] : null;
  if (!found || !found.length) return text;
  let out = "";
  let at = 0;
  for (const span of [...found].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, span.start) + span.words;
    at = span.end;
  }
  return out + text.slice(at);
}
