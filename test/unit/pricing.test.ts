// The price computation every page, the checkout and the webhook check rely on (pricing.ts).
import { expect } from 'chai';
import {
  bestDiscount, DiscountRefused, discountCentsOf, MAX_DISCOUNT_PERCENT, priceOf, refusalOf, type Discount, type PricedBundle,
} from '../../server/services/payments/pricing.js';

const bundle = (priceCents: number, currency = 'EUR'): PricedBundle => ({ id: 7, credits: 100, priceCents, currency });
const code = (percent: number, more: Partial<Discount> = {}): Discount => ({ codeId: 3, percent, currency: null, minimumOrderCents: null, ...more });

describe('pricing', () => {
  it('charges the list price without a discount', () => {
    expect(priceOf(bundle(1995), null)).to.deep.equal({
      bundleId: 7, credits: 100, currency: 'EUR', listCents: 1995, discountPercent: 0, discountCents: 0, amountCents: 1995, codeId: null,
    });
  });

  it('applies a percentage and keeps the credits of the bundle', () => {
    const q = priceOf(bundle(2000), code(25));
    expect(q).to.include({ listCents: 2000, discountPercent: 25, discountCents: 500, amountCents: 1500, codeId: 3, credits: 100 });
  });

  it('rounds the discount half up to a whole minor unit', () => {
    expect(discountCentsOf(999, 25)).to.equal(250); // 249.75 → 250: pays 7.49
    expect(priceOf(bundle(999), code(25)).amountCents).to.equal(749);
    expect(discountCentsOf(995, 10)).to.equal(100); // 99.5 → 100 (a tie goes to the member)
    expect(discountCentsOf(994, 10)).to.equal(99); // 99.4 → 99
    expect(discountCentsOf(2, 25)).to.equal(1); // 0.5 → 1
    expect(discountCentsOf(1, 25)).to.equal(0); // 0.25 → 0
    expect(discountCentsOf(1999, 33)).to.equal(660); // 659.67 → 660
    expect(discountCentsOf(0, 50)).to.equal(0);
    expect(discountCentsOf(1, 90)).to.equal(0); // 0.9 → 1 would leave nothing to pay
    expect(discountCentsOf(2, 90)).to.equal(1);
  });

  it('never produces a fraction, a negative or a zero price for any valid percentage', () => {
    for (const cents of [1, 99, 100, 995, 1995, 4995, 9995, 2_000_000_000]) {
      for (let p = 1; p <= MAX_DISCOUNT_PERCENT; p++) {
        const q = priceOf(bundle(cents), code(p));
        expect(Number.isInteger(q.amountCents) && Number.isInteger(q.discountCents), `${cents} at ${p}%`).to.equal(true);
        expect(q.amountCents + q.discountCents).to.equal(cents);
        expect(q.amountCents).to.be.greaterThan(0);
        const capped = q.amountCents === 1; // the one-unit floor, else within half a unit of the exact figure
        if (!capped) expect(Math.abs(q.discountCents - (cents * p) / 100), `${cents} at ${p}%`).to.be.at.most(0.5);
      }
    }
  });

  it('refuses percentages that are not whole numbers from 1 to 90', () => {
    for (const p of [0, -5, 91, 100, 150, 12.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => discountCentsOf(1000, p), String(p)).to.throw(RangeError);
    }
    expect(() => discountCentsOf(-1, 10)).to.throw(RangeError);
    expect(() => discountCentsOf(10.5, 10)).to.throw(RangeError);
  });

  it('applies a minimum order to the list price, in the code\'s currency', () => {
    const min = code(20, { currency: 'EUR', minimumOrderCents: 2000 });
    expect(refusalOf(bundle(1999), min)).to.equal('minimum_order');
    expect(refusalOf(bundle(2000), min)).to.equal(null);
    expect(priceOf(bundle(2000), min).amountCents).to.equal(1600);
    expect(() => priceOf(bundle(1999), min)).to.throw(DiscountRefused).with.property('reason', 'minimum_order');
  });

  it('refuses a code of another currency instead of charging a price the member was not shown', () => {
    const gbp = code(20, { currency: 'GBP' });
    expect(refusalOf(bundle(2000, 'EUR'), gbp)).to.equal('currency');
    expect(() => priceOf(bundle(2000, 'EUR'), gbp)).to.throw(DiscountRefused).with.property('reason', 'currency');
    expect(priceOf(bundle(2000, 'GBP'), gbp).amountCents).to.equal(1600);
  });

  it('gives one discount per payment: the one that saves the most, never two added up', () => {
    const welcome = code(25, { codeId: 1 });
    const entered = code(30, { codeId: 2, minimumOrderCents: 5000, currency: 'EUR' });
    const small = code(10, { codeId: 4 });
    expect(bestDiscount(bundle(2000), [small, welcome, entered])?.codeId).to.equal(1); // 30% needs 50.00
    expect(bestDiscount(bundle(6000), [small, welcome, entered])?.codeId).to.equal(2);
    expect(bestDiscount(bundle(6000), [welcome, code(25, { codeId: 9 })])?.codeId).to.equal(1); // tie: the first
    expect(bestDiscount(bundle(2000), [])).to.equal(null);
    expect(bestDiscount(bundle(2000, 'GBP'), [entered])).to.equal(null);
    const q = priceOf(bundle(6000), bestDiscount(bundle(6000), [small, welcome, entered]));
    expect(q).to.include({ discountPercent: 30, discountCents: 1800, amountCents: 4200 });
  });
});
