// The cron mails (`amora notify …`) through their service on both backends: who each one reaches,
// a switched-off type skipped, twice run → sent once, a crash mid-run resumed without a duplicate,
// dry runs and refused templates that change nothing, the member's language, and batches that
// never read more members than the batch size. Then a few real CLI runs (SQLite, as the other
// CLI tests), for what the operator sees.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { isoWeekOf, isoWeekStart } from '../../server/lib/iso-week.js';
import { recordDelivery } from '../../server/repos/chat-repo.js';
import type { MailService } from '../../server/services/mail/mail-service.js';
import { MailingTemplateError, NotifyCronService } from '../../server/services/notifications/notify-cron-service.js';
import { BACKENDS, describeEachBackend, envFor, type TestEnv } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const year = new Date().getUTCFullYear();
let seq = 0;

interface TestMember {
  id: number;
  email: string;
  profileId: number;
}

/** Fixtures on a site of their own, so each test sees only its own members. */
function fixtures(env: () => TestEnv) {
  const db = () => env().rt.db;
  return {
    async site(): Promise<{ id: number; domain: string }> {
      const domain = `cron${process.pid}-${seq++}.example`;
      const site = await env().rt.services.sites.add({ domain, name: 'Herzklopfen', aliases: [], settings: { countries: ['AT'], support_email: 'help@herz.example' } });
      return { id: site.id, domain };
    },
    async member(siteId: number, o: { name?: string; language?: string; status?: string; gender?: string; sexuality?: string; age?: number; signedUpAgo?: number } = {}): Promise<TestMember> {
      const m = await createMember(db(), { siteId, name: o.name ?? `M${seq++}`, language: o.language, status: o.status, passwordHash: 'not-a-hash' });
      await db()('profiles')
        .where({ user_id: m.id })
        .update({ country: 'AT', gender: o.gender ?? 'female', sexuality: o.sexuality ?? 'hetero', birth_date: `${year - (o.age ?? 34)}-01-01`, status: o.status === 'not_confirmed' ? 'disabled' : 'active' });
      if (o.signedUpAgo !== undefined) await db()('users').where({ id: m.id }).update({ signup_date: Date.now() - o.signedUpAgo });
      const p = (await db()('profiles').where({ user_id: m.id }).first('id')) as { id: number };
      return { id: m.id, email: m.email, profileId: Number(p.id) };
    },
    /** A message from `from` to `to`, unread, sent at `at`. */
    async unread(from: number, to: TestMember, at: number): Promise<void> {
      const [low, high] = from < to.profileId ? [from, to.profileId] : [to.profileId, from];
      let conv = (await db()('conversations').where({ profile_low_id: low, profile_high_id: high }).first('id')) as { id: number } | undefined;
      if (!conv) {
        const [id] = await db()('conversations').insert({ profile_low_id: low, profile_high_id: high, started_by_profile_id: from, last_message_at: at, created_at: at });
        conv = { id: Number(id) };
      }
      await db()('messages').insert({ conversation_id: conv.id, sender_profile_id: from, kind: 'text', body: 'hello', created_at: at });
      await recordDelivery(db(), conv.id, from, to.profileId, at);
    },
    mails: (userId: number) => db()('mail_outbox').where({ user_id: userId }).orderBy('id').select('template', 'subject', 'html', 'text', 'language', 'notification_type', 'to_address'),
    async counts() {
      const n = async (table: string) => Number(((await db()(table).count({ n: '*' }).first()) as { n: number | string }).n);
      return { mails: await n('mail_outbox'), sends: await n('notification_sends'), tokens: await n('tokens') };
    },
    switchOff: (userId: number, type: 'unread_message_reminders' | 'weekly_updates' | 'reminders' | 'news' | 'promotions') =>
      env().rt.services.notificationSettings.set(userId, type, 'email', false),
  };
}

