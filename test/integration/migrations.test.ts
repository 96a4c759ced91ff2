// Migrations are reversible on both dialects: migrate → rollback → migrate, in a database of their own.
import { expect } from 'chai';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATION_COUNT } from '../../migrations/index.js';
import { createDb, migrateLatest, rollbackAll } from '../../server/db.js';
import { BACKENDS } from '../helpers/backends.js';

const EXPECTED_TABLES = [
  'sites', 'company_info', 'app_keys', 'users', 'profiles', 'interests', 'profile_interests', 'regions', 'photos', 'likes', 'blocks',
  'daily_quotas', 'gifts', 'conversations', 'conversation_participants', 'messages', 'credit_ledger', 'bundles', 'discount_codes',
  'payments', 'discount_redemptions', 'direct_debit_mandates', 'otp_codes', 'notification_settings', 'suppressions',
  'push_subscriptions', 'mail_outbox', 'push_outbox', 'sms_outbox', 'tokens', 'sessions', 'login_attempts', 'complaints',
  'dismissals', 'audit_log', 'rate_limits', 'test_provider_payments', 'event_relay', 'notification_sends', 'presence', 'lander_visits', 'geo_places', 'terms_acceptances',
  'member_logins', 'data_exports',
];

for (const backend of BACKENDS) {
  describe(`[${backend.name}] migrations`, function () {
    this.timeout(120_000);

    it('migrate → rollback → migrate leaves the full schema, and rollback leaves none of it', async () => {
      let url = `sqlite:${join(mkdtempSync(join(tmpdir(), 'amora-mig-')), 'm.sqlite')}`;
      // A scratch database named after the test database, so that parallel runs on other test
      // databases of the same server do not drop each other's.
      const scratch = `${new URL(backend.databaseUrl).pathname.slice(1) || 'test'}_migrations`.replace(/[^A-Za-z0-9_]/g, '');
      if (!backend.databaseUrl.startsWith('sqlite:')) {
        const server = createDb(backend.databaseUrl);
        await server.raw(`DROP DATABASE IF EXISTS \`${scratch}\``);
        await server.raw(`CREATE DATABASE \`${scratch}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        await server.destroy();
        const u = new URL(backend.databaseUrl);
        u.pathname = `/${scratch}`;
        url = u.toString();
      }
      const db = createDb(url);
      try {
        expect(await migrateLatest(db)).to.have.length(MIGRATION_COUNT);
        for (const table of EXPECTED_TABLES) expect(await db.schema.hasTable(table), table).to.equal(true);
        expect(await rollbackAll(db)).to.have.length(MIGRATION_COUNT);
        for (const table of EXPECTED_TABLES) expect(await db.schema.hasTable(table), table).to.equal(false);
        expect(await migrateLatest(db)).to.have.length(MIGRATION_COUNT);
        expect(await migrateLatest(db)).to.have.length(0);
        for (const table of EXPECTED_TABLES) expect(await db.schema.hasTable(table), table).to.equal(true);
      } finally {
        if (!backend.databaseUrl.startsWith('sqlite:')) await db.raw(`DROP DATABASE IF EXISTS \`${scratch}\``);
        await db.destroy();
      }
    });
  });
}
