// What a cron mail needs to know about the member's site in the member's language: its name,
// domain, support address, where photos live and the fictional label. Settings are read once
// per site and language for a whole run, not per member.
import type { i18n as I18n } from 'i18next';
import { isLocalHost } from '../../lib/local-host.js';
import type { CronMemberRow } from '../../repos/notify-cron-repo.js';
import { LOCALES, type Locale } from '../../../types/settings.js';
import type { Site, SitesService } from '../sites/sites-service.js';
import type { MailFrame } from './digest-templates.js';

export interface SiteFrame extends Omit<MailFrame, 'memberName'> {
  site: Site;
  cdnPrefix: string;
  fictionalLabel: string;
}

/**
 * Links in mail are absolute and on the site's own domain over https. The embedded demo's
 * localhost sites have no certificate: there a link points at the local server.
 */
export function siteBaseUrl(domain: string, localPort: number): string {
  return isLocalHost(domain) ? `http://${domain}:${localPort}` : `https://${domain}`;
}

/** https://domain/media/x.jpg for a picture under a relative cdn_prefix; an https CDN URL as it is. */
export function absoluteUrl(baseUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${baseUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

export class MailFrames {
  private sites: Map<number, Site> | undefined;
  private readonly frames = new Map<string, Promise<SiteFrame>>();

  constructor(
    private readonly sitesService: SitesService,
    private readonly i18n: I18n,
    private readonly localPort: number,
  ) {}

  /** The member's language when the site speaks it (all seven), else the site's. */
  languageOf(member: Pick<CronMemberRow, 'language'>, site: Site): Locale {
    const lng = member.language.slice(0, 2).toLowerCase() as Locale;
    return LOCALES.includes(lng) ? lng : site.language;
  }

  async site(siteId: number): Promise<Site | undefined> {
    this.sites ??= new Map((await this.sitesService.list()).map((s) => [s.id, s]));
    return this.sites.get(siteId);
  }

  /** The frame of one member's mail; undefined when their site is gone (the member is skipped). */
  async frameFor(member: CronMemberRow): Promise<(SiteFrame & { memberName: string }) | undefined> {
    const site = await this.site(member.site_id);
    if (!site) return undefined;
    const lng = this.languageOf(member, site);
    const key = `${site.id}:${lng}`;
    let frame = this.frames.get(key);
    if (!frame) this.frames.set(key, (frame = this.build(site, lng)));
    return { ...(await frame), memberName: member.name };
  }

  private async build(site: Site, lng: Locale): Promise<SiteFrame> {
    const t = this.i18n.getFixedT(lng);
    const settings = await this.sitesService.settingsFor(site, { t, lng, geoipCountry: null, supportPhone: '', pushPublicKey: '' });
    return {
      t, language: lng, site, siteName: site.name, domain: site.domain, baseUrl: siteBaseUrl(site.domain, this.localPort),
      supportEmail: settings.support_email, cdnPrefix: settings.cdn_prefix, fictionalLabel: settings.fictional_singular,
    };
  }
}
