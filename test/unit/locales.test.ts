// Every locale has exactly the keys of en, with the same {{variables}} in every string, and is a
// real translation rather than a copy of the English text. A key with plural forms (key_one,
// key_other, …, chosen by a count) has exactly the forms its language needs: Polish has more than
// English.
import { expect } from 'chai';
import { loadResources } from '../../server/render/i18n.js';
import { LOCALES } from '../../types/settings.js';

type Tree = Record<string, unknown>;

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (Array.isArray(tree)) tree.forEach((v, i) => flatten(v, `${prefix}[${i}]`).forEach((s, k) => out.set(k, s)));
  else if (tree && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree as Tree)) flatten(v, prefix ? `${prefix}.${k}` : k).forEach((s, key) => out.set(key, s));
  }
  return out;
}

const variables = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** Keys with plural forms folded into one (`key_#`), and each such key's forms. */
function folded(strings: Map<string, string>): { keys: Map<string, string>; forms: Map<string, string[]> } {
  const keys = new Map<string, string>();
  const forms = new Map<string, string[]>();
  for (const [key, text] of strings) {
    const form = PLURAL_FORM.exec(key);
    if (!form) {
      keys.set(key, text);
      continue;
    }
    const base = `${key.slice(0, form.index)}_#`;
    forms.set(base, [...(forms.get(base) ?? []), form[1]!].sort());
    if (form[1] === 'other') keys.set(base, text);
  }
  return { keys, forms };
}

const pluralForms = (lng: string) => [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories].sort();

describe('locales', () => {
  const resources = loadResources();
  const en = resources.en as Record<string, Tree>;
  const namespaces = Object.keys(en).sort();

  it('has the namespaces of en in every locale', () => {
    for (const lng of LOCALES) expect(Object.keys(resources[lng] ?? {}).sort(), lng).to.deep.equal(namespaces);
  });

  it('en: the plural forms English needs, each with the {{variables}} of its other form', () => {
    for (const ns of namespaces) {
      const strings = flatten(en[ns]);
      const { forms } = folded(strings);
      for (const [key, found] of forms) {
        expect(found, `en/${ns}:${key}`).to.deep.equal(pluralForms('en'));
        const other = strings.get(key.replace(/#$/, 'other'))!;
        for (const form of found) expect(variables(strings.get(key.replace(/#$/, form))!), `en/${ns}:${key} ${form}`).to.deep.equal(variables(other));
      }
    }
  });

  for (const lng of LOCALES.filter((l) => l !== 'en')) {
    it(`${lng}: same keys and {{variables}} as en, and translated`, () => {
      let identical = 0;
      let total = 0;
      for (const ns of namespaces) {
        const enFolded = folded(flatten(en[ns]));
        const strings = flatten((resources[lng] as Record<string, Tree>)[ns]);
        const mine = folded(strings);
        const base = enFolded.keys;
        const other = mine.keys;
        expect([...other.keys()].sort(), `${lng}/${ns} keys`).to.deep.equal([...base.keys()].sort());
        for (const [key, forms] of mine.forms) {
          expect(forms, `${lng}/${ns}:${key} plural forms`).to.deep.equal(pluralForms(lng));
          const wanted = variables(enFolded.keys.get(key) ?? '');
          for (const form of forms) expect(variables(strings.get(key.replace(/#$/, form))!), `${lng}/${ns}:${key} ${form}`).to.deep.equal(wanted);
        }
        for (const [key, text] of base) {
          expect(variables(other.get(key)!), `${lng}/${ns}:${key}`).to.deep.equal(variables(text));
          total++;
          if (other.get(key) === text) identical++;
        }
      }
      // Names of countries, brands and the like may coincide; most strings must not.
      expect(identical / total, `${lng}: share of strings identical to en`).to.be.below(0.15);
    });
  }
});
