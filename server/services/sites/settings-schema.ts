// Validation of the per-site settings an operator stores; invalid stored values are ignored on read.
import { z } from 'zod';
import { COUNTRIES } from '../../../types/countries.js';
import { FICTIONAL_PRESENCE } from '../../../types/presence.js';

const country = z.enum(COUNTRIES);
const text = z.string().trim().min(1).max(500);

export const storedSettingsSchema = z
  .object({
    countries: z.array(country).min(1),
    index_title: text,
    description: text,
    visible_profile_fields: z.array(
      z.enum(['age', 'city', 'region', 'relationship_status', 'hair_color', 'eye_color', 'body_type', 'tattoos', 'interests', 'sexuality']),
    ),
    visible_profile_notes: z.boolean(),
    cdn_prefix: z.string().regex(/^(\/[a-z0-9/_-]*|https:\/\/[^\s]+)$/i),
    message_credits: z.number().int().min(0).max(10000),
    photo_credits: z.number().int().min(0).max(10000),
    gift_credits: z.number().int().min(0).max(10000),
    signup_credits: z.number().int().min(0).max(10000),
    message_length: z.number().int().min(1).max(10000),
    minimum_message_costs: z.record(country, z.object({ costs: z.number().min(0), currency: z.string().length(3) })),
    support_email: z.email(),
    support_phone: z.string().regex(/^[+0-9 ()-]{5,32}$/),
    enable_site_entry_popup: z.union([z.literal('no'), z.array(country)]),
    search_fields: z.array(z.enum(['gender', 'country', 'region', 'min_age', 'max_age'])),
    domain_language: z.string().regex(/^(en|nl|de|it|fr|es|pl)(-[A-Z]{2})?$/),
    fictional_warning: text,
    fictional_singular: z.string().trim().min(1).max(40),
    fictional_plural: z.string().trim().min(1).max(40),
    refund_days: z.number().int().min(0).max(365),
    signups: z.enum(['all', 'with_trafficsource', 'none']),
    logged_out_search: z.enum(['all', 'none']),
    logged_out_search_trafficsource: z.enum(['all', 'none']),
    member_resell: z.boolean(),
    // Whole days; 0 turns the welcome offer off. More than 90 is a typo, not an offer for new members.
    welcome_days: z.number({ error: 'a whole number of days from 0 to 90' }).int('a whole number of days from 0 to 90')
      .min(0, 'a whole number of days from 0 to 90').max(90, 'a whole number of days from 0 to 90'),
    fictional_presence: z.enum(FICTIONAL_PRESENCE, { error: `one of ${FICTIONAL_PRESENCE.join(', ')}` }),
  })
  .partial()
  .strict();

export type StoredSettingsInput = z.infer<typeof storedSettingsSchema>;

/** Keeps only the stored fields that still validate, so a bad value never breaks a page. */
export function sanitizeStoredSettings(raw: Record<string, unknown>): StoredSettingsInput {
  const out: Record<string, unknown> = {};
  const shape = storedSettingsSchema.shape;
  for (const [key, value] of Object.entries(raw)) {
    const field = shape[key as keyof typeof shape];
    if (field && field.safeParse(value).success) out[key] = value;
  }
  return out as StoredSettingsInput;
}
