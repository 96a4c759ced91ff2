// Forms never lose input (issue 12, point 3): a page form the server refuses comes back with what
// the member typed (never a password), each message beside its field (aria-invalid and
// aria-describedby pointing at it) and the focus on the first invalid field.
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

/** The opening tag of the control named `name` (input, select or textarea). */
function control(html: string, name: string): string {
  const tag = new RegExp(`<(input|select|textarea)\\b[^>]*\\bname="${name}"[^>]*>`, 'i').exec(html);
  if (!tag) throw new Error(`no control named ${name}`);
  return tag[0];
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/** The control is marked invalid, its aria-describedby names an element holding `message`. */
function expectFieldError(html: string, name: string, message: string): void {
  const tag = control(html, name);
  expect(attr(tag, 'aria-invalid'), name).to.equal('true');
  const ids = (attr(tag, 'aria-describedby') ?? '').split(' ');
  const described = ids.some((id) => new RegExp(`id="${id}"[^>]*>${message.replace(/[.?*+()]/g, '\\$&')}<`).test(html));
  expect(described, `${name} described by "${message}"`).to.equal(true);
}

/** Only the first invalid control carries autofocus. */
function expectFocusOn(html: string, name: string): void {
  const focused = html.match(/<(input|select|textarea)\b[^>]*\bautofocus=""[^>]*>/gi) ?? [];
  expect(focused, 'autofocus').to.have.length(1);
  expect(attr(focused[0]!, 'name')).to.equal(name);
}

const selected = (html: string, name: string) => {
  const start = html.search(new RegExp(`<select\\b[^>]*\\bname="${name}"`, 'i'));
  const end = html.indexOf('</select>', start);
  return /<option value="([^"]*)" selected=""/.exec(html.slice(start, end))?.[1];
};

describeEachBackend('forms keep what was typed', (env) => {
  it('the signup form without JavaScript: a short password keeps name, e-mail, birth date and region', async () => {
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/signup').expect(200)).text);
    const email = `keep-${Date.now()}@example.org`;
    const res = await a.post('/signup').type('form').send({
      _csrf: token, name: 'Jamie', email, password: 'short', birth_day: '3', birth_month: '7', birth_year: '1990',
      gender: 'female', seeking: 'both', country: 'GB', region: 'Scotland',
    }).expect(400);
    expect(attr(control(res.text, 'name'), 'value')).to.equal('Jamie');
    expect(attr(control(res.text, 'email'), 'value')).to.equal(email);
    expect(attr(control(res.text, 'password'), 'value')).to.equal(undefined);
    expect(res.text).not.to.include('"short"');
    for (const [name, value] of [['birth_day', '3'], ['birth_month', '7'], ['birth_year', '1990'], ['gender', 'female'], ['seeking', 'both'], ['country', 'GB'], ['region', 'Scotland']]) {
      expect(selected(res.text, name!), name).to.equal(value);
    }
    expectFieldError(res.text, 'password', 'Your password must be at least 8 characters long.');
    expectFocusOn(res.text, 'password');
    // The island gets the same values (never the password) to hydrate with.
    expect(res.text).to.include(`"values":{"name":"Jamie","email":"${email}"`);
  });

  it('the signup form focuses the first of several invalid fields', async () => {
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/signup').expect(200)).text);
    const res = await a.post('/signup').type('form').send({
      _csrf: token, name: '@jamie', email: 'jamie@', password: 'a fine long password', birth_day: '3', birth_month: '7', birth_year: '1990',
      gender: 'male', seeking: 'female', country: 'GB', region: 'Scotland',
    }).expect(400);
    expectFieldError(res.text, 'name', 'Username may not start with @');
    expectFieldError(res.text, 'email', 'Invalid email');
    expectFocusOn(res.text, 'name');
    expect(res.text).not.to.include('a fine long password');
  });

  it('the login form keeps the address, never the password, and focuses the password', async () => {
    const m = await createMember(env().rt.db);
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/login').expect(200)).text);
    const res = await a.post('/login').type('form').send({ _csrf: token, email: m.email, password: 'wrong guess here' }).expect(401);
    expect(attr(control(res.text, 'email'), 'value')).to.equal(m.email);
    expect(res.text).not.to.include('wrong guess here');
    expectFocusOn(res.text, 'password');
  });

  it('the reset request keeps the unknown address and says so beside it', async () => {
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/reset-password').expect(200)).text);
    const res = await a.post('/reset-password').type('form').send({ _csrf: token, email: 'nobody-here@example.org' }).expect(404);
    expect(attr(control(res.text, 'email'), 'value')).to.equal('nobody-here@example.org');
    expectFieldError(res.text, 'email', 'E-mail address not found');
    expectFocusOn(res.text, 'email');
  });

  it('settings: the e-mail change keeps the new address, the password change keeps no password', async () => {
    const m = await createMember(env().rt.db);
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const mail = await a.post('/settings/email').type('form').send({ _csrf: token, new_email: 'new-home@example.org', email_password: 'not my password' }).expect(400);
    expect(attr(control(mail.text, 'new_email'), 'value')).to.equal('new-home@example.org');
    expect(mail.text).not.to.include('not my password');
    expectFieldError(mail.text, 'email_password', 'Please check your old password.');
    expectFocusOn(mail.text, 'email_password');

    const pass = await a.post('/settings/password').type('form')
      .send({ _csrf: token, current_password: m.password, password: 'another long secret', password_confirm: 'another long secreT' }).expect(400);
    expect(pass.text).not.to.include('another long secret').and.not.to.include(m.password);
    expectFieldError(pass.text, 'password_confirm', 'The entered passwords are not the same.');
    expectFocusOn(pass.text, 'password_confirm');
  });

  it('settings: account deletion keeps the reason and remarks, not the password', async () => {
    const m = await createMember(env().rt.db);
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const res = await a.post('/settings/delete').type('form').send({ _csrf: token, reason: 'found_someone', remarks: 'Thanks & goodbye', delete_password: 'not my password' }).expect(400);
    const radios = res.text.match(/<input\b[^>]*\bname="reason"[^>]*>/gi) ?? [];
    expect(radios.filter((r) => /checked=""/.test(r)).map((r) => attr(r, 'value'))).to.deep.equal(['found_someone']);
    expect(res.text).to.include('>Thanks &amp; goodbye</textarea>');
    expect(res.text).not.to.include('not my password');
    expectFieldError(res.text, 'delete_password', 'Please check your old password.');
    expectFocusOn(res.text, 'delete_password');
  });

  it('own profile: a bad date of birth keeps the other fields and focuses the day', async () => {
    const m = await createMember(env().rt.db);
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/profile').expect(200)).text);
    const res = await a.post('/profile').type('form').send({
      _csrf: token, birth_day: '31', birth_month: '2', birth_year: '1990', gender: 'female', sexuality: 'hetero', country: 'GB', city: 'Leeds', about: 'Walks by the sea',
    }).expect(400);
    expect(attr(control(res.text, 'city'), 'value')).to.equal('Leeds');
    expect(res.text).to.include('>Walks by the sea</textarea>');
    expect(selected(res.text, 'birth_day')).to.equal('31');
    expectFieldError(res.text, 'birth_day', 'Invalid date of birth.');
    expectFocusOn(res.text, 'birth_day');
  });
});
