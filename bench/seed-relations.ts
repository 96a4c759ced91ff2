// Bench data: likes and blocks at a live site's volume. Before, the only ones were the bench
// member's (40 likes, 20 blocks), so every statement that reads them (the badge counts, /likes,
// the blocks every search and profile checks) ran against almost empty tables and indexes.
// Each stream member (seed-members.ts) likes 50 fictional profiles, is liked by 20 (a quarter of
// them not yet seen) and blocks 10: 700,000 likes and 100,000 blocks for 10,000 members.
import type { Db } from '../server/db.js';
import { prng } from '../seeds/demo-seed.js';
import { insertRows } from './seed-large.js';

const LIKES_GIVEN = 50;
const LIKES_RECEIVED = 20;
const BLOCKS = 10;
const PER_MEMBER = LIKES_GIVEN + LIKES_RECEIVED + BLOCKS;
/** Members written per transaction. */
const CHUNK = 1000;

export interface SeededRelations {
  likes: number;
  blocks: number;
}

/** Adds the relations between the members' profiles and random fictional profiles (any status). */
export async function seedRelations(db: Db, memberProfileIds: number[], seed = 20261206): Promise<SeededRelations> {
  // The fictional profiles by id, not an id range: a member's profile between them would be liked too.
  const fictional = ((await db('profiles').whereNull('user_id').pluck('id')) as (number | string)[]).map(Number);
  if (fictional.length < PER_MEMBER) return { likes: 0, blocks: 0 };
  const rnd = prng(seed);
  const now = Date.now();
  const totals = { likes: 0, blocks: 0 };
  for (let done = 0; done < memberProfileIds.length; done += CHUNK) {
    const likes: Record<string, unknown>[] = [];
    const blocks: Record<string, unknown>[] = [];
    for (const member of memberProfileIds.slice(done, done + CHUNK)) {
      // Distinct others per member: the pairs are unique in both tables.
      const others = new Set<number>();
      while (others.size < PER_MEMBER) others.add(fictional[Math.floor(rnd() * fictional.length)]!);
      const picked = [...others];
      const given = picked.slice(0, LIKES_GIVEN);
      const received = picked.slice(LIKES_GIVEN, LIKES_GIVEN + LIKES_RECEIVED);
      const blocked = picked.slice(LIKES_GIVEN + LIKES_RECEIVED);
      const at = () => now - Math.floor(rnd() * 90 * 86_400_000);
      for (const to of given) likes.push({ from_profile_id: member, to_profile_id: to, source: 'normal', is_new: rnd() < 0.25, created_at: at() });
      for (const from of received) likes.push({ from_profile_id: from, to_profile_id: member, source: 'auto', is_new: rnd() < 0.25, created_at: at() });
      for (const to of blocked) blocks.push({ blocker_profile_id: member, blocked_profile_id: to, created_at: at() });
    }
    await db.transaction(async (tx) => {
      await insertRows(tx, 'likes', likes);
      await insertRows(tx, 'blocks', blocks);
    });
    totals.likes += likes.length;
    totals.blocks += blocks.length;
  }
  return totals;
}
