// Password reset (SPEC.md §5, §8): the link by e-mail, its single use and expiry, the messages,
// and the end of the member's other sessions.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

describeEachBackend('password reset', (env) => {
  async function formAgent(host = 'localhost') {
    const a = agent(env().app, host);
    const token = csrfFrom((await a.get('/reset-password').expect(200)).text);
    return { a, token };
  }

  async function linkFor(email: string): Promise<string> {
    const mail = await env().rt.db('mail_outbox').where({ to_address: email, template: 'passwordReset' }).orderBy('id', 'desc').first();
    const m = /\/reset-password\/do\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
    if (!m) throw new Error('no link in the mail');
    return m[1]!;
  }

  it("says 'E-mail address not found' for an unknown address", async () => {
    const { a, token } = await formAgent();
    const page = await a.post('/reset-password').type('form').send({ _csrf: token, email: 'nobody@example.com' }).expect(404);
    expect(page.text).to.include('E-mail address not found');
    const json = await a.post('/reset-password').set('Accept', 'application/json').set('x-csrf-token', token).send({ email: 'nobody@example.com' }).expect(404);
    expect(json.body.error).to.deep.equal({ code: 'email_not_found', message: 'E-mail address not found' });
  });

  it('mails a link in the member\'s language, and the link sets a new password once', async () => {
    const member = await createMember(env().rt.db, { language: 'de' });
    // A session on another device, logged in before the reset.
    const other = agent(env().app);
    const otherToken = csrfFrom((await other.get('/login').expect(200)).text);
    await other.post('/api/user.php').set('x-csrf-token', otherToken).send({ email: member.email, password: member.password }).expect(200);

    const { a, token } = await formAgent();
    const sent = await a.post('/reset-password').type('form').send({ _csrf: token, email: member.email.toUpperCase() }).expect(303);
    expect(sent.headers.location).to.equal('/reset-password?sent=1');
    const mail = await env().rt.db('mail_outbox').where({ to_address: member.email }).orderBy('id', 'desc').first();
    expect(mail.subject).to.equal('Wähle ein neues Passwort für Amora');
    expect(mail.html).to.include('/reset-password/do?token=');
    const link = await linkFor(member.email);

    const form = await a.get(`/reset-password/do?token=${link}`).expect(200);
    const csrf = csrfFrom(form.text);
    const differ = await a.post('/reset-password/do').type('form').send({ _csrf: csrf, token: link, password: 'new password one', password_confirm: 'new password two' }).expect(400);
    expect(differ.text).to.include('The entered passwords are not the same.');
    const common = await a.post('/reset-password/do').type('form').send({ _csrf: csrf, token: link, password: 'iloveyou', password_confirm: 'iloveyou' }).expect(400);
    expect(common.text).to.include('too common');
    const done = await a.post('/reset-password/do').type('form').send({ _csrf: csrf, token: link, password: 'brand new passphrase 🌹', password_confirm: 'brand new passphrase 🌹' }).expect(303);
    expect(done.headers.location).to.equal('/members');
    await a.get('/api/user.php').set('X-Request-Type', 'client').expect(200);
    // The login history (data export) has both logins: the other device's password and this link.
    const logins = await env().rt.db('member_logins').where({ user_id: member.id }).orderBy('id').pluck('method');
    expect(logins).to.deep.equal(['password', 'reset_link']);

    // The other device's session has ended; the link works only once; the old password is gone.
    await other.get('/api/user.php').set('X-Request-Type', 'client').expect(403);
    const again = await a.get(`/reset-password/do?token=${link}`).expect(400);
    expect(again.text).to.include('Link expired or invalid, request a new email');
    const fresh = agent(env().app);
    const ft = csrfFrom((await fresh.get('/login').expect(200)).text);
    await fresh.post('/api/user.php').set('x-csrf-token', ft).send({ email: member.email, password: member.password }).expect(401);
    await fresh.post('/api/user.php').set('x-csrf-token', ft).send({ email: member.email, password: 'brand new passphrase 🌹' }).expect(200);
  });

  it('refuses expired, unknown and malformed links', async () => {
    const member = await createMember(env().rt.db);
    const expired = await env().rt.services.tokens.issue(member.id, 'password_reset', -1000);
    const a = agent(env().app);
    for (const t of [expired, 'A'.repeat(43), 'not-a-token', '']) {
      const res = await a.get(`/reset-password/do?token=${encodeURIComponent(t)}`).expect(400);
      expect(res.text, t).to.include('Link expired or invalid, request a new email');
    }
    const csrf = csrfFrom((await a.get('/reset-password').expect(200)).text);
    const post = await a.post('/reset-password/do').set('Accept', 'application/json').set('x-csrf-token', csrf).send({ token: expired, password: 'whatever long pass', password_confirm: 'whatever long pass' }).expect(400);
    expect(post.body.error.code).to.equal('reset_link_invalid');
  });

  it('limits how often a reset can be requested', async () => {
    const member = await createMember(env().rt.db);
    const { a, token } = await formAgent();
    for (let i = 0; i < 5; i++) await a.post('/reset-password').set('Accept', 'application/json').set('x-csrf-token', token).send({ email: member.email }).expect(200);
    const sixth = await a.post('/reset-password').set('Accept', 'application/json').set('x-csrf-token', token).send({ email: member.email }).expect(429);
    expect(sixth.body.error.code).to.equal('rate_limited');
  });
});
