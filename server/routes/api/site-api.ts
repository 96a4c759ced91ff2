// The public JSON API of SPEC.md §7: settings, company info, interests, regions.
import { Router } from 'express';
import { z } from 'zod';
import { localeOf } from '../../middleware/locale.js';
import { countryName } from '../../lib/country-names.js';
import type { RouteDeps } from '../route-deps.js';

export function siteApi({ services, pushPublicKey }: RouteDeps): Router {
  const router = Router();

  // The client passes the route's query through plus `domain` (the forced host); the site is the
  // one of that domain when it is ours, else the one of the Host header.
  router.get('/api/settings.php', async (req, res) => {
    const domain = z.string().max(191).optional().catch(undefined).parse(req.query.domain);
    const site = (domain && (await services.sites.findByDomain(domain))) || req.site;
    const lng = localeOf(req);
    const t = req.i18n.getFixedT(lng);
    const company = await services.company.get();
    const settings = await services.sites.settingsFor(site, {
      t,
      lng,
      geoipCountry: req.clientCountry,
      supportPhone: company.support_phone,
      pushPublicKey,
    });
    res.set('Cache-Control', 'private, max-age=60').json({ settings });
  });

  router.get('/api/companyinfo.php', async (_req, res) => {
    const c = await services.company.get();
    res.set('Cache-Control', 'public, max-age=300').json({
      companyinfo: {
        name: c.name,
        address: c.address,
        kvk: c.kvk,
        city: c.city,
        // Stored as a code; the API has always given the name (in English: the answer is not per language).
        country: countryName('en', c.country),
        tradenames: c.tradenames,
        vat_numbers: c.vat_numbers,
        support_phone: c.support_phone.replace(/[\s-]/g, ''),
        delete_discount: c.delete_discount,
        added: new Date(c.added).toISOString(),
      },
    });
  });

  router.get('/api/interests.php', async (req, res) => {
    const t = req.i18n.getFixedT(localeOf(req));
    const slugs = await services.catalog.interestSlugs();
    res.set('Cache-Control', 'private, max-age=300').json({ interests: slugs.map((slug) => ({ slug, label: t(`interests:${slug}`) })) });
  });

  router.get('/api/regions.php', async (req, res) => {
    const t = req.i18n.getFixedT(localeOf(req));
    const groups = await services.catalog.regionsOf(req.site.countries);
    const regions = Object.fromEntries(
      groups.map((g) => [g.country, { term: g.term, label: t(`regionTerm.${g.term}`), regions: g.regions }]),
    );
    res.set('Cache-Control', 'private, max-age=300').json({ regions });
  });

  return router;
}
