// Importing fictional profiles (operators' curated chat profiles) with their photos from a CSV or
// JSON file. Every row is checked on its own; a bad row is reported and the others go on. A row
// that is already there (same name, birth date and country) is skipped, so running a file twice
// adds nothing. Photos go through the same decode-and-re-encode pipeline as members' uploads.
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Db } from '../../db.js';
import { AppError, UnknownSiteError, ValidationError } from '../../errors.js';
import { saveProfileLocation } from '../../repos/places-repo.js';
import * as importRepo from '../../repos/profile-import-repo.js';
import { COUNTRIES, COUNTRY_LANGUAGES, isCountry } from '../../../types/countries.js';
import type { Locale } from '../../../types/settings.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { GeoService } from '../geo/geo-service.js';
import type { MediaService } from '../media/media-service.js';
import type { PhotoVariant } from '../media/photo-urls.js';
import { MAX_UPLOAD_BYTES, photoVariants } from '../photos/photo-processing.js';
import type { SitesService } from '../sites/sites-service.js';
import { checkRow, parseImportFile, type FieldProblem, type ImportCatalog, type ImportFormat, type ImportProfile } from './profile-import-rows.js';

export { ImportFileError, type ImportFormat } from './profile-import-rows.js';

export type RowOutcome =
  | { row: number; outcome: 'added'; name: string; profileId: number | null; photos: number }
  | { row: number; outcome: 'skipped'; name: string; duplicateOf: number | null }
  | { row: number; outcome: 'failed'; problems: FieldProblem[] };

export interface ImportSummary {
  added: number;
  skipped: number;
  failed: number;
  rows: RowOutcome[];
}

export interface ImportOptions {
  /** Photo paths are relative to this folder (the import file's). */
  baseDir: string;
  dryRun?: boolean;
  /** Only countries this site offers are accepted, and its language is preferred. */
  site?: string;
  /** Called after each row, so a long import reports as it goes. */
  onRow?: (row: RowOutcome) => void;
}

interface DecodedPhoto {
  files: Record<PhotoVariant, Buffer>;
  width: number;
  height: number;
}

/** Thrown inside a row when a photo is unusable; becomes that row's reason. */
class PhotoProblem extends Error {}

