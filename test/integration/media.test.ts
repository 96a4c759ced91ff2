import { expect } from 'chai';
import supertest from 'supertest';
import { describeEachBackend } from '../helpers/backends.js';

describeEachBackend('photos', (env) => {
  async function photos() {
    const db = env().rt.db;
    const profile = await db('profiles').where('photo_count', '>=', 2).first('id', 'main_photo_id');
    const all = await db('photos').where({ profile_id: profile.id }).orderBy('position');
    return { main: all.find((p: { id: number }) => p.id === profile.main_photo_id), other: all.find((p: { id: number }) => p.id !== profile.main_photo_id) };
  }

  it('serves the main photo and every blurred variant to visitors', async () => {
    const { main, other } = await photos();
    const res = await supertest(env().app).get(`/media/${main.file_key}.jpg`).set('Host', 'localhost').expect(200);
    expect(res.headers['content-type']).to.equal('image/jpeg');
    await supertest(env().app).get(`/media/${main.file_key}_thumb.jpg`).set('Host', 'localhost').expect(200);
    await supertest(env().app).get(`/media/${other.file_key}_blur.jpg`).set('Host', 'localhost').expect(200);
  });

  it('never sends a non-main full photo to a visitor, even by guessing its URL', async () => {
    const { other } = await photos();
    await supertest(env().app).get(`/media/${other.file_key}.jpg`).set('Host', 'localhost').expect(404);
    await supertest(env().app).get(`/media/${other.file_key}_thumb.jpg`).set('Host', 'localhost').expect(404);
    await supertest(env().app).get('/media/..%2F..%2Fpackage.json').set('Host', 'localhost').expect(404);
  });
});
