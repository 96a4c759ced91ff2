// Photos in chat (issue 5): a photo message is re-encoded without metadata, stored for its
// conversation and debited settings.photo_credits in the message's transaction; without enough
// credits nothing is stored and no file is left; a retry with the same client id is stored and
// charged once; only the conversation's two members can fetch the files; it works without
// JavaScript and reaches the partner live.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import supertest from 'supertest';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import type { LiveEvent } from '../../types/events.js';
import type { ChatPaneProps, SendAnswer } from '../../types/chat.js';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

const PHOTO_PRICE = 20; // the default photo_credits

const jpeg = (w = 900, h = 600) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#d69' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'exif-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();

function paneProps(html: string): ChatPaneProps {
  const mark = /data-island="chat-pane" data-props="(island-\d+)"/.exec(html);
  const script = new RegExp(`<script type="application/json" id="${mark![1]}">(.*?)</script>`, 's').exec(html);
  return JSON.parse(script![1]!) as ChatPaneProps;
}

describeEachBackend('chat photos', (env) => {
  const db = () => env().rt.db;
  let seq = 0;
  const clientId = () => `f${Date.now().toString(36)}${(seq++).toString(36).padStart(4, '0')}x`;
  const chatMedia = () => join(env().rt.config.dataDir, 'chat-media');
  /** Every chat photo file on disk. */
  const files = (): string[] => {
    try {
      return (readdirSync(chatMedia(), { recursive: true }) as string[]).filter((f) => f.endsWith('.jpg')).sort();
    } catch {
      return [];
    }
  };

  async function member(o: { credits?: number; name?: string } = {}) {
    const m = await createMember(db(), { name: o.name ?? 'Snapper' });
    if (o.credits) await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: o.credits!, reason: 'grant' }));
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/settings').expect(200)).text);
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    const sendPhoto = (to: Record<string, number>, file: Buffer, o2: { clientId?: string; caption?: string; name?: string } = {}) => {
      const req = a.post('/api/messages.php').set('x-csrf-token', token);
      for (const [k, v] of Object.entries(to)) void req.field(k, String(v));
      void req.field('client_id', o2.clientId ?? clientId());
      if (o2.caption !== undefined) void req.field('body', o2.caption);
      return req.attach('photo', file, o2.name ?? 'me.jpg');
    };
    return { ...m, a, token, profileId, sendPhoto };
  }
  const balance = async (userId: number) => Number((await db()('users').where({ id: userId }).first('credits')).credits);
  const messagesOf = (profileId: number) => db()('messages').where({ sender_profile_id: profileId });

  it('stores a photo message re-encoded without metadata and debits photo_credits with its ledger row', async () => {
    const me = await member({ credits: 50 });
    const other = await member({ name: 'Looker' });
    const res = await me.sendPhoto({ profile: other.profileId }, await jpeg(), { caption: '  At the beach  ' }).expect(201);
    const answer = res.body as SendAnswer;
    expect(answer.credits).to.equal(50 - PHOTO_PRICE);
    expect(answer.message).to.include({ mine: true, kind: 'photo', body: 'At the beach', read: false });
    expect(answer.message.photo).to.include({ width: 900, height: 600 });
    expect(answer.message.photo!.full).to.match(/^\/media\/chat\/[a-f0-9]{32}\.jpg$/);
    expect(answer.message.photo!.thumb).to.equal(answer.message.photo!.full.replace('.jpg', '_thumb.jpg'));
    expect(await balance(me.id)).to.equal(50 - PHOTO_PRICE);
    const ledger = await db()('credit_ledger').where({ user_id: me.id, reason: 'photo' });
    expect(ledger).to.have.length(1);
    expect(ledger[0]).to.include({ delta: -PHOTO_PRICE, balance_after: 50 - PHOTO_PRICE });
    const [stored] = await messagesOf(me.profileId);
    expect(stored).to.include({ kind: 'photo', credits_spent: PHOTO_PRICE });
    const photo = await db()('chat_photos').where({ id: stored.photo_id }).first();
    expect(Number(photo.conversation_id)).to.equal(answer.message.conversation_id);

    for (const url of [answer.message.photo!.full, answer.message.photo!.thumb]) {
      const file = await me.a.get(url).buffer(true).expect(200);
      expect(file.headers['content-type']).to.equal('image/jpeg');
      expect(file.headers['cache-control']).to.equal('private, max-age=86400');
      const meta = await sharp(file.body as Buffer).metadata();
      expect(meta.exif, `${url} has no EXIF (GPS)`).to.equal(undefined);
    }
    // The receiver's history and chat list show it.
    const history = (await other.a.get(`/api/messages.php?conversation=${answer.message.conversation_id}`).expect(200)).body.messages;
    expect(history[0]).to.deep.include({ kind: 'photo', mine: false, body: 'At the beach', photo: answer.message.photo });
    const chats = (await other.a.get('/api/chats.php').expect(200)).body;
    expect(chats.chats[0].conversation).to.include({ last_message_kind: 'photo' });
    expect(chats.num_unread_messages).to.equal(1);
  });

  it('gives the photo only to the two members: anyone else, logged out or not, gets a 404 even with the URL', async () => {
    const me = await member({ credits: 50 });
    const other = await member({ name: 'Partner' });
    const stranger = await member({ name: 'Stranger' });
    const { message } = (await me.sendPhoto({ profile: other.profileId }, await jpeg()).expect(201)).body as SendAnswer;
    const { full, thumb } = message.photo!;
    for (const url of [full, thumb]) {
      await me.a.get(url).expect(200);
      await other.a.get(url).expect(200);
      await stranger.a.get(url).expect(404);
      await supertest(env().app).get(url).set('Host', 'localhost').expect(404);
    }
    // Not through the profile photos' route either, nor as a blurred variant.
    const key = /([a-f0-9]{32})\.jpg$/.exec(full)![1];
    await other.a.get(`/media/${key}.jpg`).expect(404);
    await other.a.get(`/media/chat/${key}_blur.jpg`).expect(404);
    await other.a.get('/media/chat/..%2F..%2Fpackage.json').expect(404);
  });

  it('refuses a photo without enough credits: 402, nothing stored, no file left, also when the debit loses a race', async () => {
    const before = files();
    const poor = await member({ credits: PHOTO_PRICE - 1, name: 'Poor' });
    const other = await member({ name: 'Rich' });
    const res = await poor.sendPhoto({ profile: other.profileId }, await jpeg()).expect(402);
    expect(res.body.error).to.include({ code: 'insufficient_credits' });
    expect(await messagesOf(poor.profileId)).to.have.length(0);
    expect(await balance(poor.id)).to.equal(PHOTO_PRICE - 1);
    expect(files()).to.deep.equal(before);

    // Credits for one photo, four at once: each passes the early check, is stored, then the debit decides.
    const one = await member({ credits: PHOTO_PRICE + 5, name: 'One' });
    const file = await jpeg();
    const results = await Promise.all(Array.from({ length: 4 }, () => one.sendPhoto({ profile: other.profileId }, file)));
    expect(results.map((r) => r.status).sort()).to.deep.equal([201, 402, 402, 402]);
    expect(await messagesOf(one.profileId)).to.have.length(1);
    expect(await balance(one.id)).to.equal(5);
    const added = files().filter((f) => !before.includes(f));
    const key = /([a-f0-9]{32})\.jpg$/.exec(results.find((r) => r.status === 201)!.body.message.photo.full)![1]!;
    expect(added.map((f) => f.split('/').pop())).to.have.members([`${key}.jpg`, `${key}_thumb.jpg`]);
    expect(await db()('chat_photos').whereIn('sender_profile_id', [poor.profileId, one.profileId])).to.have.length(1);
  });

  it('stores and charges a retried photo once, also when the retries race', async () => {
    const before = files();
    const me = await member({ credits: 100 });
    const to = (await createProfile(db(), env().rt.services.media, { gender: 'female' })).id;
    const file = await jpeg();
    const id = clientId();
    const first = await me.sendPhoto({ profile: to }, file, { clientId: id }).expect(201);
    const again = await me.sendPhoto({ profile: to }, file, { clientId: id }).expect(201);
    expect(again.body.message.id).to.equal(first.body.message.id);
    expect(again.body.message.photo).to.deep.equal(first.body.message.photo);
    const raceId = clientId();
    const raced = await Promise.all(Array.from({ length: 4 }, () => me.sendPhoto({ conversation: first.body.message.conversation_id }, file, { clientId: raceId })));
    expect(raced.map((r) => r.status)).to.deep.equal([201, 201, 201, 201]);
    expect(new Set(raced.map((r) => r.body.message.id)).size).to.equal(1);
    expect(await messagesOf(me.profileId)).to.have.length(2);
    expect(await balance(me.id)).to.equal(100 - 2 * PHOTO_PRICE);
    expect(await db()('credit_ledger').where({ user_id: me.id, reason: 'photo' })).to.have.length(2);
    // The losers' files went again: two photos, two files each.
    expect(files().filter((f) => !before.includes(f))).to.have.length(4);
    // Operators see what waits for the fictional profile's answer.
    expect((await amoraCli(env(), 'chat', 'inbox', '--profile', String(to))).stdout).to.include('waiting 2: (photo)');
  });

  it('refuses a file that is not a picture, one over 10 MB and a decompression bomb with a clear message, charging nothing', async () => {
    const me = await member({ credits: 100 });
    const other = await member({ name: 'Careful' });
    const text = await me.sendPhoto({ profile: other.profileId }, Buffer.from('not a picture'), { name: 'notes.txt' }).expect(400);
    expect(text.body.error).to.include({ code: 'validation_failed', message: 'This file is not a photo we can use. Choose a JPEG, PNG, WebP or HEIC picture.' });
    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 1024, 1)]);
    const tooLarge = (await me.sendPhoto({ profile: other.profileId }, big).expect(413)).body.error;
    expect(tooLarge).to.include({ code: 'payload_too_large', message: 'This photo is too large; the limit is 10 MB.' });
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect((await me.sendPhoto({ profile: other.profileId }, bomb, { name: 'bomb.png' }).expect(400)).body.error.message).to.equal('This photo has too many pixels; the limit is 40 megapixels.');
    // A photo is not a gift, and a visitor's upload is refused before it is read.
    const gift = await me.a.post('/api/messages.php').set('x-csrf-token', me.token).field('profile', String(other.profileId)).field('gift', '1').field('client_id', clientId()).attach('photo', await jpeg(), 'x.jpg');
    expect(gift.status).to.equal(400);
    await supertest(env().app).post('/api/messages.php').set('Host', 'localhost').attach('photo', await jpeg(), 'x.jpg').expect(403);
    expect(await messagesOf(me.profileId)).to.have.length(0);
    expect(await balance(me.id)).to.equal(100);
  });

  it('sends a photo without JavaScript through the multipart form and shows it in the history', async () => {
    const me = await member({ credits: 100, name: 'NoScript' });
    const other = await member({ name: 'Viewer' });
    const form = paneProps((await me.a.get(`/members/${other.profileId}/chat`).expect(200)).text);
    expect(form.price).to.include({ photoCredits: PHOTO_PRICE });
    const post = (clientIdValue: string, file: Buffer) =>
      me.a.post(`/chats/send?_csrf=${encodeURIComponent(me.token)}`).field('profile', String(other.profileId)).field('client_id', clientIdValue).field('body', '').attach('photo', file, 'me.jpg');
    const sent = await post(form.formClientId, await jpeg()).expect(303);
    const conv = Number(/^\/chats\/(\d+)$/.exec(sent.headers.location!)![1]);
    await post(form.formClientId, await jpeg()).expect(303);
    expect(await messagesOf(me.profileId)).to.have.length(1);
    expect(await balance(me.id)).to.equal(100 - PHOTO_PRICE);
    const page = await other.a.get(`/chats/${conv}`).expect(200);
    const props = paneProps(page.text);
    expect(props.messages[0]).to.include({ kind: 'photo', mine: false });
    expect(page.text).to.include(`src="${props.messages[0]!.photo!.thumb}"`);
    expect(page.text).to.include(`href="${props.messages[0]!.photo!.full}"`);

    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 1024, 1)]);
    const refused = await me.a
      .post(`/chats/send?_csrf=${encodeURIComponent(me.token)}`).field('conversation', String(conv)).field('client_id', clientId()).attach('photo', big, 'big.jpg').expect(303);
    expect(refused.headers.location).to.equal(`/chats/${conv}?error=photoTooLarge`);
    expect(paneProps((await me.a.get(refused.headers.location!).expect(200)).text).formError).to.deep.equal({ message: 'This photo is too large; the limit is 10 MB.', creditsLink: false });
    const empty = await me.a.post('/chats/send').type('form').send({ _csrf: me.token, conversation: conv, body: ' ', client_id: clientId() }).expect(303);
    expect(paneProps((await me.a.get(empty.headers.location!).expect(200)).text).formError?.message).to.equal('Write a message or choose a photo first.');
  });

  it('delivers the photo message live to the partner, with what the pane needs to show it', async () => {
    const me = await member({ credits: 100 });
    const other = await member({ name: 'Live' });
    const events = env().rt.services.events;
    const seen: LiveEvent[] = [];
    const unsubscribe = events.subscribe(other.id, (e) => seen.push(e));
    try {
      await events.subscribed(other.id);
      const { message } = (await me.sendPhoto({ profile: other.profileId }, await jpeg(), { caption: 'live' }).expect(201)).body as SendAnswer;
      const deadline = Date.now() + 3000;
      while (!seen.some((e) => e.type === 'counts') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const live = seen.find((e) => e.type === 'message');
      expect(live).to.deep.equal({ type: 'message', message: { ...message, mine: false, client_id: null } });
      expect(seen.find((e) => e.type === 'counts')).to.include({ num_unread_messages: 1 });
    } finally {
      unsubscribe();
    }
  });

  it('deletes the files of photos whose conversation went (a block) with amora chat purge-photos', async () => {
    const me = await member({ credits: 100 });
    const other = await member({ name: 'Blocker' });
    const { message } = (await me.sendPhoto({ profile: other.profileId }, await jpeg()).expect(201)).body as SendAnswer;
    const key = /([a-f0-9]{32})\.jpg$/.exec(message.photo!.full)![1]!;
    await other.a.post('/api/block.php').set('x-csrf-token', other.token).send({ profile: me.profileId }).expect(200);
    await me.a.get(message.photo!.full).expect(404);
    expect(files().some((f) => f.includes(key))).to.equal(true);
    expect((await amoraCli(env(), 'chat', 'purge-photos', '--dry-run')).stdout).to.match(/would delete [1-9]\d* photos/);
    expect(files().some((f) => f.includes(key))).to.equal(true);
    const cli = await amoraCli(env(), 'chat', 'purge-photos');
    expect(cli.stderr).to.equal('');
    expect(cli.stdout).to.match(/deleted [1-9]\d* photos/);
    expect(files().some((f) => f.includes(key))).to.equal(false);
    expect(await db()('chat_photos').where({ file_key: key })).to.have.length(0);
  });
});
