// The islands' t() in the browser: key lookup in the island's own section, {{var}} interpolation
// and plural forms (key_one, key_other, … by Intl.PluralRules), as i18next does them on the
// server. i18next itself stays on the server: the browser needs only this much of it.
import type { Translate } from '../runtime.js';

export type IslandStrings = { [key: string]: string | IslandStrings };
type Vars = Record<string, string | number>;

function lookup(section: IslandStrings, key: string): string | undefined {
  let node: string | IslandStrings | undefined = section;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Like i18next: a variable that was not given stays as written. */
function interpolate(text: string, vars: Vars): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function createTranslate(lng: string, sectionName: string, section: IslandStrings): Translate {
  const plurals = new Intl.PluralRules(lng);
  return (key: string, vars: Vars = {}) => {
    const count = vars.count;
    const text =
      // A browser whose plural rules know a form the strings lack (older ICU data) gets "other".
      (typeof count === 'number' ? (lookup(section, `${key}_${plurals.select(count)}`) ?? lookup(section, `${key}_other`)) : undefined) ??
      lookup(section, key) ??
      (typeof vars.defaultValue === 'string' ? vars.defaultValue : undefined);
    // A missing key shows as i18next shows it: the section and key, so it is easy to spot.
    return text === undefined ? `${sectionName}.${key}` : interpolate(text, vars);
  };
}
