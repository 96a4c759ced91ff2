// Data for 20261126004100_profile_places: the position of every profile written before it, through
// the same lookup as a profile save (services/geo/profile-locations.ts, GeoNames data in a worker
// thread). Safe to run again: only profiles without a position are read; batches of 1,000 by id,
// one transaction each.
import type { Knex } from 'knex';
import { CatalogService } from '../server/services/catalog/catalog-service.js';
import { GeoService } from '../server/services/geo/geo-service.js';
import { locateUnplacedProfiles } from '../server/services/geo/profile-locations.js';

export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  // An empty table (a new installation, every test database) never starts the geo worker.
  if (!(await knex('profiles').whereNull('geo_point').first('id'))) return;
  await locateUnplacedProfiles(knex, new GeoService(knex, new CatalogService(knex)));
}

export async function down(knex: Knex): Promise<void> {
  // The schema migration's down drops the columns; this one has nothing of its own to undo.
  void knex;
}
