// Default site settings; a site's stored settings override any of these per field.
import type { ServerSiteSettings, SiteSettings } from '../../../types/settings.js';
import { DEFAULT_WELCOME_DAYS } from '../../../types/promotions.js';

/** Settings an operator may store per site (`amora sites set DOMAIN key=value`). */
export type StoredSettings = Partial<
  Omit<SiteSettings, 'geoip_country' | 'geoip_selected_country' | 'push_public_key' | 'domain' | 'name'> & ServerSiteSettings
>;

/** Fields whose default is a translation (null here) unless the site sets its own text. */
export const TRANSLATED_DEFAULTS = ['index_title', 'description', 'fictional_warning', 'fictional_singular', 'fictional_plural'] as const;

export const DEFAULT_SETTINGS = {
  countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'],
  visible_profile_fields: ['age', 'city', 'region', 'relationship_status', 'hair_color', 'eye_color', 'body_type', 'tattoos', 'interests'],
  visible_profile_notes: true,
  cdn_prefix: '/media',
  message_credits: 10,
  photo_credits: 20,
  gift_credits: 25,
  signup_credits: 20,
  message_length: 1000,
  minimum_message_costs: null as SiteSettings['minimum_message_costs'] | null, // null: computed from the bundles
  support_email: 'support@localhost',
  support_phone: null as string | null, // null: the company's support phone
  enable_site_entry_popup: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'] as SiteSettings['enable_site_entry_popup'],
  search_fields: ['gender', 'country', 'region', 'min_age', 'max_age'],
  domain_language: 'en-GB',
  refund_days: 14,
  signups: 'all' as SiteSettings['signups'],
  logged_out_search: 'all' as SiteSettings['logged_out_search'],
  logged_out_search_trafficsource: 'all' as SiteSettings['logged_out_search_trafficsource'],
  member_resell: false,
  welcome_days: DEFAULT_WELCOME_DAYS as ServerSiteSettings['welcome_days'],
  fictional_presence: 'last_active' as ServerSiteSettings['fictional_presence'],
};

/** The site's welcome-offer days: its own setting, else the default (7). */
export function welcomeDaysOf(stored: { welcome_days?: number }): number {
  return stored.welcome_days ?? DEFAULT_SETTINGS.welcome_days;
}

/** What the site's fictional profiles show as presence: its own setting, else `last_active`. */
export function fictionalPresenceOf(stored: { fictional_presence?: ServerSiteSettings['fictional_presence'] }): ServerSiteSettings['fictional_presence'] {
  return stored.fictional_presence ?? DEFAULT_SETTINGS.fictional_presence;
}

export const SETTING_KEYS = [
  ...Object.keys(DEFAULT_SETTINGS),
  ...TRANSLATED_DEFAULTS,
] as readonly string[];
