// The installed app (issue 16 point 6): a manifest a browser accepts for installing, with the site's
// own name, icons that exist and are served as PNG at the sizes the manifest claims, and every
// layout's head pointing at it (theme colour, apple-touch-icon).
import { expect } from 'chai';
import sharp from 'sharp';
import supertest from 'supertest';
import { ENTRY_COOKIE } from '../../server/render/page-context.js';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** PNG bytes, for supertest, which otherwise leaves binary bodies unread. */
function binary(res: supertest.Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

describeEachBackend('web manifest and icons', (env) => {
  it('serves a valid manifest with the site name, standalone display, colours and start URL in scope', async () => {
    const res = await supertest(env().app).get('/manifest.webmanifest').set('Host', 'localhost').expect(200);
    expect(res.headers['content-type']).to.match(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.text) as Record<string, unknown>;
    expect(manifest).to.include({ name: 'Amora', short_name: 'Amora', start_url: '/members', scope: '/', display: 'standalone' });
    expect(manifest.theme_color).to.match(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).to.match(/^#[0-9a-f]{6}$/);
    expect(String(manifest.start_url).startsWith(String(manifest.scope))).to.equal(true);
  });

  it('lists 192 and 512 px PNG icons, a maskable one among them, each served as a PNG of that size', async () => {
    const res = await supertest(env().app).get('/manifest.webmanifest').set('Host', 'localhost').expect(200);
    const icons = (JSON.parse(res.text) as { icons: ManifestIcon[] }).icons;
    expect(icons.map((i) => i.sizes)).to.include.members(['192x192', '512x512']);
    expect(icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).to.include.members(['192x192', '512x512']);
    for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      expect(icon.type, icon.src).to.equal('image/png');
      const file = await supertest(env().app).get(icon.src).set('Host', 'localhost').buffer(true).parse(binary).expect(200);
      expect(file.headers['content-type'], icon.src).to.equal('image/png');
      const meta = await sharp(file.body as Buffer).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).to.equal(icon.sizes);
      expect(meta.format, icon.src).to.equal('png');
    }
  });

  it('links the manifest, theme colour and touch icon from visitors’ and members’ pages', async () => {
    const m = await createMember(env().rt.db);
    const member = await loggedInAgent(env().app, m.email, m.password);
    const pages = [
      (await supertest(env().app).get('/').set('Host', 'localhost').set('Cookie', `${ENTRY_COOKIE}=1`).expect(200)).text,
      (await supertest(env().app).get('/nowhere').set('Host', 'localhost').expect(404)).text,
      (await member.get('/members').set('Cookie', `${ENTRY_COOKIE}=1`).expect(200)).text,
      (await member.get('/chats').set('Cookie', `${ENTRY_COOKIE}=1`).expect(200)).text,
    ];
    for (const html of pages) {
      expect(html).to.include('<link rel="manifest" href="/manifest.webmanifest">');
      expect(html).to.include('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">');
      expect(html).to.match(/<meta name="theme-color" content="#[0-9a-f]{6}">/);
    }
  });

  it('puts the back button (hidden until the installed app shows it) only on the routes SPEC.md §2 lists', async () => {
    const m = await createMember(env().rt.db);
    const member = await loggedInAgent(env().app, m.email, m.password);
    const profile = await env().rt.db('profiles').whereNull('user_id').where({ status: 'active' }).first('id');
    const has = async (path: string) => {
      const html = (await member.get(path).set('Cookie', `${ENTRY_COOKIE}=1`).expect(200)).text;
      return html.includes('data-island="back-button"') && /<button type="button" class="topbar__back" hidden=""/.test(html);
    };
    for (const path of [`/members/${profile.id}`, '/likes/received', '/credits']) expect(await has(path), path).to.equal(true);
    for (const path of ['/members', '/likes', '/chats', '/settings']) expect(await has(path), path).to.equal(false);
  });
});
