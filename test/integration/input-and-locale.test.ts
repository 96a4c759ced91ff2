import { expect } from 'chai';
import supertest from 'supertest';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom } from '../helpers/http.js';

describeEachBackend('locale, CSRF and bad input', (env) => {
  it('uses the site language by default and the cookie when set', async () => {
    const nl = await supertest(env().app).get('/members').set('Host', 'nl.localhost').expect(200);
    expect(nl.text).to.include('<html lang="nl"');
    const en = await supertest(env().app).get('/members').set('Host', 'localhost').expect(200);
    expect(en.text).to.include('<html lang="en"');
    const fr = await supertest(env().app).get('/members').set('Host', 'nl.localhost').set('Cookie', 'amora_lang=fr').expect(200);
    expect(fr.text).to.include('<html lang="fr"');
    const bogus = await supertest(env().app).get('/members').set('Host', 'nl.localhost').set('Cookie', 'amora_lang=xx').expect(200);
    expect(bogus.text).to.include('<html lang="nl"');
  });

  it('switches the language with the dropdown form and keeps it for 365 days', async () => {
    const a = agent(env().app);
    const page = await a.get('/pages/faq').expect(200);
    const res = await a.post('/lang-config').type('form').send({ _csrf: csrfFrom(page.text), lng: 'pl', return: '/pages/faq' }).expect(303);
    expect(res.headers.location).to.equal('/pages/faq');
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('amora_lang='));
    expect(cookie).to.match(/amora_lang=pl/);
    expect(cookie).to.match(/Max-Age=31536000/);
    const after = await a.get('/pages/faq').expect(200);
    expect(after.text).to.include('<html lang="pl"');
  });

  it('refuses a state change without a CSRF token and changes nothing', async () => {
    const res = await supertest(env().app).post('/lang-config').set('Host', 'localhost').type('form').send({ lng: 'de' }).expect(403);
    expect(res.text).to.include('Your session has expired');
    expect(String(res.headers['set-cookie'] ?? '')).not.to.include('amora_lang=');
    const json = await supertest(env().app).post('/lang-config').set('Host', 'localhost').set('Accept', 'application/json').send({ lng: 'de' }).expect(403);
    expect(json.body.error.code).to.equal('invalid_csrf_token');
  });

  it('never follows a return path off the site', async () => {
    const a = agent(env().app);
    const page = await a.get('/').expect(200);
    const res = await a.post('/lang-config').type('form').send({ _csrf: csrfFrom(page.text), lng: 'de', return: '//evil.example/x' }).expect(303);
    expect(res.headers.location).to.equal('/');
  });

  it('rejects an unsupported language with a localized error', async () => {
    const a = agent(env().app);
    const page = await a.get('/').expect(200);
    const res = await a.post('/lang-config').set('Accept', 'application/json').send({ _csrf: csrfFrom(page.text), lng: 'xx' }).expect(400);
    expect(res.body.error.code).to.equal('validation_failed');
    expect(res.body.error.fields).to.deep.equal({ lng: 'This value is not valid.' });
  });

  it('answers malformed JSON and oversized bodies with clear JSON errors', async () => {
    const bad = await supertest(env().app)
      .post('/lang-config')
      .set('Host', 'localhost')
      .set('Content-Type', 'application/json')
      .set('Accept', 'application/json')
      .send('{"lng": ')
      .expect(400);
    expect(bad.body.error.code).to.equal('malformed_json');
    const big = await supertest(env().app)
      .post('/lang-config')
      .set('Host', 'localhost')
      .set('Content-Type', 'application/json')
      .set('Accept', 'application/json')
      .send(JSON.stringify({ lng: 'x'.repeat(200_000) }))
      .expect(413);
    expect(big.body.error.code).to.equal('payload_too_large');
    expect(JSON.stringify(big.body)).not.to.match(/at \w+ \(|node_modules/);
  });

  it('records a dismissed site-entry warning in a year-long cookie', async () => {
    const a = agent(env().app);
    const page = await a.get('/').expect(200);
    const res = await a.post('/site-entry').type('form').send({ _csrf: csrfFrom(page.text), return: '/members' }).expect(303);
    expect(res.headers.location).to.equal('/members');
    expect(String(res.headers['set-cookie'])).to.match(/amora_entry=\d+.*Max-Age=31536000/);
    const next = await a.get('/').expect(200);
    expect(next.text).not.to.include('class="entry-warning"');
    // Back to a page of this site only.
    for (const away of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      const out = await a.post('/site-entry').type('form').send({ _csrf: csrfFrom(page.text), return: away }).expect(303);
      expect(out.headers.location).to.equal('/');
    }
  });
});
