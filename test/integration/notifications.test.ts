// /notifications (SPEC.md §2, §3): a switch per type and channel saved at once with a confirmation,
// members only, bad input changing nothing; the address's suppressions explained with a way back;
// the disabled-notifications alert and the activation reminder reading the same state; and the
// RFC 8058 one-click unsubscribe: a cookieless POST turns the type off (200, no redirect), a GET
// changes nothing, a tampered token changes nothing.
import { expect } from 'chai';
import supertest from 'supertest';
import { NOTIFICATION_TYPES } from '../../types/notifications.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

describeEachBackend('notification settings', (env) => {
  const db = () => env().rt.db;
  const services = () => env().rt.services;
  const switches = (userId: number) => db()('notification_settings').where({ user_id: userId }).orderBy(['type', 'channel']).select('type', 'channel', 'enabled', 'disabled_reason');

  async function member(o: { language?: string; status?: string } = {}) {
    const m = await createMember(db(), o);
    const a = await loggedInAgent(env().app, m.email, m.password);
    const page = await a.get('/notifications').expect(200);
    return { ...m, a, token: csrfFrom(page.text), page };
  }

  it('sends visitors to the login page and back', async () => {
    const res = await supertest(env().app).get('/notifications').set('Host', 'localhost').expect(303);
    expect(res.headers.location).to.equal('/login?next=%2Fnotifications');
    await supertest(env().app).post('/notifications').set('Host', 'localhost').type('form').send({ set: 'like.email.off' }).expect(403);
  });

  it('shows the eight types with an e-mail and a push switch each, all on by default, without script', async () => {
    const { page } = await member();
    for (const type of NOTIFICATION_TYPES) {
      for (const channel of ['email', 'push']) {
        expect(page.text).to.match(new RegExp(`value="${type}\\.${channel}\\.off"[^>]*role="switch" aria-checked="true"`));
      }
    }
    expect(page.text).not.to.include('data-testid="disabled-notifications"');
    expect(page.text).to.include('action="/notifications"');
  });

  it('is linked from the settings page and the account menu', async () => {
    const m = await member();
    const settings = await m.a.get('/settings').expect(200);
    expect(settings.text).to.include('data-testid="settings-notifications-link"');
    expect(settings.text).to.match(/<a class="menu__item" href="\/notifications">Notifications<\/a>/);
  });

  it('saves one switch at once and says so; a second tap turns it back on', async () => {
    const m = await member();
    await m.a.post('/settings/language').type('form').send({ _csrf: m.token, language: 'de' }).expect(303);
    const res = await m.a.post('/notifications').type('form').send({ _csrf: m.token, set: 'weekly_updates.email.off' }).expect(303);
    expect(res.headers.location).to.equal('/notifications?saved=weekly_updates.email.off#type-weekly_updates');
    expect((await switches(m.id)).map((r) => ({ ...r, enabled: Boolean(r.enabled) }))).to.deep.equal([{ type: 'weekly_updates', channel: 'email', enabled: false, disabled_reason: null }]);
    const page = await m.a.get(res.headers.location!).expect(200);
    expect(page.text).to.include('Gespeichert: E-Mail für „Wochenübersicht“ ist jetzt aus.');
    expect(page.text).to.match(/value="weekly_updates\.email\.on"[^>]*aria-checked="false"/);
    expect((await services().notificationSettings.matrixOf(m.id)).weekly_updates).to.deep.equal({ email: false, push: true });
    await m.a.post('/notifications').type('form').send({ _csrf: m.token, set: 'weekly_updates.email.on' }).expect(303);
    expect((await services().notificationSettings.matrixOf(m.id)).weekly_updates).to.deep.equal({ email: true, push: true });
    await m.a.post('/notifications').type('form').send({ _csrf: m.token, set: 'like.push.off' }).expect(303);
    expect((await services().notificationSettings.matrixOf(m.id)).like).to.deep.equal({ email: true, push: false });
  });

  it('refuses an unknown type or channel, a malformed value and a missing token, changing nothing', async () => {
    const m = await member();
    for (const set of ['likes.email.off', 'like.sms.off', 'like.email.maybe', 'like.email', '', 'like.email.off.extra']) {
      const res = await m.a.post('/notifications').type('form').send({ _csrf: m.token, set }).expect(400);
      expect(res.text).not.to.match(/at .*\.ts:\d+|SELECT|stack/i);
    }
    await m.a.post('/notifications').type('form').send({ _csrf: m.token }).expect(400);
    await m.a.post('/notifications').type('form').send({ set: 'like.email.off' }).expect(403);
    await m.a.post('/notifications/reenable').type('form').send({ _csrf: m.token, reason: 'bounce' }).expect(400);
    await m.a.post('/notifications/confirm-address').type('form').send({ _csrf: m.token }).expect(400); // nothing bounced
    expect(await switches(m.id)).to.deep.equal([]);
  });

  it('explains a suppressed address: listunsubscribe and fbl may be lifted by the member, bounce needs a confirmed address', async () => {
    const m = await member();
    await services().suppressions.importList(`${m.email.toUpperCase()}\n`, 'listunsubscribe');
    await services().suppressions.importList(`${m.email}\n`, 'bounce');
    let page = await m.a.get('/notifications').expect(200);
    expect(page.text).to.include('data-testid="suppressed-listunsubscribe"').and.include('data-testid="suppressed-bounce"');
    expect(page.text).to.include('You unsubscribed from our e-mails').and.include('E-mails to your address cannot be delivered');
    expect(page.text).to.include('href="/settings#email"').and.include('action="/notifications/confirm-address"');
    expect(await services().notificationSettings.allows(m.id, 'news', 'email', m.email)).to.equal(false);

    await m.a.post('/notifications/reenable').type('form').send({ _csrf: m.token, reason: 'listunsubscribe' }).expect(303);
    page = await m.a.get('/notifications?saved=lifted').expect(200);
    expect(page.text).to.include(`E-mails to ${m.email} are on again.`).and.not.include('data-testid="suppressed-listunsubscribe"');
    expect((await services().suppressions.reasonsOf(m.email)).map((s) => s.reason)).to.deep.equal(['bounce']);

    // The bounce: a link to the same address, which goes out although the address is suppressed.
    await m.a.post('/notifications/confirm-address').type('form').send({ _csrf: m.token }).expect(303);
    const mail = await db()('mail_outbox').where({ to_address: m.email, template: 'mailChange' }).orderBy('id', 'desc').first('status', 'text');
    expect(mail.status).to.be.oneOf(['pending', 'sent']);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    await m.a.get(`/mail-change/do?token=${token}`).expect(303);
    expect(await services().suppressions.reasonsOf(m.email)).to.deep.equal([]);
    expect(await services().notificationSettings.allows(m.id, 'news', 'email', m.email)).to.equal(true);
  });

  it('lets a member lift their own spam report', async () => {
    const m = await member();
    await services().suppressions.add(m.email, 'fbl');
    const page = await m.a.get('/notifications').expect(200);
    expect(page.text).to.include('data-testid="reenable-fbl"');
    await m.a.post('/notifications/reenable').type('form').send({ _csrf: m.token, reason: 'fbl' }).expect(303);
    expect(await services().suppressions.reasonsOf(m.email)).to.deep.equal([]);
  });
});

