// `amora suppressions` run as operators run it (a separate process) on the test database: a CSV
// export and a plain list imported (trimmed, lower-cased, checked, bad lines counted), a second
// run adding nothing, a dry run changing nothing, list with filters, remove, and bad input refused
// with a clear message.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';

describeEachBackend('amora suppressions', (env) => {
  const dir = mkdtempSync(join(tmpdir(), 'amora-suppressions-'));
  const tag = `s${Date.now().toString(36)}`;
  const amora = (...args: string[]) => amoraCli(env(), 'suppressions', ...args);
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const stored = async () =>
    (await env().rt.db('suppressions').where('email', 'like', `%${tag}%`).orderBy(['email', 'reason']).select('email', 'reason')).map((r: { email: string; reason: string }) => `${r.email} ${r.reason}`);

  it('imports a CSV export with an email column, skipping bad lines, and a second run adds nothing', async function () {
    this.timeout(180_000); // each command is a separate process
    const csv = file('fbl.csv', [
      '\uFEFFdate;Email;campaign',
      `2026-11-01;" Anna.${tag}@Example.COM ";weekly`,
      `2026-11-02;bert.${tag}@example.com;news`,
      '2026-11-03;not-an-address;news',
      `2026-11-04;anna.${tag}@example.com;again`,
      '2026-11-05;;empty',
      '',
    ].join('\r\n'));
    const first = await amora('import', csv, '--reason', 'fbl');
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stdout.trim().split('\n').pop()).to.equal('added 2, already suppressed 0, duplicates 1, skipped 2 bad line(s) (reason fbl)');
    expect(await stored()).to.deep.equal([`anna.${tag}@example.com fbl`, `bert.${tag}@example.com fbl`]);
    const again = await amora('import', csv, '--reason', 'fbl');
    expect(again.stdout.trim()).to.equal('added 0, already suppressed 2, duplicates 1, skipped 2 bad line(s) (reason fbl)');
    expect(await stored()).to.have.length(2);
  });

  it('imports a plain list after a dry run that changes nothing', async function () {
    this.timeout(180_000); // each command is a separate process
    const list = file('bounces.txt', `# hard bounces\ncarl.${tag}@example.com\n  DORA.${tag}@example.com  \nanna.${tag}@example.com\nfoo@\n`);
    const dry = await amora('import', list, '--reason', 'bounce', '--dry-run');
    expect(dry.stdout.trim()).to.equal('would add 3, already suppressed 0, duplicates 0, skipped 1 bad line(s) (reason bounce) (dry run, nothing changed)');
    expect(await stored()).to.have.length(2);
    const real = await amora('import', list, '--reason', 'bounce');
    expect(real.stdout.trim()).to.equal('added 3, already suppressed 0, duplicates 0, skipped 1 bad line(s) (reason bounce)');
    expect(await stored()).to.include.members([`anna.${tag}@example.com bounce`, `carl.${tag}@example.com bounce`, `dora.${tag}@example.com bounce`]);
  });

  it('lists by reason and address, and removes one reason or all', async function () {
    this.timeout(180_000); // each command is a separate process
    const byEmail = await amora('list', '--email', ` ANNA.${tag}@example.com`);
    expect(byEmail.stdout).to.match(new RegExp(`anna\\.${tag}@example\\.com  fbl  \\d{4}-`)).and.include(`anna.${tag}@example.com  bounce`);
    expect(byEmail.stdout.trim().split('\n').pop()).to.equal('listed 2 suppression(s)');
    const json = JSON.parse((await amora('list', '--reason', 'bounce', '--email', `carl.${tag}@example.com`, '--json')).stdout) as { email: string; reason: string }[];
    expect(json.map((r) => `${r.email} ${r.reason}`)).to.deep.equal([`carl.${tag}@example.com bounce`]);

    expect((await amora('remove', `anna.${tag}@example.com`, '--reason', 'bounce')).stdout.trim()).to.equal(`removed 1 suppression(s) of anna.${tag}@example.com`);
    expect(await stored()).to.include(`anna.${tag}@example.com fbl`).and.not.include(`anna.${tag}@example.com bounce`);
    expect((await amora('remove', `Carl.${tag}@example.com`)).stdout.trim()).to.equal(`removed 1 suppression(s) of carl.${tag}@example.com`);
    const none = await amora('remove', `carl.${tag}@example.com`);
    expect(none.code).to.equal(1);
    expect(none.stdout.trim()).to.equal(`removed 0 suppression(s) of carl.${tag}@example.com`);
  });

  it('refuses a bad reason or a missing file with a clear message, changing nothing', async function () {
    this.timeout(180_000); // each command is a separate process
    const before = await stored();
    const badReason = await amora('import', file('x.txt', `eve.${tag}@example.com\n`), '--reason', 'spam');
    expect(badReason.code).to.equal(1);
    expect(badReason.stderr).to.include('--reason must be one of fbl|bounce|listunsubscribe, got "spam"');
    const missing = await amora('import', join(dir, 'nope.csv'), '--reason', 'fbl');
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.include('no such file');
    expect(await stored()).to.deep.equal(before);
  });
});
