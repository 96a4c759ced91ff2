// The complaint form on /complaints (issue 16.7): visitors and members, the preselection from a
// profile's "Report" link and from a payment, bad input, the rate limit, the acknowledgement mail
// in the sender's language; and what `amora complaints list|resolve` does, through its service.
import { expect } from 'chai';
import { COMPLAINTS_PER_SENDER_HOUR } from '../../server/services/complaints/complaints-service.js';
import { describeEachBackend } from '../helpers/backends.js';
import { agent, csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const MESSAGE = 'The profile asked me for money outside the site.';

describeEachBackend('complaints', (env) => {
  const db = () => env().rt.db;
  const count = async () => Number((await db()('complaints').count({ n: '*' }).first())!.n);
  const profileOf = async (userId: number) => Number((await db()('profiles').where({ user_id: userId }).first('id')).id);

  async function formOf(a: ReturnType<typeof agent>, query = '') {
    const page = await a.get(`/complaints${query}`).expect(200);
    return { page: page.text, csrf: csrfFrom(page.text) };
  }

  async function paymentOf(userId: number, publicId: string) {
    const bundle = await db()('bundles').first('id', 'credits', 'price_cents', 'currency');
    const now = Date.now();
    await db()('payments').insert({
      public_id: publicId, user_id: userId, bundle_id: bundle.id, credits: bundle.credits, amount_cents: bundle.price_cents, currency: bundle.currency,
      method: 'ideal', provider: 'test', status: 'paid', site_id: 1, paid_at: now, created_at: now, updated_at: now,
    });
  }

  const referenceIn = (location: string | undefined) => {
    const m = /^\/complaints\?sent=([A-Z2-9]{4}-[A-Z2-9]{4})#complaint-form$/.exec(location ?? '');
    if (!m) throw new Error(`unexpected redirect ${location}`);
    return m[1]!;
  };

  it("keeps the procedure's text and stores a visitor's complaint, with a thank-you and a mail in the page's language", async () => {
    const a = agent(env().app).set('Cookie', 'amora_lang=pl');
    const { page, csrf } = await formOf(a);
    expect(page).to.include('Procedura reklamacyjna'); // the procedure's text stays above the form
    expect(page).to.include('data-testid="complaint-form"');
    expect(page).to.include('name="email"');
    const sent = await a.post('/complaints').type('form').send({ _csrf: csrf, subject: 'other', message: MESSAGE, email: ' Visitor@Example.com ' }).expect(303);
    const reference = referenceIn(sent.headers.location);
    const row = await db()('complaints').where({ reference }).first();
    expect(row).to.include({ user_id: null, email: 'visitor@example.com', subject: 'other', body: MESSAGE, status: 'open', language: 'pl', site_id: 1 });
    const thanks = await a.get(`/complaints?sent=${reference}`).expect(200);
    expect(thanks.text).to.include(`Twój numer referencyjny to ${reference}`);
    const mail = await db()('mail_outbox').where({ to_address: 'visitor@example.com', template: 'complaintReceived' }).first();
    expect(mail.subject).to.equal(`Otrzymaliśmy Twoją reklamację (${reference})`);
    expect(mail.language).to.equal('pl');
    expect(mail.text).to.include(reference);
  });

  it("takes a member's address from the account and mails them in their own language", async () => {
    const m = await createMember(db(), { language: 'de', name: 'Greta' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const { page, csrf } = await formOf(a);
    expect(page).not.to.include('name="email"');
    const sent = await a.post('/complaints').type('form').send({ _csrf: csrf, subject: 'message', message: MESSAGE, email: 'someone-else@example.com' }).expect(303);
    const reference = referenceIn(sent.headers.location);
    expect(await db()('complaints').where({ reference }).first()).to.include({ user_id: m.id, email: m.email, name: 'Greta', language: 'de', subject: 'message' });
    const mail = await db()('mail_outbox').where({ to_address: m.email, template: 'complaintReceived' }).first();
    expect(mail.subject).to.equal(`Wir haben deine Beschwerde erhalten (${reference})`);
    expect(mail.text).to.include('Hallo Greta');
    expect(await db()('mail_outbox').where({ to_address: 'someone-else@example.com' }).first()).to.equal(undefined);
  });

  it('refuses bad input with localized messages beside the fields, keeps what was typed and changes nothing', async () => {
    const a = agent(env().app).set('Cookie', 'amora_lang=de');
    const { csrf } = await formOf(a);
    const before = await count();
    const res = await a.post('/complaints').type('form').send({ _csrf: csrf, subject: 'nonsense', message: 'short', email: 'not-an-address' }).expect(400);
    expect(res.text).to.include('Wähle, worum es bei deiner Beschwerde geht.');
    expect(res.text).to.include('Bitte beschreibe deine Beschwerde in mindestens 10 Zeichen.');
    expect(res.text).to.include('Gib eine gültige E-Mail-Adresse ein');
    expect(res.text).to.include('value="not-an-address"');
    expect(res.text).to.include('>short</textarea>');
    const long = await a.post('/complaints').type('form').send({ _csrf: csrf, subject: 'other', message: 'x'.repeat(4001), email: 'ok@example.com' }).expect(400);
    expect(long.text).to.include('höchstens 4000 Zeichen');
    // Without the CSRF token nothing is stored either.
    await a.post('/complaints').type('form').send({ subject: 'other', message: MESSAGE, email: 'ok@example.com' }).expect(403);
    expect(await count()).to.equal(before);
  });

  it("preselects a visible profile from its Report link, and one of the member's own payments, never another's", async () => {
    const reported = await createMember(db(), { name: 'Rita' });
    const profileId = await profileOf(reported.id);
    const profilePage = await agent(env().app).get(`/members/${profileId}`).expect(200);
    expect(profilePage.text).to.include(`href="/complaints?profile=${profileId}#complaint-form"`);

    const m = await createMember(db());
    const other = await createMember(db());
    await paymentOf(m.id, 'abcdef0123456789abcdef01');
    await paymentOf(other.id, 'fedcba9876543210fedcba98');
    const a = await loggedInAgent(env().app, m.email, m.password);
    const transactions = await a.get('/transactions').expect(200);
    expect(transactions.text).to.include('href="/complaints?payment=abcdef0123456789abcdef01#complaint-form"');

    const forProfile = await formOf(a, `?profile=${profileId}`);
    expect(forProfile.page).to.match(/<option value="profile" selected="">/);
    expect(forProfile.page).to.include('Rita, ');
    const sent = await a.post('/complaints').type('form').send({ _csrf: forProfile.csrf, subject: 'profile', profile: String(profileId), message: MESSAGE }).expect(303);
    expect(await db()('complaints').where({ reference: referenceIn(sent.headers.location) }).first()).to.include({ about_profile_id: profileId, subject: 'profile' });

    const forPayment = await formOf(a, '?payment=abcdef0123456789abcdef01');
    expect(forPayment.page).to.match(/<option value="payment" selected="">/);
    expect(forPayment.page).to.include('data-testid="complaint-about"');
    const paid = await a.post('/complaints').type('form').send({ _csrf: forPayment.csrf, subject: 'payment', payment: 'abcdef0123456789abcdef01', message: MESSAGE }).expect(303);
    expect(await db()('complaints').where({ reference: referenceIn(paid.headers.location) }).first()).to.include({ about_payment: 'abcdef0123456789abcdef01' });

    // Another member's payment: not shown, not preselected, not stored even when posted.
    const foreign = await formOf(a, '?payment=fedcba9876543210fedcba98');
    expect(foreign.page).not.to.include('data-testid="complaint-about"');
    expect(foreign.page).not.to.include('name="payment"'); // only the URL itself holds it
    const posted = await a.post('/complaints').type('form').send({ _csrf: foreign.csrf, subject: 'payment', payment: 'fedcba9876543210fedcba98', message: MESSAGE }).expect(303);
    expect(await db()('complaints').where({ reference: referenceIn(posted.headers.location) }).first()).to.include({ about_payment: null });
    // A visitor's ?payment= shows nothing either; an unknown profile preselects nothing.
    expect((await formOf(agent(env().app), '?payment=abcdef0123456789abcdef01')).page).not.to.include('data-testid="complaint-about"');
    expect((await formOf(agent(env().app), '?profile=999999999')).page).not.to.include('data-testid="complaint-about"');
  });

  it('limits how many complaints one sender sends, with a clear localized message', async () => {
    const m = await createMember(db(), { language: 'nl' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const { csrf } = await formOf(a);
    for (let i = 0; i < COMPLAINTS_PER_SENDER_HOUR; i++) {
      await a.post('/complaints').type('form').send({ _csrf: csrf, subject: 'other', message: `${MESSAGE} ${i}` }).expect(303);
    }
    const before = await count();
    const refused = await a.post('/complaints').type('form').set('Cookie', 'amora_lang=nl').send({ _csrf: csrf, subject: 'other', message: `${MESSAGE} again` }).expect(429);
    expect(refused.text).to.include('Je hebt in korte tijd meerdere klachten verstuurd.');
    expect(refused.text).to.include(`${MESSAGE} again`);
    expect(await count()).to.equal(before);
  });

  it('lists complaints by status and date and resolves one with a note (what amora complaints does)', async () => {
    const complaints = env().rt.services.complaints;
    const m = await createMember(db());
    const a = await loggedInAgent(env().app, m.email, m.password);
    const { csrf } = await formOf(a);
    const sent = await a.post('/complaints').type('form').send({ _csrf: csrf, subject: 'other', message: `${MESSAGE} to resolve` }).expect(303);
    const row = await db()('complaints').where({ reference: referenceIn(sent.headers.location) }).first();
    const open = await complaints.list({ status: 'open' });
    expect(open.map((c) => c.id)).to.include(row.id);
    expect(await complaints.list({ since: Date.now() + 60_000 })).to.deep.equal([]);

    const dry = await complaints.resolve(row.id, { note: 'refunded', dryRun: true });
    expect(dry.status).to.equal('open');
    expect((await db()('complaints').where({ id: row.id }).first()).status).to.equal('open');
    const done = await complaints.resolve(row.id, { note: ' refunded the credits ', actor: 'cli:test' });
    expect(done).to.include({ status: 'resolved', resolutionNote: 'refunded the credits' });
    expect(await db()('complaints').where({ id: row.id }).first()).to.include({ status: 'resolved', resolution_note: 'refunded the credits' });
    expect(await db()('audit_log').where({ action: 'complaint.resolve', subject: `complaint:${row.id}` }).first()).to.include({ actor: 'cli:test' });
    expect((await complaints.list({ status: 'resolved' })).map((c) => c.id)).to.include(row.id);
    expect((await complaints.list({ status: 'open' })).map((c) => c.id)).not.to.include(row.id);
    await complaints.resolve(row.id).then(() => expect.fail('resolved twice'), (err: { code: string }) => expect(err.code).to.equal('complaint_resolved'));
    await complaints.resolve(99_999_999).then(() => expect.fail('unknown'), (err: { code: string }) => expect(err.code).to.equal('complaint_not_found'));
  });
});
