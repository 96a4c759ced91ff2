// Base data every installation needs: sites, company info, bundles, gifts, interests, regions.
// Idempotent: rows are found by their natural key and left alone when they exist.
import type { Db } from '../server/db.js';
import { INTERESTS } from './data/demo-people.js';
import { REGIONS } from './data/regions.js';

export const DEMO_SITES = [
  {
    domain: 'localhost',
    name: 'Amora',
    aliases: ['127.0.0.1', 'en.localhost'],
    settings: { countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'], domain_language: 'en-GB', support_email: 'support@amora.example' },
  },
  {
    domain: 'nl.localhost',
    name: 'Amora',
    aliases: [],
    settings: {
      countries: ['NL', 'BE'],
      domain_language: 'nl-NL',
      support_email: 'support@amora.example',
      enable_site_entry_popup: ['NL', 'BE'],
    },
  },
];

const BUNDLE_TIERS = [
  { credits: 100, style: 'p0', factor: 1 },
  { credits: 250, style: 'p1', factor: 2.2 },
  { credits: 500, style: 'p2', factor: 3.9 },
  { credits: 1000, style: 'p3', factor: 6.9 },
];
/** Price of the smallest bundle per currency, in cents; bigger bundles get cheaper per credit. */
const BASE_PRICE: Record<string, number> = { EUR: 1995, GBP: 1795, USD: 1995, CAD: 2695, AUD: 2995, NZD: 3195, CHF: 1995, PLN: 8995 };

export const GIFTS = ['rose', 'heart', 'chocolates', 'champagne', 'teddy', 'kiss', 'cocktail', 'diamond-ring', 'bouquet', 'cupcake'];

export async function seedBase(db: Db): Promise<{ sites: number; bundles: number; gifts: number; interests: number; regions: number }> {
  const now = Date.now();
  let sites = 0;
  for (const s of DEMO_SITES) {
    const exists = await db('sites').where({ domain: s.domain }).first('id');
    if (exists) continue;
    await db('sites').insert({
      domain: s.domain, name: s.name, aliases: JSON.stringify(s.aliases), settings: JSON.stringify(s.settings),
      is_active: true, created_at: now, updated_at: now,
    });
    sites++;
  }

  if (!(await db('company_info').first('id'))) {
    await db('company_info').insert({
      name: 'Amora Media B.V.',
      address: 'Herengracht 420',
      kvk: '87654321',
      city: '1017 BZ Amsterdam',
      country: 'NL',
      tradenames: JSON.stringify(['Amora']),
      vat_numbers: JSON.stringify(['NL862345678B01']),
      support_phone: '+31 20 123 45 67',
      delete_discount: 25,
      added: Date.parse('2024-03-01T09:00:00Z'),
      updated_at: now,
    });
  }

  let bundles = 0;
  if (!(await db('bundles').first('id'))) {
    const rows = Object.entries(BASE_PRICE).flatMap(([currency, base]) =>
      BUNDLE_TIERS.map((tier, i) => ({
        site_id: null, credits: tier.credits, price_cents: Math.round((base * tier.factor) / 100) * 100 - 5,
        currency, style: tier.style, position: i, is_active: true, created_at: now,
      })),
    );
    await db('bundles').insert(rows);
    bundles = rows.length;
  }

  const gifts = GIFTS.map((slug, i) => ({ slug, image: `/gifts/${slug}.svg`, credits: null, position: i, is_active: true }));
  await db('gifts').insert(gifts).onConflict('slug').ignore();
  await db('interests').insert(INTERESTS.map((slug, i) => ({ slug, position: i }))).onConflict('slug').ignore();
  const regions = Object.entries(REGIONS).flatMap(([country, list]) => list.map((r) => ({ country, code: r.code, name: r.name })));
  for (let i = 0; i < regions.length; i += 200) {
    await db('regions').insert(regions.slice(i, i + 200)).onConflict(['country', 'code']).ignore();
  }
  return { sites, bundles, gifts: gifts.length, interests: INTERESTS.length, regions: regions.length };
}
