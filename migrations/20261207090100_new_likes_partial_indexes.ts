// The new-likes count of every member page and event stream (badges-repo's badgeCountColumns), on
// SQLite, where every page it touches is mapped into the process (db.ts, mmap_size) together with
// up to 15 neighbours of other tables and indexes (the kernel's fault-around): 10,000 members'
// streams mapped 81 MB of the bench's database file, over the 300 MB RSS budget (issue 17).
// - likes_new_to, keyed (to_profile_id, is_new, from_profile_id), holds every like a member ever
//   got, so their few new ones sit inside the block of all of them. SQLite indexes only the new
//   likes instead (a partial index, used when a query says is_new = 1, literal or bound).
// - Each liker's status came from profiles_id_status, and the likers are spread over every
//   profile: the whole index was read. SQLite indexes only the profiles that are not active,
//   the few, and the count asks whether a liker is among them (profiles_not_active).
// Freshly seeded bench: mapped database pages 81 -> 24 MB. MariaDB has no partial indexes and
// keeps its buffer pool outside the app: it keeps the full indexes.
import type { Knex } from 'knex';

const sqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

export async function up(knex: Knex): Promise<void> {
  if (!sqlite(knex)) return;
  await knex.raw('DROP INDEX likes_new_to');
  await knex.raw('CREATE INDEX likes_new_to ON likes (to_profile_id, from_profile_id) WHERE is_new = 1');
  await knex.raw('DROP INDEX profiles_id_status');
  await knex.raw("CREATE INDEX profiles_not_active ON profiles (id, status) WHERE status <> 'active'");
}

export async function down(knex: Knex): Promise<void> {
  if (!sqlite(knex)) return;
  await knex.raw('DROP INDEX profiles_not_active');
  await knex.raw('CREATE INDEX profiles_id_status ON profiles (id, status)');
  await knex.raw('DROP INDEX likes_new_to');
  await knex.raw('CREATE INDEX likes_new_to ON likes (to_profile_id, is_new, from_profile_id)');
}