describeEachBackend('amora notify: cron mails', (env) => {
  const f = fixtures(env);
  const db = () => env().rt.db;
  const notify = () => env().rt.services.notifyCron;

  describe('unread-reminders', () => {
    it('reminds members of messages unread for longer than the set time, once for the same messages', async () => {
      const site = await f.site();
      const sender = (await createProfile(db(), env().rt.services.media, { country: 'AT', photos: 0 })).id;
      const now = Date.now();
      const waiting = await f.member(site.id, { name: 'Waiting' });
      const fresh = await f.member(site.id);
      const read = await f.member(site.id);
      const off = await f.member(site.id);
      const suppressed = await f.member(site.id);
      const deleted = await f.member(site.id, { status: 'deleted' });
      const nothing = await f.member(site.id);
      await f.unread(sender, waiting, now - 30 * HOUR);
      await f.unread(sender, waiting, now - 2 * HOUR);
      await f.unread(sender, fresh, now - 2 * HOUR);
      await f.unread(sender, read, now - 30 * HOUR);
      await db()('conversation_participants').where({ profile_id: read.profileId }).update({ unread_count: 0 });
      await db()('messages').whereIn('conversation_id', db()('conversation_participants').where({ profile_id: read.profileId }).select('conversation_id')).update({ read_at: now });
      for (const m of [off, suppressed, deleted]) await f.unread(sender, m, now - 30 * HOUR);
      await f.switchOff(off.id, 'unread_message_reminders');
      await db()('suppressions').insert({ email: suppressed.email, reason: 'bounce', created_at: now });
      void nothing;

      const first = await notify().unreadReminders(24 * HOUR, { siteId: site.id, now });
      // Only members with unread messages are read at all: waiting, fresh, off (read has none left).
      expect(first).to.include({ sent: 1, alreadySent: 0, switchedOff: 1, nothingToSend: 1, checked: 3 });
      const [mail, ...more] = await f.mails(waiting.id);
      expect(more).to.have.length(0);
      expect(mail).to.include({ template: 'unread_reminder', notification_type: 'unread_message_reminders', to_address: waiting.email, language: 'en' });
      expect(mail.text).to.include('Unread messages waiting for you at Herzklopfen: 2.');
      expect(mail.html).to.include(`https://${site.domain}/chats`).and.include(`https://${site.domain}/notifications`).and.include(site.domain);
      for (const m of [fresh, read, off, suppressed, deleted, nothing]) expect(await f.mails(m.id), `member ${m.id}`).to.have.length(0);

      expect(await notify().unreadReminders(24 * HOUR, { siteId: site.id, now })).to.include({ sent: 0, alreadySent: 1 });
      // A day later the second message has waited as long: a new reminder, for it.
      expect(await notify().unreadReminders(24 * HOUR, { siteId: site.id, now: now + DAY })).to.include({ sent: 2, alreadySent: 0 });
      expect(await f.mails(waiting.id)).to.have.length(2);
      expect(await f.mails(fresh.id)).to.have.length(1);
    });
  });

  describe('weekly', () => {
    it('sends up to six new members matching what each member looks for, with photos and the fictional label', async () => {
      const site = await f.site();
      const media = env().rt.services.media;
      const man = (name: string, o: { age?: number; fictional?: boolean; photos?: number; country?: string } = {}) =>
        createProfile(db(), media, { name, gender: 'male', birthDate: `${year - (o.age ?? 35)}-03-01`, country: o.country ?? 'AT', fictional: o.fictional ?? false, photos: o.photos ?? 1 });
      const looker = await f.member(site.id, { name: 'Lena', age: 34 }); // a straight woman: men of 26-42
      const german = await f.member(site.id, { name: 'Greta', age: 34, language: 'de' });
      const nobody = await f.member(site.id, { gender: 'male', age: 80 }); // women of 72-88: none joined
      const chooser = await f.member(site.id, { age: 34 });
      await db()('users').where({ id: chooser.id }).update({ search_filters: JSON.stringify({ gender: 'female', country: '', region: '', minAge: null, maxAge: null }) });
      // Seven match; the six newest are shown, the fictional one (added last) among them.
      for (let i = 0; i < 6; i++) await man(`Extra${i}`);
      const host = await man('Hostfred', { fictional: true });
      const old = await man('Oldwin', { age: 70 });
      const swiss = await man('Swissli', { country: 'CH' });
      const stale = await man('Stalebert');
      await db()('profiles').where({ id: stale.id }).update({ created_at: Date.now() - 10 * DAY });
      const faceless = await man('Facelessmo', { photos: 0 });
      const blocked = await man('Blockhard');
      await db()('blocks').insert({ blocker_profile_id: looker.profileId, blocked_profile_id: blocked.id, created_at: Date.now() });
      const woman = await createProfile(db(), media, { name: 'Wilma', gender: 'female', birthDate: `${year - 30}-03-01`, country: 'AT', fictional: false });
      void [host, old, swiss, faceless, woman];

      const now = Date.now() + 1000;
      const s = await notify().weeklyUpdates({ siteId: site.id, now });
      expect(s).to.include({ sent: 3, nothingToSend: 1, checked: 4 });
      const [mail] = await f.mails(looker.id);
      expect(mail).to.include({ template: 'weekly_update', notification_type: 'weekly_updates' });
      const shown = [...mail.html.matchAll(/alt="([^"]+)"/g)].map((m) => m[1]);
      expect(shown).to.have.length(6);
      expect(shown).to.include('Hostfred').and.include('Extra5').and.not.include('Extra0');
      for (const name of ['Oldwin', 'Swissli', 'Stalebert', 'Facelessmo', 'Blockhard', 'Wilma']) expect(shown).not.to.include(name);
      expect(mail.html).to.include('Chat host');
      expect(mail.html).to.match(new RegExp(`src="https://${site.domain.replace(/\./g, '\\.')}/media/[a-f0-9]+_thumb\\.jpg"`));
      expect(mail.html).to.include(`https://${site.domain}/members/${host.id}`).and.include(`https://${site.domain}/notifications`);
      expect(mail.text).to.include(`Hostfred, 35 (Chat host): https://${site.domain}/members/${host.id}`);
      // Remembered filters win over the defaults.
      const [chosen] = await f.mails(chooser.id);
      expect(chosen.html).to.include('alt="Wilma"').and.not.include('alt="Hostfred"');
      // A German member gets it in German.
      const [de] = await f.mails(german.id);
      expect(de).to.include({ language: 'de', subject: 'Neu bei Herzklopfen diese Woche: Mitglieder für dich' });
      expect(de.html).to.include('Wähle, welche E-Mails du erhältst').and.include('Chat-Host');
      expect(await f.mails(nobody.id)).to.have.length(0);

      expect(await notify().weeklyUpdates({ siteId: site.id, now })).to.include({ sent: 0, alreadySent: 3 });
      await f.switchOff(german.id, 'weekly_updates');
      expect(await notify().weeklyUpdates({ siteId: site.id, now: now + 7 * DAY - 60_000 })).to.include({ switchedOff: 1 });
    });
  });

  describe('reminders', () => {
    it('reminds the unconfirmed with a fresh activation link and the photo-less to add one, one a week', async () => {
      const site = await f.site();
      const unconfirmed = await f.member(site.id, { status: 'not_confirmed', signedUpAgo: 2 * DAY, language: 'pl' });
      const photoless = await f.member(site.id, { signedUpAgo: 2 * DAY });
      const withPhoto = await f.member(site.id, { signedUpAgo: 2 * DAY });
      await db()('profiles').where({ id: withPhoto.profileId }).update({ main_photo_id: 999_999 });
      const justJoined = await f.member(site.id, { status: 'not_confirmed', signedUpAgo: HOUR });
      const longGone = await f.member(site.id, { status: 'not_confirmed', signedUpAgo: 40 * DAY });
      const off = await f.member(site.id, { signedUpAgo: 2 * DAY });
      await f.switchOff(off.id, 'reminders');

      const now = Date.now();
      expect(await notify().reminders({ siteId: site.id, now })).to.include({ sent: 2, switchedOff: 1 });
      const [activation, ...more] = await f.mails(unconfirmed.id);
      expect(more).to.have.length(0);
      expect(activation).to.include({ template: 'activation_reminder', notification_type: 'reminders', language: 'pl' });
      expect(activation.subject).to.equal('Potwierdź swój adres e-mail w Herzklopfen');
      const token = /\/activate\?token=([A-Za-z0-9_-]{43})/.exec(activation.html)?.[1];
      expect(token, 'an activation link').to.be.a('string');
      const [photo] = await f.mails(photoless.id);
      expect(photo).to.include({ template: 'photo_reminder' });
      expect(photo.html).to.include(`https://${site.domain}/profile#photos`);
      for (const m of [withPhoto, justJoined, longGone, off]) expect(await f.mails(m.id)).to.have.length(0);

      // Later the same week (an hour later, or the week's last moment when that is sooner: the week
      // is UTC's, and a run on a Sunday evening is an hour from the next one).
      const laterThisWeek = Math.min(now + HOUR, isoWeekStart(isoWeekOf(now))! + 7 * DAY - 1);
      expect(await notify().reminders({ siteId: site.id, now: laterThisWeek })).to.include({ sent: 0, alreadySent: 2 });
      // The link in the mail is a working one.
      expect(await env().rt.services.activation.activate(token!)).to.equal(unconfirmed.id);
      // Next week both are reminded to add a photo (the first has confirmed in between), and the
      // one who had only just joined is reminded to confirm.
      expect(await notify().reminders({ siteId: site.id, now: now + 7 * DAY })).to.include({ sent: 3 });
      expect((await f.mails(justJoined.id)).map((m) => m.template)).to.deep.equal(['activation_reminder']);
      expect((await f.mails(photoless.id)).map((m) => m.template)).to.deep.equal(['photo_reminder', 'photo_reminder']);
      expect((await f.mails(unconfirmed.id)).map((m) => m.template)).to.deep.equal(['activation_reminder', 'photo_reminder']);
    });
  });

  describe('send news|promotions', () => {
    const template = {
      button_url: '/credits?from=mail',
      en: { subject: 'Winter news from {{siteName}}', body: 'Good news, {{name}}!\n\nWe have news.', button: 'Have a look' },
      de: { subject: 'Winter-Neuigkeiten von {{siteName}}', body: 'Gute Nachrichten, {{name}}!\n\nEs gibt Neues.', button: 'Ansehen' },
    };
    const file = (o: unknown) => Buffer.from(JSON.stringify(o));

    it('sends a template to members who allow the type, in their language, once per template', async () => {
      const site = await f.site();
      const en = await f.member(site.id, { name: '<b>Eve</b>' });
      const de = await f.member(site.id, { language: 'de' });
      const it = await f.member(site.id, { language: 'it' });
      const noNews = await f.member(site.id);
      const noPromotions = await f.member(site.id);
      const unconfirmed = await f.member(site.id, { status: 'not_confirmed' });
      await f.switchOff(noNews.id, 'news');
      await f.switchOff(noPromotions.id, 'promotions');

      const before = await f.counts();
      expect(await notify().mailing('news', file(template), { siteId: site.id, dryRun: true })).to.include({ sent: 4, switchedOff: 1, dryRun: true });
      expect(await f.counts()).to.deep.equal(before);

      expect(await notify().mailing('news', file(template), { siteId: site.id })).to.include({ sent: 4, switchedOff: 1 });
      const [mail] = await f.mails(en.id);
      expect(mail).to.include({ template: 'news', notification_type: 'news', subject: 'Winter news from Herzklopfen' });
      expect(mail.html).to.include('Good news, &lt;b&gt;Eve&lt;/b&gt;!').and.not.include('<b>Eve');
      expect(mail.html).to.include(`href="https://${site.domain}/credits?from=mail"`);
      expect((await f.mails(de.id))[0]).to.include({ subject: 'Winter-Neuigkeiten von Herzklopfen', language: 'de' });
      expect((await f.mails(it.id))[0]).to.include({ subject: 'Winter news from Herzklopfen', language: 'it' });
      expect(await f.mails(noNews.id)).to.have.length(0);
      expect(await f.mails(noPromotions.id)).to.have.length(1);
      expect(await f.mails(unconfirmed.id)).to.have.length(0);

      expect(await notify().mailing('news', file(template), { siteId: site.id })).to.include({ sent: 0, alreadySent: 4 });
      expect(await notify().mailing('news', file(template), { siteId: site.id, campaign: 'winter-2' })).to.include({ sent: 4 });
      expect(await notify().mailing('promotions', file(template), { siteId: site.id, campaign: 'winter-2' })).to.include({ sent: 4, switchedOff: 1 });
    });

    it('refuses a bad template with every problem named, and changes nothing', async () => {
      const site = await f.site();
      await f.member(site.id);
      const before = await f.counts();
      const cases: [unknown, string][] = [
        [{ ...template, colour: 'red' }, 'unknown field(s) "colour"'],
        [{ button_url: '/x', de: template.de }, 'en: missing (English is required'],
        [{ ...template, en: { ...template.en, subject: 'x'.repeat(151) } }, 'en.subject: at most 150 characters'],
        [{ ...template, en: { ...template.en, subject: 'Hi\r\nBcc: a@b.c' } }, 'en.subject: must be one line'],
        [{ ...template, en: { ...template.en, extra: 1 } }, 'en: unknown field(s) "extra"'],
        [{ ...template, button_url: '//evil.example/x' }, 'button_url: must be a path on the site'],
        [{ ...template, button_url: 'javascript:alert(1)' }, 'button_url: must be a path on the site'],
        [{ ...template, en: { ...template.en, body: 'Hi {{password}}' } }, 'en.body: only {{name}} and {{siteName}}'],
      ];
      for (const [t, message] of cases) {
        const err = await notify().mailing('news', file(t), { siteId: site.id }).catch((e: unknown) => e);
        expect(err, message).to.be.instanceOf(MailingTemplateError);
        expect((err as Error).message, message).to.include(message);
      }
      const big = await notify().mailing('news', Buffer.alloc(70_000, 32), { siteId: site.id }).catch((e: unknown) => e);
      expect((big as Error).message).to.include('at most 65536 are allowed');
      const notJson = await notify().mailing('news', Buffer.from('{"en": '), { siteId: site.id }).catch((e: unknown) => e);
      expect((notJson as Error).message).to.include('not valid JSON');
      expect(await f.counts()).to.deep.equal(before);
    });
  });

  describe('batches', () => {
    it('never reads more members than a batch, and a crash mid-run resumes without a duplicate', async () => {
      const site = await f.site();
      const members: TestMember[] = [];
      for (let i = 0; i < 7; i++) members.push(await f.member(site.id));
      const file = Buffer.from(JSON.stringify({ button_url: '/', en: { subject: 'S', body: 'B', button: 'Go' } }));

      // A mail server that fails on the 4th mail: the batch of that mail (3 and 4) rolls back.
      let calls = 0;
      const real = env().rt.services.mail;
      const failing = Object.assign(Object.create(real) as MailService, {
        enqueue: (...args: Parameters<MailService['enqueue']>) => {
          if (++calls === 4) return Promise.reject(new Error('process killed'));
          return real.enqueue(...args);
        },
      });
      const { sites, activation } = env().rt.services;
      const crashing = new NotifyCronService(db(), failing, sites, activation, env().rt.i18n, 3000);
      const err = await crashing.mailing('news', file, { siteId: site.id, batchSize: 2 }).catch((e: unknown) => e);
      expect((err as Error).message).to.equal('process killed');
      const sent = async () => (await db()('notification_sends').whereIn('user_id', members.map((m) => m.id)).count({ n: '*' }).first())!.n;
      const queued = async () => (await db()('mail_outbox').whereIn('user_id', members.map((m) => m.id)).count({ n: '*' }).first())!.n;
      expect(Number(await sent())).to.equal(2);
      expect(Number(await queued())).to.equal(2);

      // Resumed with a limit (a careful operator), then to the end: every member once.
      const memberQueries: number[] = [];
      const listen = (rows: unknown, q: { sql: string }) => {
        if (/from [`"]users[`"]/i.test(q.sql) && Array.isArray(rows)) memberQueries.push(rows.length);
      };
      db().on('query-response', listen);
      try {
        expect(await notify().mailing('news', file, { siteId: site.id, batchSize: 3, limit: 2 })).to.include({ sent: 2, alreadySent: 2, limitReached: true });
        expect(await notify().mailing('news', file, { siteId: site.id, batchSize: 3 })).to.include({ sent: 3, alreadySent: 4, batches: 3, checked: 7 });
      } finally {
        db().off('query-response', listen);
      }
      expect(Number(await sent())).to.equal(7);
      expect(Number(await queued())).to.equal(7);
      for (const m of members) expect(await f.mails(m.id)).to.have.length(1);
      // 2 batches (limit reached in the second), then 3 batches of at most 3 members each.
      expect(memberQueries).to.deep.equal([3, 3, 3, 3, 1]);
    });
  });
});

describe('[sqlite] amora notify (CLI)', function () {
  this.timeout(60_000);
  let env: TestEnv;
  const f = fixtures(() => env);
  const dir = mkdtempSync(join(tmpdir(), 'amora-notify-'));

  before(async () => {
    env = await envFor(BACKENDS[0]!);
  });

  it('refuses a bad template with every problem on stderr, then sends a good one with a summary line', async () => {
    const site = await f.site();
    for (let i = 0; i < 3; i++) await f.member(site.id);
    const good = join(dir, 'news.json');
    writeFileSync(good, JSON.stringify({ button_url: '/members', en: { subject: 'News', body: 'New things.', button: 'Look' } }));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ button_url: '/members', de: { subject: 'News', body: 'Neues.', button: 'Ansehen', colour: 'red' } }));
    const before = await f.counts();

    const refused = await amoraCli(env, 'notify', 'send', '--type', 'news', '--template', bad, '--site', site.domain);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('de: unknown field(s) "colour"').and.include('en: missing').and.include('nothing was sent');
    expect(await f.counts()).to.deep.equal(before);

    const sent = await amoraCli(env, 'notify', 'send', '--type', 'news', '--template', good, '--site', String(site.id));
    expect(sent.code, sent.stderr).to.equal(0);
    expect(sent.stdout.trim()).to.equal('send news: queued 3 mail(s); already sent 0, switched off 0, nothing to send 0; checked 3 member(s) in 1 batch(es)');
    expect((await f.counts()).mails).to.equal(before.mails + 3);
  });
});
