// Country of a client address from the offline GeoIP data shipped with geoip-country.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}

export class GeoService {
  private geoip: GeoipCountry | undefined;

  /** ISO country code, or null for private, local or unknown addresses. */
  countryOf(ip: string | undefined): string | null {
    if (!ip) return null;
    // The data loads lazily: CLI commands and tests that never ask do not pay for it.
    this.geoip ??= require('geoip-country') as GeoipCountry;
    const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    return this.geoip.lookup(address)?.country ?? null;
  }
}
