// The settings page: language, invisible mode (hidden from search and profile views), and the
// password change that needs the old password and ends the member's other sessions.
import { expect } from 'chai';
import supertest from 'supertest';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

describeEachBackend('settings page', (env) => {
  async function loggedIn(email: string, password: string) {
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/login').expect(200)).text);
    await a.post('/api/user.php').set('x-csrf-token', token).send({ email, password }).expect(200);
    const page = await a.get('/settings').expect(200);
    return { a, token: csrfFrom(page.text), page };
  }

  it('sends visitors to the login page and back', async () => {
    const res = await supertest(env().app).get('/settings').set('Host', 'localhost').expect(303);
    expect(res.headers.location).to.equal('/login?next=%2Fsettings');
  });

  it('changes the language of the member and the site', async () => {
    const m = await createMember(env().rt.db);
    const { a, token } = await loggedIn(m.email, m.password);
    await a.post('/settings/language').type('form').send({ _csrf: token, language: 'it' }).expect(303);
    expect((await env().rt.db('users').where({ id: m.id }).first('language')).language).to.equal('it');
    const page = await a.get('/settings?saved=saved').expect(200);
    expect(page.text).to.include('<html lang="it"').and.include('Le tue impostazioni sono state salvate.');
    await a.post('/settings/language').set('Accept', 'application/json').set('x-csrf-token', token).send({ language: 'xx' }).expect(400);
  });

  it('preselects the language the page is shown in, and says which one the e-mails keep until it is saved', async () => {
    const m = await createMember(env().rt.db);
    await env().rt.db('users').where({ id: m.id }).update({ language: 'de' });
    const { a, token } = await loggedIn(m.email, m.password);
    const chosen = (html: string) => [...html.matchAll(/<option value="(\w+)"[^>]*selected=""/g)].map((x) => x[1]);
    const section = (html: string) => html.slice(html.indexOf('action="/settings/language"'), html.indexOf('</form>', html.indexOf('action="/settings/language"')));

    // Shown in Polish (the cookie, SPEC.md §9): Polish is chosen; the e-mails are still in German.
    const polish = section((await a.get('/settings').set('Cookie', 'amora_lang=pl').expect(200)).text);
    expect(chosen(polish)).to.deep.equal(['pl']);
    expect(polish).to.include('data-testid="mail-language"').and.include('Język e-maili do ciebie do czasu zapisania: <span lang="de">Deutsch</span>');
    // Without a cookie the site's language (English here) is shown, and chosen.
    const english = section((await a.get('/settings').expect(200)).text);
    expect(chosen(english)).to.deep.equal(['en']);
    expect(english).to.include('<span lang="de">Deutsch</span>');

    // Saved: the account follows, and the two agree with nothing more to say.
    await a.post('/settings/language').set('Cookie', 'amora_lang=pl').type('form').send({ _csrf: token, language: 'pl' }).expect(303);
    expect((await env().rt.db('users').where({ id: m.id }).first('language')).language).to.equal('pl');
    const saved = (await a.get('/settings').expect(200)).text;
    expect(saved).to.include('<html lang="pl"');
    expect(chosen(section(saved))).to.deep.equal(['pl']);
    expect(saved).not.to.include('data-testid="mail-language"');
  });

  it('hides an invisible member from search and profile views, and shows them again', async () => {
    const m = await createMember(env().rt.db);
    const profile = await env().rt.db('profiles').where({ user_id: m.id }).first('id');
    const { a, token } = await loggedIn(m.email, m.password);
    await supertest(env().app).get(`/members/${profile.id}`).set('Host', 'localhost').expect(200);
    await a.post('/settings/invisible').type('form').send({ _csrf: token, invisible: ['0', '1'] }).expect(303);
    await supertest(env().app).get(`/members/${profile.id}`).set('Host', 'localhost').expect(404);
    expect((await a.get('/api/user.php').set('X-Request-Type', 'client').expect(200)).body.user.invisible).to.equal(true);
    await a.post('/settings/invisible').type('form').send({ _csrf: token, invisible: '0' }).expect(303);
    await supertest(env().app).get(`/members/${profile.id}`).set('Host', 'localhost').expect(200);
  });

  it("changes the password only with the old one, and ends the member's other sessions", async () => {
    const m = await createMember(env().rt.db);
    const other = await loggedIn(m.email, m.password);
    const { a, token } = await loggedIn(m.email, m.password);
    const wrong = await a.post('/settings/password').type('form').send({ _csrf: token, current_password: 'not it at all', password: 'another long secret', password_confirm: 'another long secret' }).expect(400);
    expect(wrong.text).to.include('Please check your old password.');
    const differ = await a.post('/settings/password').type('form').send({ _csrf: token, current_password: m.password, password: 'another long secret', password_confirm: 'another long secreT' }).expect(400);
    expect(differ.text).to.include('The entered passwords are not the same.');
    const ok = await a.post('/settings/password').type('form').send({ _csrf: token, current_password: m.password, password: 'another long secret', password_confirm: 'another long secret' }).expect(303);
    expect(ok.headers.location).to.equal('/settings?saved=password');
    await a.get('/api/user.php').set('X-Request-Type', 'client').expect(200);
    await other.a.get('/api/user.php').set('X-Request-Type', 'client').expect(403);
  });
});

describeEachBackend('e-mail change', (env) => {
  it('changes the address only after the link sent to the new address is opened', async () => {
    const db = env().rt.db;
    const m = await createMember(db);
    const taken = await createMember(db);
    const a = agent(env().app);
    const login = csrfFrom((await a.get('/login').expect(200)).text);
    await a.post('/api/user.php').set('x-csrf-token', login).send({ email: m.email, password: m.password }).expect(200);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const post = (body: Record<string, string>) => a.post('/settings/email').type('form').send({ _csrf: token, ...body });

    expect((await post({ new_email: 'not-an-address', email_password: m.password }).expect(400)).text).to.include('New email adress is invalid.');
    expect((await post({ new_email: taken.email, email_password: m.password }).expect(400)).text).to.include(
      'This email address already owns an account on this website.',
    );
    expect((await post({ new_email: 'fresh@example.net', email_password: 'wrong password!' }).expect(400)).text).to.include('Please check your old password.');
    const newEmail = `moved-${Date.now()}@example.net`;
    const sent = await post({ new_email: newEmail.toUpperCase(), email_password: m.password }).expect(200);
    expect(sent.text).to.include(`We have sent a confirmation link to ${newEmail}`);
    expect((await db('users').where({ id: m.id }).first('email')).email).to.equal(m.email);

    const mail = await db('mail_outbox').where({ to_address: newEmail, template: 'mailChange' }).first();
    const link = /\/mail-change\/do\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const done = await a.get(`/mail-change/do?token=${link}`).expect(303);
    expect(done.headers.location).to.equal('/settings?saved=email');
    expect((await db('users').where({ id: m.id }).first('email')).email).to.equal(newEmail);
    const again = await a.get(`/mail-change/do?token=${link}`).expect(400);
    expect(again.text).to.include('Link expired or invalid, request a new email');
  });
});
