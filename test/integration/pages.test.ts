import { expect } from 'chai';
import supertest from 'supertest';
import { ENTRY_COOKIE } from '../../server/render/page-context.js';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const profileIds = (html: string) => [...html.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));

describeEachBackend('pages', (env) => {
  it('renders the index page from the database with profile cards and pictures', async () => {
    const res = await supertest(env().app).get('/').set('Host', 'localhost').expect(200);
    expect(res.headers['content-type']).to.match(/text\/html/);
    const ids = profileIds(res.text);
    expect(ids.length).to.be.greaterThan(3);
    const rows = await env().rt.db('profiles').whereIn('id', ids).select('country', 'status');
    expect(rows.every((r: { country: string; status: string }) => ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'].includes(r.country) && r.status === 'active')).to.equal(true);
    expect(res.text).to.match(/<img src="\/media\/[a-f0-9]{32}_thumb\.jpg"/);
  });

  it('renders the site-entry warning as a plain form, with no script on the page', async () => {
    const res = await supertest(env().app).get('/pages/terms?x=1').set('Host', 'localhost').expect(200);
    expect(res.text).to.include('class="entry-warning"').and.include('action="/site-entry"');
    expect(res.text).to.include('name="return" value="/pages/terms?x=1"');
    expect(res.text).not.to.include('data-island');
    expect(res.text).not.to.include('<script');
    expect(res.text).not.to.include('modulepreload');
  });

  it('ships only the live badges to a member who finished signing up, hydrated when idle', async () => {
    const m = await createMember(env().rt.db);
    const member = await loggedInAgent(env().app, m.email, m.password);
    const res = await member.get('/pages/terms').set('Cookie', `${ENTRY_COOKIE}=1`).expect(200);
    expect([...res.text.matchAll(/data-island="([^"]+)"/g)].map((x) => x[1])).to.deep.equal(['live-badges']);
    expect(res.text).to.include('data-hydrate="idle"');
    expect(res.text).to.include('<link rel="modulepreload" href="/build/assets/live-badges-0a1b2c.js">');
    expect(res.text).not.to.match(/<script(?![^>]*(type="module" src=|type="application\/json"))/);
  });

  it('gives visitors no script on plain pages: links to /signup open the signup dialog page', async () => {
    for (const path of ['/', '/pages/terms', '/members']) {
      const res = await supertest(env().app).get(path).set('Host', 'localhost').set('Cookie', `${ENTRY_COOKIE}=1`).expect(200);
      expect(res.text, path).not.to.include('<script');
      expect(res.text, path).not.to.include('modulepreload');
      expect(res.text, path).to.include('href="/signup"');
    }
    const signup = await supertest(env().app).get('/signup').set('Host', 'localhost').set('Cookie', `${ENTRY_COOKIE}=1`).expect(200);
    expect(signup.text).to.include('data-island="signup-page"').and.include('class="signup-dialog"').and.include('"dialog":{"closeTo":"/"');
    expect(signup.text).to.include('/build/assets/signup-page-7a8b9c.js').and.include('/build/assets/wizard-4d5e6f.js');
    expect(signup.text).not.to.include('signup-modal-1a2b3c.js');
  });

  it('compresses pages for clients that accept it, and leaves small answers alone', async () => {
    // A page rendered for the request: brotli first.
    const br = await supertest(env().app).get('/signup').set('Host', 'localhost').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(br.headers['content-encoding']).to.equal('br');
    expect(br.headers.vary).to.match(/Accept-Encoding/);
    expect(br.text).to.include('<!doctype html>');
    // A visitor's kept page (render/page-cache.ts): gzip from its parts compressed once, brotli only
    // for a client that takes nothing else.
    const kept = await supertest(env().app).get('/').set('Host', 'localhost').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(kept.headers['content-encoding']).to.equal('gzip');
    expect(kept.headers.vary).to.match(/Accept-Encoding/);
    expect(kept.text).to.include('<!doctype html>');
    const keptBr = await supertest(env().app).get('/').set('Host', 'localhost').set('Accept-Encoding', 'br').expect(200);
    expect(keptBr.headers['content-encoding']).to.equal('br');
    // The same page but for the first visit's own CSRF token.
    const tokenless = (html: string) => html.replace(/(name="csrf-token" content|name="_csrf" value)="[^"]*"/g, '$1=""');
    expect(tokenless(keptBr.text)).to.equal(tokenless(kept.text));
    const gzip = await supertest(env().app).get('/signup').set('Host', 'localhost').set('Accept-Encoding', 'gzip, br;q=0').expect(200);
    expect(gzip.headers['content-encoding']).to.equal('gzip');
    const plain = await supertest(env().app).get('/').set('Host', 'localhost').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    const small = await supertest(env().app).get('/livez').set('Accept-Encoding', 'br').expect(200);
    expect(small.headers['content-encoding']).to.equal(undefined);
  });

  it('sends a CSP without inline script, a request id and security headers', async () => {
    const res = await supertest(env().app).get('/pages/terms').set('Host', 'localhost').expect(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).to.include("script-src 'self'");
    expect(csp).not.to.match(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    expect(res.headers['x-powered-by']).to.equal(undefined);
  });

  it('shows the footer of SPEC.md §2 with the company from the database', async () => {
    const res = await supertest(env().app).get('/').set('Host', 'localhost').expect(200);
    for (const href of ['/pages/terms', '/pages/privacy', '/pages/cookies', '/pages/ban', '/pricing', '/complaints', '/pages/return-policy', '/pages/faq']) {
      expect(res.text).to.include(`href="${href}"`);
    }
    expect(res.text).to.include('Amora Media B.V.');
    expect(res.text).to.include('href="/login"');
  });

  it('lists members for visitors with filters applied in the query', async () => {
    const res = await supertest(env().app).get('/members?gender=female&min_age=18&max_age=99').set('Host', 'localhost').expect(200);
    const ids = profileIds(res.text);
    expect(ids.length).to.be.greaterThan(0);
    const genders = await env().rt.db('profiles').whereIn('id', ids).pluck('gender');
    expect(new Set(genders)).to.deep.equal(new Set(['female']));
  });

  it('follows logged_out_search and logged_out_search_trafficsource for visitors', async () => {
    const sites = env().rt.services.sites;
    if (!(await sites.findByDomain('private.localhost'))) {
      await sites.add({ domain: 'private.localhost', name: 'Private', aliases: [], settings: { logged_out_search: 'none', logged_out_search_trafficsource: 'all' } });
    }
    const closed = await supertest(env().app).get('/members').set('Host', 'private.localhost').expect(303);
    expect(closed.headers.location).to.equal('/');
    await supertest(env().app).get('/members?network=adnet&ref=42').set('Host', 'private.localhost').expect(200);
  });

  it('ignores an invalid filter with a clear notice and still shows results', async () => {
    const res = await supertest(env().app).get('/members?min_age=abc&gender=robot').set('Host', 'localhost').expect(400);
    expect(res.text).to.include('Some search filters were not valid');
    expect(profileIds(res.text).length).to.be.greaterThan(0);
  });

  it('renders a profile, and 404s for bad or unknown ids', async () => {
    const [profile] = await env().rt.db('profiles').where({ status: 'active', country: 'GB' }).limit(1).select('id', 'name');
    const res = await supertest(env().app).get(`/members/${profile.id}`).set('Host', 'localhost').expect(200);
    expect(res.text).to.include(profile.name);
    expect(res.text).to.include(`Login to like ${profile.name}&#x27;s profile`);
    for (const bad of ['/members/abc', '/members/0', '/members/1e3', '/members/99999999', '/members/-1']) {
      const r = await supertest(env().app).get(bad).set('Host', 'localhost').expect(404);
      expect(r.text, bad).to.include('This page could not be found');
      expect(r.text).to.include('data-testid="home-link"');
    }
  });

  it('answers unknown routes with the 404 page in the visitor\'s language', async () => {
    const nl = await supertest(env().app).get('/no-such-page').set('Host', 'nl.localhost').expect(404);
    expect(nl.text).to.include('<html lang="nl"');
    expect(nl.text).to.include('Deze pagina kon niet worden gevonden');
    const de = await supertest(env().app).get('/no-such-page').set('Host', 'localhost').set('Cookie', 'amora_lang=de').expect(404);
    expect(de.text).to.include('<html lang="de"');
  });

  it('refuses unknown hosts with a clear error', async () => {
    const res = await supertest(env().app).get('/').set('Host', 'evil.example').expect(421);
    expect(res.text).to.include('This website is not available at this address.');
  });

  it('shows pricing in the currency of the visitor\'s country, with the price per message', async () => {
    const gb = await supertest(env().app).get('/pricing').set('Host', 'localhost').set('X-Forwarded-For', '81.2.69.160').expect(200);
    expect(gb.text).to.include('£17.95').and.include('£1.24 per message').and.include('1000 credits');
    const nl = await supertest(env().app).get('/pricing').set('Host', 'nl.localhost').expect(200);
    expect(nl.text).to.match(/€\s19,95/).and.include('per bericht');
    expect((nl.text.match(/data-bundle-id=/g) ?? []).length).to.equal(4);
  });

  it('serves the legal pages with company facts filled in', async () => {
    const res = await supertest(env().app).get('/pages/privacy').set('Host', 'localhost').expect(200);
    expect(res.text).to.include('Amora Media B.V.');
    const main = res.text.slice(res.text.indexOf('<main'), res.text.indexOf('</main>'));
    expect(main).to.include('Amora Media B.V.');
    expect(main).not.to.include('{{');
    await supertest(env().app).get('/pages/nope').set('Host', 'localhost').expect(404);
  });
});
