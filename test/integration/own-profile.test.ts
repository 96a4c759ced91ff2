// The member's own profile (/profile): the fields of SPEC.md §3 ('Invalid date of birth.'),
// interests, and photo management: uploads re-encoded without metadata and pending, the free and
// premium limits held under parallel uploads, main photo, and deletion that frees the slot. Another
// member's photo is never found. Everything works as plain form posts.
import { existsSync } from 'node:fs';
import { expect } from 'chai';
import sharp from 'sharp';
import supertest from 'supertest';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const jpeg = (w = 640, h = 800) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#8ac' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'exif-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();
const png = () => sharp({ create: { width: 500, height: 500, channels: 4, background: '#4a7' } }).png().toBuffer();

const FORM = {
  birth_year: '1988', birth_month: '7', birth_day: '14', gender: 'male', sexuality: 'bi', country: 'GB', region: 'Scotland', city: 'Glasgow',
  about: 'Walks by the sea & good coffee.', hair_color: 'dark brown', eye_color: 'green', body_type: 'slim', relationship_status: 'single',
  tattoos: 'no', interests: ['music', 'coffee'],
};

describeEachBackend('own profile', (env) => {
  /** A fresh member, logged in, with the CSRF token of the profile page. */
  async function member(o: { premium?: boolean } = {}) {
    const db = env().rt.db;
    const m = await createMember(db, { name: 'Robin' });
    if (o.premium) await db('users').where({ id: m.id }).update({ paid_user: true });
    const profileId = Number((await db('profiles').where({ user_id: m.id }).first('id')).id);
    const a = await loggedInAgent(env().app, m.email, m.password);
    const token = csrfFrom((await a.get('/profile').expect(200)).text);
    const upload = (buf: Buffer, name: string) => a.post(`/profile/photos?_csrf=${encodeURIComponent(token)}`).attach('photo', buf, name);
    const post = (path: string, body: Record<string, unknown> = {}) => a.post(path).type('form').send({ _csrf: token, ...body });
    return { ...m, a, token, profileId, upload, post };
  }

  const profileRow = (id: number) =>
    env().rt.db('profiles').where({ id }).first('birth_date', 'gender', 'sexuality', 'country', 'region', 'city', 'about', 'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'main_photo_id', 'photo_count');
  const interestsOf = async (id: number) =>
    (await env().rt.db('profile_interests as pi').join('interests as i', 'i.id', 'pi.interest_id').where('pi.profile_id', id).pluck('i.slug')).sort();
  const photosOf = (id: number) => env().rt.db('photos').where({ profile_id: id }).orderBy('position');

  it('sends visitors to the login page and back', async () => {
    const res = await supertest(env().app).get('/profile').set('Host', 'localhost').expect(303);
    expect(res.headers.location).to.equal('/login?next=%2Fprofile');
  });

  it('shows the stored fields, interests, the photo limit and a link to the public profile', async () => {
    const m = await member();
    await env().rt.db('profiles').where({ id: m.profileId }).update({ city: 'Leeds', about: 'Hello <there>', hair_color: 'red', tattoos: true });
    await m.post('/profile', { ...FORM, city: 'Leeds', about: 'Hello <there>', hair_color: 'red', tattoos: 'yes', interests: 'wine' }).expect(303);
    const page = await m.a.get('/profile').expect(200);
    expect(page.text).to.include('data-route="profile"').and.include('Robin').and.include(`href="/members/${m.profileId}"`).and.include('View my public profile');
    expect(page.text).to.include('value="Leeds"').and.include('Hello &lt;there&gt;').and.include('0 of 3 photos').and.include('Premium members can upload up to 25 photos.');
    expect(page.text).to.match(/<input type="checkbox" name="interests" checked="" value="wine"/);
    const view = await env().rt.services.ownProfile.load({ userId: m.id, profileId: m.profileId, premium: false }, { cdnPrefix: '/media' });
    expect(view.values).to.deep.include({ birth_year: '1988', birth_month: '7', birth_day: '14', city: 'Leeds', hair_color: 'red', tattoos: 'yes', region: 'Scotland' });
    expect(view.values.interests).to.deep.equal(['wine']);
    expect(view.photoLimit).to.deep.include({ used: 0, max: 3, premium: false });
  });

  it('saves every field and replaces the interests as a set', async () => {
    const m = await member();
    await m.post('/profile', { ...FORM, interests: ['wine', 'music'] }).expect(303);
    const res = await m.post('/profile', FORM).expect(303);
    expect(res.headers.location).to.equal('/profile?saved=saved');
    const row = await profileRow(m.profileId);
    expect(row).to.deep.include({
      birth_date: '1988-07-14', gender: 'male', sexuality: 'bi', country: 'GB', region: 'Scotland', city: 'Glasgow', about: FORM.about,
      hair_color: 'dark brown', eye_color: 'green', body_type: 'slim', relationship_status: 'single',
    });
    expect(Boolean(row.tattoos)).to.equal(false);
    expect(await interestsOf(m.profileId)).to.deep.equal(['coffee', 'music']);
    expect((await m.a.get('/profile?saved=saved').expect(200)).text).to.include('Your profile has been saved.');
    // Emptied optional fields are cleared; the username is not a field here.
    await m.post('/profile', { ...FORM, region: '', city: '', about: '', hair_color: '', tattoos: '', interests: [], name: 'Hacker' }).expect(303);
    expect(await profileRow(m.profileId)).to.deep.include({ region: null, city: null, about: null, hair_color: null, tattoos: null });
    expect(await interestsOf(m.profileId)).to.deep.equal([]);
    expect((await env().rt.db('profiles').where({ id: m.profileId }).first('name')).name).to.equal('Robin');
  });

  it("refuses a bad or under-18 date of birth with 'Invalid date of birth.' and changes nothing", async () => {
    const m = await member();
    await m.post('/profile', FORM).expect(303);
    const before = await profileRow(m.profileId);
    const young = String(new Date().getUTCFullYear() - 17);
    for (const birth of [{ birth_day: '31', birth_month: '2' }, { birth_year: young }, { birth_year: '' }]) {
      const res = await m.post('/profile', { ...FORM, ...birth, city: 'Elsewhere', interests: ['wine'] }).expect(400);
      expect(res.text).to.include('Invalid date of birth.').and.include('value="Elsewhere"');
    }
    expect(await profileRow(m.profileId)).to.deep.equal(before);
    expect(await interestsOf(m.profileId)).to.deep.equal(['coffee', 'music']);
  });

  it('refuses an unknown region, a region of another country, an unknown interest or attribute, and a country outside the site', async () => {
    const m = await member();
    await m.post('/profile', FORM).expect(303);
    const before = await profileRow(m.profileId);
    const bad: Record<string, unknown>[] = [
      { region: 'Atlantis' }, { region: 'Texas' }, { interests: ['music', 'knitting-bombs'] }, { eye_color: 'purple' }, { country: 'NL', region: '' },
      { tattoos: 'maybe' },
    ];
    for (const change of bad) {
      const res = await m.post('/profile', { ...FORM, city: 'Nowhere', ...change }).expect(400);
      expect(res.text, JSON.stringify(change)).to.include('This value is not valid.').and.include('Some details are not right yet.');
    }
    const thirteen = (await env().rt.services.catalog.interestSlugs()).slice(0, 13);
    expect((await m.post('/profile', { ...FORM, interests: thirteen }).expect(400)).text).to.include('Choose at most 12 interests.');
    const api = await m.a.post('/profile').set('x-csrf-token', m.token).set('Accept', 'application/json').send({ ...FORM, about: 'x'.repeat(2001) }).expect(400);
    expect(api.text).to.include('Your text is too long; the maximum is 2000 characters.');
    expect(await profileRow(m.profileId)).to.deep.equal(before);
    expect(await interestsOf(m.profileId)).to.deep.equal(['coffee', 'music']);
  });

  it('uploads JPEG and PNG as pending photos without metadata; the first becomes main', async () => {
    const m = await member();
    const input = await jpeg();
    expect((await sharp(input).metadata()).exif).to.be.an.instanceOf(Buffer);
    const res = await m.upload(input, 'me.jpg').expect(303);
    expect(res.headers.location).to.equal('/profile?saved=photo#photos');
    await m.upload(await png(), 'me.png').expect(303);
    const photos = await photosOf(m.profileId);
    expect(photos.map((p) => p.status)).to.deep.equal(['pending', 'pending']);
    expect(await profileRow(m.profileId)).to.deep.include({ main_photo_id: photos[0].id, photo_count: 2 });
    const media = env().rt.services.media;
    for (const p of photos) {
      expect(p.file_key).to.match(/^[a-f0-9]{32}$/);
      for (const variant of ['full', 'thumb', 'blur'] as const) {
        const meta = await sharp(media.pathOf(p.file_key, variant)).metadata();
        expect(meta.format).to.equal('jpeg');
        expect(meta.exif, `${variant} has no EXIF (GPS)`).to.equal(undefined);
      }
    }
    const page = await m.a.get('/profile?saved=photo').expect(200);
    expect(page.text).to.include('Photo uploaded. It will be visible after review.').and.include('Pending review').and.include('Main photo').and.include('2 of 3 photos');
    // The owner may see their pending photo; others may not.
    const thumb = `/media/${p0(photos).file_key}_thumb.jpg`;
    await m.a.get(thumb).expect(200);
    await supertest(env().app).get(thumb).set('Host', 'localhost').expect(404);
  });

  it('refuses a text file, an oversized file and a decompression bomb with a clear message, storing nothing', async () => {
    const m = await member();
    const text = await m.upload(Buffer.from('just some words, not a picture'), 'notes.txt').expect(400);
    expect(text.text).to.include('This file is not a photo we can use. Choose a JPEG, PNG, WebP or HEIC picture.');
    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 1024, 1)]);
    const large = await m.upload(big, 'huge.jpg').expect(413);
    expect(large.text).to.include('This photo is too large; the limit is 10 MB.');
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).to.be.below(1024 * 1024);
    const pixels = await m.upload(bomb, 'bomb.png').expect(400);
    expect(pixels.text).to.include('This photo has too many pixels; the limit is 40 megapixels.');
    const none = await m.a.post(`/profile/photos?_csrf=${encodeURIComponent(m.token)}`).field('x', '1').expect(400);
    expect(none.text).to.include('Choose a photo first.');
    expect(await photosOf(m.profileId)).to.have.length(0);
    expect(await profileRow(m.profileId)).to.deep.include({ photo_count: 0, main_photo_id: null });
    // The same refusal in the member's language.
    await m.post('/settings/language', { language: 'de' }).expect(303);
    expect((await m.upload(Buffer.from('kein Bild'), 'x.txt').expect(400)).text).to.include('Diese Datei');
    // Without the token in the URL a multipart upload is refused.
    await m.a.post('/profile/photos').attach('photo', await jpeg(), 'me.jpg').expect(403);
  });

  it('holds the free limit of 3 under 6 parallel uploads', async () => {
    const m = await member();
    const file = await jpeg();
    const results = await Promise.all(Array.from({ length: 6 }, () => m.upload(file, 'me.jpg')));
    expect(results.map((r) => r.status).sort()).to.deep.equal([303, 303, 303, 400, 400, 400]);
    expect(results.find((r) => r.status === 400)!.text).to.include('You have reached the maximum of 3 photos.');
    expect(await photosOf(m.profileId)).to.have.length(3);
    expect(await profileRow(m.profileId)).to.deep.include({ photo_count: 3 });
    expect((await m.a.get('/profile').expect(200)).text).to.include('3 of 3 photos').and.include('You have reached your maximum number of photos.');
  });

  it('holds the premium limit of 25 under 6 parallel uploads', async () => {
    const m = await member({ premium: true });
    const db = env().rt.db;
    // 22 photos already (rows only), so six uploads race for the last three slots.
    const now = Date.now();
    await db('photos').insert(Array.from({ length: 22 }, (_, i) => ({ profile_id: m.profileId, file_key: `premium${m.profileId}x${i}${now}`, width: 600, height: 800, status: 'active', position: i, created_at: now })));
    await db('profiles').where({ id: m.profileId }).update({ photo_count: 22 });
    expect((await m.a.get('/profile').expect(200)).text).to.include('22 of 25 photos').and.not.include('Premium members can upload');
    const file = await jpeg();
    const results = await Promise.all(Array.from({ length: 6 }, () => m.upload(file, 'me.jpg')));
    expect(results.map((r) => r.status).sort()).to.deep.equal([303, 303, 303, 400, 400, 400]);
    expect(results.find((r) => r.status === 400)!.text).to.include('You have reached the maximum of 25 photos.');
    expect(await photosOf(m.profileId)).to.have.length(25);
    expect(await profileRow(m.profileId)).to.deep.include({ photo_count: 25 });
  });

  it('makes an own pending or approved photo main, never a rejected one or another member’s', async () => {
    const m = await member();
    const other = await member();
    await m.upload(await jpeg(), 'a.jpg').expect(303);
    await m.upload(await png(), 'b.png').expect(303);
    await other.upload(await jpeg(), 'c.jpg').expect(303);
    const [first, second] = await photosOf(m.profileId);
    const theirs = p0(await photosOf(other.profileId));
    const res = await m.post(`/profile/photos/${second.id}/main`).expect(303);
    expect(res.headers.location).to.equal('/profile?saved=main#photos');
    expect((await profileRow(m.profileId)).main_photo_id).to.equal(second.id);
    expect((await m.a.get('/profile?saved=main').expect(200)).text).to.include('Your main photo has been changed.');
    await env().rt.db('photos').where({ id: first.id }).update({ status: 'rejected' });
    const rejected = await m.post(`/profile/photos/${first.id}/main`).expect(400);
    expect(rejected.text).to.include('A rejected photo cannot be your main photo.').and.include('Rejected');
    await m.post(`/profile/photos/${theirs.id}/main`).expect(404);
    await m.post('/profile/photos/999999999/main').expect(404);
    await m.post('/profile/photos/abc/main').expect(404);
    expect((await profileRow(m.profileId)).main_photo_id).to.equal(second.id);
    expect((await profileRow(other.profileId)).main_photo_id).to.equal(theirs.id);
  });

  it('deletes an own photo with its files, frees the slot and moves main; another member’s photo is not found', async () => {
    const m = await member();
    const other = await member();
    await m.upload(await jpeg(), 'a.jpg').expect(303);
    await m.upload(await png(), 'b.png').expect(303);
    await other.upload(await jpeg(), 'c.jpg').expect(303);
    const [first, second] = await photosOf(m.profileId);
    const theirs = p0(await photosOf(other.profileId));
    const media = env().rt.services.media;

    const stranger = await m.post(`/profile/photos/${theirs.id}/delete`).expect(404);
    expect(stranger.text).to.include('This page could not be found');
    expect(await photosOf(other.profileId)).to.have.length(1);
    expect(existsSync(media.pathOf(theirs.file_key, 'full'))).to.equal(true);

    const res = await m.post(`/profile/photos/${first.id}/delete`).expect(303);
    expect(res.headers.location).to.equal('/profile?saved=deleted#photos');
    expect(await photosOf(m.profileId)).to.have.length(1);
    for (const v of ['full', 'thumb', 'blur'] as const) expect(existsSync(media.pathOf(first.file_key, v))).to.equal(false);
    expect(await profileRow(m.profileId)).to.deep.include({ photo_count: 1, main_photo_id: second.id });
    expect((await m.a.get('/profile?saved=deleted').expect(200)).text).to.include('The photo has been deleted.');

    // Two deletes of the same photo at once: one succeeds, the slot is freed once.
    const both = await Promise.all([m.post(`/profile/photos/${second.id}/delete`), m.post(`/profile/photos/${second.id}/delete`)]);
    expect(both.map((r) => r.status).sort()).to.deep.equal([303, 404]);
    expect(await profileRow(m.profileId)).to.deep.include({ photo_count: 0, main_photo_id: null });
    // The freed slots can be used again.
    for (let i = 0; i < 3; i++) await m.upload(await jpeg(), 'again.jpg').expect(303);
    expect(await profileRow(m.profileId)).to.deep.include({ photo_count: 3 });
  });
});

function p0<T>(rows: T[]): T {
  if (!rows[0]) throw new Error('no rows');
  return rows[0];
}
