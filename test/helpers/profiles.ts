// Profiles for discover tests: fictional or real, with approved photos whose files exist.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../server/db.js';
import type { MediaService } from '../../server/services/media/media-service.js';

let seq = 0;

export interface TestProfileOptions {
  name?: string;
  gender?: 'male' | 'female';
  sexuality?: string;
  birthDate?: string;
  country?: string;
  region?: string | null;
  fictional?: boolean;
  status?: string;
  photos?: number;
  appearance?: string | null;
  race?: string | null;
  /** Later is higher in search results (they sort by activity). */
  lastActiveAt?: number;
}

/** A small picture per variant, so the media route has real files to send. */
async function storePhotoFiles(media: MediaService, fileKey: string): Promise<void> {
  const img = (w: number, h: number, color: string) => sharp({ create: { width: w, height: h, channels: 3, background: color } }).jpeg().toBuffer();
  await media.store(fileKey, { full: await img(300, 400, '#a55'), thumb: await img(120, 160, '#a55'), blur: await img(300, 400, '#999') });
}

export async function createProfile(db: Db, media: MediaService, o: TestProfileOptions = {}): Promise<{ id: number; photoKeys: string[] }> {
  const now = Date.now();
  const [id] = await db('profiles').insert({
    user_id: null, is_fictional: o.fictional ?? true, name: o.name ?? `Test${seq++}`, gender: o.gender ?? 'male', sexuality: o.sexuality ?? 'hetero',
    birth_date: o.birthDate ?? '1990-06-15', country: o.country ?? 'GB', region: o.region ?? null, status: o.status ?? 'active',
    appearance: o.appearance ?? null, race: o.race ?? null, last_active_at: o.lastActiveAt ?? now + 1_000_000 + seq++, created_at: now, updated_at: now,
  });
  const photoKeys: string[] = [];
  for (let i = 0; i < (o.photos ?? 1); i++) {
    const key = randomBytes(16).toString('hex');
    await storePhotoFiles(media, key);
    const [photoId] = await db('photos').insert({ profile_id: id, file_key: key, width: 300, height: 400, status: 'active', position: i, created_at: now });
    if (i === 0) await db('profiles').where({ id }).update({ main_photo_id: photoId });
    photoKeys.push(key);
  }
  await db('profiles').where({ id }).update({ photo_count: photoKeys.length });
  return { id: Number(id), photoKeys };
}
