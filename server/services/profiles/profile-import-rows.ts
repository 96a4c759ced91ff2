// Rows of a fictional-profile import file: reading CSV or JSON into plain records, and checking
// each record (zod) into a clean profile, with one plain-English reason per bad field.
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { ageOn } from '../../lib/dates.js';
import { PROFILE_ATTRIBUTE_VALUES } from '../../../types/profiles.js';
import { ABOUT_MAX, CITY_MAX, MAX_AGE, MAX_INTERESTS, MIN_AGE, validBirthDate } from './profile-fields.js';

export const IMPORT_FIELDS = [
  'name', 'gender', 'sexuality', 'birth_date', 'country', 'region', 'city', 'about', 'hair_color', 'eye_color', 'body_type',
  'relationship_status', 'tattoos', 'appearance', 'race', 'interests', 'photos',
] as const;

export const MAX_IMPORT_PHOTOS = 25;

/** The whole file is unusable (not JSON, not an array, unknown CSV columns …); no row is tried. */
export class ImportFileError extends Error {}

export type ImportFormat = 'csv' | 'json';

export function parseImportFile(text: string, format: ImportFormat): unknown[] {
  return format === 'json' ? parseJson(text) : parseCsvRecords(text);
}

function parseJson(text: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ImportFileError(`not valid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(data)) throw new ImportFileError('a JSON import file must hold an array of profile objects');
  return data;
}

/** A CSV file with a header line; a row with the wrong number of fields is that row's error. */
function parseCsvRecords(text: string): unknown[] {
  let lines: string[][];
  try {
    lines = parseCsv(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true });
  } catch (err) {
    throw new ImportFileError(`not valid CSV: ${(err as Error).message}`);
  }
  const [header, ...rows] = lines;
  if (!header) return [];
  const columns = header.map((h) => h.toLowerCase());
  const unknown = columns.filter((c) => !(IMPORT_FIELDS as readonly string[]).includes(c));
  if (unknown.length) throw new ImportFileError(`unknown column(s): ${unknown.join(', ')} (known: ${IMPORT_FIELDS.join(', ')})`);
  return rows.map((fields) => {
    if (fields.length !== columns.length) return new FieldCountMismatch(fields.length, columns.length);
    return Object.fromEntries(columns.map((c, i) => [c, fields[i]]));
  });
}

class FieldCountMismatch {
  constructor(
    readonly got: number,
    readonly expected: number,
  ) {}
}

/** What the checks need from the database: known interests and regions, allowed countries. */
export interface ImportCatalog {
  countries: readonly string[];
  /** Region names per country; a row may give the name (any case) or the code. */
  regions: Map<string, { code: string; name: string }[]>;
  interests: Set<string>;
  /** Set when the import is for one site: its name, for the reason when a country is not offered. */
  siteDomain?: string;
}

export interface ImportProfile {
  name: string;
  gender: 'male' | 'female';
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  birthDate: string;
  country: string;
  region: string | null;
  city: string | null;
  about: string | null;
  hairColor: string | null;
  eyeColor: string | null;
  bodyType: string | null;
  relationshipStatus: string | null;
  tattoos: boolean | null;
  appearance: 'normal' | 'sexy' | null;
  race: 'white' | 'other' | null;
  interests: string[];
  photos: string[];
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** Empty cells (and JSON nulls) are "not given"; text is trimmed. */
const blank = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v ?? undefined);
const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
const upper = (v: unknown) => {
  const value = blank(v);
  return typeof value === 'string' ? value.toUpperCase() : value;
};
const listOf = (separator: RegExp) => (v: unknown) => {
  const value = blank(v);
  if (typeof value === 'string') return value.split(separator).map((s) => s.trim()).filter(Boolean);
  return Array.isArray(value) ? value.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '') : value;
};
const bool = (v: unknown) => {
  const value = lower(blank(v));
  if (value === 'yes' || value === 'true') return true;
  if (value === 'no' || value === 'false') return false;
  return value;
};
/** The same message for a missing value as for a wrong one would hide which it is. */
const says = (message: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message) });

function oneOf<const T extends readonly [string, ...string[]]>(values: T, opts: { optional: true; spaces?: boolean }): z.ZodType<T[number] | undefined>;
function oneOf<const T extends readonly [string, ...string[]]>(values: T, opts?: { optional?: false }): z.ZodType<T[number]>;
function oneOf<const T extends readonly [string, ...string[]]>(values: T, opts: { optional?: boolean; spaces?: boolean } = {}) {
  // Attribute labels write spaces as "_" ("dark_blond"); both forms are accepted.
  const normalise = (v: unknown) => {
    const value = lower(blank(v));
    return opts.spaces && typeof value === 'string' ? value.replace(/_/g, ' ') : value;
  };
  const schema = z.enum(values, says(`must be one of: ${values.join(', ')}`));
  return z.preprocess(normalise, opts.optional ? schema.optional() : schema);
}

const optionalText = (max: number) => z.preprocess(blank, z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`).optional());
const attribute = (key: keyof typeof PROFILE_ATTRIBUTE_VALUES) => oneOf(PROFILE_ATTRIBUTE_VALUES[key] as unknown as readonly [string, ...string[]], { optional: true, spaces: true });

