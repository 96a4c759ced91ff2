// "Download my data" (issue 18.1): the request only queues, the worker builds the ZIP and mails
// the link, the link downloads once in the member's own session, and the archive holds everything
// stored about the member (every needle of a member with data in every place) and nothing private
// of the partner.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { binary, exportToken, openZip } from '../helpers/data-export.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { memberEverywhere } from '../helpers/member-everywhere.js';
import { createMember } from '../helpers/members.js';

type Row = Record<string, unknown>;

describeEachBackend('data export', (env) => {
  const db = () => env().rt.db;
  const exportsDir = () => join(env().rt.config.dataDir, 'exports');
  const latest = (userId: number) => db()('data_exports').where({ user_id: userId }).orderBy('id', 'desc').first();

  async function member(language = 'en') {
    const m = await createMember(db(), { name: 'Robin', language });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const csrf = csrfFrom((await a.get('/settings').expect(200)).text);
    return { ...m, a, csrf };
  }

  it('queues the request, builds the ZIP in the worker and mails a link that downloads it once', async () => {
    const m = await memberEverywhere(env(), { deletion: false });
    await db()('users').where({ id: m.id }).update({ language: 'de' });
    const asked = await m.web.post('/settings/export').type('form').send({ _csrf: m.csrf }).expect(303);
    expect(asked.headers.location).to.equal('/settings?saved=export#data');
    // The request built nothing: a row waits for the worker.
    expect(await latest(m.id)).to.include({ status: 'requested', file_name: null });
    expect((await m.web.get('/settings').expect(200)).text).to.include('data-testid="data-export-status"');

    expect(await env().rt.services.dataExport.processDue()).to.be.at.least(1);
    const ready = await latest(m.id);
    expect(ready.status).to.equal('ready');
    expect(ready.file_name).to.match(/^[A-Za-z0-9_-]{32}\.zip$/);
    expect(existsSync(join(exportsDir(), ready.file_name))).to.equal(true);
    const mail = await db()('mail_outbox').where({ user_id: m.id, template: 'data_export' }).first();
    expect(mail).to.include({ to_address: m.v.email, language: 'de' });
    expect(mail.subject).to.match(/^Deine Daten von /);
    expect(mail.text).to.include('http://localhost/settings/export/');

    const token = await exportToken(env(), m.id);
    const res = await m.web.get(`/settings/export/${token}`).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).to.equal('application/zip');
    expect(res.headers['content-disposition']).to.match(/^attachment; filename="localhost-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).to.include('no-store');
    // Single use: the file is gone at once, and the link answers the same page as any dead link.
    expect(existsSync(join(exportsDir(), ready.file_name))).to.equal(false);
    expect(await latest(m.id)).to.include({ status: 'downloaded', file_name: null });
    expect((await m.web.get(`/settings/export/${token}`).expect(410)).text).to.include('data-testid="data-export-link-error"');

    const zip = openZip(res.body as Buffer);
    const messages = (await db()('messages').where({ conversation_id: m.conversationId }).orderBy('id')) as Row[];
    const chatPhoto = messages.find((x) => x.kind === 'photo')!;
    expect(zip.names).to.deep.equal([
      'README.txt', 'account.json', 'blocks.json', 'complaints.json', 'consents.json', 'conversations.json', 'credit-ledger.json', 'gifts.json', 'likes.json',
      'logins.json', 'notifications.json', 'payments.json', `photos/${m.ownPhotoId}.jpg`, `photos/chat/${chatPhoto.id}.jpg`, 'profile.json',
    ].sort());
    expect(zip.text('README.txt')).to.match(/^Deine Daten von /).and.include('conversations.json').and.include('Nicht enthalten');
    const fileKey = (await db()('photos').where({ id: m.ownPhotoId }).first('file_key')).file_key as string;
    expect(Buffer.from(zip.bytes(`photos/${m.ownPhotoId}.jpg`)).equals(readFileSync(env().rt.services.media.pathOf(fileKey, 'full')))).to.equal(true);

    // Everything stored about the member is in it; the partner's private data is not.
    const everything = zip.names.filter((n) => n.endsWith('.json') || n.endsWith('.txt')).map((n) => zip.text(n)).join('\n');
    for (const needle of m.subject.needles) expect(everything, needle).to.include(needle);
    expect(everything).to.include(m.reply);
    for (const secret of [m.partner.email, m.partner.ip, (await db()('users').where({ id: m.id }).first('password_hash')).password_hash]) {
      expect(everything).not.to.include(secret);
    }

    const account = zip.json('account.json');
    expect(account).to.include({ id: m.id, email: m.v.email, language: 'de' });
    expect((account.signup as Row).ip_address).to.equal(m.v.ip);
    expect(account.daily_spending_limit).to.deep.include({ limit: 90000, time_zone: 'Europe/Amsterdam', change_waiting: null });
    const logins = zip.json<{ logins: Row[] }>('logins.json').logins;
    expect(logins.filter((l) => l.ip_address === m.v.ip && l.method === 'password')).to.have.length(2);
    const [conversation, ...others] = zip.json<Row[]>('conversations.json');
    expect(others).to.have.length(0);
    expect(conversation!.partner).to.deep.equal({ id: m.partner.profileId, name: 'Partner' });
    const sent = (conversation!.messages as Row[]).map((x) => [x.from, x.kind, 'credits_spent' in x]);
    expect(sent).to.deep.equal([['you', 'text', true], ['you', 'gift', true], ['you', 'photo', true], ['partner', 'text', false]]);
    expect(zip.json<{ sent: Row[] }>('gifts.json').sent).to.have.length(1);
    const likes = zip.json<{ given: Row[]; received: Row[] }>('likes.json');
    expect([likes.given.length, likes.received.length]).to.deep.equal([1, 1]);
    expect(zip.json<{ blocked_by_you: Row[] }>('blocks.json').blocked_by_you).to.have.length(1);
    expect(zip.json<{ settings: Row[] }>('notifications.json').settings.map((s) => s.type)).to.deep.equal(['like']);
    expect(zip.json<{ payments: Row[] }>('payments.json').payments).to.have.length(1);
    const ledger = zip.json<Row[]>('credit-ledger.json');
    expect(ledger.at(-1)!.balance_after).to.equal((await db()('users').where({ id: m.id }).first('credits')).credits);
    expect(zip.json<Row[]>('complaints.json')).to.have.length(1);
    const consents = zip.json<{ direct_debit_mandates: Row[]; terms_of_service: Row[] }>('consents.json');
    expect(consents.direct_debit_mandates[0]).to.include({ iban: m.v.iban });
    expect(consents.terms_of_service).to.deep.include({ version: '2023-12-01T12:00:00.000Z', accepted_at: consents.terms_of_service[0]!.accepted_at, how: 'signup' });
  });

  it('needs the member\'s own session: visitors log in first; another member, a HEAD or a prefetch uses nothing up', async () => {
    const m = await member();
    await m.a.post('/settings/export').type('form').send({ _csrf: m.csrf }).expect(303);
    await env().rt.services.dataExport.processDue();
    const token = await exportToken(env(), m.id);

    const visitor = await agent(env().app).get(`/settings/export/${token}`).expect(303);
    expect(visitor.headers.location).to.equal(`/login?next=${encodeURIComponent(`/settings/export/${token}`)}`);
    const other = await member();
    await other.a.get(`/settings/export/${token}`).expect(410);
    await other.a.get('/settings/export/not-a-token').expect(410);
    // Nor does a link checker's HEAD or a browser's prefetch in the member's own session.
    await m.a.head(`/settings/export/${token}`).expect(503);
    await m.a.get(`/settings/export/${token}`).set('Sec-Purpose', 'prefetch').expect(503);
    expect(await latest(m.id)).to.include({ status: 'ready' });
    await m.a.get(`/settings/export/${token}`).buffer(true).parse(binary).expect(200);
  });

  it('says where the newest export stands on /settings, in the member\'s language', async () => {
    const m = await member('pl');
    const page = async () => (await m.a.get('/settings').set('Cookie', 'amora_lang=pl').expect(200)).text;
    expect(await page()).to.include('Pobierz moje dane').and.not.include('data-testid="data-export-status"');
    await m.a.post('/settings/export').type('form').send({ _csrf: m.csrf }).expect(303);
    expect(await page()).to.include('Twoje dane są przygotowywane');
    await env().rt.services.dataExport.processDue();
    expect(await page()).to.include('Twoje dane są gotowe');
    await db()('data_exports').insert({ user_id: m.id, status: 'failed', base_url: 'http://localhost', attempts: 5, next_attempt_at: 0, created_at: Date.now() });
    expect(await page()).to.include('Nie udało nam się przygotować Twoich danych');
  });
});
