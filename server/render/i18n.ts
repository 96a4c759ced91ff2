// i18next for the server: every locale and namespace loaded from locales/ once at boot.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction, type i18n as I18n, type Module, type Resource } from 'i18next';
import { ROOT_DIR } from '../config.js';
import { LOCALES } from '../../types/settings.js';

export const NAMESPACES = ['common', 'pages', 'islands', 'errors', 'emails', 'legal', 'interests', 'payments', 'landers', 'blocking'] as const;

export function loadResources(dir = join(ROOT_DIR, 'locales')): Resource {
  const resources: Resource = {};
  for (const lng of LOCALES) {
    resources[lng] = {};
    for (const file of readdirSync(join(dir, lng)).filter((f) => f.endsWith('.json'))) {
      resources[lng][file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, lng, file), 'utf8'));
    }
  }
  return resources;
}

/**
 * The options i18next reads itself (besides {{variables}}): a call with any of them, e.g.
 * returnObjects or defaultValue, goes to i18next. So do templates that use one of these
 * names as a variable, since i18next fills those from its own options.
 */
const I18NEXT_OPTIONS = new Set([
  'defaultValue', 'ordinal', 'context', 'replace', 'lng', 'lngs', 'fallbackLng', 'ns', 'keySeparator', 'nsSeparator',
  'returnObjects', 'returnDetails', 'joinArrays', 'postProcess', 'interpolation', 'keyPrefix', 'skipInterpolation',
  'nest', 'missingInterpolationHandler', 'defaultValue_zero',
]);

/** A string with {{variables}}: literal, name, literal, name, …, literal (names trimmed, raw match kept). */
interface Template {
  text: string;
  parts: string[];
  names: string[];
  raw: string[];
}

/** A string as it is, a template, or null: something only i18next does (nesting, formats, {{- x}}). */
type Compiled = string | Template | null;

const VARIABLE = /\{\{(.+?)\}\}/g;

function compile(text: string): Compiled {
  if (text.includes('$t(')) return null;
  if (!text.includes('{{')) return text;
  const parts: string[] = [];
  const names: string[] = [];
  const raw: string[] = [];
  let last = 0;
  for (const m of text.matchAll(VARIABLE)) {
    const name = m[1]!.trim();
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || I18NEXT_OPTIONS.has(name)) return null;
    parts.push(text.slice(last, m.index));
    names.push(name);
    raw.push(m[0]);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return { text, parts, names, raw };
}

/** A key with plural forms (key_one, key_other, …), where a count chooses the string. */
const PLURAL_FORM = /_(zero|one|two|few|many|other|ordinal_\w+)$/;

/**
 * Every string of every namespace by its full key ("ns:a.b"; common's also by "a.b"); the keys
 * that have plural forms go to `plurals`, since with a count i18next picks one of those forms.
 */
function flatten(resources: Resource, lng: string, into: Map<string, Compiled>, plurals: Set<string>): void {
  const walk = (node: unknown, ns: string, path: string) => {
    if (typeof node === 'string') {
      const compiled = compile(node);
      into.set(`${ns}:${path}`, compiled);
      if (ns === 'common') into.set(path, compiled);
      const plural = PLURAL_FORM.exec(path);
      if (plural) {
        plurals.add(`${ns}:${path.slice(0, plural.index)}`);
        if (ns === 'common') plurals.add(path.slice(0, plural.index));
      }
    } else if (node && typeof node === 'object' && !Array.isArray(node)) {
      for (const [k, v] of Object.entries(node)) walk(v, ns, path ? `${path}.${k}` : k);
    }
  };
  for (const [ns, tree] of Object.entries(resources[lng] ?? {})) walk(tree, ns, '');
}

function fill(template: Template, vars: Record<string, unknown>): string {
  let out = template.parts[0]!;
  for (let i = 0; i < template.names.length; i++) {
    const name = template.names[i]!;
    const value = Object.hasOwn(vars, name) ? vars[name] : undefined;
    // As i18next: a variable not given stays as written; one given as undefined or null is empty.
    out += (value === undefined ? (Object.hasOwn(vars, name) ? '' : template.raw[i]!) : value === null ? '' : String(value)) + template.parts[i + 1]!;
  }
  return out;
}

/** One language's strings, compiled; answers what it can without i18next (undefined: ask i18next). */
type FastLookup = (key: string, opts: unknown) => string | undefined;

/** One language's own strings and plural rule, for counts: i18next picks a form language by language. */
interface PluralTable {
  strings: Map<string, Compiled>;
  rule: Intl.PluralRules;
}

const lookups = new WeakMap<I18n, Map<string, FastLookup>>();

/** The string of a compiled entry with these variables; undefined for what only i18next does. */
const filled = (entry: Compiled, vars: Record<string, unknown>) => (entry === null ? undefined : typeof entry === 'string' ? entry : fill(entry, vars));

/**
 * A plural key with a numeric count, as i18next resolves it: in the language, then in each fallback
 * language with that language's own rule, the `_zero` form first when the count is 0 (and the
 * language has one), then the rule's form (`_one`, `_few`, `_many`, `_other`), then the bare key.
 * i18next builds the list of keys, parses each and asks its plural resolver on every call: about a
 * third of the likes page's render time went to its six presence lines ("active 5 minutes ago").
 */
