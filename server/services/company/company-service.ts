// Company info: the operator behind every site (SPEC.md §3), shown in the footer and legal pages.
import { z } from 'zod';
import type { Db } from '../../db.js';
import { ValidationError } from '../../errors.js';
import { countryCodeOf } from '../../lib/country-names.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { getCompany, saveCompany, type CompanyRow } from '../../repos/sites-repo.js';
import { MAX_DISCOUNT_PERCENT } from '../payments/pricing.js';
import { TERMS_EPOCH } from '../../../types/terms.js';

export type CompanyInfo = CompanyRow;

const EMPTY: CompanyInfo = {
  name: '', address: '', kvk: '', city: '', country: '', tradenames: [], vat_numbers: [], support_phone: '',
  delete_discount: 0, added: 0,
};

const patchSchema = z
  .object({
    name: z.string().trim().min(1).max(191),
    address: z.string().trim().min(1).max(191),
    kvk: z.string().trim().min(1).max(64),
    city: z.string().trim().min(1).max(100),
    // Stored as its ISO code, so that each page names it in its own language (lib/country-names.ts).
    country: z.string().transform((given, ctx) => {
      const code = countryCodeOf(given);
      if (!code) ctx.addIssue({ code: 'custom', message: 'an ISO 3166 country code such as NL, or the country\'s name' });
      return code ?? '';
    }),
    tradenames: z.array(z.string().trim().min(1).max(100)),
    vat_numbers: z.array(z.string().trim().min(1).max(32)),
    support_phone: z.string().regex(/^[+0-9 ()-]{5,32}$/),
    // The retention offer's percentage (0: none); a code may take at most MAX_DISCOUNT_PERCENT off.
    delete_discount: z.number().int().min(0).max(MAX_DISCOUNT_PERCENT, `at most ${MAX_DISCOUNT_PERCENT} (0: no retention offer)`),
    added: z.number().int().min(0),
  })
  .partial()
  .strict();

export class CompanyService {
  private readonly cache = new TtlCache<CompanyInfo>(30_000);

  constructor(private readonly db: Db) {}

  async get(): Promise<CompanyInfo> {
    return this.cache.get('company', async () => (await getCompany(this.db)) ?? EMPTY);
  }

  async update(patch: Record<string, unknown>): Promise<CompanyInfo> {
    const parsed = patchSchema.safeParse(patch);
    if (!parsed.success) {
      throw new ValidationError(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message])));
    }
    const current = (await getCompany(this.db)) ?? { ...EMPTY, added: Date.now() };
    const next = { ...current, ...parsed.data };
    await saveCompany(this.db, next);
    this.cache.clear();
    return next;
  }

  /** Terms are in force from 2023-12-01T12:00:00Z or the company's added date if later (SPEC.md §9). */
  termsDate(company: CompanyInfo): Date {
    return new Date(Math.max(TERMS_EPOCH, company.added));
  }
}
