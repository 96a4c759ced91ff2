// Event notifications (issue 15, points 2 and 3): a new conversation, a message, a like and a
// match queue a mail and a push for the member they reached, in that member's language, with a
// card of who it is from and no message text; nothing for a blocked pair, a switched-off type or
// a member who is online; one mail per conversation until the member has read it.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import { upsertSubscription } from '../../server/repos/push-repo.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { MailService } from '../../server/services/mail/mail-service.js';
import { smtpTransport } from '../../server/services/mail/transport.js';
import { PresenceService } from '../../server/services/presence/presence-service.js';
import type { PushPayload } from '../../types/notifications.js';
import { describeEachBackend } from '../helpers/backends.js';
import { EventStreamClient, loginCookie } from '../helpers/event-stream.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';
import { testSmtp } from '../helpers/smtp.js';

interface MailRow {
  id: number;
  template: string;
  language: string;
  subject: string;
  html: string;
  text: string;
  notification_type: string | null;
  about_profile_id: number | null;
}

describeEachBackend('event notifications', (env) => {
  const db = () => env().rt.db;
  const services = () => env().rt.services;
  let seq = 0;
  const clientId = () => `n${Date.now().toString(36)}${(seq++).toString(36).padStart(4, '0')}x`;

  async function member(o: { name?: string; language?: string; push?: boolean } = {}) {
    const m = await createMember(db(), { name: o.name ?? 'Member', language: o.language ?? 'en' });
    await db()('users').where({ id: m.id }).update({ paid_user: true, premium_since: Date.now() });
    await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: 1000, reason: 'grant' }));
    if (o.push) await upsertSubscription(db(), m.id, randomBytes(32).toString('hex'), JSON.stringify({ endpoint: `https://push.example/${m.id}`, keys: { p256dh: 'k', auth: 'a' } }));
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    const send = async (to: { profileId?: number; conversation?: number }, body: string) =>
      (await a.post('/api/messages.php').set('x-csrf-token', token).send({ client_id: clientId(), body, ...(to.conversation ? { conversation: to.conversation } : { profile: to.profileId }) }).expect(201)).body
        .message as { conversation_id: number };
    const read = (conversation: number) => a.post('/api/chat-read.php').set('x-csrf-token', token).send({ conversation }).expect(200);
    const like = (profile: number) => a.post('/api/like.php').set('x-csrf-token', token).send({ profile }).expect(200);
    const unlike = (profile: number) => a.delete('/api/like.php').set('x-csrf-token', token).send({ profile }).expect(200);
    return { ...m, profileId, send, read, like, unlike };
  }
  const mailsOf = async (userId: number) => (await db()('mail_outbox').where({ user_id: userId }).orderBy('id')) as MailRow[];
  const pushesOf = async (userId: number) =>
    ((await db()('push_outbox').where({ user_id: userId }).orderBy('id')) as { payload: string; notification_type: string }[]).map((r) => ({
      type: r.notification_type,
      payload: JSON.parse(r.payload) as PushPayload,
      raw: r.payload,
    }));

  it('a new conversation: one mail and one push for the receiver, in their language, with the sender and no message text', async () => {
    const anna = await member({ name: 'Anna' });
    const bert = await member({ name: 'Bert', language: 'de', push: true });
    const secret = `secret words ${randomBytes(3).toString('hex')}`;
    const { conversation_id: c } = await anna.send({ profileId: bert.profileId }, secret);

    const mails = await mailsOf(bert.id);
    expect(mails).to.have.length(1);
    const mail = mails[0]!;
    expect(mail).to.include({ template: 'notify.newConversation', language: 'de', notification_type: 'new_conversations', about_profile_id: anna.profileId });
    expect(mail.subject).to.equal('Anna hat dir auf Amora geschrieben');
    expect(mail.html).to.include(`href="https://localhost/chats/${c}"`).and.include('Nachricht lesen').and.include('Anna').and.include('https://localhost/notifications');
    expect(mail.html).to.include('Benachrichtigungseinstellungen').and.include('localhost');
    expect(mail.text).to.include(`https://localhost/chats/${c}`).and.include('https://localhost/notifications');
    for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.to.include(secret);

    const pushes = await pushesOf(bert.id);
    expect(pushes).to.have.length(1);
    expect(pushes[0]!.type).to.equal('new_conversations');
    expect(pushes[0]!.payload).to.deep.equal({
      type: 'new_conversations', title: 'Anna hat dir geschrieben', body: 'Eine erste Nachricht wartet auf Amora auf dich.', url: `/chats/${c}`, tag: `conversation-${c}`, badge: 1,
    });
    expect(pushes[0]!.raw).not.to.include('secret');
    // The sender is told nothing; without a subscription, no push row is written at all.
    expect(await mailsOf(anna.id)).to.have.length(0);
    expect(await pushesOf(anna.id)).to.have.length(0);
  });

  it('several messages: one mail and one push per conversation until the member reads it, then one more', async () => {
    const anna = await member({ name: 'Anna' });
    const carl = await member({ name: 'Carl', push: true });
    const { conversation_id: c } = await anna.send({ profileId: carl.profileId }, 'hello');
    for (let i = 0; i < 5; i++) await anna.send({ conversation: c }, `more ${i}`);
    expect((await mailsOf(carl.id)).map((m) => m.template)).to.deep.equal(['notify.newConversation']);
    expect(await pushesOf(carl.id)).to.have.length(1);

    await carl.read(c);
    for (let i = 0; i < 3; i++) await anna.send({ conversation: c }, `after the visit ${i}`);
    const mails = await mailsOf(carl.id);
    expect(mails.map((m) => [m.template, m.notification_type])).to.deep.equal([
      ['notify.newConversation', 'new_conversations'],
      ['notify.newMessage', 'new_messages'],
    ]);
    expect(mails[1]!.subject).to.equal('New message from Anna');
    const pushes = await pushesOf(carl.id);
    expect(pushes.map((p) => p.payload.title)).to.deep.equal(['Anna wrote to you', 'New message from Anna']);
    expect(pushes[1]!.payload).to.include({ tag: `conversation-${c}`, badge: 1 });
    // A reply goes the other way under the same rules.
    await carl.send({ conversation: c }, 'hi Anna');
    expect((await mailsOf(anna.id)).map((m) => m.template)).to.deep.equal(['notify.newMessage']);
  });

  it('nothing while the member has an event stream open, in this process or (as seen from another) anywhere', async () => {
    const server: Server = env().app.listen(0);
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
    const anna = await member({ name: 'Anna' });
    const dora = await member({ name: 'Dora', push: true });
    // Another process's view: no listeners of its own, the same database and Redis.
    const elsewhere = new PresenceService({ db: db(), redis: env().rt.redis, events: { publish: async () => undefined }, logger: pino({ level: 'silent' }) });
    try {
      const stream = await EventStreamClient.open(baseUrl, await loginCookie(baseUrl, dora.email, dora.password));
      await stream.next((e) => e.event === 'credits');
      expect(await services().presence.isOnline(dora.id)).to.equal(true);
      expect(await elsewhere.isOnline(dora.id)).to.equal(true);
      const { conversation_id: c } = await anna.send({ profileId: dora.profileId }, 'are you there?');
      await stream.next((e) => e.event === 'message');
      expect(await mailsOf(dora.id)).to.have.length(0);
      expect(await pushesOf(dora.id)).to.have.length(0);
      await services().likes.like({ userId: anna.id, profileId: anna.profileId, premium: true }, dora.profileId, '/media');
      expect(await mailsOf(dora.id)).to.have.length(0);

      stream.close();
      const deadline = Date.now() + 3000;
      while ((await elsewhere.isOnline(dora.id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await elsewhere.isOnline(dora.id)).to.equal(false);
      expect(await services().presence.isOnline(dora.id)).to.equal(false);
      // Offline again: the next message is mailed (as a later message: the conversation exists).
      await anna.send({ conversation: c }, 'gone?');
      expect((await mailsOf(dora.id)).map((m) => m.template)).to.deep.equal(['notify.newMessage']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a switched-off type or channel is not queued; the other channel still is', async () => {
    const anna = await member({ name: 'Anna' });
    const emil = await member({ name: 'Emil', push: true });
    await services().notificationSettings.set(emil.id, 'new_conversations', 'email', false);
    await services().notificationSettings.set(emil.id, 'like', 'email', false);
    await services().notificationSettings.set(emil.id, 'like', 'push', false);
    await anna.send({ profileId: emil.profileId }, 'hello');
    expect(await mailsOf(emil.id)).to.have.length(0);
    expect((await pushesOf(emil.id)).map((p) => p.type)).to.deep.equal(['new_conversations']);
    await anna.like(emil.profileId);
    expect(await mailsOf(emil.id)).to.have.length(0);
    expect(await pushesOf(emil.id)).to.have.length(1);
  });

  it('nothing for a blocked pair, a fictional profile or an account that is not active', async () => {
    const anna = await member({ name: 'Anna' });
    const fred = await member({ name: 'Fred', push: true });
    const { conversation_id: c } = await anna.send({ profileId: fred.profileId }, 'hello');
    await fred.read(c);
    const before = [(await mailsOf(fred.id)).length, (await pushesOf(fred.id)).length];
    // A block landing between a message's commit and its notification.
    await db()('blocks').insert({ blocker_profile_id: fred.profileId, blocked_profile_id: anna.profileId, created_at: Date.now() });
    await services().notifications.messageSent({ conversationId: c, senderProfileId: anna.profileId, recipientProfileId: fred.profileId, opened: false });
    await services().notifications.liked({ fromProfileId: anna.profileId, toProfileId: fred.profileId, match: false });
    expect([(await mailsOf(fred.id)).length, (await pushesOf(fred.id)).length]).to.deep.equal(before);

    // A message to a fictional profile tells nobody (its operators use the operator inbox).
    const fictional = await createProfile(db(), services().media, { gender: 'male' });
    await anna.send({ profileId: fictional.id }, 'hi operator');
    expect(await db()('mail_outbox').where({ about_profile_id: anna.profileId }).whereNot({ user_id: fred.id })).to.have.length(0);

    // An account being deleted gets no notifications.
    const gina = await member({ name: 'Gina' });
    await db()('users').where({ id: gina.id }).update({ status: 'pending_deletion' });
    await services().notifications.liked({ fromProfileId: anna.profileId, toProfileId: gina.profileId, match: false });
    expect(await mailsOf(gina.id)).to.have.length(0);
  });

  it('an operator\'s reply for a fictional profile mails the member with its photo and the fictional label', async () => {
    const hana = await member({ name: 'Hana', language: 'nl' });
    const fictional = await createProfile(db(), services().media, { name: 'Lotte', gender: 'female', birthDate: '1995-02-03' });
    await db()('profiles').where({ id: fictional.id }).update({ city: 'Utrecht' });
    const { conversation_id: c } = await hana.send({ profileId: fictional.id }, 'hoi');
    await services().operatorChat.reply(c, 'hallo Hana', { messageLength: 1000 });
    const mails = await mailsOf(hana.id);
    const label = env().rt.i18n.getFixedT('nl')('common:siteDefaults.fictional_singular', { siteName: 'Amora' });
    expect(label).to.be.a('string').and.not.equal('');
    // The subject carries the label too: the mailbox's list shows no card (issue 18.4).
    expect(mails.map((m) => [m.template, m.language, m.subject])).to.deep.equal([['notify.newMessage', 'nl', `Nieuw bericht van Lotte (${label})`]]);
    expect(mails[0]!.html).to.include(`src="https://localhost/media/${fictional.photoKeys[0]}_thumb.jpg"`).and.include('Utrecht').and.include('jaar');
    expect(mails[0]!.html).to.include(`>${label}</span>`);
    expect(mails[0]!.text).to.include(`Lotte (${label})`);
    expect(mails[0]!.html).not.to.include('hallo Hana');
  });

  it('a like and a match: a mail and push each, to the likes page and the profile; a like again sends nothing new', async () => {
    const ivan = await member({ name: 'Ivan', push: true });
    const jade = await member({ name: 'Jade', language: 'fr', push: true });
    await ivan.like(jade.profileId);
    const jadeMails = await mailsOf(jade.id);
    expect(jadeMails.map((m) => [m.template, m.notification_type, m.subject])).to.deep.equal([['notify.like', 'like', 'Ivan vous aime bien']]);
    expect(jadeMails[0]!.html).to.include('href="https://localhost/likes"');
    expect((await pushesOf(jade.id)).map((p) => p.payload)).to.deep.equal([{ type: 'like', title: 'Ivan vous aime bien', body: 'Ouvrez Amora pour voir qui vous aime.', url: '/likes', tag: 'likes', badge: 1 }]);
    // Unlike and like again: no second mail about the same liker.
    await ivan.unlike(jade.profileId);
    await ivan.like(jade.profileId);
    expect(await mailsOf(jade.id)).to.have.length(1);

    await jade.like(ivan.profileId);
    const ivanMails = await mailsOf(ivan.id);
    expect(ivanMails.map((m) => [m.template, m.notification_type, m.subject])).to.deep.equal([['notify.match', 'like', "It's a match: you and Jade"]]);
    expect(ivanMails[0]!.html).to.include(`href="https://localhost/members/${jade.profileId}"`);
    expect((await pushesOf(ivan.id))[0]!.payload).to.include({ title: "It's a match with Jade!", url: `/members/${jade.profileId}`, tag: `match-${jade.profileId}` });
  });

  it('escapes a hostile name in HTML and keeps it out of the headers; the mail reaches a real SMTP server as one', async () => {
    const hostile = '<img src=x onerror=alert(1)>\r\nBcc: evil@example.com';
    const mallory = await member({ name: 'Mallory' });
    await db()('profiles').where({ id: mallory.profileId }).update({ name: hostile });
    const kim = await member({ name: 'Kim', push: true });
    await mallory.send({ profileId: kim.profileId }, 'hi');
    const [mail] = await mailsOf(kim.id);
    expect(mail!.html).not.to.include('<img src=x');
    expect(mail!.html).to.include('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail!.subject).not.to.match(/[\r\n]/);
    expect(mail!.subject.length).to.be.at.most(150);
    const [push] = await pushesOf(kim.id);
    expect(push!.payload.title).not.to.match(/[\r\n]/);

    const smtp = await testSmtp();
    await smtp.start();
    let postponed: number[] = [];
    const worker = new MailService(db(), smtpTransport(smtp.url), 'Amora <no-reply@amora.example>', pino({ level: 'silent' }));
    try {
      // Only this mail is due for this worker; the shared outbox's others wait their turn.
      postponed = (await db()('mail_outbox').whereNot({ id: mail!.id }).where({ status: 'pending' }).pluck('id')) as number[];
      if (postponed.length) await db()('mail_outbox').whereIn('id', postponed).update({ next_attempt_at: Date.now() + 3600_000 });
      await worker.deliverDue();
      const got = smtp.mails.filter((m) => m.to.includes(kim.email.toLowerCase()));
      expect(got).to.have.length(1);
      const headers = got[0]!.raw.split(/\r?\n\r?\n/)[0]!;
      expect(headers).not.to.match(/^bcc:/im);
      expect(got[0]!.to).to.deep.equal([kim.email.toLowerCase()]);
      expect(got[0]!.raw).to.include('text/html').and.include('text/plain');
    } finally {
      worker.close();
      await smtp.stop();
      if (postponed.length) await db()('mail_outbox').whereIn('id', postponed).update({ next_attempt_at: Date.now() });
    }
  });
});
