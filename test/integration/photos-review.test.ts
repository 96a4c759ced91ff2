// `amora photos review`: pending member photos listed oldest first, approved or rejected; a rejected
// main photo hands its place on, frees the slot, and its files are gone (never served again).
import { existsSync } from 'node:fs';
import { expect } from 'chai';
import sharp from 'sharp';
import supertest from 'supertest';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const jpeg = (background: string) => sharp({ create: { width: 400, height: 500, channels: 3, background } }).jpeg().toBuffer();

describeEachBackend('photos review', (env) => {
  async function memberWithPhotos(n: number) {
    const { db, services } = env().rt;
    const member = await createMember(db, { name: 'Reviewee' });
    const profile = await db('profiles').where({ user_id: member.id }).first('id');
    const photos: { photoId: number; fileKey: string }[] = [];
    for (let i = 0; i < n; i++) photos.push(await services.photos.upload({ profileId: profile.id, premium: true }, await jpeg(['#a55', '#5a5', '#55a'][i]!)));
    return { member, profileId: Number(profile.id), photos };
  }

  const profileOf = (id: number) => env().rt.db('profiles').where({ id }).first('main_photo_id', 'photo_count');
  const statusOf = async (id: number) => (await env().rt.db('photos').where({ id }).first('status', 'reviewed_at')) as { status: string; reviewed_at: number | null };

  it('lists pending photos oldest first, then approves and rejects; a rejected main photo passes to the next approved one', async () => {
    const { member, profileId, photos } = await memberWithPhotos(3);
    const [a, b, c] = photos.map((p) => p.photoId) as [number, number, number];
    const keyA = photos[0]!.fileKey;
    expect(await profileOf(profileId)).to.deep.equal({ main_photo_id: a, photo_count: 3 });

    const list = await amoraCli(env(), 'photos', 'review', '--limit', '1000');
    expect(list.code, list.stderr).to.equal(0);
    const at = (id: number) => list.stdout.indexOf(`photo ${id} `);
    expect(at(a)).to.be.greaterThan(-1);
    expect(at(a)).to.be.lessThan(at(b));
    expect(at(b)).to.be.lessThan(at(c));
    expect(list.stdout).to.include(`profile ${profileId} "Reviewee"`).and.include(env().rt.services.media.pathOf(keyA, 'full'));
    expect(list.stdout).to.match(/\d+ pending\n$/);

    // C is approved first, so it is preferred over the still-pending B when main photo A goes.
    const res = await amoraCli(env(), 'photos', 'review', '--approve', `${c},999999`, '--reject', String(a));
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stdout).to.include('photo 999999: skipped, not found');
    expect(res.stdout).to.match(/approved 1, rejected 1, skipped 1\n$/);
    expect(await statusOf(c)).to.have.property('status', 'active');
    expect((await statusOf(a)).status).to.equal('rejected');
    expect((await statusOf(a)).reviewed_at).to.be.a('number');
    expect((await statusOf(b)).status).to.equal('pending');
    expect(await profileOf(profileId)).to.deep.equal({ main_photo_id: c, photo_count: 2 });

    // The rejected files are deleted: nobody, not even the owner, can fetch them.
    for (const v of ['full', 'thumb', 'blur'] as const) expect(existsSync(env().rt.services.media.pathOf(keyA, v))).to.equal(false);
    await supertest(env().app).get(`/media/${keyA}.jpg`).set('Host', 'localhost').expect(404);
    const owner = await loggedInAgent(env().app, member.email, member.password);
    await owner.get(`/media/${keyA}.jpg`).expect(404);
    await owner.get(`/media/${keyA}_blur.jpg`).expect(404);
    await supertest(env().app).get(`/media/${photos[2]!.fileKey}.jpg`).set('Host', 'localhost').expect(200);
  });

  it('skips photos that are not pending, and the last photo rejected leaves no main photo', async () => {
    const { profileId, photos } = await memberWithPhotos(1);
    const [only] = photos.map((p) => p.photoId) as [number];
    const review = env().rt.services.photoReview;
    const dry = await review.review({ reject: [only] }, { dryRun: true });
    expect(dry).to.include({ rejected: 1, skipped: 0 });
    expect((await statusOf(only)).status).to.equal('pending');

    const first = await review.review({ reject: [only] });
    expect(first.results).to.deep.equal([{ photoId: only, outcome: 'rejected', profileId, newMainPhotoId: null }]);
    expect(await profileOf(profileId)).to.deep.equal({ main_photo_id: null, photo_count: 0 });

    const again = await review.review({ approve: [only], reject: [only] });
    expect(again).to.include({ approved: 0, rejected: 0, skipped: 2 });
    expect(again.results[0]).to.deep.equal({ photoId: only, outcome: 'skipped', reason: 'not pending (rejected)' });
    expect(await profileOf(profileId)).to.deep.equal({ main_photo_id: null, photo_count: 0 });
  });
});
