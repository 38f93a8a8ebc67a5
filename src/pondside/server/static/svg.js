// An SVG element made, attributed and placed: the cards of Lame Duck, Ladders and Down the Drain
// are drawn with it.
const NS = "http://www.w3.org/2000/svg";

/** A `tag` element of SVG with `attrs`, appended to `parent` when one is given. */
export function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.append(el);
  return el;
}
