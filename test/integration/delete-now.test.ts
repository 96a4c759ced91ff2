// "Delete now" (issue 18.2): with the password and a ticked box the member is erased at once by
// the purge's own code, logged out and shown /account-deleted; then every table, every file under
// DATA_DIR (photos, chat photos, mail, data exports), the SQLite files and Redis are searched for
// the member's address, name, IPs, words and files, as after the 14-day purge.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { leaksOf, memberEverywhere } from '../helpers/member-everywhere.js';
import { createMember } from '../helpers/members.js';

describeEachBackend('delete now', (env) => {
  const db = () => env().rt.db;

  it('asks for the ticked box and the password, and changes nothing without them', async () => {
    const m = await createMember(db(), { name: 'Noor' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const csrf = csrfFrom((await a.get('/settings').expect(200)).text);
    const post = (body: Record<string, string>) => a.post('/settings/delete-now').type('form').send({ _csrf: csrf, ...body });
    const unticked = await post({ delete_now_password: m.password }).expect(400);
    expect(unticked.text).to.include('Tick the box to confirm that your account is erased at once.').and.include('<details class="delete-now" open=""');
    expect((await post({ delete_now_confirm: '1', delete_now_password: 'not the password' }).expect(400)).text).to.include('Please check your old password.');
    expect(await db()('users').where({ id: m.id }).first('status', 'email')).to.deep.equal({ status: 'active', email: m.email });
    await a.get('/api/user.php').set('X-Request-Type', 'client').expect(200);
  });

  it('erases the member at once: nothing personal left in any table, file or Redis key; the books stay, anonymised', async () => {
    const m = await memberEverywhere(env(), { deletion: false });
    // A data export ready for download, whose file must go too.
    await m.web.post('/settings/export').type('form').send({ _csrf: m.csrf }).expect(303);
    await env().rt.services.dataExport.processDue();
    const exported = await db()('data_exports').where({ user_id: m.id }).first('file_name');
    const exportFile = join(env().rt.config.dataDir, 'exports', exported.file_name);
    expect(existsSync(exportFile)).to.equal(true);
    const subject = { ...m.subject, fileKeys: [...m.subject.fileKeys, exported.file_name] };
    const other = await loggedInAgent(env().app, m.v.email, m.password);
    expect((await leaksOf(env(), subject)).length, 'the search finds the member before').to.be.greaterThan(10);

    const res = await m.web.post('/settings/delete-now').type('form').send({ _csrf: m.csrf, delete_now_confirm: '1', delete_now_password: m.password }).expect(303);
    expect(res.headers.location).to.equal('/account-deleted?erased=1');
    const page = await m.web.get('/account-deleted?erased=1').expect(200);
    expect(page.text).to.include('data-testid="account-erased"').and.include('Your account has been erased').and.not.include('reactivate');
    // Logged out everywhere, and the address no longer logs in.
    await m.web.get('/api/user.php').set('X-Request-Type', 'client').expect(403);
    await other.get('/api/user.php').set('X-Request-Type', 'client').expect(403);

    expect(await leaksOf(env(), subject)).to.deep.equal([]);
    expect(existsSync(exportFile)).to.equal(false);
    expect(readdirSync(join(env().rt.config.dataDir, 'exports'))).not.to.include(exported.file_name);
    expect(await db()('users').where({ id: m.id }).first('status', 'email')).to.deep.equal({ status: 'deleted', email: `deleted-${m.id}@deleted.invalid` });
    const ledger = (await db()('credit_ledger').where({ user_id: m.id }).orderBy('id')) as { delta: number; balance_after: number; reason: string }[];
    expect(ledger.reduce((sum, l) => sum + l.delta, 0)).to.equal(0);
    expect(ledger.at(-1)).to.include({ reason: 'purge', balance_after: 0 });
    expect(await db()('payments').where({ user_id: m.id })).to.have.length(1);
    // The 14-day purge later finds nothing more to do for this member.
    await env().rt.services.accountDeletion.purge({ now: Date.now() + 15 * 24 * 3600_000 });
    expect(await leaksOf(env(), subject)).to.deep.equal([]);
  });
});
