// Countries named in the reader's language: the company's country is stored as an ISO 3166-1
// alpha-2 code ("NL") and shown as "Niederlande" on a German page, "Holandia" on a Polish one.
// The names are ICU's (Intl.DisplayNames), which Node carries for every country and language.
import { LOCALES } from '../../types/settings.js';

/** Codes ICU names that are no country: the EU, the eurozone, the UN, pseudo-locales, "unknown". */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
const CODE = /^[A-Za-z]{2}$/;

/** Intl.DisplayNames are costly to make: one per language. */
const namers = new Map<string, Intl.DisplayNames>();
function namerFor(lng: string): Intl.DisplayNames {
  let namer = namers.get(lng);
  if (!namer) namers.set(lng, (namer = new Intl.DisplayNames([lng, 'en'], { type: 'region', fallback: 'none' })));
  return namer;
}

/**
 * The country of an ISO 3166-1 alpha-2 code (any case) as its current upper-case code (an old one,
 * such as UK or DD, as GB and DE); undefined when it names none.
 */
export function countryCode(code: string): string | undefined {
  if (!CODE.test(code)) return undefined;
  const current = Intl.getCanonicalLocales(`und-${code}`)[0]!.slice(4);
  return !NOT_COUNTRIES.has(current) && namerFor('en').of(current) !== undefined ? current : undefined;
}

let byName: Map<string, string> | undefined;
/** Every country's code by its name in each of the site's languages, lower case. */
function codesByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of letters) {
    for (const b of letters) {
      const code = countryCode(a + b);
      if (code !== a + b) continue;
      for (const lng of ['en', ...LOCALES]) {
        const name = namerFor(lng).of(code);
        if (name && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code);
      }
    }
  }
  return byName;
}

/**
 * The code of a country given by its code or by its name in one of the site's languages
 * ("NL", "Netherlands", "the Netherlands", "Nederland"); undefined when it is neither.
 */
export function countryCodeOf(given: string): string | undefined {
  const text = given.trim();
  return countryCode(text) ?? codesByName().get(text.toLowerCase().replace(/^the\s+/, ''));
}

/** Names already given, by language and stored text: every page names the company's country. */
const named = new Map<string, string>();
const MAX_NAMED = 1000;

/** A stored country in the reader's language: a code's name, or a text stored before codes as it is. */
export function countryName(lng: string, stored: string): string {
  const key = `${lng}\u0000${stored}`;
  let name = named.get(key);
  if (name === undefined) {
    const code = countryCode(stored);
    name = code ? (namerFor(lng).of(code) ?? stored) : stored;
    if (named.size >= MAX_NAMED) named.clear();
    named.set(key, name);
  }
  return name;
}
