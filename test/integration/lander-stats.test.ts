// `amora stats landers` figures (services/traffic/traffic-stats-service.ts) on each backend: visits
// from the counter's table, signups, activations and first payments (with revenue less refunds) of
// the period, per site, lander, variant and network; nothing outside the period or the site.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { seedLanderTraffic, today, type SeededTraffic } from '../helpers/lander-traffic.js';

describeEachBackend('lander stats', (env) => {
  let seeded: SeededTraffic;

  before(async () => {
    seeded = await seedLanderTraffic(env(), 'stats.localhost');
  });

  it('counts visits, signups, activations and first payments per lander and network in the period', async () => {
    const stats = await env().rt.services.trafficStats.landers({ fromDay: today(), toDay: today(), siteId: seeded.siteId });
    const pick = (label: string) => {
      const row = stats.rows.find((r) => r.label === label);
      if (!row) throw new Error(`no row ${label}`);
      const { site, lander, variant, network, visits, signups, activations, firstPayments, revenueCents } = row;
      return { site, lander, variant, network, visits, signups, activations, firstPayments, revenueCents, rates: [row.signupRate, row.activationRate, row.paymentRate] };
    };
    expect(stats.rows.map((r) => `${r.label} ${r.network}`)).to.deep.equal(['/landers/video/summer exo', '/landers/adultonly null', '(no lander) exo']);
    expect(pick('/landers/video/summer')).to.deep.equal({
      site: 'stats.localhost', lander: 'video', variant: 'summer', network: 'exo', visits: 10, signups: 3, activations: 2, firstPayments: 2,
      revenueCents: { EUR: 1995 + 2995 }, rates: [0.3, 2 / 3, 2 / 3],
    });
    expect(pick('/landers/adultonly')).to.deep.equal({
      site: 'stats.localhost', lander: 'adultonly', variant: null, network: null, visits: 4, signups: 1, activations: 0, firstPayments: 1,
      revenueCents: { EUR: 800 }, rates: [0.25, 0, 1],
    });
    expect(pick('(no lander)')).to.deep.include({ lander: null, network: 'exo', visits: 0, signups: 1, activations: 0, firstPayments: 0, rates: [null, 0, 0] });
    expect(stats.totals).to.deep.include({ visits: 14, signups: 5, landerSignups: 4, signupRate: 4 / 14, activations: 2, firstPayments: 3, revenueCents: { EUR: 5790 } });
  });

  it('reaches back as far as asked, and over every site without --site', async () => {
    const fortyDaysAgo = new Date(Date.now() - 41 * 86_400_000).toISOString().slice(0, 10);
    const wide = await env().rt.services.trafficStats.landers({ fromDay: fortyDaysAgo, toDay: today(), siteId: seeded.siteId });
    expect(wide.rows.find((r) => r.label === '/landers/gallery')).to.deep.include({ network: 'juicy', visits: 7 });
    expect(wide.rows.find((r) => r.label === '/landers/video/summer')).to.deep.include({ signups: 4, activations: 3, firstPayments: 2 });
    const all = await env().rt.services.trafficStats.landers({ fromDay: today(), toDay: today() });
    const other = all.rows.find((r) => r.site === seeded.otherDomain && r.label === '/landers/video/summer' && r.network === 'exo');
    expect(other).to.deep.include({ visits: 5, signups: 1 });
    const none = await env().rt.services.trafficStats.landers({ fromDay: '2020-01-01', toDay: '2020-01-31', siteId: seeded.siteId });
    expect(none.rows).to.deep.equal([]);
    expect(none.totals).to.deep.include({ visits: 0, signups: 0, signupRate: null });
  });
});