describeEachBackend('disabled-notifications alert', (env) => {
  const db = () => env().rt.db;
  const alertOn = (html: string) => html.includes('data-testid="disabled-notifications"');
  const user = async (a: supertest.Agent) => (await a.get('/api/user.php').set('X-Request-Type', 'client').expect(200)).body.user;

  it('shows while a switch is off, not on settings or notifications, and stays away once dismissed', async () => {
    const m = await createMember(db());
    const a = await loggedInAgent(env().app, m.email, m.password);
    expect(alertOn((await a.get('/members').expect(200)).text)).to.equal(false);
    expect((await user(a)).notifications_disabled).to.deep.equal([]);
    await env().rt.services.notificationSettings.set(m.id, 'news', 'push', false);
    expect((await user(a)).notifications_disabled).to.deep.equal(['news']);
    const members = await a.get('/members').expect(200);
    expect(alertOn(members.text)).to.equal(true);
    expect(members.text).to.include('Some of your notifications are turned off');
    expect(alertOn((await a.get('/settings').expect(200)).text)).to.equal(false);
    expect(alertOn((await a.get('/notifications').expect(200)).text)).to.equal(false);
    await a.post('/dismiss/disabled_notifications').type('form').send({ _csrf: csrfFrom(members.text), return: '/members' }).expect(303);
    expect(alertOn((await a.get('/members').expect(200)).text)).to.equal(false);
  });

  it('shows for a suppressed address with every switch on, naming the bounce', async () => {
    const m = await createMember(db());
    await env().rt.services.suppressions.add(m.email, 'bounce');
    const a = await loggedInAgent(env().app, m.email, m.password);
    expect((await user(a)).notifications_disabled).to.deep.equal(['bounce']);
    const page = await a.get('/likes').expect(200);
    expect(alertOn(page.text)).to.equal(true);
    expect(page.text).to.include(`E-mails to ${m.email} cannot be delivered`);
  });

  it('takes the activation reminder away from an unconfirmed member with something disabled', async () => {
    const m = await createMember(db(), { status: 'not_confirmed' });
    await db()('profiles').where({ user_id: m.id }).update({ status: 'disabled' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const reminderOn = async () => (await a.get('/members').expect(200)).text.includes('data-testid="activation-reminder"');
    expect(await reminderOn()).to.equal(true);
    await env().rt.services.notificationSettings.set(m.id, 'reminders', 'email', false);
    expect(await reminderOn()).to.equal(false);
  });
});

describeEachBackend('one-click unsubscribe', (env) => {
  const db = () => env().rt.db;
  const services = () => env().rt.services;
  const pathOf = (url: string) => new URL(url).pathname;

  it('turns the type off on a cookieless POST with no Origin or token: 200, no redirect, no cookie needed', async () => {
    const m = await createMember(db());
    const url = await services().unsubscribeLinks.url('localhost', m.id, m.email, 'weekly_updates');
    expect(url).to.match(/^https:\/\/localhost\/unsubscribe\/[A-Za-z0-9._-]+$/);
    const res = await supertest(env().app).post(pathOf(url)).set('Host', 'localhost').type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(res.headers.location).to.equal(undefined);
    expect(res.text).to.include('You have been unsubscribed').and.include('Weekly update');
    const row = await db()('notification_settings').where({ user_id: m.id }).first('type', 'channel', 'enabled', 'disabled_reason');
    expect({ ...row, enabled: Boolean(row.enabled) }).to.deep.equal({ type: 'weekly_updates', channel: 'email', enabled: false, disabled_reason: 'listunsubscribe' });
    // Twice is the same; the member sees why on /notifications and the alert lists the reason.
    await supertest(env().app).post(pathOf(url)).set('Host', 'localhost').set('Origin', 'https://mail.example.com').expect(200);
    const a = await loggedInAgent(env().app, m.email, m.password);
    expect((await a.get('/notifications').expect(200)).text).to.include('E-mail turned off with the unsubscribe link in one of our e-mails.');
    const me = (await a.get('/api/user.php').set('X-Request-Type', 'client').expect(200)).body.user;
    expect(me.notifications_disabled).to.deep.equal(['listunsubscribe', 'weekly_updates']);
  });

  it('shows a confirmation page on GET and changes nothing; its button posts to the same URL', async () => {
    const m = await createMember(db(), { language: 'pl' });
    const url = await services().unsubscribeLinks.url('localhost', m.id, m.email, 'promotions');
    // Opened from the mail, without our cookie: in the member's language.
    const res = await supertest(env().app).get(pathOf(url)).set('Host', 'localhost').expect(200);
    expect(res.text).to.include(`action="${pathOf(url)}"`).and.include('Wypisz mnie').and.include('<html lang="pl"');
    const chosen = await supertest(env().app).get(pathOf(url)).set('Host', 'localhost').set('Cookie', 'amora_lang=de').expect(200);
    expect(chosen.text).to.include('<html lang="de"');
    expect(await db()('notification_settings').where({ user_id: m.id })).to.deep.equal([]);
  });

  it('refuses a tampered or malformed token with a localized 400 page, changing nothing', async () => {
    const m = await createMember(db());
    const other = await createMember(db());
    const token = pathOf(await services().unsubscribeLinks.url('localhost', m.id, m.email, 'news')).split('/')[2]!;
    const parts = token.split('.');
    const tampered = [
      [parts[0], String(other.id), ...parts.slice(2)].join('.'), // another member
      [...parts.slice(0, 2), '0', ...parts.slice(3)].join('.'), // another type
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, // another signature
      'nonsense', '1.2.3.4.5', `${token}.x`, 'x'.repeat(700),
    ];
    for (const t of tampered) {
      const res = await supertest(env().app).post(`/unsubscribe/${t}`).set('Host', 'localhost').expect(400);
      expect(res.text).to.include('This unsubscribe link is not valid.').and.not.match(/at .*\.ts:\d+|SELECT/);
      await supertest(env().app).get(`/unsubscribe/${t}`).set('Host', 'localhost').expect(400);
    }
    expect(await db()('notification_settings').whereIn('user_id', [m.id, other.id])).to.deep.equal([]);
  });
});
