// SQL for sites and company info.
import type { Runner } from '../db.js';
import { parseJson } from '../lib/json.js';

export interface SiteRow {
  id: number;
  domain: string;
  name: string;
  aliases: string[];
  settings: Record<string, unknown>;
  isActive: boolean;
}

interface RawSite {
  id: number;
  domain: string;
  name: string;
  aliases: string;
  settings: string;
  is_active: number | boolean;
}

const toSite = (r: RawSite): SiteRow => ({
  id: r.id,
  domain: r.domain,
  name: r.name,
  aliases: parseJson<string[]>(r.aliases, []),
  settings: parseJson<Record<string, unknown>>(r.settings, {}),
  isActive: Boolean(r.is_active),
});

export async function listSites(db: Runner): Promise<SiteRow[]> {
  const rows = (await db('sites').select('*').orderBy('id')) as RawSite[];
  return rows.map(toSite);
}

export async function findSiteByDomain(db: Runner, domain: string): Promise<SiteRow | undefined> {
  const row = (await db('sites').where({ domain }).first()) as RawSite | undefined;
  return row ? toSite(row) : undefined;
}

/** A site's domain by id (links in mails). */
export async function siteDomainOf(db: Runner, id: number): Promise<string | undefined> {
  const row = (await db('sites').where({ id }).first('domain')) as { domain: string } | undefined;
  return row?.domain;
}

export async function findSiteById(db: Runner, id: number): Promise<SiteRow | undefined> {
  const row = (await db('sites').where({ id }).first()) as RawSite | undefined;
  return row ? toSite(row) : undefined;
}

export async function insertSite(db: Runner, site: Omit<SiteRow, 'id'>): Promise<number> {
  const now = Date.now();
  const [id] = await db('sites').insert({
    domain: site.domain,
    name: site.name,
    aliases: JSON.stringify(site.aliases),
    settings: JSON.stringify(site.settings),
    is_active: site.isActive,
    created_at: now,
    updated_at: now,
  });
  return Number(id);
}

export async function updateSite(db: Runner, id: number, patch: Partial<Omit<SiteRow, 'id'>>): Promise<void> {
  const row: Record<string, unknown> = { updated_at: Date.now() };
  if (patch.domain !== undefined) row.domain = patch.domain;
  if (patch.name !== undefined) row.name = patch.name;
  if (patch.aliases !== undefined) row.aliases = JSON.stringify(patch.aliases);
  if (patch.settings !== undefined) row.settings = JSON.stringify(patch.settings);
  if (patch.isActive !== undefined) row.is_active = patch.isActive;
  await db('sites').where({ id }).update(row);
}

export interface CompanyRow {
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string[];
  vat_numbers: string[];
  support_phone: string;
  delete_discount: number;
  added: number;
}

export async function getCompany(db: Runner): Promise<CompanyRow | undefined> {
  const r = await db('company_info').orderBy('id').first();
  if (!r) return undefined;
  return {
    name: r.name,
    address: r.address,
    kvk: r.kvk,
    city: r.city,
    country: r.country,
    tradenames: parseJson<string[]>(r.tradenames, []),
    vat_numbers: parseJson<string[]>(r.vat_numbers, []),
    support_phone: r.support_phone,
    delete_discount: Number(r.delete_discount),
    added: Number(r.added),
  };
}

export async function saveCompany(db: Runner, company: CompanyRow): Promise<void> {
  const row = {
    ...company,
    tradenames: JSON.stringify(company.tradenames),
    vat_numbers: JSON.stringify(company.vat_numbers),
    updated_at: Date.now(),
  };
  const existing = await db('company_info').orderBy('id').first('id');
  if (existing) await db('company_info').where({ id: existing.id }).update(row);
  else await db('company_info').insert(row);
}
