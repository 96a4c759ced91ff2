// amora db migrate|rollback|seed
import type { Command } from 'commander';
import { createDb, migrateLatest, rollbackAll, rollbackLast } from '../../server/db.js';
import { loadConfig } from '../../server/config.js';
import { seedAll } from '../../seeds/index.js';
import { withRuntime } from '../context.js';

export function registerDb(program: Command): void {
  const db = program.command('db').description('database schema and seed data');

  db.command('migrate')
    .description('apply every pending migration')
    .action(async () => {
      const knex = createDb(loadConfig().databaseUrl);
      try {
        const done = await migrateLatest(knex);
        console.log(done.length ? `applied ${done.length}: ${done.join(', ')}` : 'already up to date');
      } finally {
        await knex.destroy();
      }
    });

  db.command('rollback')
    .description('undo the last batch of migrations (--all: every migration)')
    .option('--all', 'roll back every migration')
    .action(async (opts: { all?: boolean }) => {
      const knex = createDb(loadConfig().databaseUrl);
      try {
        const done = opts.all ? await rollbackAll(knex) : await rollbackLast(knex);
        console.log(done.length ? `rolled back ${done.length}: ${done.join(', ')}` : 'nothing to roll back');
      } finally {
        await knex.destroy();
      }
    });

  db.command('seed')
    .description('insert base data (sites, company, bundles, gifts, interests, regions); idempotent')
    .option('--demo', 'also add demo profiles with generated pictures and demo members')
    .option('--profiles <n>', 'number of demo profiles', (v) => Number.parseInt(v, 10), 300)
    .action(async (opts: { demo?: boolean; profiles: number }) => {
      await withRuntime(async (rt) => {
        const r = await seedAll(rt, { demo: Boolean(opts.demo), profiles: opts.profiles });
        console.log(
          `sites +${r.base.sites}, bundles +${r.base.bundles}, gifts ${r.base.gifts}, interests ${r.base.interests}, regions ${r.base.regions}` +
            (opts.demo ? `, demo profiles +${r.demoProfiles}` : ''),
        );
        if (r.demoLogin) console.log(`demo member: ${r.demoLogin.email} / ${r.demoLogin.password}`);
      }, { migrate: true });
    });
}
