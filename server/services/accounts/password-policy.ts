// Password rules: at least 8 characters (counted as characters, so emoji count once), long ones
// welcome and never truncated, and none of the ~49,000 most common passwords (the list ships with
// @zxcvbn-ts/language-common, offline).
import { createRequire } from 'node:module';

export const PASSWORD_MIN = 8;
/** Generous, but bounded: hashing a megabyte-long "password" would be a cheap way to burn CPU. */
export const PASSWORD_MAX = 1024;

const require = createRequire(import.meta.url);
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    common = new Set((dictionary['passwords-common'] ?? []).map((p) => p.toLowerCase()));
  }
  return common;
}

/** The errors-namespace key of the first rule a new password breaks, or undefined when it is fine. */
export function passwordProblem(password: string, context: { email?: string; name?: string } = {}): string | undefined {
  const length = [...password.normalize('NFC')].length;
  if (length < PASSWORD_MIN) return 'passwordTooShort';
  if (length > PASSWORD_MAX) return 'passwordTooLong';
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return 'passwordTooCommon';
  const email = context.email?.trim().toLowerCase();
  if (email && (lower === email || lower === email.split('@')[0])) return 'passwordLikeEmail';
  if (context.name && lower === context.name.trim().toLowerCase()) return 'passwordLikeEmail';
  return undefined;
}
