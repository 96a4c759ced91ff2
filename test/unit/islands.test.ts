import { expect } from 'chai';
import { serializeProps } from '../../islands/runtime.js';
import { assetsFromManifest } from '../../server/render/assets.js';
import { TEST_MANIFEST } from '../helpers/test-assets.js';

describe('islands', () => {
  it('serializes props so that no string can close the script tag', () => {
    const json = serializeProps({ name: '</script><script>alert(1)</script>', line: '\u2028' });
    expect(json).not.to.include('</script>');
    expect(json).not.to.include('\u2028');
    expect(JSON.parse(json)).to.deep.equal({ name: '</script><script>alert(1)</script>', line: '\u2028' });
  });

  it('ships no script for a page without islands, and only the islands present otherwise', () => {
    const assets = assetsFromManifest(TEST_MANIFEST);
    expect(assets.forIslands([])).to.deep.equal({ styles: ['/build/assets/site-0f0f0f.css'], scripts: [], preloads: [] });
    const withIsland = assets.forIslands(['site-entry-warning']);
    expect(withIsland.scripts).to.deep.equal(['/build/assets/client-abc123.js']);
    expect(withIsland.preloads).to.include('/build/assets/site-entry-warning-789abc.js');
    expect(withIsland.preloads).to.include('/build/assets/runtime-def456.js');
  });

  it('fails loudly for an island the build does not know', () => {
    expect(() => assetsFromManifest(TEST_MANIFEST).forIslands(['no-such-island'])).to.throw(/no-such-island/);
  });
});
