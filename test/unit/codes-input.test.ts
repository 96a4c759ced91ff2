// The flags of `amora codes` (cli/commands/codes-input.ts): every mistake refused with a message
// naming the flag; good input turned into exact rules.
import { expect } from 'chai';
import { expiryOf, rulesFrom, type RuleFlags } from '../../cli/commands/codes-input.js';
import { CliError } from '../../cli/context.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const rules = (f: Partial<RuleFlags>, defaultMaxUses: number | null = null) => rulesFrom({ percent: '10', ...f }, defaultMaxUses, NOW);

describe('amora codes flags', () => {
  it('turns every rule into exact values', () => {
    expect(rules({ percent: '25', currency: 'eur', minOrder: '19.95', country: 'nl', user: '42', expires: '2026-12-31', methods: 'ideal, creditcard,ideal', maxUses: '100', campaign: 'x-1' })).to.deep.equal({
      percent: 25, currency: 'EUR', minimumOrderCents: 1995, country: 'NL', userId: 42, maxUses: 100, campaign: 'x-1',
      expiresAt: Date.parse('2027-01-01T00:00:00Z'), paymentMethods: ['ideal', 'creditcard'],
    });
    expect(rules({ minOrder: '20', country: 'GB' }).minimumOrderCents).to.equal(2000);
    expect(rules({ minOrder: '20,5', currency: 'PLN' }).minimumOrderCents).to.equal(2050);
    expect(rules({}, 1).maxUses).to.equal(1);
    expect(rules({ maxUses: 'unlimited' }, 1).maxUses).to.equal(null);
    expect(expiryOf('2026-12-31T18:00:00+01:00', NOW)).to.equal(Date.parse('2026-12-31T17:00:00Z'));
  });

  const refusals: [Partial<RuleFlags>, string][] = [
    [{ percent: '-5' }, '--percent must be a whole number from 1 to 90, got "-5"'],
    [{ percent: '0' }, '--percent must be a whole number from 1 to 90'],
    [{ percent: '91' }, '--percent must be a whole number from 1 to 90'],
    [{ percent: '150' }, '--percent must be a whole number from 1 to 90'],
    [{ percent: '12.5' }, '--percent must be a whole number'],
    [{ percent: '99999999999999999999' }, '--percent must be a whole number'],
    [{ percent: 'ten' }, '--percent must be a whole number'],
    [{ currency: 'XYZ' }, '--currency must be one of'],
    [{ country: 'ZZ' }, '--country must be one of'],
    [{ country: 'NL', currency: 'GBP' }, 'members in NL pay in EUR, not GBP'],
    [{ minOrder: '-3', currency: 'EUR' }, '--min-order must be an amount'],
    [{ minOrder: '0', currency: 'EUR' }, '--min-order must be an amount'],
    [{ minOrder: '20.999', currency: 'EUR' }, '--min-order must be an amount'],
    [{ minOrder: '1e5', currency: 'EUR' }, '--min-order must be an amount'],
    [{ minOrder: '20' }, '--min-order needs --currency'],
    [{ user: '0' }, '--user must be a user id'],
    [{ user: 'bob' }, '--user must be a user id'],
    [{ maxUses: '0' }, '--max-uses must be a whole number from 1'],
    [{ maxUses: '-1' }, '--max-uses must be a whole number from 1'],
    [{ maxUses: '5000000' }, '--max-uses must be a whole number from 1'],
    [{ methods: 'ideal,bitcoin' }, 'unknown: bitcoin'],
    [{ methods: ',' }, '--methods must be a comma-separated list'],
    [{ campaign: 'summer sale' }, '--campaign must be 1-64 letters'],
    [{ expires: '2026-02-31' }, '--expires must be a date like 2026-12-31'],
    [{ expires: '2026-13-01' }, '--expires must be a date like'],
    [{ expires: 'tomorrow' }, '--expires must be a date like'],
    [{ expires: '2026-12-31 18:00' }, '--expires must be a date like'],
    [{ expires: '2026-12-31T18:00:00' }, '--expires must be a date like'], // no zone: ambiguous
    [{ expires: '2026-11-22' }, '--expires must be in the future'],
    [{ expires: '2099-01-01' }, '--expires must be at most five years away'],
  ];
  for (const [flags, message] of refusals) {
    it(`refuses ${JSON.stringify(flags)}`, () => {
      expect(() => rules(flags)).to.throw(CliError, message);
    });
  }
});
