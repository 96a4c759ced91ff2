// The direct-debit form (SPEC.md §3: account_holder, iban, street, house_number, zip, city, phone)
// read into clean mandate fields, or a ValidationError naming each field that is wrong.
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { ValidationError } from '../../errors.js';
import type { MandateFields } from '../../repos/direct-debit-repo.js';
import { isCountry, type Country } from '../../../types/countries.js';

/** International dialling codes of the countries members live in, for numbers typed the national way. */
const CALLING_CODE: Record<Country, string> = {
  US: '1', CA: '1', NL: '31', BE: '32', FR: '33', ES: '34', IT: '39', CH: '41', AT: '43', GB: '44', PL: '48', DE: '49',
  AU: '61', NZ: '64', IE: '353',
};

/** What a form field may hold: the column sizes of direct_debit_mandates. */
const MAX = { accountHolder: 70, street: 100, houseNumber: 16, zip: 16, city: 100 } as const;

const text = (v: unknown) => (typeof v === 'string' ? v.normalize('NFC').replace(/\s+/g, ' ').trim() : '');
/** Letters of any script, with the marks, spaces and punctuation names and places use ('s-Hertogenbosch). */
const NAME = /^['’]?[\p{L}\p{M}][\p{L}\p{M}\p{N} .,'’&()/-]*$/u;

/** The IBAN in electronic format (no spaces, upper case), or the key of what is wrong with it. */
export function checkIban(raw: string): { iban: string } | { error: 'ddIbanMissing' | 'ddIbanInvalid' | 'ddIbanNotSepa' } {
  const iban = electronicFormatIBAN(raw.replace(/[\s.-]/g, '')) ?? '';
  if (!iban) return { error: 'ddIbanMissing' };
  if (!isValidIBAN(iban)) return { error: 'ddIbanInvalid' };
  if (!isSEPACountry(iban.slice(0, 2))) return { error: 'ddIbanNotSepa' };
  return { iban };
}

/**
 * A mobile number in E.164 ("+31612345678"): spaces, dots, dashes and brackets go, "00" becomes
 * "+", and a national number ("06 1234 5678") gets the country code of the member's country.
 */
export function normalizePhone(raw: string, country: string): string | undefined {
  let phone = raw.replace(/[\s.()/-]/g, '');
  if (phone.startsWith('00')) phone = `+${phone.slice(2)}`;
  if (!phone.startsWith('+') && isCountry(country)) {
    const code = CALLING_CODE[country];
    // NANP numbers have no trunk 0; elsewhere the national prefix 0 is dropped after the country code.
    phone = `+${code}${code === '1' ? phone.replace(/^1(?=\d{10}$)/, '') : phone.replace(/^0/, '')}`;
  }
  return /^\+[1-9]\d{7,14}$/.test(phone) ? phone : undefined;
}

/** Reads the posted form; throws ValidationError with one errors-namespace key per wrong field. */
export function parseMandateForm(body: Record<string, unknown>, country: string): MandateFields {
  const errors: Record<string, string> = {};
  const accountHolder = text(body.account_holder);
  if (accountHolder.length < 2 || accountHolder.length > MAX.accountHolder || !NAME.test(accountHolder)) errors.account_holder = 'ddAccountHolder';
  const iban = checkIban(text(body.iban));
  if ('error' in iban) errors.iban = iban.error;
  const street = text(body.street);
  if (street.length < 2 || street.length > MAX.street || !/\p{L}/u.test(street)) errors.street = 'ddStreet';
  const houseNumber = text(body.house_number);
  if (!houseNumber || houseNumber.length > MAX.houseNumber || !/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u.test(houseNumber)) errors.house_number = 'ddHouseNumber';
  const zip = text(body.zip).toUpperCase();
  if (zip.length < 3 || zip.length > MAX.zip || !/^[A-Z0-9][A-Z0-9 -]*[A-Z0-9]$/.test(zip)) errors.zip = 'ddZip';
  const city = text(body.city);
  if (city.length < 2 || city.length > MAX.city || !NAME.test(city)) errors.city = 'ddCity';
  const phone = normalizePhone(text(body.phone), country);
  if (!phone) errors.phone = 'ddPhone';
  // The mandate is the member's own consent (SPEC.md §5): an unticked box is never assumed.
  if (body.authorize !== '1' && body.authorize !== 'on') errors.authorize = 'ddAuthorize';
  if (Object.keys(errors).length) throw new ValidationError(errors, 'ddFixFields');
  return { accountHolder, iban: 'iban' in iban ? iban.iban : '', street, houseNumber, zip, city, phone: phone! };
}

/** "DE89370400440532013000" → "DE89 •••• 3000": recognisable, not usable. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}
