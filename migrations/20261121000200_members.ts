// Members: users (accounts), profiles (real and fictional), interests, regions, photos.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.integer('site_id').unsigned().notNullable().references('id').inTable('sites');
    t.string('email', 191).notNullable();
    t.string('password_hash', 255).notNullable();
    // not_confirmed | active | pending_deletion | deleted
    t.string('status', 20).notNullable().defaultTo('not_confirmed');
    t.integer('credits').unsigned().notNullable().defaultTo(0);
    t.boolean('paid_user').notNullable().defaultTo(false);
    t.bigInteger('premium_since').nullable();
    t.bigInteger('signup_date').notNullable();
    t.string('language', 5).notNullable().defaultTo('en');
    t.boolean('invisible').notNullable().defaultTo(false);
    t.string('network', 191).nullable();
    t.string('ref', 191).nullable();
    t.string('sub1', 191).nullable();
    t.string('sub2', 191).nullable();
    t.string('sub3', 191).nullable();
    t.string('signup_ip', 64).nullable();
    t.string('signup_reason', 191).nullable();
    t.bigInteger('confirmed_at').nullable();
    t.bigInteger('last_login_at').nullable();
    t.bigInteger('password_changed_at').nullable();
    t.bigInteger('deletion_requested_at').nullable();
    t.string('delete_reason', 32).nullable();
    t.text('delete_remarks').nullable();
    t.bigInteger('deleted_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['site_id', 'email']);
    t.index(['status', 'deletion_requested_at']);
  });
  await knex.schema.createTable('profiles', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().nullable().unique().references('id').inTable('users');
    t.boolean('is_fictional').notNullable().defaultTo(false);
    t.string('name', 64).notNullable();
    t.string('gender', 10).notNullable(); // male | female
    t.string('sexuality', 10).notNullable(); // hetero | gay | lesbian | bi
    t.string('birth_date', 10).notNullable(); // YYYY-MM-DD
    t.string('country', 2).notNullable();
    t.string('region', 100).nullable();
    t.string('city', 100).nullable();
    t.text('about').nullable();
    t.string('hair_color', 20).nullable();
    t.string('eye_color', 10).nullable();
    t.string('body_type', 10).nullable();
    t.string('relationship_status', 20).nullable();
    t.boolean('tattoos').nullable();
    t.string('appearance', 10).nullable(); // match finder: normal | sexy
    t.string('race', 10).nullable(); // match finder: white | other
    t.string('language', 5).nullable();
    // active | disabled (not yet confirmed) | hidden (invisible, deleted or blocked by staff)
    t.string('status', 10).notNullable().defaultTo('active');
    t.integer('main_photo_id').unsigned().nullable();
    t.integer('photo_count').unsigned().notNullable().defaultTo(0);
    t.bigInteger('last_active_at').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    // Search pages walk an index in activity order and stop after one page, so their cost does
    // not grow with the table; equality filters come first. Counting uses the covering indexes
    // (equality filters, then the birth-date range) and stops at a cap.
    t.index(['status', 'last_active_at'], 'profiles_feed');
    t.index(['status', 'gender', 'last_active_at'], 'profiles_feed_gender');
    t.index(['status', 'country', 'last_active_at'], 'profiles_feed_country');
    t.index(['status', 'gender', 'country', 'last_active_at'], 'profiles_feed_gender_country');
    t.index(['status', 'country', 'region', 'last_active_at'], 'profiles_feed_region');
    t.index(['status', 'gender', 'country', 'birth_date'], 'profiles_count_gender');
    t.index(['status', 'country', 'birth_date'], 'profiles_count');
  });
  await knex.schema.createTable('interests', (t) => {
    t.increments('id');
    t.string('slug', 64).notNullable().unique();
    t.integer('position').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('profile_interests', (t) => {
    t.integer('profile_id').unsigned().notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.integer('interest_id').unsigned().notNullable().references('id').inTable('interests').onDelete('CASCADE');
    t.primary(['profile_id', 'interest_id']);
  });
  await knex.schema.createTable('regions', (t) => {
    t.increments('id');
    t.string('country', 2).notNullable();
    t.string('code', 16).notNullable();
    t.string('name', 100).notNullable();
    t.unique(['country', 'code']);
  });
  await knex.schema.createTable('photos', (t) => {
    t.increments('id');
    t.integer('profile_id').unsigned().notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    // Generated, unguessable base name; variants are <key>.jpg, <key>_thumb.jpg, <key>_blur.jpg.
    t.string('file_key', 64).notNullable().unique();
    t.integer('width').unsigned().notNullable();
    t.integer('height').unsigned().notNullable();
    t.string('status', 10).notNullable().defaultTo('pending'); // pending | active | rejected
    t.integer('position').notNullable().defaultTo(0);
    t.bigInteger('reviewed_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['profile_id', 'status', 'position']);
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('photos');
  await knex.schema.dropTable('regions');
  await knex.schema.dropTable('profile_interests');
  await knex.schema.dropTable('interests');
  await knex.schema.dropTable('profiles');
  await knex.schema.dropTable('users');
}
