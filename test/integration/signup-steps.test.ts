// The signup steps after the account (SPEC.md §4): photo, personal info, about me, push prompt,
// complete; kept on the account so a reload resumes, guarded against replays, the photo limit
// held under parallel uploads, and the same steps as plain form posts without JavaScript.
import { expect } from 'chai';
import sharp from 'sharp';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';
import { uniqueName } from '../helpers/names.js';

const photo = (w = 640, h = 800) => sharp({ create: { width: w, height: h, channels: 3, background: '#c86' } }).jpeg().withExifMerge({ IFD0: { Copyright: 'secret-gps-owner' } }).toBuffer();

describeEachBackend('signup steps', (env) => {
  /** A fresh member right after the account step, with the CSRF token of the new session. */
  async function signedUp(over: Record<string, unknown> = {}) {
    const a = agent(env().app);
    const visitorToken = csrfFrom((await a.get('/login').expect(200)).text);
    const email = `steps-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
    const res = await a.post('/api/signup.php').set('x-csrf-token', visitorToken).send({
      name: uniqueName('Kim'), email, password: 'a fine long password', birth_year: 1990, birth_month: 1, birth_day: 2, gender: 'male', sexuality: 'hetero', country: 'GB', ...over,
    }).expect(201);
    expect(res.body.step).to.equal('photo');
    const token = res.body.csrfToken as string;
    const user = await env().rt.db('users').where({ email }).first('id');
    const profile = await env().rt.db('profiles').where({ user_id: user.id }).first('id');
    const step = (body: Record<string, unknown>) => a.post('/api/signup-step.php').set('x-csrf-token', token).send(body);
    return { a, token, email, userId: Number(user.id), profileId: Number(profile.id), step };
  }

  it('walks photo → personal → about → push → complete, storing each step and resuming after a reload', async () => {
    const m = await signedUp();
    const db = env().rt.db;
    expect((await m.a.get('/signup').expect(200)).text).to.include('data-step="photo"');

    const up = await m.a.post('/api/signup-step.php').set('x-csrf-token', m.token).field('step', 'photo').attach('photo', await photo(), 'me.jpg').expect(200);
    expect(up.body.step).to.equal('personal');
    const stored = await db('photos').where({ profile_id: m.profileId });
    expect(stored).to.have.length(1);
    expect(stored[0]).to.include({ status: 'pending', width: 640, height: 800 });
    expect(await db('profiles').where({ id: m.profileId }).first('main_photo_id', 'photo_count')).to.deep.include({ main_photo_id: stored[0].id, photo_count: 1 });
    const file = await env().rt.services.media.pathOf(stored[0].file_key, 'full');
    const meta = await sharp(file).metadata();
    expect(meta.exif).to.equal(undefined);
    // Reloading resumes at the current step.
    expect((await m.a.get('/signup').expect(200)).text).to.include('data-step="personal"');

    expect((await m.step({ step: 'personal', hair_color: 'dark blond', eye_color: 'green', body_type: 'slim', relationship_status: 'single', tattoos: 'yes', city: 'Leeds' }).expect(200)).body.step).to.equal('about');
    expect(await db('profiles').where({ id: m.profileId }).first('hair_color', 'eye_color', 'tattoos', 'city')).to.deep.include({ hair_color: 'dark blond', eye_color: 'green', city: 'Leeds' });

    const long = await m.step({ step: 'about', signup_message: 'x'.repeat(2001) }).expect(400);
    expect(long.body.error.message).to.equal('Your text is too long; the maximum is 2000 characters.');
    expect((await m.step({ step: 'about', signup_message: 'Hello there', reason: 'dating', interests: ['music', 'wine', 'nope'] }).expect(200)).body.step).to.equal('push');
    expect(await db('profiles').where({ id: m.profileId }).first('about')).to.deep.equal({ about: 'Hello there' });
    const interests = await db('profile_interests as pi').join('interests as i', 'i.id', 'pi.interest_id').where('pi.profile_id', m.profileId).pluck('i.slug');
    expect(interests.sort()).to.deep.equal(['music', 'wine']);
    expect(await db('users').where({ id: m.userId }).first('signup_reason')).to.deep.equal({ signup_reason: 'dating' });

    expect((await m.step({ step: 'push' }).expect(200)).body.step).to.equal('complete');
    expect((await m.a.get('/signup').expect(303)).headers.location).to.equal('/complete-signup');
    const complete = await m.a.get('/complete-signup').expect(200);
    expect(complete.text).to.include('data-step="complete"').and.include(m.email);
    const me = await m.a.get('/api/user.php').set('X-Request-Type', 'client').expect(200);
    expect(me.body.user.signup_step).to.equal('complete');
  });

  it('lets every step but the last be skipped, and refuses a replayed or out-of-order step', async () => {
    const m = await signedUp();
    expect((await m.step({ step: 'photo', skip: true }).expect(200)).body.step).to.equal('personal');
    const replay = await m.step({ step: 'photo', skip: true }).expect(409);
    expect(replay.body.error.code).to.equal('signup_step');
    await m.step({ step: 'about', signup_message: 'too early' }).expect(409);
    expect((await m.step({ step: 'personal', skip: true }).expect(200)).body.step).to.equal('about');
    const bad = await m.step({ step: 'about', reason: 'money' }).expect(400);
    expect(bad.body.error.code).to.equal('validation_failed');
    expect(await env().rt.db('users').where({ id: m.userId }).first('signup_step')).to.deep.equal({ signup_step: 'about' });
  });

  it('refuses files that are not pictures, too small or too many pixels, with a clear message', async () => {
    const m = await signedUp();
    const send = (buf: Buffer, name: string) => m.a.post('/api/signup-step.php').set('x-csrf-token', m.token).field('step', 'photo').attach('photo', buf, name);
    const notImage = await send(Buffer.from('%PDF-1.4 not a picture'), 'cv.pdf').expect(400);
    expect(notImage.body.error.message).to.equal('This file is not a photo we can use. Choose a JPEG, PNG, WebP or HEIC picture.');
    expect((await send(await photo(100, 120), 'tiny.jpg').expect(400)).body.error.message).to.equal('This photo is too small; it needs at least 200 pixels on each side.');
    // A small PNG that claims 10,000 × 10,000 pixels: refused before it is decoded.
    const bomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect((await send(bomb, 'bomb.png').expect(400)).body.error.message).to.equal('This photo has too many pixels; the limit is 40 megapixels.');
    const missing = await m.step({ step: 'photo' }).expect(400);
    expect(missing.body.error.message).to.equal('Choose a photo first.');
    expect(await env().rt.db('photos').where({ profile_id: m.profileId })).to.have.length(0);
  });

  it('holds the free limit of 3 photos under parallel uploads', async () => {
    const m = await signedUp();
    const owner = { userId: m.userId, profileId: m.profileId, premium: false };
    const file = await photo();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => env().rt.services.photos.upload(owner, file)));
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(3);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected?.reason.messageKey).to.equal('photoLimit');
    expect(await env().rt.db('photos').where({ profile_id: m.profileId })).to.have.length(3);
    expect(await env().rt.db('profiles').where({ id: m.profileId }).first('photo_count')).to.deep.equal({ photo_count: 3 });
  });

  it('works as plain form posts without JavaScript, the photo as multipart with the token in the URL', async () => {
    const m = await signedUp();
    const page = await m.a.get('/signup').expect(200);
    const token = csrfFrom(page.text);
    expect(page.text).to.include(`action="/signup/photo?_csrf=`);
    await m.a.post(`/signup/photo?_csrf=${encodeURIComponent(token)}`).field('step', 'photo').attach('photo', await photo(), 'me.jpg').expect(303);
    await m.a.post('/signup/personal').type('form').send({ _csrf: token, step: 'personal', eye_color: 'purple' }).expect(400);
    const next = await m.a.post('/signup/personal').type('form').send({ _csrf: token, step: 'personal', eye_color: 'blue' }).expect(303);
    expect(next.headers.location).to.equal('/signup');
    expect((await m.a.get('/signup').expect(200)).text).to.include('data-step="about"');
    // Without the token the upload is refused.
    const other = await signedUp();
    await other.a.post('/signup/photo').field('step', 'photo').attach('photo', await photo(), 'me.jpg').expect(403);
  });

  it('answers 403 authentication_required to a step without a session', async () => {
    const a = agent(env().app);
    const token = csrfFrom((await a.get('/login').expect(200)).text);
    const res = await a.post('/api/signup-step.php').set('x-csrf-token', token).send({ step: 'photo', skip: true }).expect(403);
    expect(res.body.error.code).to.equal('authentication_required');
  });

  it('stores a push subscription from POST /api/user.php?push=1 and refuses a malformed one', async () => {
    const m = await signedUp();
    const subscription = { endpoint: 'https://push.example.com/send/abc123', expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
    await m.a.post('/api/user.php?push=1').set('x-csrf-token', m.token).send({ subscription }).expect(201);
    await m.a.post('/api/user.php?push=1').set('x-csrf-token', m.token).send({ subscription }).expect(201);
    expect(await env().rt.db('push_subscriptions').where({ user_id: m.userId })).to.have.length(1);
    await m.a.post('/api/user.php?push=1').set('x-csrf-token', m.token).send({ subscription: { endpoint: 'http://insecure.example/x', keys: {} } }).expect(400);
  });

  it('shows first matches on /signup-matches: the gender the member looks for, never the member', async () => {
    const m = await signedUp({ gender: 'male', sexuality: 'hetero' });
    const res = await m.a.get('/signup-matches').expect(200);
    const ids = [...res.text.matchAll(/data-profile-id="(\d+)"/g)].map((x) => Number(x[1]));
    expect(ids.length).to.be.greaterThan(0);
    expect(ids).not.to.include(m.profileId);
    const genders = await env().rt.db('profiles').whereIn('id', ids).pluck('gender');
    expect(new Set(genders)).to.deep.equal(new Set(['female']));
  });

  it('offers the landing variant /members/{id}/signup with the profile, and sends members to the profile', async () => {
    const target = await env().rt.db('profiles').where({ status: 'active', is_fictional: true }).first('id', 'name');
    const visitor = agent(env().app);
    const page = await visitor.get(`/members/${target.id}/signup`).expect(200);
    expect(page.text).to.include(`Sign up for free to chat with ${target.name}`).and.include('data-island="signup-page"');
    await visitor.get('/members/999999/signup').expect(404);
    const m = await signedUp();
    expect((await m.a.get(`/members/${target.id}/signup`).expect(303)).headers.location).to.equal(`/members/${target.id}`);
  });
});
