// SQL for the member's own profile page: its editable fields (interests: signup-steps-repo).
import type { Runner } from '../db.js';
import type { ProfileFieldColumns } from './profiles-repo.js';

export interface OwnProfileRow extends ProfileFieldColumns {
  id: number;
  name: string;
  status: string;
  tattoos: number | boolean | null;
  main_photo_id: number | null;
  photo_count: number;
}

export interface OwnProfileFields extends ProfileFieldColumns {
  tattoos: boolean | null;
}

export async function findOwnProfile(db: Runner, profileId: number): Promise<OwnProfileRow | undefined> {
  return (await db('profiles')
    .where('id', profileId)
    .first(
      'id', 'name', 'status', 'gender', 'sexuality', 'birth_date', 'country', 'region', 'city', 'about', 'hair_color', 'eye_color',
      'body_type', 'relationship_status', 'tattoos', 'main_photo_id', 'photo_count',
    )) as OwnProfileRow | undefined;
}

export async function updateOwnProfile(db: Runner, profileId: number, fields: OwnProfileFields, now: number): Promise<void> {
  await db('profiles').where('id', profileId).update({ ...fields, updated_at: now });
}
