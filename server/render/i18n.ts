// i18next for the server: every locale and namespace loaded from locales/ once at boot.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction, type i18n as I18n, type Module, type Resource } from 'i18next';
import { ROOT_DIR } from '../config.js';
import { LOCALES } from '../../types/settings.js';

export const NAMESPACES = ['common', 'pages', 'islands', 'errors', 'emails', 'legal', 'interests', 'payments'] as const;

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

const fixedCache = new WeakMap<I18n, Map<string, TFunction>>();

/**
 * A t() for one language that remembers strings looked up without options. Resources never change
 * while the process runs, and pages look up the same labels on every request.
 */
export function cachedT(i18n: I18n, lng: string): TFunction {
  let perLng = fixedCache.get(i18n);
  if (!perLng) fixedCache.set(i18n, (perLng = new Map()));
  const hit = perLng.get(lng);
  if (hit) return hit;
  const fixed = i18n.getFixedT(lng);
  const memo = new Map<string, string>();
  const t = ((key: string | string[], opts?: unknown) => {
    if (opts !== undefined || typeof key !== 'string') return (fixed as (k: unknown, o?: unknown) => string)(key, opts);
    let value = memo.get(key);
    if (value === undefined) memo.set(key, (value = fixed(key)));
    return value;
  }) as unknown as TFunction;
  perLng.set(lng, t);
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
