// The operator CLI, run as operators run it: a separate process on the configured database.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ROOT_DIR } from '../../server/config.js';
import { MIGRATION_COUNT } from '../../migrations/index.js';
import { createDb } from '../../server/db.js';

const run = promisify(execFile);

describe('[sqlite] amora CLI', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'amora-cli-'));
  const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'cli.sqlite')}`, DATA_DIR: dir, LOG_LEVEL: 'silent' };

  async function amora(...args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'cli/index.ts'), ...args], { env, cwd: ROOT_DIR });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('db migrate, rollback --all and migrate again', async () => {
    expect((await amora('db', 'migrate')).stdout).to.match(new RegExp(`applied ${MIGRATION_COUNT}`));
    expect((await amora('db', 'migrate')).stdout).to.match(/already up to date/);
    expect((await amora('accounts', 'purge', '--dry-run')).stdout).to.match(/due 0 \(dry run/);
    expect((await amora('accounts', 'purge')).stdout).to.match(/purged 0, photos deleted 0/);
    expect((await amora('db', 'rollback', '--all')).stdout).to.match(new RegExp(`rolled back ${MIGRATION_COUNT}`));
    expect((await amora('db', 'migrate')).stdout).to.match(new RegExp(`applied ${MIGRATION_COUNT}`));
  });

  it('db seed is idempotent', async () => {
    const first = await amora('db', 'seed');
    expect(first.stdout).to.match(/sites \+2, bundles \+32/);
    const second = await amora('db', 'seed');
    expect(second.stdout).to.match(/sites \+0, bundles \+0/);
    const db = createDb(env.DATABASE_URL);
    expect(await db('sites').count({ n: '*' }).first()).to.deep.equal({ n: 2 });
    expect(Number((await db('interests').count({ n: '*' }).first())?.n)).to.equal(50);
    await db.destroy();
  });

  it('sites list and sites set with validation and dry run', async () => {
    const list = await amora('sites', 'list');
    expect(list.stdout).to.include('localhost').and.include('nl.localhost').and.include('2 site(s)');
    const dry = await amora('sites', 'set', 'nl.localhost', 'signups=with_trafficsource', '--dry-run');
    expect(dry.stdout).to.include('dry run, not saved');
    expect((await amora('sites', 'list', '--json')).stdout).not.to.include('with_trafficsource');
    const ok = await amora('sites', 'set', 'nl.localhost', 'signups=with_trafficsource', 'refund_days=30');
    expect(ok.code).to.equal(0);
    const json = JSON.parse((await amora('sites', 'list', '--json')).stdout) as { domain: string; stored: Record<string, unknown> }[];
    expect(json.find((s) => s.domain === 'nl.localhost')!.stored).to.include({ signups: 'with_trafficsource', refund_days: 30 });
    const bad = await amora('sites', 'set', 'nl.localhost', 'signups=sometimes');
    expect(bad.code).to.equal(1);
    expect(bad.stderr).to.match(/validation_failed.*signups/);
    const unknownKey = await amora('sites', 'set', 'nl.localhost', 'colour=red');
    expect(unknownKey.stderr).to.include('unknown setting(s): colour');
    const unknownSite = await amora('sites', 'set', 'nope.example', 'refund_days=1');
    expect(unknownSite.stderr).to.include('unknown_site');
  });

  it('sites add validates and refuses duplicates', async () => {
    const ok = await amora('sites', 'add', 'amora.example', '--name', 'Amora UK', '--alias', 'www2.amora.example', 'countries=["GB"]');
    expect(ok.code, ok.stderr).to.equal(0);
    expect((await amora('sites', 'list')).stdout).to.include('amora.example  "Amora UK"').and.include('www2.amora.example');
    expect((await amora('sites', 'add', 'amora.example', '--name', 'Again')).stderr).to.include('site_exists');
    expect((await amora('sites', 'add', 'bad domain!', '--name', 'X')).stderr).to.include('validation_failed');
  });

  it('company show and set', async () => {
    const set = await amora('company', 'set', 'name=Example Dating Ltd', 'vat_numbers=["GB123456789"]', 'delete_discount=10');
    expect(set.code).to.equal(0);
    const shown = JSON.parse((await amora('company', 'show')).stdout);
    expect(shown).to.include({ name: 'Example Dating Ltd', delete_discount: 10 });
    expect(shown.vat_numbers).to.deep.equal(['GB123456789']);
    const bad = await amora('company', 'set', 'delete_discount=500');
    expect(bad.code).to.equal(1);
  });
});
