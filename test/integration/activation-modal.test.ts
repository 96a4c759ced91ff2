// SPEC.md §2: the activation reminder (not confirmed, profile disabled, notifications not disabled;
// not on signup, settings or notifications) appears as a modal on a smartphone on the page the
// signup's complete step leads to (?api_signup_complete). The server renders the banner and the
// activation-modal island together; CSS picks one by width (parts/activation-modal.css).
import { expect } from 'chai';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const has = (html: string, testId: string) => html.includes(`data-testid="${testId}"`);
const islandsOf = (html: string) => [...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]);

describeEachBackend('activation reminder as a modal', (env) => {
  const db = () => env().rt.db;

  async function unconfirmedMember(o: { step?: string } = {}) {
    const m = await createMember(db(), { status: 'not_confirmed' });
    await db()('profiles').where({ user_id: m.id }).update({ status: 'disabled' });
    if (o.step) await db()('users').where({ id: m.id }).update({ signup_step: o.step });
    return { ...m, a: await loggedInAgent(env().app, m.email, m.password) };
  }

  it('leads from the complete step to the site with api_signup_complete', async () => {
    const m = await unconfirmedMember({ step: 'complete' });
    const page = await m.a.get('/complete-signup').expect(200);
    expect(page.text).to.match(/<a [^>]*href="\/members\?api_signup_complete=1"[^>]*data-testid="signup-complete-browse"/);
  });

  it('renders the modal beside the banner on that page, closing to the same page without the query', async () => {
    const m = await unconfirmedMember();
    const res = await m.a.get('/members?page=2&api_signup_complete=1').expect(200);
    expect(has(res.text, 'activation-reminder')).to.equal(true);
    expect(res.text).to.include('class="banner banner--warning banner--phone-modal"');
    expect(islandsOf(res.text)).to.include('activation-modal');
    const modal = res.text.slice(res.text.indexOf('data-testid="activation-modal"'));
    expect(modal).to.match(/^[^>]*>.*?role="dialog" aria-modal="true" aria-labelledby="activation-modal-title"/s);
    expect(modal).to.include(m.email).and.include('action="/activation/resend"');
    // Without a script, × and "Later" are links to the page without the query.
    expect(modal).to.match(/href="\/members\?page=2"[^>]*data-testid="activation-modal-close"/);
    expect(modal).to.match(/href="\/members\?page=2"[^>]*data-testid="activation-modal-later"/);
  });

  it('is the plain banner without the query, with no modal script', async () => {
    const m = await unconfirmedMember();
    const res = await m.a.get('/members').expect(200);
    expect(res.text).to.include('class="banner banner--warning"');
    expect(has(res.text, 'activation-modal')).to.equal(false);
    expect(islandsOf(res.text)).not.to.include('activation-modal');
  });

  it('keeps the reminder\'s rules: none on settings or notifications, none for a confirmed member', async () => {
    const m = await unconfirmedMember();
    for (const path of ['/settings', '/notifications']) {
      const res = await m.a.get(`${path}?api_signup_complete=1`).expect(200);
      expect(has(res.text, 'activation-reminder'), path).to.equal(false);
      expect(has(res.text, 'activation-modal'), path).to.equal(false);
    }
    const confirmed = await createMember(db());
    const a = await loggedInAgent(env().app, confirmed.email, confirmed.password);
    expect(has((await a.get('/members?api_signup_complete=1').expect(200)).text, 'activation-modal')).to.equal(false);
  });

  it('resends the activation e-mail from the modal\'s plain form', async () => {
    const m = await unconfirmedMember();
    const res = await m.a.get('/likes?api_signup_complete=1').expect(200);
    const modal = res.text.slice(res.text.indexOf('data-testid="activation-modal"'));
    const token = /name="_csrf" value="([^"]+)"/.exec(modal)![1]!;
    await m.a.post('/activation/resend').type('form').send({ _csrf: token }).expect(200);
    expect(await db()('mail_outbox').where({ user_id: m.id, template: 'activation' })).to.have.length(1);
  });
});
