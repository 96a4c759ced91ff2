// `amora profiles import`: fictional profiles with photos from CSV and JSON, per-row errors,
// duplicates skipped on a second run, and a dry run that writes nothing.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import supertest from 'supertest';
import { INTERESTS } from '../../seeds/data/demo-people.js';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';

const [I1, I2, I3] = INTERESTS as [string, string, string];

/** A birth date of someone who turns 18 tomorrow. */
function seventeen(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear() - 18, d.getUTCMonth(), d.getUTCDate() + 1)).toISOString().slice(0, 10);
}

const CSV = `name,gender,sexuality,birth_date,country,region,city,about,hair_color,eye_color,body_type,relationship_status,tattoos,appearance,race,interests,photos
Imported Anna,female,,1995-03-14,NL,Noord-Holland,Amsterdam,"Hi, I say ""hello""",dark_blond,blue,slim,single,yes,sexy,white,${I1}|${I2},a.jpg|pics/b.png
Imported Bea,female,bi,1990-01-02,nl,zh,Den Haag,,,,,,no,,,${I3}; ${I1},pics/b.png
Bad Gender,robot,,1990-01-01,NL,,,,,,,,,,,,a.jpg
Too Young,female,,${seventeen()},NL,,,,,,,,,,,,a.jpg
Nowhere,male,,1990-01-01,XX,,,,,,,,,,,,
Wrong Region,male,,1990-01-01,NL,Bavaria,,,,,,,,,,,
Missing Photo,male,,1990-01-01,NL,,,,,,,,,,,,missing.jpg
Corrupt Photo,male,,1990-01-01,NL,,,,,,,,,,,,a.jpg|corrupt.jpg
`;

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

