// Where profiles are, for "near me" on /members (issue 16): each profile's position at city level
// (its city's coordinates from GeoNames, else its region's or country's middle; never a member's
// own position), rounded to 0.01°, and `geo_point`, that position as one integer, so that the
// profiles at one place are an index walk in activity order. `geo_places` lists the places that
// hold profiles (with the region they gave: a search within a region walks only its places), so
// that a search finds the nearest ones with a small range scan instead of sorting every profile
// by distance (see services/search/near-search.ts).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('profiles', 'geo_point')) return;
  await knex.schema.alterTable('profiles', (t) => {
    t.decimal('latitude', 5, 2).nullable();
    t.decimal('longitude', 5, 2).nullable();
    t.integer('geo_point').nullable();
    // city | region | country: how exact the position is (distances are shown for city and region).
    t.string('location_precision', 7).nullable();
    t.index(['status', 'geo_point', 'last_active_at'], 'profiles_near');
    t.index(['status', 'gender', 'geo_point', 'last_active_at'], 'profiles_near_gender');
  });
  await knex.schema.createTable('geo_places', (t) => {
    t.string('country', 2).notNullable();
    // '' for profiles without a region.
    t.string('region', 100).notNullable();
    t.integer('geo_point').notNullable();
    t.decimal('latitude', 5, 2).notNullable();
    t.decimal('longitude', 5, 2).notNullable();
    t.primary(['country', 'region', 'geo_point']);
    t.index(['latitude', 'longitude'], 'geo_places_position');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('geo_places');
  if (!(await knex.schema.hasColumn('profiles', 'geo_point'))) return;
  await knex.schema.alterTable('profiles', (t) => {
    t.dropIndex(['status', 'geo_point', 'last_active_at'], 'profiles_near');
    t.dropIndex(['status', 'gender', 'geo_point', 'last_active_at'], 'profiles_near_gender');
  });
  await knex.schema.alterTable('profiles', (t) => {
    for (const column of ['latitude', 'longitude', 'geo_point', 'location_precision']) t.dropColumn(column);
  });
}