export class ProfileImportService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
    private readonly catalog: CatalogService,
    private readonly sites: SitesService,
    private readonly geo: GeoService,
  ) {}

  /** Reads the text of an import file into records; an unusable file throws ImportFileError. */
  parse(text: string, format: ImportFormat): unknown[] {
    return parseImportFile(text, format);
  }

  /** Imports records (as `parse` returns them); rows are numbered from 1 in file order. */
  async importRecords(records: unknown[], opts: ImportOptions): Promise<ImportSummary> {
    const { catalog, language } = await this.loadCatalog(opts.site);
    const summary: ImportSummary = { added: 0, skipped: 0, failed: 0, rows: [] };
    // Rows this run added (or would add, in a dry run): a repeat later in the file is a duplicate.
    const seen = new Map<string, number | null>();
    for (const [i, record] of records.entries()) {
      const outcome = await this.importRow(i + 1, record, catalog, seen, { ...opts, language });
      summary[outcome.outcome] += 1;
      summary.rows.push(outcome);
      opts.onRow?.(outcome);
    }
    return summary;
  }

  private async importRow(
    row: number,
    record: unknown,
    catalog: ImportCatalog,
    seen: Map<string, number | null>,
    opts: ImportOptions & { language: (country: string) => Locale },
  ): Promise<RowOutcome> {
    const checked = checkRow(record, catalog);
    if ('problems' in checked) return { row, outcome: 'failed', problems: checked.problems };
    const p = checked.profile;
    const key = `${p.name.toLowerCase()}|${p.birthDate}|${p.country}`;
    const duplicate = seen.has(key) ? seen.get(key)! : await importRepo.findFictionalDuplicate(this.db, p);
    if (duplicate !== undefined) return { row, outcome: 'skipped', name: p.name, duplicateOf: duplicate };
    let photos: DecodedPhoto[];
    try {
      photos = await this.decodePhotos(p.photos, opts.baseDir);
    } catch (err) {
      if (err instanceof PhotoProblem) return { row, outcome: 'failed', problems: [{ field: 'photos', message: err.message }] };
      throw err;
    }
    if (opts.dryRun) {
      seen.set(key, null);
      return { row, outcome: 'added', name: p.name, profileId: null, photos: photos.length };
    }
    try {
      const profileId = await this.store(p, photos, opts.language(p.country));
      seen.set(key, profileId);
      return { row, outcome: 'added', name: p.name, profileId, photos: photos.length };
    } catch (err) {
      const message = err instanceof AppError ? err.code : (err as Error).message;
      return { row, outcome: 'failed', problems: [{ field: 'row', message: `could not be saved: ${message}` }] };
    }
  }

  /** Every photo is read and decoded before anything is written; the first bad one fails the row. */
  private async decodePhotos(paths: string[], baseDir: string): Promise<DecodedPhoto[]> {
    const out: DecodedPhoto[] = [];
    for (const path of paths) {
      const full = resolve(baseDir, path);
      const size = await stat(full).then((s) => (s.isFile() ? s.size : -1), () => -1);
      if (size < 0) throw new PhotoProblem(`${path}: no such file`);
      if (size > MAX_UPLOAD_BYTES) throw new PhotoProblem(`${path}: larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
      const bytes = await readFile(full).catch((err: NodeJS.ErrnoException) => {
        throw new PhotoProblem(`${path}: cannot be read (${err.code ?? err.message})`);
      });
      try {
        out.push(await photoVariants(bytes));
      } catch (err) {
        if (err instanceof ValidationError) throw new PhotoProblem(`${path}: ${photoReason(err)}`);
        throw err;
      }
    }
    return out;
  }

  /** Files first, then one transaction for the rows; if that fails, the files go again. */
  private async store(p: ImportProfile, photos: DecodedPhoto[], language: Locale): Promise<number> {
    const stored = photos.map((photo) => ({ ...photo, fileKey: randomBytes(16).toString('hex') }));
    const location = await this.geo.locationFor(p);
    try {
      for (const photo of stored) await this.media.store(photo.fileKey, photo.files);
      return await this.db.transaction(async (tx) => {
        // Checked again inside the transaction, so a row added meanwhile is not added twice here.
        if ((await importRepo.findFictionalDuplicate(tx, p)) !== undefined) throw new Error('a profile with this name, birth date and country was added meanwhile');
        const now = Date.now();
        const profileId = await importRepo.insertFictionalProfile(tx, toProfileRow(p, language), now);
        await saveProfileLocation(tx, profileId, { country: p.country, region: p.region, location });
        const ids = await importRepo.insertActivePhotos(tx, profileId, stored, now);
        await importRepo.setPhotoSummary(tx, profileId, ids[0] ?? null, ids.length);
        await importRepo.attachInterests(tx, profileId, p.interests);
        return profileId;
      });
    } catch (err) {
      await Promise.all(stored.map((photo) => this.media.remove(photo.fileKey)));
      throw err;
    }
  }

  private async loadCatalog(siteDomain: string | undefined): Promise<{ catalog: ImportCatalog; language: (country: string) => Locale }> {
    let countries: readonly string[] = COUNTRIES;
    let siteLanguage: Locale | undefined;
    if (siteDomain !== undefined) {
      const site = await this.sites.findByDomain(siteDomain);
      if (!site) throw new UnknownSiteError();
      countries = site.countries.filter(isCountry);
      siteLanguage = site.language;
    }
    const [groups, interests] = await Promise.all([this.catalog.regionsOf([...countries]), this.catalog.interestSlugs()]);
    const regions = new Map(groups.map((g) => [g.country, g.regions]));
    const language = (country: string): Locale => {
      const spoken = isCountry(country) ? COUNTRY_LANGUAGES[country] : ['en' as Locale];
      return siteLanguage && spoken.includes(siteLanguage) ? siteLanguage : spoken[0]!;
    };
    return { catalog: { countries, regions, interests: new Set(interests), siteDomain }, language };
  }
}

function toProfileRow(p: ImportProfile, language: Locale): importRepo.FictionalProfileRow {
  return {
    name: p.name, gender: p.gender, sexuality: p.sexuality, birth_date: p.birthDate, country: p.country, region: p.region,
    city: p.city, about: p.about, hair_color: p.hairColor, eye_color: p.eyeColor, body_type: p.bodyType,
    relationship_status: p.relationshipStatus, tattoos: p.tattoos, appearance: p.appearance, race: p.race, language,
  };
}

/** The photo pipeline's error keys, in words for the operator. */
function photoReason(err: ValidationError): string {
  const key = err.details?.photo;
  const params = err.detailParams.photo ?? {};
  if (key === 'photoTooSmall') return `too small (the short side must be at least ${params.min} pixels)`;
  if (key === 'photoTooManyPixels') return `too many pixels (at most ${params.max} megapixels)`;
  return 'not a picture that can be read (JPEG, PNG, WebP, HEIF, AVIF or GIF)';
}
