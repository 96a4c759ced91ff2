import { expect } from 'chai';
import supertest from 'supertest';
import { describeEachBackend } from '../helpers/backends.js';
import { redisAddress } from '../../server/lib/redis-circuit.js';

const SETTINGS_FIELDS = [
  'countries', 'name', 'index_title', 'description', 'visible_profile_fields', 'visible_profile_notes', 'geoip_country',
  'geoip_selected_country', 'cdn_prefix', 'message_credits', 'photo_credits', 'gift_credits', 'signup_credits', 'message_length',
  'minimum_message_costs', 'support_email', 'support_phone', 'enable_site_entry_popup', 'push_public_key', 'search_fields', 'domain',
  'domain_language', 'fictional_warning', 'fictional_singular', 'fictional_plural', 'refund_days', 'signups', 'logged_out_search',
  'logged_out_search_trafficsource', 'member_resell',
];

describeEachBackend('JSON API', (env) => {
  it('GET /api/settings.php returns every field of SPEC.md §3', async () => {
    const res = await supertest(env().app).get('/api/settings.php').set('Host', 'localhost').expect(200);
    expect(Object.keys(res.body.settings).sort()).to.deep.equal([...SETTINGS_FIELDS].sort());
    const s = res.body.settings;
    expect(s.domain).to.equal('localhost');
    expect(s.domain_language).to.equal('en-GB');
    expect(s.minimum_message_costs.GB).to.deep.equal({ costs: 1.24, currency: 'GBP' });
    expect(s.push_public_key).to.match(/^[A-Za-z0-9_-]{80,}$/);
    expect(s.support_phone).to.equal('+31201234567');
  });

  it('takes geoip_country from the client address and the site from the forced domain', async () => {
    const res = await supertest(env().app)
      .get('/api/settings.php?domain=nl.localhost&network=abc')
      .set('Host', 'localhost')
      .set('X-Forwarded-For', '145.53.1.1')
      .expect(200);
    expect(res.body.settings.geoip_country).to.equal('NL');
    expect(res.body.settings.geoip_selected_country).to.equal('NL');
    expect(res.body.settings.domain).to.equal('nl.localhost');
    expect(res.body.settings.countries).to.deep.equal(['NL', 'BE']);
    const gb = await supertest(env().app).get('/api/settings.php').set('Host', 'nl.localhost').set('X-Forwarded-For', '81.2.69.160').expect(200);
    expect(gb.body.settings.geoip_country).to.equal('GB');
    expect(gb.body.settings.geoip_selected_country).to.equal('NL');
  });

  it('translates the site texts into the request language', async () => {
    const res = await supertest(env().app).get('/api/settings.php').set('Host', 'nl.localhost').expect(200);
    expect(res.body.settings.fictional_singular).to.not.equal('Chat host');
  });

  it('GET /api/companyinfo.php returns the company record', async () => {
    const res = await supertest(env().app).get('/api/companyinfo.php').set('Host', 'localhost').expect(200);
    expect(res.body.companyinfo).to.include({ name: 'Amora Media B.V.', kvk: '87654321', support_phone: '+31201234567' });
    expect(res.body.companyinfo.vat_numbers).to.deep.equal(['NL862345678B01']);
    expect(res.body.companyinfo).to.have.keys('name', 'address', 'kvk', 'city', 'country', 'tradenames', 'vat_numbers', 'support_phone', 'delete_discount', 'added');
  });

  it('GET /api/interests.php returns about 50 localized interests', async () => {
    const en = await supertest(env().app).get('/api/interests.php').set('Host', 'localhost').expect(200);
    expect(en.body.interests).to.have.length(50);
    expect(en.body.interests.map((i: { slug: string }) => i.slug)).to.include.members(['relationship', 'onenightstand', 'kissing', 'wine', 'coffee']);
    const de = await supertest(env().app).get('/api/interests.php').set('Host', 'localhost').set('Cookie', 'amora_lang=de').expect(200);
    const translated = de.body.interests.filter((d: { label: string }, i: number) => d.label !== en.body.interests[i].label);
    expect(translated.length).to.be.greaterThan(30);
  });

  it('GET /api/regions.php returns regions per site country with the region term', async () => {
    const res = await supertest(env().app).get('/api/regions.php').set('Host', 'nl.localhost').expect(200);
    expect(Object.keys(res.body.regions)).to.deep.equal(['NL', 'BE']);
    expect(res.body.regions.NL.term).to.equal('province');
    expect(res.body.regions.NL.label).to.equal('Provincie');
    expect(res.body.regions.NL.regions).to.have.length(12);
  });

  it('answers unknown API paths with JSON and a stable code', async () => {
    const res = await supertest(env().app).get('/api/nope.php').set('Host', 'localhost').expect(404);
    expect(res.body).to.deep.equal({ error: { code: 'not_found', message: 'This page could not be found' } });
  });

  it('reports database and Redis health', async () => {
    const res = await supertest(env().app).get('/healthz').expect(200);
    expect(res.body.database).to.equal('ok');
    expect(res.body.redis).to.equal(env().backend.redisUrl ? 'ok' : 'disabled');
    expect(res.body.dependencies.database.status).to.equal('ok');
    expect(res.body.dependencies.database.latencyMs).to.be.a('number');
    expect(res.headers['cache-control']).to.equal('no-store');
    if (env().backend.redisUrl) expect(res.body.circuits.map((c: { name: string }) => c.name)).to.include(`redis ${redisAddress(env().backend.redisUrl)}`);
    await supertest(env().app).get('/readyz').expect(200, { status: 'ready', database: 'ok', redis: res.body.redis, openCircuits: [] });
    await supertest(env().app).get('/livez').expect(200, { status: 'ok' });
  });
});

