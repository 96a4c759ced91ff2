// The site settings as GET /api/settings.php returns them (SPEC.md §3). Shared with islands.
import type { FictionalPresence } from './presence.js';

export type Locale = 'en' | 'nl' | 'de' | 'it' | 'fr' | 'es' | 'pl';
export const LOCALES: readonly Locale[] = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'];

/** Each language's name in itself, as language menus show it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English', nl: 'Nederlands', de: 'Deutsch', it: 'Italiano', fr: 'Français', es: 'Español', pl: 'Polski',
};

export interface MinimumMessageCost {
  costs: number;
  currency: string;
}

export interface SiteSettings {
  countries: string[];
  name: string;
  index_title: string;
  description: string;
  visible_profile_fields: string[];
  visible_profile_notes: boolean;
  geoip_country: string | null;
  geoip_selected_country: string;
  cdn_prefix: string;
  message_credits: number;
  photo_credits: number;
  gift_credits: number;
  signup_credits: number;
  message_length: number;
  minimum_message_costs: Record<string, MinimumMessageCost>;
  support_email: string;
  support_phone: string;
  enable_site_entry_popup: 'no' | string[];
  push_public_key: string;
  search_fields: string[];
  domain: string;
  domain_language: string;
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
  refund_days: number;
  signups: 'all' | 'with_trafficsource' | 'none';
  logged_out_search: 'all' | 'none';
  logged_out_search_trafficsource: 'all' | 'none';
  member_resell: boolean;
}

/**
 * Per-site settings the server keeps to itself: operators set them (`amora sites set`), but they
 * are not part of GET /api/settings.php, whose fields SPEC.md §3 lists.
 */
export interface ServerSiteSettings {
  /** How many days after signing up a member who never paid has the welcome offer (SPEC.md §1; 0: none). */
  welcome_days: number;
  /**
   * What fictional profiles show as presence (issue 16): `none`, `last_active` (their own
   * last_active_at, which imports and operators' replies set, worded like a member's) or
   * `always_online`.
   */
  fictional_presence: FictionalPresence;
}
