// The page path's t() (server/render/i18n.ts) answers from a table compiled once per language:
// it must say exactly what i18next says, for every key of every language, with and without
// variables, and leave to i18next what only i18next does.
import { expect } from 'chai';
import type { i18n as I18n } from 'i18next';
import { cachedT, createI18n, loadResources, sectionT } from '../../server/render/i18n.js';
import { LOCALES } from '../../types/settings.js';

type Loose = (key: unknown, opts?: unknown) => unknown;

function keysOf(tree: unknown, prefix = ''): string[] {
  if (!tree || typeof tree !== 'object' || Array.isArray(tree)) return [prefix];
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const variables = (s: unknown) => (typeof s === 'string' ? [...s.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!) : []);

describe('fast translate', () => {
  const resources = loadResources();
  let i18n: I18n;
  before(async () => {
    i18n = await createI18n(resources);
  });

  for (const lng of LOCALES) {
    it(`${lng}: every key, as i18next translates it, with and without variables`, () => {
      const fast = cachedT(i18n, lng) as unknown as Loose;
      const slow = i18n.getFixedT(lng) as unknown as Loose;
      let compared = 0;
      for (const [ns, tree] of Object.entries(resources.en as Record<string, unknown>)) {
        for (const path of keysOf(tree)) {
          const key = `${ns}:${path}`;
          const names = variables(slow(key));
          const all = Object.fromEntries(names.map((n, i) => [n, i % 2 ? i * 7 : `<v${i} & "${n}">`]));
          const some = Object.fromEntries(names.slice(1).map((n) => [n, null]));
          const cases: unknown[] = [undefined, {}, all, some, { ...all, count: 2 }, { ...all, count: 0 }, { count: '1' }, { returnObjects: true }, { defaultValue: 'd' }];
          if (names[0]) cases.push({ [names[0]]: undefined });
          for (const opts of cases) {
            expect(fast(key, opts), `${lng} ${key} ${JSON.stringify(opts)}`).to.deep.equal(slow(key, opts));
            compared++;
          }
          if (ns === 'common') expect(fast(path, all), `${lng} ${path}`).to.equal(slow(path, all));
        }
      }
      expect(compared).to.be.greaterThan(1000);
      // Plural keys by their bare name, with counts that pick every form of every language (Polish
      // one/few/many, French's 0 and 1.5, a zero form) and the variables of their strings.
      let plurals = 0;
      for (const [ns, tree] of Object.entries(resources.en as Record<string, unknown>)) {
        const bare = new Set(keysOf(tree).flatMap((path) => (/_(one|other)$/.test(path) ? [path.replace(/_(one|other)$/, '')] : [])));
        for (const path of bare) {
          const key = `${ns}:${path}`;
          const names = variables(slow(key, { count: 2 })).filter((n) => n !== 'count');
          const vars = Object.fromEntries(names.map((n, i) => [n, `<v${i}>`]));
          for (const count of [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1.5, -1]) {
            expect(fast(key, { ...vars, count }), `${lng} ${key} count ${count}`).to.equal(slow(key, { ...vars, count }));
            plurals++;
          }
          expect(fast(key, { count: 3 }), `${lng} ${key} count alone`).to.equal(slow(key, { count: 3 }));
          if (ns === 'common') expect(fast(path, { ...vars, count: 5 }), `${lng} ${path} count 5`).to.equal(slow(path, { ...vars, count: 5 }));
        }
      }
      expect(plurals, 'plural keys compared').to.be.greaterThan(100);
      for (const odd of ['no.such.key', 'pages:no.such', 'nope:x', '', 'common:']) expect(fast(odd), odd).to.deep.equal(slow(odd));
      expect(fast(['nope', 'common:nav.login'])).to.equal(slow(['nope', 'common:nav.login']));
    });
  }

  it('an island section: the same as i18next with that key prefix', async () => {
    const own = await createI18n({
      en: { islands: { s: { hello: 'Hi {{name}}, {{ missing }}', lng: 'in {{lng}}', nested: { deep: 'Deep' }, item_one: 'one', item_other: '{{count}} items' } } },
      pl: { islands: { s: { hello: 'Cześć {{name}}' } } },
    });
    for (const lng of ['en', 'pl']) {
      const fast = sectionT(own, lng, 'islands', 's');
      const slow = own.getFixedT(lng, 'islands', 's') as unknown as Loose;
      const cases: [string, Record<string, string | number>?][] = [
        ['hello', { name: 'Bo' }], ['hello'], ['lng'], ['nested.deep'], ['item', { count: 1 }], ['item', { count: 4 }], ['item', { count: 0 }], ['nope'], ['nope', { defaultValue: 'x' }],
      ];
      for (const [key, vars] of cases) expect(fast(key, vars), `${lng} ${key}`).to.equal(slow(key, vars ?? {}));
    }
  });

  it('plurals: answered from the tables, not by i18next, in the language or its fallback as i18next does', async () => {
    const own = await createI18n({
      en: { islands: { s: { item_zero: 'none', item_one: 'one item', item_other: '{{count}} items in {{place}}', only_one: 'just one', only_other: 'en {{count}}' } } },
      pl: { islands: { s: { item_one: '{{count}} rzecz', item_few: '{{count}} rzeczy', item_many: '{{count}} rzeczy w {{place}}', only_few: 'pl kilka' } } },
    });
    let asked = 0;
    const getFixedT = own.getFixedT.bind(own);
    own.getFixedT = ((...args: Parameters<I18n['getFixedT']>) => {
      const fixed = getFixedT(...args) as unknown as Loose;
      return ((key: unknown, opts?: unknown) => (asked++, fixed(key, opts))) as unknown as ReturnType<I18n['getFixedT']>;
    }) as I18n['getFixedT'];
    for (const lng of ['en', 'pl']) {
      const fast = sectionT(own, lng, 'islands', 's');
      const slow = getFixedT(lng, 'islands', 's') as unknown as Loose;
      for (const key of ['item', 'only']) {
        for (const count of [0, 1, 2, 5, 22, 1.5]) {
          const vars = { count, place: 'Kraków' };
          expect(fast(key, vars), `${lng} ${key} ${count}`).to.equal(slow(key, vars));
        }
      }
    }
    // "pl kilka" for 2 (Polish few), English's "en 5" for 5 (Polish many, which pl lacks).
    expect(sectionT(own, 'pl', 'islands', 's')('only', { count: 2 })).to.equal('pl kilka');
    expect(sectionT(own, 'pl', 'islands', 's')('only', { count: 5 })).to.equal('en 5');
    expect(sectionT(own, 'pl', 'islands', 's')('item', { count: 0, place: 'x' })).to.equal('0 rzeczy w x');
    expect(asked, 'calls that went to i18next').to.equal(0);
  });
});