describe('health check', () => {
  it('answers 503 with the failing part named when Redis is down', async () => {
    const express = (await import('express')).default;
    const { healthRoutes } = await import('../../server/routes/system-routes.js');
    const { createDb } = await import('../../server/db.js');
    const db = createDb('sqlite::memory:');
    const app = express().use(healthRoutes(db, { ping: () => Promise.reject(new Error('ECONNREFUSED')) }));
    const res = await supertest(app).get('/healthz').expect(503);
    expect(res.body).to.include({ status: 'degraded', database: 'ok', redis: 'down' });
    expect(res.body.dependencies.redis.status).to.equal('down');
    await supertest(app).get('/readyz').expect(503);
    // Liveness stays up: restarting the process would not bring Redis back.
    await supertest(app).get('/livez').expect(200);
    await db.destroy();
  });

  it('is not ready while the circuit of Redis or the database is open; other circuits only show', async () => {
    const express = (await import('express')).default;
    const { healthRoutes } = await import('../../server/routes/system-routes.js');
    const { circuitFor } = await import('../../server/lib/circuit.js');
    const { createDb } = await import('../../server/db.js');
    const db = createDb('sqlite::memory:');
    const app = express().use(healthRoutes(db, { ping: () => Promise.resolve('PONG') }));
    const fail = () => Promise.reject(new Error('down'));
    // Long enough that a loaded machine does not see the circuits half-open before they are checked.
    const RESET_MS = 1000;
    const mail = circuitFor('smtp health-test:25', { timeoutMs: 50, resetMs: RESET_MS, failuresToOpen: 1 });
    await mail.run(fail).catch(() => undefined);
    expect(mail.state()).to.equal('open');
    await supertest(app).get('/readyz').expect(200);
    const cache = circuitFor('redis health-test:6379', { timeoutMs: 50, resetMs: RESET_MS, failuresToOpen: 1 });
    await cache.run(fail).catch(() => undefined);
    const ready = await supertest(app).get('/readyz').expect(503);
    expect(ready.body.openCircuits).to.deep.equal(['redis health-test:6379']);
    const health = await supertest(app).get('/healthz').expect(503);
    expect(health.body.circuits.find((c: { name: string }) => c.name === 'smtp health-test:25')).to.include({ state: 'open', failures: 1 });
    // Half-open after resetMs; one good probe closes both again, so the shared test apps stay ready.
    await new Promise((r) => setTimeout(r, RESET_MS + 50));
    await Promise.all([mail.run(() => Promise.resolve()), cache.run(() => Promise.resolve())]);
    await supertest(app).get('/readyz').expect(200);
    await db.destroy();
  });
});
