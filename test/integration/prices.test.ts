// Honest prices (issue 12, point 5): the composer says what one message costs in credits and, in
// the member's currency, at the bundles' rates from the biggest bundle to the smallest one a first
// buyer starts with; with too few credits it says so and links the credits page before typing.
// The payment chooser has one card choice with locally drawn brand marks, the member's country's
// methods first, and still takes the old card-brand codes.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { formatMessageMoney } from '../../server/services/payments/bundles-service.js';
import { methodsForCountry } from '../../server/services/payments/method-availability.js';
import { COUNTRIES } from '../../types/countries.js';
import type { ChatPaneProps } from '../../types/chat.js';
import { describeEachBackend } from '../helpers/backends.js';
import { csrfFrom, loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';
import { marksOf } from '../../views/components/payment-marks.js';

function paneProps(html: string): ChatPaneProps {
  const mark = /data-island="chat-pane" data-props="(island-\d+)"/.exec(html);
  if (!mark) throw new Error('no chat pane on the page');
  const script = new RegExp(`<script type="application/json" id="${mark[1]}">(.*?)</script>`, 's').exec(html);
  return JSON.parse(script![1]!) as ChatPaneProps;
}

/** The chooser's method values, in order. */
const methodValues = (html: string) => [...html.matchAll(/<input type="radio" name="method"[^>]*value="([a-z0-9]+)"/g)].map((x) => x[1]);

const MARKS_DIR = join(import.meta.dirname, '../../public/payment-marks');

describe('payment marks', () => {
  it('every method a chooser can show has a mark drawn in the repo, with no outside reference', () => {
    const files = new Set(readdirSync(MARKS_DIR));
    for (const country of COUNTRIES) {
      for (const m of methodsForCountry(country).flatMap((method) => marksOf(method, country))) expect(files.has(`${m}.svg`), m).to.equal(true);
    }
    for (const f of files) {
      const svg = readFileSync(join(MARKS_DIR, f), 'utf8');
      expect(svg, f).to.match(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 48 32"/);
      expect(svg.replace('http://www.w3.org/2000/svg', ''), f).to.not.match(/https?:|<image|href=/);
    }
  });

  it('writes the money of one message as one figure or a range in the member\'s language', () => {
    expect(formatMessageMoney('en', { minCents: 124, maxCents: 180, currency: 'GBP' })).to.match(/^£1\.24\s?–\s?£1\.80$/);
    expect(formatMessageMoney('de', { minCents: 124, maxCents: 180, currency: 'EUR' })).to.match(/^1,24\s?–\s?1,80\s€$/);
    expect(formatMessageMoney('pl', { minCents: 500, maxCents: 500, currency: 'PLN' })).to.equal('5,00\u00a0zł');
  });
});

describeEachBackend('honest prices', (env) => {
  const db = () => env().rt.db;

  async function member(o: { country: string; credits?: number; language?: string }) {
    const m = await createMember(db(), { name: 'Pricey', language: o.language });
    await db()('profiles').where({ user_id: m.id }).update({ country: o.country });
    if (o.credits) await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: o.credits!, reason: 'grant' }));
    const a = await loggedInAgent(env().app, m.email, m.password);
    return { ...m, a };
  }
  const partner = () => createProfile(db(), env().rt.services.media, { gender: 'male' });
  /** One message's money at each bundle's rate in a currency, as the credits page shows it. */
  async function rates(currency: string) {
    const bundles = (await db()('bundles').where({ currency, is_active: true }).select('credits', 'price_cents')) as { credits: number; price_cents: number }[];
    return bundles.map((b) => Math.round((b.price_cents / b.credits) * 10));
  }

  it('the composer quotes a message in credits and in money from the biggest bundle\'s rate to the first bundle\'s', async () => {
    const m = await member({ country: 'GB', credits: 100 });
    const page = await m.a.get(`/members/${(await partner()).id}/chat`).expect(200);
    const { price } = paneProps(page.text);
    const gbp = await rates('GBP');
    expect(price.messageCredits).to.equal(10);
    expect(price.money).to.equal(formatMessageMoney('en', { minCents: Math.min(...gbp), maxCents: Math.max(...gbp), currency: 'GBP' }));
    expect(price.money).to.match(/£1\.24/).and.match(/£1\.80/); // what a first buyer of the smallest bundle pays, too
    expect(page.text).to.include('1 message = 10 credits (£1.24');
    expect(page.text).to.not.include('data-testid="chat-no-credits"');

    // A Polish member sees złoty, in Polish.
    const pl = await member({ country: 'PL', credits: 100, language: 'pl' });
    const plPage = await pl.a.get(`/members/${(await partner()).id}/chat`).set('Cookie', 'amora_lang=pl').expect(200);
    expect(paneProps(plPage.text).price.money).to.match(/zł$/).and.match(/–/);
    expect(plPage.text).to.include('1 wiadomość = 10 kredytów (');
  });

  it('at 0 credits, or fewer than a message costs, the composer says so and offers the credits page before typing', async () => {
    const broke = await member({ country: 'GB' });
    const page = await broke.a.get(`/members/${(await partner()).id}/chat`).expect(200);
    expect(page.text).to.include('data-testid="chat-no-credits"').and.include('You have no credits left. A message costs 10 credits.');
    expect(/data-testid="chat-no-credits".*?href="\/credits"/s.test(page.text)).to.equal(true);
    const low = await member({ country: 'GB', credits: 4 });
    const lowPage = await low.a.get(`/members/${(await partner()).id}/chat`).expect(200);
    expect(lowPage.text).to.include('A message costs 10 credits; you have 4.');
    const de = await member({ country: 'DE', language: 'de' });
    const dePage = await de.a.get(`/members/${(await partner()).id}/chat`).set('Cookie', 'amora_lang=de').expect(200);
    expect(dePage.text).to.include('Du hast keine Credits mehr.').and.include('Credits kaufen');
  });

  it('the chooser shows one card choice with drawn brand marks, the country\'s methods first, and takes old card codes', async () => {
    const nl = await member({ country: 'NL' });
    const bundle = (await db()('bundles').where({ currency: 'EUR', credits: 100 }).first('id')) as { id: number };
    const chooser = (await nl.a.get(`/credits/${bundle.id}`).expect(200)).text;
    const values = methodValues(chooser);
    expect(values[0]).to.equal('ideal');
    expect(values).to.include('creditcard').and.not.include('visa').and.not.include('mastercard').and.not.include('maestro');
    expect(chooser).to.include('src="/payment-marks/ideal.svg"').and.include('src="/payment-marks/visa.svg"').and.include('alt="Mastercard"');
    expect(chooser).to.not.match(/src="https?:/).and.not.include('>MC<').and.not.include('>psc<');
    // Poland: BLIK and Przelewy24 first; France: the card choice (Cartes Bancaires) first.
    const pl = await member({ country: 'PL' });
    const pln = (await db()('bundles').where({ currency: 'PLN', credits: 100 }).first('id')) as { id: number };
    const plValues = methodValues((await pl.a.get(`/credits/${pln.id}`).expect(200)).text);
    expect(plValues.slice(0, 3)).to.deep.equal(['blik', 'prezelewy24', 'creditcard']);
    const fr = await member({ country: 'FR' });
    const frChooser = (await fr.a.get(`/credits/${bundle.id}`).expect(200)).text;
    expect(methodValues(frChooser)[0]).to.equal('creditcard');
    expect(frChooser).to.include('src="/payment-marks/cartebancaire.svg"');

    // An old card-brand link selects the card choice; an old code in a form still buys by card.
    const old = (await nl.a.get(`/credits/${bundle.id}/visa`).expect(200)).text;
    expect(/<input[^>]*value="creditcard"[^>]*>/.exec(old)?.[0]).to.match(/checked/);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(old)![1]!;
    await nl.a.post(`/credits/${bundle.id}`).type('form').send({ _csrf: csrfFrom(old), method: 'maestro', idempotency_key: key }).expect(303);
    expect(await db()('payments').where({ user_id: nl.id }).first('method')).to.deep.equal({ method: 'maestro' });
  });
});
