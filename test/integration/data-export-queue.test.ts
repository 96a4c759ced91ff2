// The data export queue (issue 18.1): one export at a time and three a day, a newer export replaces
// the older one, links expire and the sweep deletes what is no longer needed, a failed build is
// retried and then failed for good, two workers build an export once, and the operators' CLI.
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DataExportService } from '../../server/services/data-export/data-export-service.js';
import { MediaService } from '../../server/services/media/media-service.js';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { binary, exportToken, openZip } from '../helpers/data-export.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const DAY = 24 * 3600_000;

describeEachBackend('data export queue', (env) => {
  const db = () => env().rt.db;
  const services = () => env().rt.services;
  const exportsDir = () => join(env().rt.config.dataDir, 'exports');
  const rows = (userId: number) => db()('data_exports').where({ user_id: userId }).orderBy('id');

  async function member() {
    const m = await createMember(db(), { name: 'Kim' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const csrf = csrfFrom((await a.get('/settings').expect(200)).text);
    const ask = () => a.post('/settings/export').type('form').send({ _csrf: csrf });
    return { ...m, a, ask };
  }

  it('prepares one export at a time and three a day; past the limit it says so and queues nothing', async () => {
    const m = await member();
    expect((await m.ask().expect(303)).headers.location).to.equal('/settings?saved=export#data');
    expect((await m.ask().expect(303)).headers.location).to.equal('/settings?saved=exportAlready#data');
    expect(await rows(m.id)).to.have.length(1);
    await services().dataExport.processDue();
    await m.ask().expect(303);
    await services().dataExport.processDue();
    await m.ask().expect(303);
    await services().dataExport.processDue();
    const refused = await m.ask().expect(429);
    expect(refused.text).to.include('You have asked for your data 3 times in the last 24 hours.');
    expect(await rows(m.id)).to.have.length(3);
    // A day later the member may ask again.
    await db()('data_exports').where({ user_id: m.id }).update({ created_at: Date.now() - DAY - 1000 });
    await m.ask().expect(303);
  });

  it('replaces an older export with a newer one, expires links after 7 days and sweeps their files', async () => {
    const m = await member();
    await m.ask().expect(303);
    await services().dataExport.processDue();
    const firstToken = await exportToken(env(), m.id);
    await m.ask().expect(303);
    await services().dataExport.processDue();
    const [old, newer] = await rows(m.id);
    expect([old.status, newer.status]).to.deep.equal(['expired', 'ready']);
    await m.a.get(`/settings/export/${firstToken}`).expect(410);

    await services().dataExport.sweep();
    expect(existsSync(join(exportsDir(), old.file_name))).to.equal(false);
    expect((await rows(m.id))[0].file_name).to.equal(null);
    // Eight days on, the newer one has expired too: the file goes, the link shows the dead-link page.
    await services().dataExport.sweep(Date.now() + 8 * DAY);
    expect(existsSync(join(exportsDir(), newer.file_name))).to.equal(false);
    expect((await rows(m.id))[1]).to.include({ status: 'expired', file_name: null });
    await m.a.get(`/settings/export/${await exportToken(env(), m.id)}`).expect(410);
  });

  it('deletes files no export names once they are an hour old, and logins older than a year', async () => {
    mkdirSync(exportsDir(), { recursive: true });
    const stale = join(exportsDir(), 'crashed-build.zip.part');
    const fresh = join(exportsDir(), 'being-built.zip.part');
    writeFileSync(stale, 'x');
    writeFileSync(fresh, 'x');
    utimesSync(stale, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    const m = await member();
    await db()('member_logins').insert({ user_id: m.id, ip: '192.0.2.1', method: 'password', created_at: Date.now() - 366 * DAY });
    await services().dataExport.sweep();
    expect([existsSync(stale), existsSync(fresh)]).to.deep.equal([false, true]);
    expect((await db()('member_logins').where({ user_id: m.id })).map((l: { ip: string }) => l.ip)).not.to.include('192.0.2.1');
  });

  it('retries a failed build with back-off, then marks it failed', async () => {
    const m = await member();
    await m.ask().expect(303);
    // A member whose profile is gone cannot be exported: every attempt fails.
    await db()('profiles').where({ user_id: m.id }).delete();
    await services().dataExport.processDue();
    const [row] = await rows(m.id);
    expect(row).to.include({ status: 'requested', attempts: 1 });
    expect(Number(row.next_attempt_at)).to.be.greaterThan(Date.now() + 30_000);
    for (let i = 0; i < 4; i++) await services().dataExport.processDue({ now: Date.now() + 7 * DAY });
    expect((await rows(m.id))[0]).to.include({ status: 'failed', attempts: 5, file_name: null });
    expect(await services().dataExport.stateOf(m.id)).to.deep.equal({ state: 'failed' });
    expect(await db()('mail_outbox').where({ user_id: m.id, template: 'data_export' })).to.have.length(0);
  });

  it('builds an export once when two workers run at the same time', async () => {
    const m = await member();
    await m.ask().expect(303);
    const rt = env().rt;
    const chatMedia = new MediaService(rt.db, join(rt.config.dataDir, 'chat-media'));
    const second = new DataExportService(rt.db, { stores: { media: rt.services.media, chatMedia }, exportsDir: exportsDir(), tokens: rt.services.tokens, mail: rt.services.mail, i18n: rt.i18n, logger: rt.logger });
    await Promise.all([services().dataExport.processDue(), second.processDue()]);
    expect((await rows(m.id)).map((r: { status: string }) => r.status)).to.deep.equal(['ready']);
    expect(await db()('mail_outbox').where({ user_id: m.id, template: 'data_export' })).to.have.length(1);
    await m.a.get(`/settings/export/${await exportToken(env(), m.id)}`).buffer(true).parse(binary).expect(200);
  });

  it('amora accounts export writes the ZIP for an operator; prepare-exports builds what members asked for', async () => {
    const m = await member();
    const out = join(mkdtempSync(join(tmpdir(), 'amora-export-')), 'answer.zip');
    const run = await amoraCli(env(), 'accounts', 'export', '--user', String(m.id), '--out', out, '--language', 'fr');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.match(/^exported user \d+ to .*answer\.zip \(\d+ bytes\)/);
    const zip = openZip(await readFile(out));
    expect(zip.json('account.json')).to.include({ id: m.id, email: m.email });
    expect(zip.text('README.txt')).to.match(/^Vos données de /);
    expect(await db()('audit_log').where({ action: 'account.export', subject: `user:${m.id}` })).to.have.length(1);

    const again = await amoraCli(env(), 'accounts', 'export', '--user', String(m.id), '--out', out);
    expect([again.code, again.stderr]).to.deep.equal([1, `error: ${out} exists already: choose another --out\n`]);
    const unknown = await amoraCli(env(), 'accounts', 'export', '--user', '99999999', '--out', `${out}.2`);
    expect([unknown.code, unknown.stderr, existsSync(`${out}.2`)]).to.deep.equal([1, 'error: no member with user id 99999999\n', false]);

    await m.ask().expect(303);
    const prepared = await amoraCli(env(), 'accounts', 'prepare-exports');
    expect(prepared.code, prepared.stderr).to.equal(0);
    expect(prepared.stdout).to.match(/^prepared [1-9]\d*, export files deleted \d+/);
    expect((await rows(m.id))[0]).to.include({ status: 'ready' });
  });
});
