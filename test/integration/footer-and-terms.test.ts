// SPEC.md §2: the footer's disclaimer on every layout with a footer (default, lander) and its US
// notice only in English; SPEC.md §9: the terms' version date, 2023-12-01T12:00:00Z or the company's
// added date when that is later, in the page's language.
import { expect } from 'chai';
import supertest from 'supertest';
import { ENTRY_COOKIE } from '../../server/render/page-context.js';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const testIdText = (html: string, id: string): string | null => {
  const m = new RegExp(`data-testid="${id}"[^>]*>(.*?)</p>`, 's').exec(html);
  return m ? m[1]!.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&') : null;
};

describeEachBackend('footer: disclaimer and US notice', (env) => {
  const visit = (path: string, lng: string, host = 'localhost') =>
    supertest(env().app).get(path).set('Host', host).set('Cookie', `${ENTRY_COOKIE}=1; amora_lang=${lng}`).expect(200);
  const landerPath = async () => `/members/${(await env().rt.db('profiles').where({ status: 'active' }).first('id')).id}/signup`;

  it('shows the US notice with the operator in English only, on the default and the lander layout', async () => {
    const lander = await landerPath();
    for (const path of ['/pages/terms', lander]) {
      const en = await visit(path, 'en');
      expect(testIdText(en.text, 'footer-us'), path).to.include('Amora Media B.V.').and.include('18 years of age or older');
      for (const lng of ['de', 'nl', 'pl', 'es']) expect(testIdText((await visit(path, lng)).text, 'footer-us'), `${path} ${lng}`).to.equal(null);
    }
    expect((await visit(lander, 'en')).text).to.include('class="topbar topbar--minimal"');
  });

  it('shows the disclaimer (the site\'s fictional_warning, translated) on the default and lander layouts, for members too', async () => {
    const settings = async (lng: string) =>
      (await supertest(env().app).get('/api/settings.php').set('Host', 'localhost').set('Cookie', `amora_lang=${lng}`).expect(200)).body.settings as { fictional_warning: string };
    const lander = await landerPath();
    for (const lng of ['en', 'de', 'pl']) {
      const warning = (await settings(lng)).fictional_warning;
      expect(warning).to.have.length.above(10);
      for (const path of ['/', '/pages/privacy', lander]) expect(testIdText((await visit(path, lng)).text, 'footer-disclaimer'), `${lng} ${path}`).to.equal(warning);
    }
    expect((await settings('de')).fictional_warning).not.to.equal((await settings('en')).fictional_warning);
    const m = await createMember(env().rt.db);
    const member = await loggedInAgent(env().app, m.email, m.password);
    const page = await member.get('/members').expect(200);
    expect(testIdText(page.text, 'footer-disclaimer')).to.equal((await settings('en')).fictional_warning);
    expect(testIdText(page.text, 'footer-us')).to.include('Amora Media B.V.');
  });
});

describeEachBackend('terms version date', (env) => {
  const company = () => env().rt.services.company;
  let seeded: number;
  before(async () => {
    seeded = (await company().get()).added;
  });
  after(async () => {
    await company().update({ added: seeded });
  });

  const version = async (lng: string) => {
    const res = await supertest(env().app).get('/pages/terms').set('Host', 'localhost').set('Cookie', `${ENTRY_COOKIE}=1; amora_lang=${lng}`).expect(200);
    const m = /data-testid="terms-version">(.*?)<time date[tT]ime="([^"]+)">([^<]+)<\/time>/.exec(res.text);
    if (!m) throw new Error('no terms version on /pages/terms');
    return { label: m[1]!.trim(), iso: m[2], date: m[3] };
  };

  it('is 1 December 2023 when the company was added before it, written in each language', async () => {
    await company().update({ added: Date.parse('2022-05-10T08:00:00Z') });
    expect(await version('en')).to.deep.equal({ label: 'Version:', iso: '2023-12-01T12:00:00.000Z', date: '1 December 2023' });
    expect(await version('de')).to.include({ label: 'Version:', date: '1. Dezember 2023' });
    expect(await version('pl')).to.include({ label: 'Wersja:', date: '1 grudnia 2023' });
    expect(await version('nl')).to.include({ label: 'Versie:', date: '1 december 2023' });
    expect(await version('fr')).to.include({ date: '1 décembre 2023' });
  });

  it('is the company\'s added date when that is later', async () => {
    await company().update({ added: Date.parse('2024-03-01T09:00:00Z') });
    expect(await version('en')).to.deep.equal({ label: 'Version:', iso: '2024-03-01T09:00:00.000Z', date: '1 March 2024' });
    expect(await version('es')).to.include({ label: 'Versión:', date: '1 de marzo de 2024' });
    // The intro's "in force from" says the same date.
    const res = await supertest(env().app).get('/pages/terms').set('Host', 'localhost').set('Cookie', `${ENTRY_COOKIE}=1`).expect(200);
    expect(res.text).to.include('They are in force from 1 March 2024.');
  });

  it('is only on the terms page', async () => {
    const res = await supertest(env().app).get('/pages/privacy').set('Host', 'localhost').set('Cookie', `${ENTRY_COOKIE}=1`).expect(200);
    expect(res.text).not.to.include('data-testid="terms-version"');
  });
});
