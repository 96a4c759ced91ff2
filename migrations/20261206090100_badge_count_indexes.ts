// Every member page and every event stream counts the member's new likes from active profiles
// (badges-repo's badgeCountColumns): the likes to them that are new, and each liker's status. With
// (to_profile_id, is_new) that read each like's row for its liker and then the liker's whole
// profile row, about ten scattered pages per member. On SQLite those pages are mapped into the
// process (db.ts, mmap_size), with the kernel's fault-around: 10,000 members' streams touched
// 106 MB of the database file, the bench's 10k-streams RSS over its 300 MB budget (issue 17).
// With the liker in the likes index and the status beside the id, the count reads two small
// indexes instead (bench, freshly seeded: mapped file pages 166 -> 133 MB, RSS 365 -> 329 MB; the
// rest is the kernel mapping each touched page's neighbours too). The new likes index replaces
// the old, whose prefix it is.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('likes', (t) => {
    t.index(['to_profile_id', 'is_new', 'from_profile_id'], 'likes_new_to');
  });
  await knex.schema.alterTable('likes', (t) => {
    t.dropIndex(['to_profile_id', 'is_new']);
  });
  await knex.schema.alterTable('profiles', (t) => {
    t.index(['id', 'status'], 'profiles_id_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.dropIndex(['id', 'status'], 'profiles_id_status');
  });
  await knex.schema.alterTable('likes', (t) => {
    t.index(['to_profile_id', 'is_new']);
  });
  await knex.schema.alterTable('likes', (t) => {
    t.dropIndex(['to_profile_id', 'is_new', 'from_profile_id'], 'likes_new_to');
  });
}
