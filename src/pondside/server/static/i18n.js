// The page's language. Every sentence a page writes goes through t() or tn(): the English is
// the message, and the server puts the catalog of the reader's language inside the page
// (server/pagewords.py, from pondside.i18n's catalogs), so nothing is fetched before the page
// can speak. A message the catalog lacks reads in English.

const data = (() => {
  const node = document.getElementById("pondside-i18n");
  try {
    return node ? JSON.parse(node.textContent) : null;
  } catch {
    return null;
  }
})() || { locale: "en", lang: "en", messages: {} };

/** The page's language: "en", "de", or the pseudo-locale "en-XA" of the tests. */
export const locale = data.locale;
const plurals = new Intl.PluralRules(locale === "en-XA" ? "en" : locale);

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** `message` in the page's language, its {placeholders} filled from `values`. */
export function t(message, values) {
  const said = data.messages[message];
  return fill(typeof said === "string" ? said : message, values);
}

/** `message` said in `context`, where the same English says two things (a replay's "Play"
 * runs the moves; a table's plays cards): gettext's pgettext. */
export function tc(context, message, values) {
  const said = data.messages[`${context}\u0004${message}`];
  return fill(typeof said === "string" ? said : message, values);
}

/** The form of `one`/`many` for the count `n` by the language's own plural rule ({n} is
 * filled with the count). */
export function tn(one, many, n, values) {
  const forms = data.messages[one];
  if (forms && typeof forms === "object") return plural(forms, n, values);
  return fill(plurals.select(n) === "one" ? one : many, { n, ...values });
}

/** A served message with a count (`forms`: its plural forms by CLDR category, as the
 * server's `plural_forms` sends them) for the count `n`, {n} and `values` filled. */
export function plural(forms, n, values) {
  const f = forms || {};
  return fill(f[plurals.select(n)] ?? f.other ?? "", { n, ...values });
}

/** A number in the page's language (1.5 is "1,5" in German). */
export function num(n, digits) {
  const options = digits == null ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(locale === "en-XA" ? "en" : locale, options).format(n);
}

// English ordinals take their suffix by CLDR's ordinal category; a language with one form
// for all ("1." in German) translates the four messages alike.
const ordinals = new Intl.PluralRules("en", { type: "ordinal" });

/** A place in words: "1st", "2nd" (German "1.", "2."). */
export function ordinal(n) {
  const category = ordinals.select(n);
  if (category === "one") return t("{n}st", { n });
  if (category === "two") return t("{n}nd", { n });
  if (category === "few") return t("{n}rd", { n });
  return t("{n}th", { n });
}

// The languages of the site, each by its own name (a switch offers them so: a reader who
// cannot read the page's language still finds theirs).
const LANGUAGES = [
  ["en", "English"],
  ["de", "Deutsch"],
];
const COOKIE = "pondside_lang";

/** The language switch in the top bar of the site's pages (a table's bar is full of its tools:
 * a table speaks the language chosen here): the choice is remembered (a cookie the server
 * reads, a year long) and the page is shown again in it. */
function languageSwitch() {
  const bar = document.querySelector(".topbar");
  if (!bar || !bar.querySelector(".site-nav") || bar.querySelector(".lang-switch")) return;
  const label = document.createElement("label");
  label.className = "lang-switch";
  const words = document.createElement("span");
  words.className = "sr-only";
  words.textContent = t("Language");
  const select = document.createElement("select");
  select.id = "lang-switch";
  for (const [code, name] of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    option.translate = false; // a language's own name, in every language
    option.selected = code === locale;
    select.append(option);
  }
  select.addEventListener("change", () => {
    document.cookie = `${COOKIE}=${select.value}; path=/; max-age=31536000; samesite=lax`;
    // A ?lang= of the address would win over the cookie: it goes.
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url.toString());
  });
  label.append(words, select);
  bar.append(label);
}

languageSwitch();