describeEachBackend('profiles import', (env) => {
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'amora-import-'));
    await sharp({ create: { width: 400, height: 500, channels: 3, background: '#d8a' } }).jpeg().toFile(join(dir, 'a.jpg'));
    const pics = join(dir, 'pics');
    mkdirSync(pics);
    await sharp({ create: { width: 300, height: 300, channels: 3, background: '#8ad' } }).png().toFile(join(pics, 'b.png'));
    writeFileSync(join(dir, 'corrupt.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]));
    writeFileSync(join(dir, 'profiles.csv'), CSV);
  });

  const fictional = (name: string) => env().rt.db('profiles').where({ name, is_fictional: true });

  it('a dry run checks every row and photo, reports the summary and writes nothing', async () => {
    const files = countFiles(env().rt.config.mediaDir);
    const res = await amoraCli(env(), 'profiles', 'import', join(dir, 'profiles.csv'), '--dry-run');
    expect(res.code, res.stderr).to.equal(1);
    expect(res.stdout).to.match(/added 2, skipped 0, failed 6 \(dry run, nothing written\)\n$/);
    expect(res.stderr).to.include('row 8: photos: corrupt.jpg: not a picture');
    expect(await fictional('Imported Anna')).to.have.length(0);
    expect(countFiles(env().rt.config.mediaDir)).to.equal(files);
  });

  it('imports CSV rows as active fictional profiles with photos and interests, and reports bad rows', async () => {
    const files = countFiles(env().rt.config.mediaDir);
    const res = await amoraCli(env(), 'profiles', 'import', join(dir, 'profiles.csv'));
    expect(res.code).to.equal(1);
    expect(res.stdout).to.match(/added 2, skipped 0, failed 6\n$/);
    expect(res.stderr).to.include('row 3: gender: must be one of: male, female');
    expect(res.stderr).to.include('row 4: birth_date: must be a date YYYY-MM-DD of someone 18 or older');
    expect(res.stderr).to.match(/row 5: country: must be a known ISO-2 country code/);
    expect(res.stderr).to.include('row 6: region: "Bavaria" is not a region of NL');
    expect(res.stderr).to.include('row 7: photos: missing.jpg: no such file');
    expect(res.stderr).to.include('row 8: photos: corrupt.jpg: not a picture that can be read');

    const db = env().rt.db;
    const [anna] = await fictional('Imported Anna');
    expect(anna).to.include({ user_id: null, status: 'active', gender: 'female', sexuality: 'hetero', region: 'Noord-Holland', hair_color: 'dark blond', language: 'nl', about: 'Hi, I say "hello"' });
    expect(Boolean(anna.tattoos)).to.equal(true);
    const photos = await db('photos').where({ profile_id: anna.id }).orderBy('position');
    expect(photos.map((p: { status: string; position: number }) => [p.status, p.position])).to.deep.equal([['active', 0], ['active', 1]]);
    expect(anna.main_photo_id).to.equal(photos[0].id);
    expect(anna.photo_count).to.equal(2);
    for (const p of photos) for (const v of ['full', 'thumb', 'blur'] as const) expect(existsSync(env().rt.services.media.pathOf(p.file_key, v))).to.equal(true);
    // Two profiles with three photos of three files each; the failed rows left nothing behind.
    expect(countFiles(env().rt.config.mediaDir)).to.equal(files + 9);
    await supertest(env().app).get(`/media/${photos[0].file_key}.jpg`).set('Host', 'localhost').expect(200);
    const slugs = (id: number) => db('profile_interests').join('interests', 'interests.id', 'profile_interests.interest_id').where({ profile_id: id }).orderBy('slug').pluck('slug');
    expect(await slugs(anna.id)).to.deep.equal([I1, I2].sort());

    const [bea] = await fictional('Imported Bea');
    expect(bea).to.include({ sexuality: 'bi', country: 'NL', region: 'Zuid-Holland', photo_count: 1 });
    expect(await slugs(bea.id)).to.deep.equal([I1, I3].sort());
    for (const name of ['Bad Gender', 'Too Young', 'Wrong Region', 'Missing Photo', 'Corrupt Photo']) expect(await fictional(name)).to.have.length(0);
  });

  it('skips the profiles already there when the same file runs again', async () => {
    const before = Number((await env().rt.db('profiles').count({ n: '*' }).first())?.n);
    const svc = env().rt.services.profileImport;
    const summary = await svc.importRecords(svc.parse(CSV, 'csv'), { baseDir: dir });
    expect(summary).to.include({ added: 0, skipped: 2, failed: 6 });
    expect(summary.rows[0]).to.include({ outcome: 'skipped', name: 'Imported Anna' });
    expect(Number((await env().rt.db('profiles').count({ n: '*' }).first())?.n)).to.equal(before);
  });

  it('imports JSON with lists and booleans; the same summary in a dry run; repeats within the file are skipped', async () => {
    const rows = [
      { name: 'Json Carla', gender: 'female', birth_date: '1988-07-30', country: 'GB', region: 'London', tattoos: false, interests: [I2], photos: ['a.jpg'] },
      { name: 'Json Carla', gender: 'female', birth_date: '1988-07-30', country: 'GB', photos: ['a.jpg'] },
      'not an object',
      { name: 'Json Dirk', gender: 'male', birth_date: '1980-01-01', country: 'DE', colour: 'red' },
    ];
    const svc = env().rt.services.profileImport;
    const records = svc.parse(JSON.stringify(rows), 'json');
    const dry = await svc.importRecords(records, { baseDir: dir, dryRun: true });
    const real = await svc.importRecords(records, { baseDir: dir });
    for (const s of [dry, real]) expect(s).to.include({ added: 1, skipped: 1, failed: 2 });
    expect(real.rows[2]).to.deep.equal({ row: 3, outcome: 'failed', problems: [{ field: 'row', message: 'must be an object with the profile fields' }] });
    expect(real.rows[3]).to.deep.include({ problems: [{ field: 'row', message: 'unknown field(s): colour' }] });
    const [carla] = await fictional('Json Carla');
    expect(carla).to.include({ country: 'GB', region: 'London', photo_count: 1 });
    expect(Boolean(carla.tattoos)).to.equal(false);
    expect(await fictional('Json Carla')).to.have.length(1);
  });

  it('refuses a file it cannot read as a whole, and a country the chosen site does not offer', async () => {
    const svc = env().rt.services.profileImport;
    expect(() => svc.parse('{"name": "x"}', 'json')).to.throw(/array/);
    expect(() => svc.parse('name,hair\nX,red\n', 'csv')).to.throw(/unknown column\(s\): hair/);
    const summary = await svc.importRecords([{ name: 'Site Eva', gender: 'female', birth_date: '1991-05-05', country: 'NL' }], { baseDir: dir, site: 'localhost', dryRun: true });
    expect(summary.rows[0]).to.deep.include({ outcome: 'failed' });
    expect(JSON.stringify(summary.rows[0])).to.include('must be a country localhost offers');
  });
});
