// The direct-debit form's rules (SPEC.md §3, §5): IBANs checked by ibantools (format, checksum,
// SEPA country), phone numbers to E.164, and one error key per wrong field.
import { expect } from 'chai';
import { ValidationError } from '../../server/errors.js';
import { checkIban, maskIban, normalizePhone, parseMandateForm } from '../../server/services/payments/direct-debit-fields.js';

const FORM = {
  account_holder: '  Zoë  van der Berg ', iban: 'nl91 abna 0417 1643 00', street: 'Keizersgracht', house_number: '123-A', zip: '1015 cj',
  city: "'s-Hertogenbosch", phone: '06-12 34 56 78', authorize: '1',
};

describe('direct-debit form', () => {
  it('accepts SEPA IBANs in any spacing and case, in electronic format', () => {
    expect(checkIban('DE89 3704 0044 0532 0130 00')).to.deep.equal({ iban: 'DE89370400440532013000' });
    expect(checkIban('nl91abna0417164300')).to.deep.equal({ iban: 'NL91ABNA0417164300' });
    expect(checkIban('FR76-3000-6000-0112-3456-7890-189')).to.deep.equal({ iban: 'FR7630006000011234567890189' });
    expect(checkIban('GB29 NWBK 6016 1331 9268 19')).to.deep.equal({ iban: 'GB29NWBK60161331926819' }); // SEPA, not euro
  });

  it('refuses a wrong checksum, a wrong length, an empty field and a country outside SEPA', () => {
    expect(checkIban('DE89 3704 0044 0532 0130 01')).to.deep.equal({ error: 'ddIbanInvalid' });
    expect(checkIban('DE89 3704 0044 0532 0130')).to.deep.equal({ error: 'ddIbanInvalid' });
    expect(checkIban('   ')).to.deep.equal({ error: 'ddIbanMissing' });
    expect(checkIban('BR15 0000 0000 0000 1093 2840 814P2')).to.deep.equal({ error: 'ddIbanNotSepa' });
  });

  it('writes phone numbers in E.164, national ones with the member country\'s code', () => {
    expect(normalizePhone('0151 2345 6789', 'DE')).to.equal('+4915123456789');
    expect(normalizePhone('06-12 34 56 78', 'NL')).to.equal('+31612345678');
    expect(normalizePhone('0031 6 12345678', 'DE')).to.equal('+31612345678');
    expect(normalizePhone('+33 (0)6 12 34 56 78'.replace('(0)', ''), 'NL')).to.equal('+33612345678');
    expect(normalizePhone('(415) 555-2671', 'US')).to.equal('+14155552671');
    expect(normalizePhone('12', 'DE')).to.equal(undefined);
    expect(normalizePhone('+49 abc', 'DE')).to.equal(undefined);
  });

  it('reads a good form into trimmed mandate fields', () => {
    expect(parseMandateForm(FORM, 'NL')).to.deep.equal({
      accountHolder: 'Zoë van der Berg', iban: 'NL91ABNA0417164300', street: 'Keizersgracht', houseNumber: '123-A', zip: '1015 CJ',
      city: "'s-Hertogenbosch", phone: '+31612345678',
    });
  });

  it('names every wrong field, and the unticked box', () => {
    try {
      parseMandateForm({ account_holder: '<b>', iban: 'X', street: '', house_number: '#', zip: '!', city: '1', phone: 'call me' }, 'NL');
      expect.fail('expected a ValidationError');
    } catch (err) {
      expect(err).to.be.instanceOf(ValidationError);
      expect((err as ValidationError).details).to.deep.equal({
        account_holder: 'ddAccountHolder', iban: 'ddIbanInvalid', street: 'ddStreet', house_number: 'ddHouseNumber', zip: 'ddZip', city: 'ddCity',
        phone: 'ddPhone', authorize: 'ddAuthorize',
      });
    }
  });

  it('masks an IBAN to its country, check digits and last four', () => {
    expect(maskIban('DE89370400440532013000')).to.equal('DE89 •••• 3000');
  });
});
