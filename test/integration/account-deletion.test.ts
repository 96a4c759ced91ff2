// Deleting an account (SPEC.md §3, §4, §8): reasons and remarks, 14 days pending with a
// reactivation link, the login message while pending, and the purge that anonymises afterwards.
import { expect } from 'chai';
import sharp from 'sharp';
import { existsSync } from 'node:fs';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const DAY = 24 * 3600_000;

describeEachBackend('account deletion', (env) => {
  async function member() {
    const m = await createMember(env().rt.db, { name: 'Toni' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    return { ...m, a, token };
  }
  const reactivationLink = async (email: string) => {
    const mail = await env().rt.db('mail_outbox').where({ to_address: email, template: 'reactivation' }).orderBy('id', 'desc').first();
    return /\/reactivate\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  };

  it('asks for a reason, remarks for "other" and the password, and changes nothing on an error', async () => {
    const m = await member();
    const post = (body: Record<string, string>) => m.a.post('/settings/delete').type('form').send({ _csrf: m.token, ...body });
    expect((await post({ delete_password: m.password }).expect(400)).text).to.include('Choose a reason.');
    expect((await post({ reason: 'other', delete_password: m.password }).expect(400)).text).to.include('Tell us a little more about your reason.');
    expect((await post({ reason: 'price', delete_password: 'wrong password!' }).expect(400)).text).to.include('Please check your old password.');
    expect(await env().rt.db('users').where({ id: m.id }).first('status')).to.deep.equal({ status: 'active' });
  });

  it('deletes to pending_deletion, ends the sessions, mails a link that reactivates within 14 days', async () => {
    const m = await member();
    const other = await loggedInAgent(env().app, m.email, m.password);
    const res = await m.a.post('/settings/delete').type('form').send({ _csrf: m.token, reason: 'other', remarks: 'Met someone at work', delete_password: m.password }).expect(303);
    expect(res.headers.location).to.equal('/account-deleted');
    expect((await m.a.get('/account-deleted').expect(200)).text).to.include('Your account has been deleted');
    const db = env().rt.db;
    expect(await db('users').where({ id: m.id }).first('status', 'delete_reason', 'delete_remarks')).to.deep.equal({ status: 'pending_deletion', delete_reason: 'other', delete_remarks: 'Met someone at work' });
    expect(await db('profiles').where({ user_id: m.id }).first('status')).to.deep.equal({ status: 'hidden' });
    await other.get('/api/user.php').set('X-Request-Type', 'client').expect(403);

    // Logging in while pending explains how to come back.
    const login = agent(env().app);
    const t = csrfFrom((await login.get('/login').expect(200)).text);
    const refused = await login.post('/login').type('form').send({ _csrf: t, email: m.email, password: m.password }).expect(403);
    expect(refused.text).to.include('To keep it, use the reactivation link in the e-mail we sent you, or contact support.');
    const api = await login.post('/api/user.php').set('x-csrf-token', t).send({ email: m.email, password: m.password }).expect(403);
    expect(api.body.error.code).to.equal('account_pending_deletion');

    const token = await reactivationLink(m.email);
    const back = agent(env().app);
    expect((await back.get(`/reactivate?token=${token}`).expect(303)).headers.location).to.equal('/reactivate/done');
    expect((await back.get('/reactivate/done').expect(200)).text).to.include('Welcome back!');
    expect(await db('member_logins').where({ user_id: m.id }).orderBy('id').pluck('method')).to.deep.equal(['password', 'password', 'reactivation_link']);
    await back.get('/api/user.php').set('X-Request-Type', 'client').expect(200);
    expect(await db('users').where({ id: m.id }).first('status')).to.deep.equal({ status: 'active' });
    expect(await db('profiles').where({ user_id: m.id }).first('status')).to.deep.equal({ status: 'active' });
    const again = await agent(env().app).get(`/reactivate?token=${token}`).expect(400);
    expect(again.text).to.include('Reactivation failed');
  });

  it('does not reactivate after 14 days', async () => {
    const m = await member();
    await m.a.post('/settings/delete').type('form').send({ _csrf: m.token, reason: 'time', delete_password: m.password }).expect(303);
    const token = await reactivationLink(m.email);
    await env().rt.db('users').where({ id: m.id }).update({ deletion_requested_at: Date.now() - 15 * DAY });
    await agent(env().app).get(`/reactivate?token=${token}`).expect(400);
    expect(await env().rt.db('users').where({ id: m.id }).first('status')).to.deep.equal({ status: 'pending_deletion' });
  });

  it('purges accounts past 14 days: anonymised, photos deleted, the ledger kept and balanced', async () => {
    const m = await member();
    const db = env().rt.db;
    const profile = await db('profiles').where({ user_id: m.id }).first('id');
    const jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#8ac' } }).jpeg().toBuffer();
    const up = await env().rt.services.photos.upload({ profileId: profile.id, premium: false }, jpeg);
    await db.transaction((tx) => import('../../server/repos/credits-repo.js').then((r) => r.applyCreditDelta(tx, { userId: m.id, delta: 15, reason: 'grant', idempotencyKey: `grant:${m.id}` })));
    await m.a.post('/settings/delete').type('form').send({ _csrf: m.token, reason: 'no_members', delete_password: m.password }).expect(303);

    const services = env().rt.services;
    await services.accountDeletion.purge({ now: Date.now() + 13 * DAY });
    expect(await db('users').where({ id: m.id }).first('status')).to.deep.equal({ status: 'pending_deletion' });
    const dry = await services.accountDeletion.purge({ now: Date.now() + 15 * DAY, dryRun: true });
    expect(dry.accounts).to.be.greaterThan(0);
    const result = await services.accountDeletion.purge({ now: Date.now() + 15 * DAY });
    expect(result.accounts).to.be.greaterThan(0);
    expect(result.photos).to.be.greaterThan(0);

    const user = await db('users').where({ id: m.id }).first();
    expect(user).to.include({ status: 'deleted', email: `deleted-${m.id}@deleted.invalid`, credits: 0, signup_ip: null });
    expect(await db('profiles').where({ id: profile.id }).first('name', 'about', 'status', 'photo_count')).to.deep.equal({ name: 'Deleted', about: null, status: 'hidden', photo_count: 0 });
    expect(await db('photos').where({ profile_id: profile.id })).to.have.length(0);
    expect(existsSync(services.media.pathOf(up.fileKey, 'full'))).to.equal(false);
    expect(await db('tokens').where({ user_id: m.id })).to.have.length(0);
    expect(await db('mail_outbox').where({ user_id: m.id })).to.have.length(0);
    const ledger = await db('credit_ledger').where({ user_id: m.id }).orderBy('id');
    expect(ledger.map((l: { delta: number; reason: string }) => [l.delta, l.reason])).to.deep.equal([[15, 'grant'], [-15, 'purge']]);
    // The old address can sign up again; logging in with it no longer works.
    const login = agent(env().app);
    const t = csrfFrom((await login.get('/login').expect(200)).text);
    await login.post('/api/user.php').set('x-csrf-token', t).send({ email: m.email, password: m.password }).expect(401);
  });

  it('resends the activation mail from the reminder banner, at most 3 times an hour', async () => {
    const m = await createMember(env().rt.db, { status: 'not_confirmed' });
    await env().rt.db('profiles').where({ user_id: m.id }).update({ status: 'disabled' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const page = await a.get('/pages/terms').expect(200);
    expect(page.text).to.include('data-testid="activation-reminder"').and.include(m.email);
    expect((await a.get('/settings').expect(200)).text).not.to.include('activation-reminder');
    const token = csrfFrom(page.text);
    for (let i = 0; i < 3; i++) expect((await a.post('/activation/resend').type('form').send({ _csrf: token }).expect(200)).text).to.include('We sent you a new e-mail');
    await a.post('/activation/resend').type('form').send({ _csrf: token }).expect(429);
    expect(await env().rt.db('mail_outbox').where({ user_id: m.id, template: 'activation' })).to.have.length(3);
  });
});
