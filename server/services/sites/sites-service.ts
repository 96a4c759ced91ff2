// Sites: which site a host is, and the settings it shows (defaults ← stored overrides ← context).
import type { TFunction } from 'i18next';
import type { Db } from '../../db.js';
import { ConflictError, UnknownSiteError, ValidationError } from '../../errors.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { listActiveBundles } from '../../repos/catalog-repo.js';
import * as sitesRepo from '../../repos/sites-repo.js';
import type { SiteRow } from '../../repos/sites-repo.js';
import { COUNTRY_CURRENCY, isCountry } from '../../../types/countries.js';
import { LOCALES, type Locale, type SiteSettings } from '../../../types/settings.js';
import { DEFAULT_SETTINGS, TRANSLATED_DEFAULTS, welcomeDaysOf } from './default-settings.js';
import { sanitizeStoredSettings, storedSettingsSchema, type StoredSettingsInput } from './settings-schema.js';

export interface Site {
  id: number;
  domain: string;
  name: string;
  aliases: string[];
  stored: StoredSettingsInput;
  /** The language of the site's domain (first two letters of domain_language). */
  language: Locale;
  countries: string[];
}

export interface SettingsContext {
  t: TFunction;
  /** The language `t` translates into (a cache key for the translated defaults). */
  lng: string;
  geoipCountry: string | null;
  supportPhone: string;
  pushPublicKey: string;
}

/** Contexts (languages × visitor countries) kept per site; past it they are made again. */
const MAX_SETTINGS_PER_SITE = 2000;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function normalizeHost(host: string | undefined): string {
  if (!host) return '';
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(0, h.indexOf(']') + 1);
  else h = h.replace(/:\d+$/, '');
  return h.replace(/^www\./, '').replace(/\.$/, '');
}

export class SitesService {
  private readonly hostMap = new TtlCache<Map<string, Site>>(30_000);
  /** Translated site texts per site, language, name and stored texts. */
  private readonly texts = new Map<string, Record<(typeof TRANSLATED_DEFAULTS)[number], string>>();
  private readonly costs = new TtlCache<Record<string, { costs: number; currency: string }>>(60_000);
  /** settingsFor()'s answers per site object and context, with the costs they were made with. */
  private readonly settingsMade = new WeakMap<Site, Map<string, { costs: SiteSettings['minimum_message_costs']; settings: SiteSettings }>>();

  constructor(
    private readonly db: Db,
    private readonly defaultSite: string,
  ) {}

  /** The site for a Host header; local hosts map to the configured default site. */
  async resolveHost(host: string | undefined): Promise<Site> {
    const name = normalizeHost(host);
    const key = LOCAL_HOSTS.has(name) ? this.defaultSite : name;
    const map = await this.hostMap.get('all', () => this.loadHostMap());
    const site = map.get(key);
    if (!site) throw new UnknownSiteError();
    return site;
  }

  /** A site by its domain, for the `domain` parameter of /api/settings.php. */
  async findByDomain(domain: string): Promise<Site | undefined> {
    const map = await this.hostMap.get('all', () => this.loadHostMap());
    return map.get(normalizeHost(domain));
  }

  /** How long a site's welcome offer lasts (its `welcome_days`), for the discount checks that know only the site's id. */
  async welcomeDays(siteId: number): Promise<number> {
    const map = await this.hostMap.get('all', () => this.loadHostMap());
    const site = [...map.values()].find((s) => s.id === siteId);
    return welcomeDaysOf(site?.stored ?? {});
  }

  async list(): Promise<Site[]> {
    return (await sitesRepo.listSites(this.db)).map(toSite);
  }

