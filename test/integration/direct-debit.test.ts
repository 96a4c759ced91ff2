// Direct debit (/directdebit, SPEC.md §3-§5, §8): the form with its field errors and the
// authorization checkbox, the IBAN checked with ibantools, the SMS code in sms_outbox, 'Code
// invalid', five tries then burnt (also under parallel guesses), expiry after ten minutes, single
// use, resend pauses, the limits message, the blocked state (amora payments dd-block), and a
// confirmed mandate starting exactly one sdd payment.
import { expect } from 'chai';
import { pino } from 'pino';
import supertest from 'supertest';
import { AppError } from '../../server/errors.js';
import { DirectDebitService } from '../../server/services/payments/direct-debit-service.js';
import { GatewaySmsSender } from '../../server/services/sms/gateway-sms-sender.js';
import type { BundleOffer } from '../../server/services/payments/bundles-service.js';
import { describeEachBackend } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';

const FORM = {
  account_holder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', street: 'Hauptstraße', house_number: '12a', zip: '10115',
  city: 'Berlin', phone: '0151 2345 6789', authorize: '1',
};

describeEachBackend('direct debit', (env) => {
  const db = () => env().rt.db;
  let offers: BundleOffer[] = [];

  before(async () => {
    offers = await env().rt.services.bundles.forCountry(1, 'DE', 10);
    expect(offers.length).to.be.greaterThan(1);
  });

  /** A fresh member in Germany (direct debit is offered in SEPA euro countries), logged in. */
  async function member(country = 'DE') {
    const m = await createMember(db(), { name: 'Erika' });
    await db()('profiles').where({ user_id: m.id }).update({ country });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const offer = offers[0]!;
    const page = await a.get(`/directdebit?bundle=${offer.id}`);
    const token = csrfFrom(page.text);
    const post = (path: string, body: Record<string, unknown>) => a.post(path).type('form').send({ _csrf: token, bundle: offer.id, ...body });
    return { ...m, a, offer, page, token, post };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  const counts = async (userId: number) => ({
    mandates: Number((await db()('direct_debit_mandates').where({ user_id: userId }).count({ n: '*' }).first())!.n),
    codes: Number((await db()('otp_codes').where({ user_id: userId }).count({ n: '*' }).first())!.n),
    sms: Number((await db()('sms_outbox').where({ user_id: userId }).count({ n: '*' }).first())!.n),
  });
  const lastSms = async (userId: number) => db()('sms_outbox').where({ user_id: userId }).orderBy('id', 'desc').first('phone', 'body', 'status');
  const codeOf = async (userId: number) => /\b(\d{6})\b/.exec((await lastSms(userId)).body)![1]!;
  const otpOf = (userId: number) => db()('otp_codes').where({ user_id: userId }).orderBy('id', 'desc').first();
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  /** Posts the form and follows to the code step; returns the mandate reference. */
  async function requestCode(m: Member, form: Record<string, unknown> = FORM): Promise<string> {
    const res = await m.post('/directdebit', form).expect(303);
    const reference = /mandate=(AMR-[A-Z0-9]{12})/.exec(res.headers.location!)![1]!;
    expect(res.headers.location).to.equal(`/directdebit?bundle=${m.offer.id}&mandate=${reference}`);
    return reference;
  }
  const confirm = (m: Member, reference: string, otp: string) => m.post('/directdebit/confirm', { mandate: reference, otp });

  it('is for members only, and only for a bundle offered in the member\'s currency where direct debit is a method', async () => {
    const visitor = await supertest(env().app).get(`/directdebit?bundle=${offers[0]!.id}`).set('Host', 'localhost').expect(303);
    expect(visitor.headers.location).to.equal(`/login?next=${encodeURIComponent(`/directdebit?bundle=${offers[0]!.id}`)}`);
    const m = await member();
    expect(m.page.status).to.equal(200);
    expect(m.page.text).to.include('data-route="directdebit"').and.include('Pay by direct debit').and.include('SEPA Direct Debit mandate');
    for (const field of ['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone', 'authorize']) expect(m.page.text).to.include(`name="${field}"`);
    expect(m.page.text).to.include('Amora Media B.V.').and.include('€19.95');
    await m.a.get('/directdebit').expect(404);
    await m.a.get('/directdebit?bundle=999999').expect(404);
    const gbp = (await env().rt.services.bundles.forCountry(1, 'GB', 10))[0]!;
    await m.a.get(`/directdebit?bundle=${gbp.id}`).expect(404);
    const british = await member('GB');
    expect(british.page.status).to.equal(404); // no direct debit outside the SEPA euro countries
  });

  it('accepts valid German and Dutch IBANs, stores a pending mandate and texts a 6-digit code (sms_outbox)', async () => {
    const m = await member();
    const reference = await requestCode(m);
    const mandate = await db()('direct_debit_mandates').where({ reference }).first();
    expect(mandate).to.include({ user_id: m.id, iban: 'DE89370400440532013000', phone: '+4915123456789', status: 'pending', account_holder: 'Erika Mustermann', house_number: '12a' });
    const sms = await lastSms(m.id);
    expect(sms).to.include({ phone: '+4915123456789', status: 'logged' });
    expect(sms.body).to.match(/^Your Amora code: \d{6}\. Valid for 10 minutes\.$/);
    const otp = await otpOf(m.id);
    expect(otp).to.include({ purpose: 'direct_debit', reference: String(mandate.id), attempts: 0, used_at: null });
    expect(otp.code_hash).to.have.length(64).and.not.include(await codeOf(m.id));
    expect(Number(otp.expires_at) - Number(otp.created_at)).to.equal(10 * 60_000);

    const step = await m.a.get(`/directdebit?bundle=${m.offer.id}&mandate=${reference}`).expect(200);
    expect(step.text).to.include('+••••••••••789').and.include('name="otp"').and.include('DE89 •••• 3000').and.include(reference);
    expect(step.text).not.to.include('+4915123456789');

    // Dutch IBAN, typed in lower case with spaces, and an international number.
    const nl = await requestCode(m, { ...FORM, iban: 'nl91 abna 0417 1643 00', phone: '+31 6 1234 5678' });
    expect(await db()('direct_debit_mandates').where({ reference: nl }).first('iban', 'phone')).to.deep.equal({ iban: 'NL91ABNA0417164300', phone: '+31612345678' });
    // The newer code replaced the earlier one.
    expect(Number((await db()('otp_codes').where({ user_id: m.id }).andWhere('expires_at', '>', Date.now()).count({ n: '*' }).first())!.n)).to.equal(1);
    // Another member's mandate is not found.
    const other = await member();
    await other.a.get(`/directdebit?bundle=${other.offer.id}&mandate=${reference}`).expect(404);
  });

  it('refuses a bad IBAN checksum, a non-SEPA IBAN, missing fields and an unticked box, storing and sending nothing', async () => {
    const m = await member();
    const before = await counts(m.id);
    const bad = await m.post('/directdebit', { ...FORM, iban: 'DE89 3704 0044 0532 0130 01' }).expect(400);
    expect(bad.text).to.include('This IBAN is not valid. Please check it for typing errors.').and.include('value="Erika Mustermann"');
    const foreign = await m.post('/directdebit', { ...FORM, iban: 'BR15 0000 0000 0000 1093 2840 814P2' }).expect(400);
    expect(foreign.text).to.include('Direct debit is only possible from a bank account in the SEPA area.');
    const unticked = await m.post('/directdebit', { ...FORM, authorize: undefined }).expect(400);
    expect(unticked.text).to.include('Please tick the box to authorise the direct debit.');
    const empty = await m.post('/directdebit', { authorize: '1' }).expect(400);
    for (const message of ["Enter the account holder's name", 'Enter your IBAN.', 'Enter your street.', 'Enter your house number.', 'Enter a valid postcode.', 'Enter your town or city.', 'Enter a mobile number']) {
      expect(empty.text).to.include(message.replace("'", '&#x27;'));
    }
    await m.post('/directdebit', { ...FORM, phone: '12' }).expect(400);
    expect(await counts(m.id)).to.deep.equal(before);
  });

  it("says 'Code invalid' for a wrong code, burns the code at the fifth try, and then refuses even the right one", async () => {
    const m = await member();
    const reference = await requestCode(m);
    const code = await codeOf(m.id);
    const malformed = await confirm(m, reference, '12ab').expect(400);
    expect(malformed.text).to.include('Enter the 6-digit code from the SMS.');
    expect((await otpOf(m.id)).attempts).to.equal(0);
    for (let i = 1; i <= 4; i++) {
      const res = await confirm(m, reference, wrong(code)).expect(400);
      expect(res.text).to.include('Code invalid').and.include(`Tries left: ${5 - i}`);
    }
    const fifth = await confirm(m, reference, wrong(code)).expect(400);
    expect(fifth.text).to.include('That was the last try for this code');
    const right = await confirm(m, reference, code).expect(400);
    expect(right.text).to.include('This code has expired or can no longer be used. Please request a new code.');
    expect(await otpOf(m.id)).to.include({ attempts: 5, used_at: null });
    expect((await db()('direct_debit_mandates').where({ reference }).first('status')).status).to.equal('pending');
  });

  it('parallel wrong guesses never book more than five tries', async () => {
    const m = await member();
    const reference = await requestCode(m);
    const code = await codeOf(m.id);
    const guesses = Array.from({ length: 16 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(guesses.map((g) => confirm(m, reference, g)));
    expect(results.every((r) => r.status === 400)).to.equal(true);
    expect(results.filter((r) => r.text.includes('Code invalid'))).to.have.length(5);
    expect(results.filter((r) => r.text.includes('This code has expired'))).to.have.length(11);
    expect((await otpOf(m.id)).attempts).to.equal(5);
  });

  it('a code expires after ten minutes', async () => {
    const m = await member();
    const reference = await requestCode(m);
    await db()('otp_codes').where({ id: (await otpOf(m.id)).id }).update({ expires_at: Date.now() - 1 });
    const res = await confirm(m, reference, await codeOf(m.id)).expect(400);
    expect(res.text).to.include('This code has expired');
    expect((await otpOf(m.id)).attempts).to.equal(0);
  });

  it('a new code comes a minute after the last one at the earliest, and replaces it', async () => {
    const m = await member();
    const reference = await requestCode(m);
    const first = await codeOf(m.id);
    const early = await m.post('/directdebit/resend', { mandate: reference }).expect(429);
    expect(early.text).to.match(/Please wait \d+ seconds before requesting a new code\./);
    await db()('otp_codes').where({ user_id: m.id }).update({ created_at: Date.now() - 61_000 });
    const res = await m.post('/directdebit/resend', { mandate: reference }).expect(303);
    expect(res.headers.location).to.equal(`/directdebit?bundle=${m.offer.id}&mandate=${reference}&resent=1`);
    expect((await m.a.get(res.headers.location!).expect(200)).text).to.include('We have sent you a new code.');
    expect((await counts(m.id)).sms).to.equal(2);
    const second = await codeOf(m.id);
    if (second !== first) expect((await confirm(m, reference, first).expect(400)).text).to.include('Code invalid');
    expect((await db()('otp_codes').where({ user_id: m.id }).orderBy('id').first('expires_at')).expires_at).to.be.at.most(Date.now());
  });

  it('the right code activates the mandate and starts one sdd payment; the code is single use', async () => {
    const m = await member();
    const reference = await requestCode(m);
    const code = await codeOf(m.id);
    const res = await confirm(m, reference, code).expect(303);
    const publicId = /^\/transactions\/([0-9a-f]{24})$/.exec(res.headers.location!)![1]!;
    const mandate = await db()('direct_debit_mandates').where({ reference }).first();
    expect(mandate.status).to.equal('active');
    expect(Number(mandate.confirmed_at)).to.be.greaterThan(0);
    const payments = await db()('payments').where({ user_id: m.id }).select('public_id', 'method', 'mandate_id', 'status', 'amount_cents');
    expect(payments).to.deep.equal([{ public_id: publicId, method: 'sdd', mandate_id: mandate.id, status: 'pending', amount_cents: m.offer.priceCents }]);
    expect((await otpOf(m.id)).used_at).to.not.equal(null);
    // The status page says the direct debit is being processed.
    expect((await m.a.get(res.headers.location!).expect(200)).text).to.include('Processing your payment');
    // Back on the code step: the mandate is done, the page leads to its payment.
    const back = await m.a.get(`/directdebit?bundle=${m.offer.id}&mandate=${reference}`).expect(303);
    expect(back.headers.location).to.equal(`/transactions/${publicId}`);

    // The same code again confirms nothing new: it leads to the same payment, and no other mandate takes it.
    const again = await confirm(m, reference, code).expect(303);
    expect(again.headers.location).to.equal(`/transactions/${publicId}`);
    const other = await requestCode(m);
    expect((await confirm(m, other, code).expect(400)).text).to.include('Code invalid');
    expect(await db()('payments').where({ user_id: m.id }).count({ n: '*' }).first()).to.satisfy((r: { n: unknown }) => Number(r.n) === 1);
  });

  it('a confirm form sent twice at once starts one payment', async () => {
    const m = await member();
    const reference = await requestCode(m);
    const code = await codeOf(m.id);
    const [a, b] = await Promise.all([confirm(m, reference, code), confirm(m, reference, code)]);
    expect([a.status, b.status]).to.deep.equal([303, 303]);
    expect(a.headers.location).to.equal(b.headers.location);
    const rows = await db()('payments').where({ user_id: m.id }).select('public_id', 'method');
    expect(rows).to.have.length(1);
    expect(a.headers.location).to.equal(`/transactions/${rows[0].public_id}`);
  });

  it('shows the limit message instead of the form when direct debits are unsettled or the 30-day sum is reached', async () => {
    const insertPayment = async (userId: number, o: { status: string; amount: number; createdAt?: number }) => {
      const now = Date.now();
      await db()('payments').insert({
        public_id: `t${Math.random().toString(16).slice(2, 14)}${now.toString(16)}`.slice(0, 24), user_id: userId, bundle_id: offers[0]!.id,
        credits: 100, amount_cents: o.amount, currency: 'EUR', method: 'sdd', provider: 'test', status: o.status,
        created_at: o.createdAt ?? now, updated_at: now,
      });
    };
    const limit = 'Your limit for direct debit payments has been reached. Please choose another payment method.';
    const unsettled = await member();
    await insertPayment(unsettled.id, { status: 'pending', amount: 1995 });
    expect((await unsettled.a.get(`/directdebit?bundle=${unsettled.offer.id}`).expect(200)).text).to.include('name="iban"');
    await insertPayment(unsettled.id, { status: 'open', amount: 1995 });
    const page = await unsettled.a.get(`/directdebit?bundle=${unsettled.offer.id}`).expect(200);
    expect(page.text).to.include(limit).and.include(`href="/credits/${unsettled.offer.id}"`);
    expect(page.text).not.to.include('name="iban"');
    const refused = await unsettled.post('/directdebit', FORM).expect(403);
    expect(refused.text).to.include(limit);
    expect((await counts(unsettled.id)).mandates).to.equal(0);

    const big = offers[offers.length - 1]!;
    const sum = await member();
    await insertPayment(sum.id, { status: 'paid', amount: 25_000 - big.priceCents + 1 });
    await insertPayment(sum.id, { status: 'failed', amount: 20_000 }); // never took money
    await insertPayment(sum.id, { status: 'paid', amount: 20_000, createdAt: Date.now() - 31 * 86_400_000 }); // outside the window
    expect((await sum.a.get(`/directdebit?bundle=${big.id}`).expect(200)).text).to.include(limit);
    expect((await sum.a.get(`/directdebit?bundle=${offers[0]!.id}`).expect(200)).text).to.include('name="iban"');
  });

  it('amora payments dd-block blocks a member (no form, no confirm) and --unblock allows direct debit again', async () => {
    const m = await member();
    const reference = await requestCode(m);
    const blocked = await amoraCli(env(), 'payments', 'dd-block', '--user', String(m.id));
    expect(blocked.code, blocked.stderr).to.equal(0);
    expect(blocked.stdout).to.include(`blocked direct debit for user ${m.id} (${m.email})`);
    expect((await amoraCli(env(), 'payments', 'dd-block', '--user', String(m.id))).stdout).to.include('already blocked');
    expect((await db()('users').where({ id: m.id }).first('direct_debit_blocked_at')).direct_debit_blocked_at).to.not.equal(null);
    expect((await db()('direct_debit_mandates').where({ reference }).first('status')).status).to.equal('blocked');
    const page = await m.a.get(`/directdebit?bundle=${m.offer.id}`).expect(200);
    expect(page.text).to.include('Your account is blocked for direct debit payments.').and.not.include('name="iban"');
    expect((await confirm(m, reference, await codeOf(m.id)).expect(403)).text).to.include('Your account is blocked for direct debit payments.');
    expect((await m.post('/directdebit', FORM).expect(403)).text).to.include('Your account is blocked');
    const audit = await db()('audit_log').where({ action: 'direct_debit.block', subject: `user:${m.id}` }).select('actor');
    expect(audit).to.have.length(1);

    const unblocked = await amoraCli(env(), 'payments', 'dd-block', '--user', String(m.id), '--unblock');
    expect(unblocked.stdout).to.include(`direct debit allowed again for user ${m.id}`);
    expect((await m.a.get(`/directdebit?bundle=${m.offer.id}`).expect(200)).text).to.include('name="iban"');
    expect((await amoraCli(env(), 'payments', 'dd-block', '--user', '999999')).stderr).to.include('no member with user id 999999');
  });

  it('tells the member when the SMS gateway cannot take the code', async () => {
    const { rt } = env();
    const m = await member();
    // A gateway on a port nobody listens on: the member hears of it at once, there is no queue to wait in.
    const sms = new GatewaySmsSender({ url: 'http://127.0.0.1:9/sms', timeoutMs: 2000 }, pino({ level: 'silent' }));
    const service = new DirectDebitService({ db: rt.db, sms, payments: rt.services.payments, bundles: rt.services.bundles, i18n: rt.i18n, logger: pino({ level: 'silent' }), redis: rt.redis });
    const payer = { userId: m.id, siteId: 1, siteName: 'Amora', lng: 'en', country: 'DE' };
    const err = await service.request(payer, m.offer, FORM).catch((e: unknown) => e);
    // Unreachable is "unavailable, try again" (503); a gateway that refuses the message is a 502.
    expect(err).to.be.instanceOf(AppError).and.include({ code: 'sms_failed', status: 503, messageKey: 'ddSmsFailed' });
    expect((await counts(m.id)).sms).to.equal(0);
  });

  it("speaks the member's language, the SMS included", async () => {
    const m = await member();
    await m.a.put('/api/user.php').set('X-CSRF-Token', m.token).send({ language: 'de' }).expect(200);
    const de = await m.a.get(`/directdebit?bundle=${m.offer.id}`).expect(200);
    expect(de.text).to.include('Per Lastschrift bezahlen').and.include('SEPA-Lastschriftmandat');
    expect((await m.post('/directdebit', { ...FORM, iban: 'DE00 1234' }).expect(400)).text).to.include('Diese IBAN ist ungültig.');
    await m.post('/directdebit', FORM).expect(303);
    expect((await lastSms(m.id)).body).to.match(/^Dein Amora-Code: \d{6}\. Gültig für 10 Minuten\.$/);
  });
});
