// SPEC.md §2, §5: the site-entry warning shows on the default layout for the countries of the site's
// enable_site_entry_popup, but on the chat and empty layouts only for NL and DE; it is skipped once
// dismissed, when the setting is 'no', when logged in, and for a country not in the list. The empty
// layout's page for visitors is the test provider's checkout; GeoIP comes from X-Forwarded-For.
import { expect } from 'chai';
import supertest from 'supertest';
import { ENTRY_COOKIE } from '../../server/render/page-context.js';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const IP = { NL: '145.53.1.1', BE: '195.130.130.1', DE: '85.214.132.117', AT: '80.123.1.1', GB: '81.2.69.160' } as const;
const DE_SITE = 'de-entry.localhost';

const hasWarning = (html: string) => html.includes('data-testid="entry-warning"');

describeEachBackend('site-entry warning on the chat and empty layouts', (env) => {
  const services = () => env().rt.services;
  let checkoutPath = '';

  before(async () => {
    if (!(await services().sites.findByDomain(DE_SITE))) {
      await services().sites.add({ domain: DE_SITE, name: 'Herzklopfen', aliases: [], settings: { countries: ['DE', 'AT'], enable_site_entry_popup: ['DE', 'AT'], domain_language: 'de-DE' } });
    }
    const payment = await services().payments.provider.create({
      reference: `entry-${Date.now()}`, amountCents: 1000, currency: 'EUR', description: 'Amora: 100 credits', method: 'ideal', locale: 'en', country: 'NL',
      email: 'payer@example.org', redirectUrl: 'http://localhost/transactions/x', webhookUrl: 'http://localhost/api/payments/webhook',
    });
    checkoutPath = `/test-checkout/${payment.ref}`;
  });

  const visit = (path: string, host: string, ip: string, cookie?: string) => {
    const req = supertest(env().app).get(path).set('Host', host).set('X-Forwarded-For', ip);
    return (cookie ? req.set('Cookie', cookie) : req).expect(200);
  };

  it('shows it on the empty layout to visitors from NL and DE', async () => {
    const nl = await visit(checkoutPath, 'nl.localhost', IP.NL);
    expect(nl.text).to.include('class="layout-empty"');
    expect(hasWarning(nl.text)).to.equal(true);
    expect(nl.text).to.include('name="return" value="' + checkoutPath + '"');
    expect(hasWarning((await visit(checkoutPath, DE_SITE, IP.DE)).text)).to.equal(true);
  });

  it('does not show it on the empty layout to BE or AT, who get it on the default layout', async () => {
    for (const [host, ip] of [['nl.localhost', IP.BE], [DE_SITE, IP.AT]] as const) {
      expect(hasWarning((await visit(checkoutPath, host, ip)).text), `${host} empty`).to.equal(false);
      expect(hasWarning((await visit('/pages/terms', host, ip)).text), `${host} default`).to.equal(true);
    }
  });

  it('skips it once dismissed (the amora_entry cookie), on both layouts', async () => {
    expect(hasWarning((await visit(checkoutPath, 'nl.localhost', IP.NL, `${ENTRY_COOKIE}=${Date.now()}`)).text)).to.equal(false);
    expect(hasWarning((await visit('/pages/terms', DE_SITE, IP.DE, `${ENTRY_COOKIE}=${Date.now()}`)).text)).to.equal(false);
  });

  it('skips it when the setting is "no" or the country is not in the list', async () => {
    try {
      await services().sites.updateSettings(DE_SITE, { enable_site_entry_popup: 'no' });
      expect(hasWarning((await visit(checkoutPath, DE_SITE, IP.DE)).text)).to.equal(false);
      expect(hasWarning((await visit('/pages/terms', DE_SITE, IP.DE)).text)).to.equal(false);
      await services().sites.updateSettings(DE_SITE, { enable_site_entry_popup: ['AT'] });
      expect(hasWarning((await visit(checkoutPath, DE_SITE, IP.DE)).text)).to.equal(false);
      expect(hasWarning((await visit('/pages/terms', DE_SITE, IP.DE)).text)).to.equal(false);
      expect(hasWarning((await visit('/pages/terms', DE_SITE, IP.AT)).text)).to.equal(true);
    } finally {
      await services().sites.updateSettings(DE_SITE, { enable_site_entry_popup: ['DE', 'AT'] });
    }
  });

  it('never shows it to a logged-in member, on the chat layout either', async () => {
    const m = await createMember(env().rt.db, { siteId: (await services().sites.findByDomain('nl.localhost'))!.id });
    const member = await loggedInAgent(env().app, m.email, m.password, 'nl.localhost');
    for (const path of ['/chats', checkoutPath, '/pages/terms']) {
      const res = await member.get(path).set('X-Forwarded-For', IP.NL).expect(200);
      expect(hasWarning(res.text), path).to.equal(false);
    }
    expect((await member.get('/chats').set('X-Forwarded-For', IP.NL).expect(200)).text).to.include('class="layout-chat"');
  });
});
