// The member's own profile (/profile): everything the page shows, photos of every review status
// included, and saving its fields. The username is not edited here. Bad input changes nothing.
import type { Db } from '../../db.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { findOwnProfile, updateOwnProfile, type OwnProfileFields, type OwnProfileRow } from '../../repos/own-profile-repo.js';
import { listOwnPhotos, type OwnPhotoRow } from '../../repos/photos-repo.js';
import { saveProfileLocation } from '../../repos/places-repo.js';
import { listInterestsOf } from '../../repos/profiles-repo.js';
import { replaceInterests } from '../../repos/signup-steps-repo.js';
import { GENDERS, SEXUALITIES, type OwnPhoto, type OwnProfile, type OwnProfileValues } from '../../../types/own-profile.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { GeoService } from '../geo/geo-service.js';
import { photoUrl } from '../media/photo-urls.js';
import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '../photos/photos-service.js';
import type { Viewer } from '../viewer.js';
import { ABOUT_MAX, CITY_MAX, MAX_INTERESTS, adultBirthDate, parseAttributes, rawInterests, str } from './profile-fields.js';

export class OwnProfileService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly geo: GeoService,
  ) {}

  async load(viewer: Viewer, ctx: { cdnPrefix: string }): Promise<OwnProfile> {
    const [row, photos, interests] = await Promise.all([
      findOwnProfile(this.db, viewer.profileId),
      listOwnPhotos(this.db, viewer.profileId),
      listInterestsOf(this.db, viewer.profileId),
    ]);
    if (!row) throw new NotFoundError('profile_not_found');
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      values: valuesOf(row, interests),
      photos: photos.map((p) => ownPhoto(p, row.main_photo_id, ctx.cdnPrefix)),
      photoLimit: {
        used: Number(row.photo_count),
        max: viewer.premium ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT,
        premium: viewer.premium,
        premiumMax: PREMIUM_PHOTO_LIMIT,
      },
      fieldLimits: { aboutMax: ABOUT_MAX, cityMax: CITY_MAX, maxInterests: MAX_INTERESTS },
    };
  }

  /** Saves every field of the form at once; interests are replaced as a set. */
  async update(viewer: Viewer, input: Record<string, unknown>, ctx: { countries: string[] }): Promise<void> {
    const { fields, interests } = await this.validate(input, ctx);
    // Where the member lives, at city level, for "near me" (looked up before the transaction).
    const location = await this.geo.locationFor(fields);
    await this.db.transaction(async (tx) => {
      // The profile row first: the interest rows' foreign-key checks then need no lock upgrade.
      await updateOwnProfile(tx, viewer.profileId, fields, Date.now());
      await saveProfileLocation(tx, viewer.profileId, { country: fields.country, region: fields.region, location });
      await replaceInterests(tx, viewer.profileId, interests);
    });
  }

  private async validate(input: Record<string, unknown>, ctx: { countries: string[] }): Promise<{ fields: OwnProfileFields; interests: string[] }> {
    const errors: Record<string, string> = {};
    const params: Record<string, Record<string, string | number>> = {};
    const birthDate = adultBirthDate(input.birth_year, input.birth_month, input.birth_day);
    if (!birthDate) errors.birth = 'invalidBirthDate';
    const gender = str(input.gender);
    if (!(GENDERS as readonly string[]).includes(gender)) errors.gender = 'invalidField';
    const sexuality = str(input.sexuality);
    if (!(SEXUALITIES as readonly string[]).includes(sexuality)) errors.sexuality = 'invalidField';
    const country = str(input.country).toUpperCase();
    if (!ctx.countries.includes(country)) errors.country = 'invalidField';
    const region = str(input.region) || null;
    if (region && !errors.country) {
      const names = (await this.catalog.regionsOf([country]))[0]?.regions.map((r) => r.name) ?? [];
      if (!names.includes(region)) errors.region = 'invalidField';
    }
    const about = str(input.about);
    if (about.length > ABOUT_MAX) {
      errors.about = 'aboutTooLong';
      params.about = { max: ABOUT_MAX };
    }
    const attributes = parseAttributes(input);
    Object.assign(errors, attributes.errors);
    const interests = rawInterests(input.interests);
    const known = new Set(await this.catalog.interestSlugs());
    if (interests.some((s) => !known.has(s))) errors.interests = 'invalidField';
    else if (interests.length > MAX_INTERESTS) {
      errors.interests = 'interestsTooMany';
      params.interests = { max: MAX_INTERESTS };
    }
    const first = Object.keys(errors)[0];
    // The overall message is the first field's, so its variables go first.
    if (first) throw new ValidationError(errors, errors[first], { ...(params[first] ? { [first]: params[first] } : {}), ...params });
    return { fields: { birth_date: birthDate!, gender, sexuality, country, region, about: about || null, ...attributes.values }, interests };
  }
}

function valuesOf(row: OwnProfileRow, interests: string[]): OwnProfileValues {
  const [year = '', month = '', day = ''] = row.birth_date.split('-');
  const text = (v: string | null) => v ?? '';
  return {
    birth_year: year, birth_month: month ? String(Number(month)) : '', birth_day: day ? String(Number(day)) : '',
    gender: row.gender, sexuality: row.sexuality, country: row.country, region: text(row.region), city: text(row.city),
    about: text(row.about), hair_color: text(row.hair_color), eye_color: text(row.eye_color), body_type: text(row.body_type),
    relationship_status: text(row.relationship_status),
    tattoos: row.tattoos === null || row.tattoos === undefined ? '' : row.tattoos ? 'yes' : 'no',
    interests,
  };
}

function ownPhoto(p: OwnPhotoRow, mainId: number | null, cdnPrefix: string): OwnPhoto {
  return {
    id: Number(p.id),
    status: p.status,
    isMain: mainId !== null && Number(mainId) === Number(p.id),
    url: photoUrl(cdnPrefix, p.file_key, 'full'),
    thumbUrl: photoUrl(cdnPrefix, p.file_key, 'thumb'),
  };
}
