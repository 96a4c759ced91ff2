import { expect } from 'chai';
import { createTranslate } from '../../islands/lib/translate.js';
import { serializeProps } from '../../islands/runtime.js';
import { createI18n } from '../../server/render/i18n.js';
import { assetsFromManifest } from '../../server/render/assets.js';
import { TEST_MANIFEST } from '../helpers/test-assets.js';

describe('islands', () => {
  it('serializes props so that no string can close the script tag', () => {
    const json = serializeProps({ name: '</script><script>alert(1)</script>', line: '\u2028' });
    expect(json).not.to.include('</script>');
    expect(json).not.to.include('\u2028');
    expect(JSON.parse(json)).to.deep.equal({ name: '</script><script>alert(1)</script>', line: '\u2028' });
    const both = serializeProps({ a: '<<b>\u2029\u2028<' });
    expect(both).to.equal('{"a":"\\u003c\\u003cb>\\u2029\\u2028\\u003c"}');
    expect(JSON.parse(both)).to.deep.equal({ a: '<<b>\u2029\u2028<' });
    // Nothing to escape: JSON as it is, twice in a row (the pattern keeps no state between calls).
    for (let i = 0; i < 2; i++) expect(serializeProps({ b: 'plain > text', n: [1, 2] })).to.equal('{"b":"plain > text","n":[1,2]}');
    expect(serializeProps(undefined)).to.equal('{}');
  });

  it('ships no script for a page without islands, and only the islands present otherwise', () => {
    const assets = assetsFromManifest(TEST_MANIFEST);
    expect(assets.forIslands([])).to.deep.equal({ styles: ['/build/assets/site-0f0f0f.css'], scripts: [], preloads: [] });
    const withIsland = assets.forIslands(['chat-pane']);
    expect(withIsland.scripts).to.deep.equal(['/build/assets/client-abc123.js']);
    // The bootstrap runs as the script; preloading it again would be a second request for nothing.
    expect(withIsland.preloads).to.deep.equal(['/build/assets/runtime-def456.js', '/build/assets/chat-pane-9c8b7a.js']);
  });

  it('translates in the browser as i18next does on the server: keys, {{vars}}, plurals, nesting', async () => {
    const section = {
      hello: 'Hi {{name}}, {{missing}}', count: '{{count}} / {{max}}', nested: { deep: 'Deep' },
      item_one: 'one item', item_few: '{{count}} items (few)', item_many: '{{count}} items (many)', item_other: '{{count}} items',
    };
    const i18n = await createI18n({ pl: { islands: { s: section } }, en: { islands: { s: section } } });
    for (const lng of ['en', 'pl']) {
      const server = i18n.getFixedT(lng, 'islands', 's');
      const browser = createTranslate(lng, 's', section);
      const cases: [string, Record<string, string | number>?][] = [
        ['hello', { name: 'Bo' }], ['count', { count: 3, max: 5 }], ['nested.deep'], ['item', { count: 1 }], ['item', { count: 3 }],
        ['item', { count: 5 }], ['item', { count: 22 }], ['nope'], ['nope', { defaultValue: 'fallback' }],
      ];
      for (const [key, vars] of cases) expect(browser(key, vars), `${lng} ${key}`).to.equal(server(key, vars ?? {}));
    }
  });

  it('fails loudly for an island the build does not know', () => {
    expect(() => assetsFromManifest(TEST_MANIFEST).forIslands(['no-such-island'])).to.throw(/no-such-island/);
  });
});
