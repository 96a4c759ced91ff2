// What a mail sent outside any request (an event's notification, a receipt) needs of the site it
// goes out for: the name and origin, the support address, the photo prefix, the fictional label.
import type { TFunction } from 'i18next';
import type { SiteRow } from '../../repos/sites-repo.js';
import { LOCALES, type Locale } from '../../../types/settings.js';
import { photoUrl } from '../media/photo-urls.js';
import { DEFAULT_SETTINGS } from '../sites/default-settings.js';
import { sanitizeStoredSettings } from '../sites/settings-schema.js';

export interface SiteMailContext {
  id: number;
  name: string;
  domain: string;
  /** https://domain: links in mail leave the member's mailbox for the site's public address. */
  url: string;
  supportEmail: string;
  cdnPrefix: string;
  refundDays: number;
  language: Locale;
  /** The settings' fictional_singular, or its translation (SPEC.md §1). */
  fictionalLabel(t: TFunction): string;
}

export function siteMailContext(row: SiteRow): SiteMailContext {
  const stored = sanitizeStoredSettings(row.settings);
  const s = { ...DEFAULT_SETTINGS, ...stored };
  const lng = s.domain_language.slice(0, 2) as Locale;
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    url: `https://${row.domain}`,
    supportEmail: s.support_email,
    cdnPrefix: s.cdn_prefix,
    refundDays: s.refund_days,
    language: LOCALES.includes(lng) ? lng : 'en',
    fictionalLabel: (t) => stored.fictional_singular ?? t('common:siteDefaults.fictional_singular', { siteName: row.name }),
  };
}

/** The member's language when the site speaks it, else the site's. */
export function mailLanguage(memberLanguage: string | null | undefined, site: SiteMailContext): Locale {
  const lng = (memberLanguage ?? '').slice(0, 2) as Locale;
  return LOCALES.includes(lng) ? lng : site.language;
}

/** A photo as an absolute URL: the CDN's own, or on the site's domain. */
export function absolutePhotoUrl(site: SiteMailContext, fileKey: string): string {
  const prefix = /^https?:\/\//.test(site.cdnPrefix) ? site.cdnPrefix : `${site.url}${site.cdnPrefix.startsWith('/') ? '' : '/'}${site.cdnPrefix}`;
  return photoUrl(prefix, fileKey, 'thumb');
}
