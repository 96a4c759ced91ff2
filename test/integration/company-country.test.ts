// The company's country, stored as its ISO code (migration 20261129090100), is named in the
// reader's language on the legal pages and in receipts, and in English in /api/companyinfo.php.
import { expect } from 'chai';
import supertest from 'supertest';
import { up as countryToCode } from '../../migrations/20261129090100_company_country_code.js';
import { ENTRY_COOKIE } from '../../server/render/page-context.js';
import { describeEachBackend } from '../helpers/backends.js';

describeEachBackend('the company\'s country', (env) => {
  const legalPage = async (lng: string) =>
    (await supertest(env().app).get('/pages/terms').set('Host', 'localhost').set('Cookie', `${ENTRY_COOKIE}=1; amora_lang=${lng}`).expect(200)).text;
  const stored = async () => String((await env().rt.db('company_info').first('country')).country);
  afterEach(() => env().rt.services.company.update({ country: 'NL' }));

  it('is named in the page\'s language on the legal pages', async () => {
    expect(await stored()).to.equal('NL');
    const names = { en: 'Netherlands', de: 'Niederlande', pl: 'Holandia', fr: 'Pays-Bas', nl: 'Nederland', es: 'Países Bajos', it: 'Paesi Bassi' };
    for (const [lng, name] of Object.entries(names)) {
      const html = await legalPage(lng);
      expect(html, lng).to.include(`, ${name}`);
      if (lng !== 'en') expect(html, lng).not.to.include('Netherlands');
    }
    const api = await supertest(env().app).get('/api/companyinfo.php').set('Host', 'localhost').expect(200);
    expect(api.body.companyinfo.country).to.equal('Netherlands');
  });

  it('is taken as a code or a name and stored as its code; anything else changes nothing', async () => {
    const company = env().rt.services.company;
    expect((await company.update({ country: 'Germany' })).country).to.equal('DE');
    expect(await stored()).to.equal('DE');
    expect(await legalPage('pl')).to.include(', Niemcy');
    expect((await company.update({ country: 'mt' })).country).to.equal('MT');
    const refused = await company.update({ country: 'Atlantis' }).then(() => undefined, (err: unknown) => err);
    expect(refused).to.have.property('status', 400);
    expect(await stored()).to.equal('MT');
  });

  it('is moved from a name to its code by the migration; a text that names no country stays', async () => {
    const { db } = env().rt;
    await db('company_info').update({ country: 'Netherlands' });
    await countryToCode(db);
    expect(await stored()).to.equal('NL');
    await db('company_info').update({ country: 'Sealand' });
    await countryToCode(db);
    expect(await stored()).to.equal('Sealand');
  });
});
