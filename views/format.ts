// Number formats the pages share.

/** "€12.50", "12,50 zł": cents in a currency, the way the member's language writes money. */
export function formatMoney(lng: string, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(lng, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`; // an unknown currency code: still readable
  }
}

/** A date and time in the member's language, e.g. on the transactions page. */
export function formatDateTime(lng: string, ms: number): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}
