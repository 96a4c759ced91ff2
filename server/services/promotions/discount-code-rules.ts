// What a discount code may look like, for members typing one and operators creating them. Codes
// are ASCII letters, digits, hyphens and underscores, stored in upper case: matching is then
// case-insensitive on every database, and no look-alike letter (a Cyrillic "А", a full-width "Ａ",
// a zero-width space, a "ß" that upper-cases to "SS") can make two codes that read the same.
import { ValidationError } from '../../errors.js';

export const CODE_MIN = 3;
export const CODE_MAX = 32;
const CODE_SHAPE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Letters and digits of generated codes: no 0/O, 1/I/L to misread. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as typed, trimmed and upper-cased; undefined when it cannot be a code at all. */
export function normalizeCode(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length > 256) return undefined; // a 10 KB "code" is not looked at
  const code = input.trim();
  if (code.length < CODE_MIN || code.length > CODE_MAX || !CODE_SHAPE.test(code)) return undefined;
  return code.toUpperCase();
}

/** The member's code, or the localized 'what a code looks like' error (400). */
export function memberCode(input: unknown): string {
  const code = normalizeCode(input);
  if (!code) throw new ValidationError({ code: 'discountFormat' }, 'discountFormat');
  return code;
}