function rowSchema(catalog: ImportCatalog) {
  const birthMessage = `must be a date YYYY-MM-DD of someone ${MIN_AGE} or older`;
  const countryMessage = catalog.siteDomain
    ? `must be a country ${catalog.siteDomain} offers (${catalog.countries.join(', ')})`
    : `must be a known ISO-2 country code (${catalog.countries.join(', ')})`;
  return z.object({
    name: z.preprocess(blank, z.string(says('must be text')).min(2, 'must be 2 to 32 characters').max(32, 'must be 2 to 32 characters')),
    gender: oneOf(['male', 'female']),
    sexuality: z.preprocess((v) => blank(v) ?? 'hetero', oneOf(['hetero', 'gay', 'lesbian', 'bi'])),
    birth_date: z.preprocess(blank, z.string(says(birthMessage)).refine((s) => isAdultBirthDate(s), birthMessage)),
    country: z.preprocess(upper, z.string(says(countryMessage)).refine((c) => catalog.countries.includes(c), countryMessage)),
    region: optionalText(100),
    city: optionalText(CITY_MAX),
    about: optionalText(ABOUT_MAX),
    hair_color: attribute('hair_color'),
    eye_color: attribute('eye_color'),
    body_type: attribute('body_type'),
    relationship_status: attribute('relationship_status'),
    tattoos: z.preprocess(bool, z.boolean({ error: 'must be yes, no, true or false' }).optional()),
    appearance: oneOf(['normal', 'sexy'], { optional: true }),
    race: oneOf(['white', 'other'], { optional: true }),
    interests: z.preprocess(
      listOf(/[|;]/),
      z.array(z.string({ error: 'must be a list of interest names' }), { error: 'must be a list of interest names' })
        .max(MAX_INTERESTS, `at most ${MAX_INTERESTS} interests`)
        .superRefine((list, ctx) => {
          const unknown = list.filter((s) => !catalog.interests.has(s.toLowerCase()));
          if (unknown.length) ctx.addIssue({ code: 'custom', message: `unknown interest(s): ${unknown.join(', ')}` });
        })
        .optional(),
    ),
    photos: z.preprocess(
      listOf(/\|/),
      z.array(z.string({ error: 'must be a list of file paths' }), { error: 'must be a list of file paths' }).max(MAX_IMPORT_PHOTOS, `at most ${MAX_IMPORT_PHOTOS} photos`).optional(),
    ),
  });
}

/** One schema per import run (it holds the run's catalogue). */
const schemas = new WeakMap<ImportCatalog, ReturnType<typeof rowSchema>>();

function isAdultBirthDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m || !validBirthDate(m[1], m[2], m[3])) return false;
  const age = ageOn(s);
  return age >= MIN_AGE && age <= MAX_AGE;
}

/** Checks one record; either a clean profile or every problem found, one per field. */
export function checkRow(record: unknown, catalog: ImportCatalog): { profile: ImportProfile } | { problems: FieldProblem[] } {
  if (record instanceof FieldCountMismatch) return { problems: [{ field: 'row', message: `has ${record.got} fields, the header has ${record.expected}` }] };
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return { problems: [{ field: 'row', message: 'must be an object with the profile fields' }] };
  const problems: FieldProblem[] = [];
  const unknown = Object.keys(record).filter((k) => !(IMPORT_FIELDS as readonly string[]).includes(k));
  if (unknown.length) problems.push({ field: 'row', message: `unknown field(s): ${unknown.join(', ')}` });
  let schema = schemas.get(catalog);
  if (!schema) schemas.set(catalog, (schema = rowSchema(catalog)));
  const parsed = schema.safeParse(record);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      if (!problems.some((p) => p.field === field)) problems.push({ field, message: issue.message });
    }
  }
  const region = checkRegion(record as Record<string, unknown>, catalog);
  if (region.problem) problems.push({ field: 'region', message: region.problem });
  if (problems.length || !parsed.success) return { problems };
  const r = parsed.data;
  return {
    profile: {
      name: r.name, gender: r.gender, sexuality: r.sexuality as ImportProfile['sexuality'], birthDate: r.birth_date, country: r.country,
      region: region.name, city: r.city ?? null, about: r.about ?? null, hairColor: r.hair_color ?? null, eyeColor: r.eye_color ?? null,
      bodyType: r.body_type ?? null, relationshipStatus: r.relationship_status ?? null, tattoos: r.tattoos ?? null,
      appearance: r.appearance ?? null, race: r.race ?? null, interests: [...new Set((r.interests ?? []).map((s) => s.toLowerCase()))], photos: r.photos ?? [],
    },
  };
}

/** A region must be one of its country's (by name in any case, or by code); stored by name. */
function checkRegion(record: Record<string, unknown>, catalog: ImportCatalog): { name: string | null; problem?: string } {
  const given = blank(record.region);
  if (given === undefined || typeof given !== 'string') return { name: null };
  const country = typeof record.country === 'string' ? record.country.trim().toUpperCase() : '';
  if (!catalog.countries.includes(country)) return { name: null };
  const wanted = given.toLowerCase();
  const known = catalog.regions.get(country) ?? [];
  const found = known.find((r) => r.name.toLowerCase() === wanted || r.code.toLowerCase() === wanted);
  return found ? { name: found.name } : { name: null, problem: `"${given}" is not a region of ${country}` };
}
