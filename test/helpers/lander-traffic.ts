// A site with a known month of lander traffic for the stats tests: visits in the counter's table,
// accounts credited to landers and networks, their activations and first payments (and events
// outside the period, on another site, or without a payment, that must not count).
import { addVisits } from '../../server/repos/lander-visits-repo.js';
import type { TestEnv } from './backends.js';

const DAY_MS = 86_400_000;

export const today = () => new Date().toISOString().slice(0, 10);

export interface SeededTraffic {
  siteId: number;
  domain: string;
  /** A second site with its own visits and signup (`other-DOMAIN`), which --site leaves out. */
  otherDomain: string;
}

export async function seedLanderTraffic(env: TestEnv, domain: string): Promise<SeededTraffic> {
  const { db, services } = env.rt;
  const siteNamed = async (d: string) => (await services.sites.findByDomain(d)) ?? (await services.sites.add({ domain: d, name: 'Stats', aliases: [], settings: {} }));
  const site = await siteNamed(domain);
  const other = await siteNamed(`other-${domain}`);
  const noon = Date.parse(`${today()}T12:00:00Z`);
  const longAgo = noon - 40 * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  await addVisits(db, [
    { siteId: site.id, day: day(noon), lander: 'video', variant: 'summer', network: 'exo', visits: 10 },
    { siteId: site.id, day: day(noon), lander: 'adultonly', variant: '', network: '', visits: 4 },
    { siteId: site.id, day: day(longAgo), lander: 'gallery', variant: '', network: 'juicy', visits: 7 },
    { siteId: other.id, day: day(noon), lander: 'video', variant: 'summer', network: 'exo', visits: 5 },
  ]);
  const bundle = (await db('bundles').where({ currency: 'EUR' }).first('id')) as { id: number };
  let n = 0;
  const member = async (o: { siteId?: number; lander?: string; variant?: string; network?: string; signup: number; confirmed?: number; premium?: number }) => {
    const email = `stats-${domain}-${n++}-${Date.now()}@example.org`;
    const [id] = await db('users').insert({
      site_id: o.siteId ?? site.id, email, password_hash: '!', status: o.confirmed ? 'active' : 'not_confirmed', language: 'en',
      signup_date: o.signup, confirmed_at: o.confirmed ?? null, premium_since: o.premium ?? null, paid_user: Boolean(o.premium),
      lander: o.lander ?? null, lander_variant: o.variant ?? null, network: o.network ?? null, created_at: o.signup, updated_at: o.signup,
    });
    return Number(id);
  };
  const payment = async (userId: number, cents: number, fulfilledAt: number | null, refunded = 0) => {
    await db('payments').insert({
      public_id: `st${userId}x${cents}x${Math.random().toString(36).slice(2, 10)}`.slice(0, 32), user_id: userId, site_id: site.id, bundle_id: bundle.id,
      credits: 100, amount_cents: cents, refunded_cents: refunded, currency: 'EUR', method: 'ideal', provider: 'test',
      status: fulfilledAt ? (refunded ? 'refunded' : 'paid') : 'failed', paid_at: fulfilledAt, fulfilled_at: fulfilledAt, created_at: fulfilledAt ?? noon, updated_at: noon,
    });
  };
  const video = { lander: 'video', variant: 'summer', network: 'exo' };
  // Signed up, confirmed and paid today: a failed attempt first, then the first payment, then a second one.
  const u1 = await member({ ...video, signup: noon, confirmed: noon + 60_000, premium: noon + 120_000 });
  await payment(u1, 999, null);
  await payment(u1, 1995, noon + 120_000);
  await payment(u1, 4995, noon + 180_000);
  await member({ ...video, signup: noon, confirmed: noon + 60_000 });
  await member({ ...video, signup: noon });
  // Signed up and confirmed long ago, first payment today.
  const u6 = await member({ ...video, signup: longAgo, confirmed: longAgo, premium: noon });
  await payment(u6, 2995, noon);
  // No network; paid and partly refunded.
  const u4 = await member({ lander: 'adultonly', signup: noon, premium: noon + 1000 });
  await payment(u4, 995, noon + 1000, 195);
  // From a page that is no lander.
  await member({ network: 'exo', signup: noon });
  // Premium without any payment (seeded data): no first payment.
  await member({ signup: longAgo, premium: noon });
  // Another site.
  await member({ ...video, siteId: other.id, signup: noon });
  return { siteId: site.id, domain, otherDomain: other.domain };
}
