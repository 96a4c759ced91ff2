// Number formats the pages share. Making an Intl formatter costs about as much as rendering a
// small component, so each is made once per language and currency and kept.

const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "€12.50", "12,50 zł": cents in a currency, the way the member's language writes money. */
export function formatMoney(lng: string, cents: number, currency: string): string {
  const key = `${lng} ${currency}`;
  let format = moneyFormats.get(key);
  try {
    if (!format) moneyFormats.set(key, (format = new Intl.NumberFormat(lng, { style: 'currency', currency })));
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`; // an unknown currency code: still readable
  }
  return format.format(cents / 100);
}

/** A date and time in the member's language, e.g. on the transactions page. */
export function formatDateTime(lng: string, ms: number): string {
  let format = dateTimeFormats.get(lng);
  if (!format) dateTimeFormats.set(lng, (format = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' })));
  return format.format(new Date(ms));
}

const countFormats = new Map<string, Intl.NumberFormat>();

/** "12,345", "12.345": a count in the page's language; `capAt` and beyond reads "100,000+". */
export function formatCount(lng: string, n: number, capAt = Infinity): string {
  let format = countFormats.get(lng);
  if (!format) countFormats.set(lng, (format = new Intl.NumberFormat(lng)));
  return n >= capAt ? `${format.format(capAt)}+` : format.format(n);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const MILES_COUNTRIES = new Set(['US', 'GB']);

/**
 * A distance as people say it (miles where the member lives in the US or the UK): under one unit
 * "nearby" (both ends are only known to a city); then whole units up to 10, steps of 5 up to 100,
 * of 10 up to 1,000, of 100 beyond. Null for "nearby".
 */
export function roundedDistance(lng: string, km: number, country: string | undefined): { value: string; unit: 'km' | 'mi' } | null {
  const unit = country && MILES_COUNTRIES.has(country) ? 'mi' : 'km';
  const d = unit === 'mi' ? km / 1.609344 : km;
  if (d < 1) return null;
  const step = d < 10 ? 1 : d < 100 ? 5 : d < 1000 ? 10 : 100;
  let format = numberFormats.get(lng);
  if (!format) numberFormats.set(lng, (format = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 })));
  return { value: format.format(Math.max(1, Math.round(d / step) * step)), unit };
}
