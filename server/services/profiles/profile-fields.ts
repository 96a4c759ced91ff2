// Profile fields as members fill them in. The signup steps and the own-profile page check them the
// same way, so a value one accepts the other accepts too.
import { ageOn } from '../../lib/dates.js';
import { PROFILE_ATTRIBUTE_VALUES, type ProfileAttribute } from '../../../types/profiles.js';

export const MIN_AGE = 18;
export const MAX_AGE = 110;
export const ABOUT_MAX = 2000;
export const CITY_MAX = 100;
export const MAX_INTERESTS = 12;

export const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A real calendar date as YYYY-MM-DD (31 February is not one), or undefined. */
export function validBirthDate(y: unknown, m: unknown, d: unknown): string | undefined {
  const [year, month, day] = [y, m, d].map((v) => (typeof v === 'number' ? v : Number(str(v))));
  if (![year, month, day].every((n) => Number.isInteger(n))) return undefined;
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A valid birth date of someone aged MIN_AGE to MAX_AGE today, or undefined. */
export function adultBirthDate(y: unknown, m: unknown, d: unknown): string | undefined {
  const date = validBirthDate(y, m, d);
  if (!date) return undefined;
  const age = ageOn(date);
  return age >= MIN_AGE && age <= MAX_AGE ? date : undefined;
}

export type AttributeValues = Record<ProfileAttribute, string | null> & { tattoos: boolean | null; city: string | null };

/**
 * The attributes of SPEC.md §3 (hair, eyes, body, relationship), tattoos (yes/no) and the city.
 * An empty value is null (not given); an unknown one is an error under its field name.
 */
export function parseAttributes(input: Record<string, unknown>): { values: AttributeValues; errors: Record<string, string> } {
  const values = {} as AttributeValues;
  const errors: Record<string, string> = {};
  for (const key of Object.keys(PROFILE_ATTRIBUTE_VALUES) as ProfileAttribute[]) {
    const value = str(input[key]);
    values[key] = null;
    if (!value) continue;
    if ((PROFILE_ATTRIBUTE_VALUES[key] as readonly string[]).includes(value)) values[key] = value;
    else errors[key] = 'invalidField';
  }
  const tattoos = str(input.tattoos);
  values.tattoos = tattoos === 'yes' ? true : tattoos === 'no' ? false : null;
  if (tattoos && values.tattoos === null) errors.tattoos = 'invalidField';
  const city = str(input.city);
  values.city = city || null;
  if (city.length > CITY_MAX) errors.city = 'invalidField';
  return { values, errors };
}

/** Interest slugs as a form or JSON sends them: one string, or a repeated field. */
export function rawInterests(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return [...new Set(list.filter((s): s is string => typeof s === 'string' && s !== ''))];
}
