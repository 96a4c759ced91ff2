// Every locale has exactly the keys of en, with the same {{variables}} in every string, and is a
// real translation rather than a copy of the English text.
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

describe('locales', () => {
  const resources = loadResources();
  const en = resources.en as Record<string, Tree>;
  const namespaces = Object.keys(en).sort();

  it('has the namespaces of en in every locale', () => {
    for (const lng of LOCALES) expect(Object.keys(resources[lng] ?? {}).sort(), lng).to.deep.equal(namespaces);
  });

  for (const lng of LOCALES.filter((l) => l !== 'en')) {
    it(`${lng}: same keys and {{variables}} as en, and translated`, () => {
      let identical = 0;
      let total = 0;
      for (const ns of namespaces) {
        const base = flatten(en[ns]);
        const other = flatten((resources[lng] as Record<string, Tree>)[ns]);
        expect([...other.keys()].sort(), `${lng}/${ns} keys`).to.deep.equal([...base.keys()].sort());
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
