// settingsFor() makes each combination of site and context once: the same answer while nothing
// changed, a new one for another context or after the site's settings changed, and never one
// that anybody can change.
import { expect } from 'chai';
import { cachedT } from '../../server/render/i18n.js';
import { describeEachBackend } from '../helpers/backends.js';

describeEachBackend('site settings cache', (env) => {
  const sites = () => env().rt.services.sites;
  const ctx = (lng: string, geoipCountry: string | null) => ({ t: cachedT(env().rt.i18n, lng), lng, geoipCountry, supportPhone: '+31 20 123', pushPublicKey: 'key' });

  it('answers the same settings for the same site and context, others for another', async () => {
    const site = await sites().resolveHost('localhost');
    const first = await sites().settingsFor(site, ctx('en', 'GB'));
    expect(await sites().settingsFor(site, ctx('en', 'GB'))).to.equal(first);
    const german = await sites().settingsFor(site, ctx('de', 'GB'));
    expect(german).not.to.equal(first);
    expect(german.fictional_warning).not.to.equal(first.fictional_warning);
    const irish = await sites().settingsFor(site, ctx('en', 'IE'));
    expect([irish.geoip_country, first.geoip_country]).to.deep.equal(['IE', 'GB']);
    expect(Object.isFrozen(first)).to.equal(true);
  });

  it('shows a changed setting at once in this process (the site is loaded again)', async () => {
    const before = await sites().settingsFor(await sites().resolveHost('localhost'), ctx('en', 'GB'));
    const refund = before.refund_days === 30 ? 31 : 30;
    await sites().updateSettings('localhost', { refund_days: refund });
    try {
      const after = await sites().settingsFor(await sites().resolveHost('localhost'), ctx('en', 'GB'));
      expect(after.refund_days).to.equal(refund);
    } finally {
      await sites().updateSettings('localhost', {}, ['refund_days']);
    }
  });
});