  /** Stores settings overrides (validated); `unset` removes keys so the default applies again. */
  async updateSettings(domain: string, patch: Record<string, unknown>, unset: string[] = [], opts: { dryRun?: boolean } = {}): Promise<Site> {
    const row = await sitesRepo.findSiteByDomain(this.db, normalizeHost(domain));
    if (!row) throw new UnknownSiteError();
    const parsed = storedSettingsSchema.safeParse(patch);
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message]));
      throw new ValidationError(fields);
    }
    const settings: Record<string, unknown> = { ...row.settings, ...parsed.data };
    for (const key of unset) delete settings[key];
    if (opts.dryRun) return toSite({ ...row, settings });
    await sitesRepo.updateSite(this.db, row.id, { settings });
    this.hostMap.clear();
    this.texts.clear();
    return toSite({ ...row, settings });
  }

  /** Adds a site; its settings are validated like updates. */
  async add(input: { domain: string; name: string; aliases: string[]; settings: Record<string, unknown> }): Promise<Site> {
    const domain = normalizeHost(input.domain);
    if (!/^[a-z0-9.-]{1,191}$/.test(domain) || (!domain.includes('.') && domain !== 'localhost')) {
      throw new ValidationError({ domain: 'invalidField' });
    }
    if (!input.name.trim() || input.name.length > 100) throw new ValidationError({ name: 'invalidField' });
    const parsed = storedSettingsSchema.safeParse(input.settings);
    if (!parsed.success) {
      throw new ValidationError(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message])));
    }
    if (await sitesRepo.findSiteByDomain(this.db, domain)) throw new ConflictError('site_exists', 'invalidInput');
    const row = { domain, name: input.name.trim(), aliases: input.aliases.map(normalizeHost), settings: parsed.data, isActive: true };
    const id = await sitesRepo.insertSite(this.db, row);
    this.hostMap.clear();
    this.texts.clear();
    return toSite({ id, ...row });
  }

  async rename(domain: string, name: string): Promise<void> {
    const row = await sitesRepo.findSiteByDomain(this.db, normalizeHost(domain));
    if (!row) throw new UnknownSiteError();
    await sitesRepo.updateSite(this.db, row.id, { name });
    this.hostMap.clear();
    this.texts.clear();
  }

  /**
   * The full settings object of SPEC.md §3 for one request. It depends only on the site, the
   * context and the message costs, so each combination is made once and shared (frozen: nobody
   * may change it) while the site object (replaced when the sites are reloaded or changed) and the
   * costs (their own cache) stay the same.
   */
  async settingsFor(site: Site, ctx: SettingsContext): Promise<SiteSettings> {
    const costs = site.stored.minimum_message_costs ?? (await this.minimumMessageCosts(site, site.stored.countries ?? DEFAULT_SETTINGS.countries, site.stored.message_credits ?? DEFAULT_SETTINGS.message_credits));
    let bySite = this.settingsMade.get(site);
    if (!bySite) this.settingsMade.set(site, (bySite = new Map()));
    const key = `${ctx.lng}\u0000${ctx.geoipCountry ?? ''}\u0000${ctx.supportPhone}\u0000${ctx.pushPublicKey}`;
    const made = bySite.get(key);
    if (made && made.costs === costs) return made.settings;
    if (bySite.size >= MAX_SETTINGS_PER_SITE) bySite.clear();
    const settings = Object.freeze(this.makeSettings(site, ctx, costs));
    bySite.set(key, { costs, settings });
    return settings;
  }

  private makeSettings(site: Site, ctx: SettingsContext, costs: SiteSettings['minimum_message_costs']): SiteSettings {
    const s = { ...DEFAULT_SETTINGS, ...site.stored };
    const translated = this.translatedDefaults(site, ctx);
    const geo = ctx.geoipCountry;
    return {
      countries: s.countries,
      name: site.name,
      ...translated,
      visible_profile_fields: s.visible_profile_fields,
      visible_profile_notes: s.visible_profile_notes,
      geoip_country: geo,
      geoip_selected_country: geo && s.countries.includes(geo) ? geo : (s.countries[0] ?? 'GB'),
      cdn_prefix: s.cdn_prefix,
      message_credits: s.message_credits,
      photo_credits: s.photo_credits,
      gift_credits: s.gift_credits,
      signup_credits: s.signup_credits,
      message_length: s.message_length,
      minimum_message_costs: costs,
      support_email: s.support_email,
      support_phone: (s.support_phone ?? ctx.supportPhone).replace(/[\s-]/g, ''),
      enable_site_entry_popup: s.enable_site_entry_popup,
      push_public_key: ctx.pushPublicKey,
      search_fields: s.search_fields,
      domain: site.domain,
      domain_language: s.domain_language,
      refund_days: s.refund_days,
      signups: s.signups,
      logged_out_search: s.logged_out_search,
      logged_out_search_trafficsource: s.logged_out_search_trafficsource,
      member_resell: s.member_resell,
    };
  }

  /** The site's texts in one language: its own where set, else the translated defaults. */
  private translatedDefaults(site: Site, ctx: SettingsContext): Record<(typeof TRANSLATED_DEFAULTS)[number], string> {
    // Stored texts are part of the key, so a change made by another process shows up with the site.
    const key = [site.id, ctx.lng, site.name, ...TRANSLATED_DEFAULTS.map((k) => site.stored[k] ?? '')].join('\u0000');
    let hit = this.texts.get(key);
    if (!hit) {
      hit = Object.fromEntries(
        TRANSLATED_DEFAULTS.map((k) => [k, site.stored[k] ?? ctx.t(`common:siteDefaults.${k}`, { siteName: site.name })]),
      ) as Record<(typeof TRANSLATED_DEFAULTS)[number], string>;
      this.texts.set(key, hit);
    }
    return hit;
  }

  /** Cheapest price of one message per country: the best per-credit bundle price × message_credits. */
  private minimumMessageCosts(site: Site, countries: string[], messageCredits: number) {
    return this.costs.get(`${site.id}:${messageCredits}:${countries.join(',')}`, async () => {
      const bundles = await listActiveBundles(this.db, site.id);
      const out: Record<string, { costs: number; currency: string }> = {};
      for (const country of countries) {
        if (!isCountry(country)) continue;
        const currency = COUNTRY_CURRENCY[country];
        const perCredit = bundles.filter((b) => b.currency === currency).map((b) => b.priceCents / b.credits);
        if (perCredit.length === 0) continue;
        out[country] = { costs: Math.round(Math.min(...perCredit) * messageCredits) / 100, currency };
      }
      return out;
    });
  }

  private async loadHostMap(): Promise<Map<string, Site>> {
    const map = new Map<string, Site>();
    for (const row of await sitesRepo.listSites(this.db)) {
      if (!row.isActive) continue;
      const site = toSite(row);
      map.set(row.domain, site);
      for (const alias of row.aliases) map.set(normalizeHost(alias), site);
    }
    return map;
  }
}

function toSite(row: SiteRow): Site {
  const stored = sanitizeStoredSettings(row.settings);
  const lng = (stored.domain_language ?? DEFAULT_SETTINGS.domain_language).slice(0, 2) as Locale;
  return {
    id: row.id,
    domain: row.domain,
    name: row.name,
    aliases: row.aliases,
    stored,
    language: LOCALES.includes(lng) ? lng : 'en',
    countries: stored.countries ?? DEFAULT_SETTINGS.countries,
  };
}