function pluralOf(codes: PluralTable[], key: string, count: number, vars: Record<string, unknown>): string | undefined {
  for (const { strings, rule } of codes) {
    const form = `${key}_${rule.select(count)}`;
    const zero = count === 0 ? strings.get(`${key}_zero`) : undefined;
    if (zero !== undefined) return filled(zero, vars);
    const entry = strings.get(form) ?? strings.get(key);
    if (entry !== undefined) return filled(entry, vars);
  }
  return undefined;
}

function fastLookup(i18n: I18n, lng: string): FastLookup {
  let perLng = lookups.get(i18n);
  if (!perLng) lookups.set(i18n, (perLng = new Map()));
  const hit = perLng.get(lng);
  if (hit) return hit;
  const resources = i18n.store.data as Resource;
  const table = new Map<string, Compiled>();
  const plurals = new Set<string>();
  const fallback = i18n.options.fallbackLng;
  const fallbacks = (Array.isArray(fallback) ? fallback : typeof fallback === 'string' ? [fallback] : []).filter((code: string) => code !== lng);
  for (const code of [...fallbacks].reverse()) flatten(resources, code, table, plurals);
  flatten(resources, lng, table, plurals);
  // The order i18next tries the languages in for a plural: the language first, then its fallbacks.
  const pluralTables = [lng, ...fallbacks].map((code: string): PluralTable => {
    const strings = new Map<string, Compiled>();
    flatten(resources, code, strings, new Set());
    return { strings, rule: new Intl.PluralRules(code) };
  });
  const lookup: FastLookup = (key, opts) => {
    const entry = table.get(key);
    // Without variables i18next leaves every {{name}} as written.
    if (opts === undefined || opts === null) return entry === undefined || entry === null ? undefined : typeof entry === 'string' ? entry : entry.text;
    if (typeof opts !== 'object') return undefined;
    for (const name in opts) if (I18NEXT_OPTIONS.has(name)) return undefined;
    const vars = opts as Record<string, unknown>;
    // A count is a plain variable unless the key has plural forms; a count that is not a number
    // (a string, say) i18next takes as no count at all, which is left to it.
    if ('count' in vars && plurals.has(key)) return typeof vars.count === 'number' ? pluralOf(pluralTables, key, vars.count, vars) : undefined;
    return entry === undefined || entry === null ? undefined : filled(entry, vars);
  };
  perLng.set(lng, lookup);
  return lookup;
}

type LooseT = (key: unknown, opts?: unknown) => string;
const translators = new WeakMap<I18n, Map<string, TFunction>>();

/**
 * A t() for one language that answers plain lookups and {{variable}} interpolation from a table
 * built once per language and process (en filling what the language lacks, as fallbackLng does),
 * with the same result as i18next's; anything else (plurals, returnObjects, defaultValue, missing
 * keys, arrays of keys) goes to i18next. i18next's own t() copies its options and parses the key
 * on every call, which made translation about a fifth of a page's CPU (issue 17).
 * test/unit/fast-translate.test.ts compares the two over every key of every language.
 */
export function cachedT(i18n: I18n, lng: string): TFunction {
  let perLng = translators.get(i18n);
  if (!perLng) translators.set(i18n, (perLng = new Map()));
  const hit = perLng.get(lng);
  if (hit) return hit;
  const lookup = fastLookup(i18n, lng);
  const fixed = i18n.getFixedT(lng) as unknown as LooseT;
  const t = ((key: unknown, opts?: unknown) =>
    (typeof key === 'string' ? lookup(key, opts) : undefined) ?? fixed(key, opts)) as unknown as TFunction;
  perLng.set(lng, t);
  return t;
}

const sectionTs = new WeakMap<I18n, Map<string, (key: string, vars?: Record<string, string | number>) => string>>();

/** cachedT() for the keys of one section of a namespace (an island's), made once per language and section. */
export function sectionT(i18n: I18n, lng: string, ns: string, section: string): (key: string, vars?: Record<string, string | number>) => string {
  let perKey = sectionTs.get(i18n);
  if (!perKey) sectionTs.set(i18n, (perKey = new Map()));
  const cacheKey = `${lng}\u0000${ns}\u0000${section}`;
  const hit = perKey.get(cacheKey);
  if (hit) return hit;
  const lookup = fastLookup(i18n, lng);
  const fixed = i18n.getFixedT(lng, ns, section) as unknown as LooseT;
  const prefix = `${ns}:${section}.`;
  const t = (key: string, vars?: Record<string, string | number>) => {
    const opts = vars ?? {};
    return lookup(prefix + key, opts) ?? fixed(key, opts);
  };
  perKey.set(cacheKey, t);
  return t;
}

export async function createI18n(resources = loadResources(), detector?: Module): Promise<I18n> {
  const instance = i18next.createInstance();
  if (detector) instance.use(detector);
  await instance.init({
    resources,
    supportedLngs: [...LOCALES],
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // React escapes on output; escaping here too would double-escape.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    detection: { order: ['cookie', 'siteLanguage'], lookupCookie: 'amora_lang', caches: false },
  });
  return instance;
}
