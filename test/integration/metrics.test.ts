// GET /metrics (issue 17 §6): Prometheus text for this machine or a scraper with METRICS_TOKEN,
// the site's ordinary 404 for anyone else; request durations labelled by route pattern; the
// outboxes' backlog read from the database at scrape time.
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../server/app.js';
import { describeEachBackend } from '../helpers/backends.js';
import { testAssets } from '../helpers/test-assets.js';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one sample (`name{labels} value`) in a Prometheus text exposition. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachBackend('/metrics', (env) => {
  // Apps of their own: a registry of their own, database figures not yet cached, and a token.
  const freshApp = (metricsToken?: string) => createApp({ ...env().rt, config: { ...env().rt.config, metricsToken }, assets: testAssets() });
  let app: ReturnType<typeof freshApp>;
  before(() => {
    app = freshApp(TOKEN);
  });

  it('answers this machine in the Prometheus text format, with the process, pool and stream figures', async () => {
    const res = await supertest(app).get('/metrics').expect(200);
    expect(res.headers['content-type']).to.match(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).to.equal('no-store');
    for (const name of ['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'amora_event_streams_open', 'amora_db_pool_max']) {
      expect(res.text, name).to.match(new RegExp(`^${name} \\d`, 'm'));
    }
    expect(sample(res.text, 'amora_db_pool_connections{state="used"}')).to.be.a('number');
    for (const outbox of ['mail', 'push', 'sms']) {
      expect(sample(res.text, `amora_outbox_pending{outbox="${outbox}"}`), outbox).to.be.at.least(0);
      expect(sample(res.text, `amora_outbox_oldest_pending_age_seconds{outbox="${outbox}"}`), outbox).to.be.at.least(0);
    }
  });

  it('is a plain 404 page for a visitor from elsewhere without the token, and 200 with it', async () => {
    // Through a proxy on this machine: the peer is loopback, the client is not.
    const visitor = await supertest(app).get('/metrics').set('Host', 'localhost').set('X-Forwarded-For', '203.0.113.7').expect(404);
    expect(visitor.headers['content-type']).to.match(/html/);
    expect(visitor.text).to.not.include('process_cpu_seconds_total');
    const unknown = await supertest(app).get('/no-such-page').set('Host', 'localhost').set('X-Forwarded-For', '203.0.113.7').expect(404);
    expect(visitor.text.length).to.be.closeTo(unknown.text.length, 200);
    await supertest(app).get('/metrics').set('Host', 'localhost').set('X-Forwarded-For', '203.0.113.7').set('Authorization', `Bearer ${TOKEN}x`).expect(404);
    await supertest(app).get('/metrics').set('Host', 'localhost').set('Forwarded', 'for=203.0.113.7').set('Authorization', 'Basic abc').expect(404);
    const scraper = await supertest(app).get('/metrics').set('X-Forwarded-For', '203.0.113.7').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(scraper.text).to.include('process_cpu_seconds_total');
  });

  it('labels request durations with the route pattern, never the URL with its ids', async () => {
    const ids = (await env().rt.db('profiles').where('status', 'active').limit(2).pluck('id')).map(Number);
    for (const id of ids) await supertest(app).get(`/members/${id}`).set('Host', 'localhost').set('Cookie', 'amora_entry=1');
    await supertest(app).get('/no-such-page-4711').set('Host', 'localhost');
    const text = (await supertest(app).get('/metrics').expect(200)).text;
    const routes = [...text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)].map((m) => ({ labels: m[1]!, n: Number(m[2]) }));
    const members = routes.filter((r) => r.labels.includes('route="/members/:id"'));
    expect(members.reduce((sum, r) => sum + r.n, 0), JSON.stringify(routes)).to.equal(ids.length);
    expect(members[0]!.labels).to.include('method="GET"');
    expect(routes.some((r) => r.labels.includes('route="(unmatched)"') && r.labels.includes('status_code="404"')), JSON.stringify(routes)).to.equal(true);
    expect(text).to.not.match(/route="[^"]*(\d{2,}|4711)/);
  });

  it('counts a queued mail in the mail outbox depth, with its age', async () => {
    const before = sample((await supertest(freshApp()).get('/metrics').expect(200)).text, 'amora_outbox_pending{outbox="mail"}')!;
    await env().rt.services.mail.enqueue({ siteId: 1, userId: null, to: `metrics-${Date.now()}@example.com`, template: 'test', language: 'en', subject: 'Metrics', html: '<p>x</p>', text: 'x' });
    const text = (await supertest(freshApp()).get('/metrics').expect(200)).text;
    expect(sample(text, 'amora_outbox_pending{outbox="mail"}')).to.equal(before + 1);
    expect(sample(text, 'amora_outbox_oldest_pending_age_seconds{outbox="mail"}')).to.be.at.least(0);
    expect(text).to.match(/^amora_payments\{status="[a-z_]+"\} \d+|^# TYPE amora_payments gauge/m);
  });
});
