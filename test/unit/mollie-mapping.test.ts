// Our payment words in Mollie's terms: the method table, amounts, locales, statuses; and the
// country table every provider starts from.
import { HistoricPaymentMethod, PaymentMethod as MollieMethod } from '@mollie/api-client';
import { expect } from 'chai';
import { methodsForCountry } from '../../server/services/payments/method-availability.js';
import {
  MOLLIE_METHODS, centsOf, mollieLocale, ourMethodOf, providerStatusOf, toMollieAmount,
} from '../../server/services/payments/mollie-mapping.js';
import { ProviderError } from '../../server/services/payments/payment-provider.js';
import { COUNTRIES, COUNTRY_CURRENCY } from '../../types/countries.js';
import { PAYMENT_METHODS } from '../../types/payments.js';

describe('Mollie mapping', () => {
  it('maps every method of ours to the Mollie method that collects it, or to none', () => {
    expect(MOLLIE_METHODS).to.deep.equal({
      ideal: 'ideal', bancontact: 'bancontact', eps: 'eps', blik: 'blik', prezelewy24: 'przelewy24', paypal: 'paypal',
      applepay: 'applepay', paysafecard: 'paysafecard',
      creditcard: 'creditcard', visa: 'creditcard', mastercard: 'creditcard', maestro: 'creditcard', cartebancaire: 'creditcard', nexi: 'creditcard',
      sct: 'banktransfer', sdd: 'directdebit',
      sofort: null, giropay: null,
    });
    expect(Object.keys(MOLLIE_METHODS)).to.have.members([...PAYMENT_METHODS]);
    // Only methods Mollie's API still has; the historic ones are exactly those we leave out.
    const current: string[] = Object.values(MollieMethod);
    for (const m of Object.values(MOLLIE_METHODS)) if (m !== null) expect(current).to.include(m);
    expect(Object.values(HistoricPaymentMethod)).to.include.members(['sofort', 'giropay']);
  });

  it('reads Mollie’s method back as ours, preferring the card brand the member chose', () => {
    expect(ourMethodOf('creditcard', 'visa')).to.equal('visa');
    expect(ourMethodOf('creditcard', 'cartebancaire')).to.equal('cartebancaire');
    expect(ourMethodOf('creditcard', undefined)).to.equal('creditcard');
    expect(ourMethodOf('creditcard', 'ideal')).to.equal('creditcard'); // the payer switched method in Mollie's checkout
    expect(ourMethodOf('banktransfer', undefined)).to.equal('sct');
    expect(ourMethodOf('directdebit', 'sdd')).to.equal('sdd');
    expect(ourMethodOf('przelewy24', null)).to.equal('prezelewy24');
    expect(ourMethodOf('kbc', 'bancontact')).to.equal(null);
    expect(ourMethodOf(null, 'ideal')).to.equal(null);
  });

  it('writes cents as Mollie’s decimal strings and reads them back', () => {
    expect(toMollieAmount(1250, 'EUR')).to.deep.equal({ currency: 'EUR', value: '12.50' });
    expect(toMollieAmount(5, 'EUR').value).to.equal('0.05');
    expect(toMollieAmount(0, 'EUR').value).to.equal('0.00');
    expect(toMollieAmount(123_456_789, 'PLN').value).to.equal('1234567.89');
    expect(() => toMollieAmount(12.5, 'EUR')).to.throw(RangeError);
    expect(() => toMollieAmount(-1, 'EUR')).to.throw(RangeError);
    expect(centsOf({ currency: 'EUR', value: '12.50' })).to.equal(1250);
    expect(centsOf({ currency: 'EUR', value: '0.07' })).to.equal(7);
    expect(centsOf({ currency: 'EUR', value: '3.5' })).to.equal(350);
    expect(centsOf({ currency: 'EUR', value: '1000' })).to.equal(100_000);
    expect(centsOf(undefined)).to.equal(0);
    expect(() => centsOf({ currency: 'EUR', value: '-1.00' })).to.throw(ProviderError);
    expect(() => centsOf({ currency: 'EUR', value: '1.005' })).to.throw(ProviderError);
    for (const cents of [1, 99, 100, 1999, 4_999_999]) expect(centsOf(toMollieAmount(cents, 'EUR'))).to.equal(cents);
  });

  it('speaks the member’s language in their country where Mollie has that pair, else the language’s home locale', () => {
    expect(mollieLocale('nl', 'BE')).to.equal('nl_BE');
    expect(mollieLocale('fr', 'BE')).to.equal('fr_BE');
    expect(mollieLocale('de', 'CH')).to.equal('de_CH');
    expect(mollieLocale('en', 'US')).to.equal('en_US');
    expect(mollieLocale('en', 'AU')).to.equal('en_GB');
    expect(mollieLocale('es', 'US')).to.equal('es_ES');
    expect(mollieLocale('it', 'CH')).to.equal('it_IT');
    expect(mollieLocale('pl', 'PL')).to.equal('pl_PL');
    expect(mollieLocale('xx', 'NL')).to.equal(undefined); // Mollie then picks from the payer's browser
  });

  it('reads Mollie’s statuses: authorized and anything new are pending, never paid', () => {
    for (const s of ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] as const) expect(providerStatusOf(s)).to.equal(s);
    expect(providerStatusOf('authorized')).to.equal('pending');
    expect(providerStatusOf('something-new')).to.equal('pending');
  });
});

describe('methods for a country', () => {
  const euro = COUNTRIES.filter((c) => COUNTRY_CURRENCY[c] === 'EUR');

  it('offers one card choice and the broad methods everywhere, with no duplicates', () => {
    for (const c of [...COUNTRIES, 'XX']) {
      const methods = methodsForCountry(c);
      expect(methods, c).to.include.members(['creditcard', 'paypal', 'applepay', 'paysafecard']);
      // Card brands are the card choice (accepted as codes, never offered as choices of their own).
      expect(methods, c).to.not.include.any.members(['visa', 'mastercard', 'maestro', 'cartebancaire', 'nexi']);
      expect(new Set(methods).size, c).to.equal(methods.length);
    }
  });

  it('offers SEPA direct debit and transfer exactly where members pay in euro', () => {
    for (const c of COUNTRIES) {
      const sepa = methodsForCountry(c).filter((m) => m === 'sdd' || m === 'sct');
      expect(sepa, c).to.deep.equal(euro.includes(c) ? ['sdd', 'sct'] : []);
    }
  });

  it('offers local methods only in their countries, first', () => {
    const home: Record<string, string[]> = {
      ideal: ['NL'], bancontact: ['BE'], eps: ['AT'], blik: ['PL'], prezelewy24: ['PL'], giropay: ['DE'],
      sofort: ['DE', 'AT'],
    };
    for (const [method, countries] of Object.entries(home)) {
      expect(COUNTRIES.filter((c) => methodsForCountry(c).includes(method as never)), method).to.have.members(countries);
    }
    expect(methodsForCountry('NL')[0]).to.equal('ideal');
    expect(methodsForCountry('PL').slice(0, 2)).to.deep.equal(['blik', 'prezelewy24']);
    // Cartes Bancaires and Nexi's cards are paid by card, the local favourite there.
    expect(methodsForCountry('FR')[0]).to.equal('creditcard');
    expect(methodsForCountry('IT')[0]).to.equal('creditcard');
  });
});
