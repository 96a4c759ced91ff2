// Route input parsing with zod: a bad path parameter is a 404, bad query or body a 400.
import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../errors.js';

/** Positive database ids in paths: /members/abc, /members/0 and /members/1e3 are all not found. */
export function parseId(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) throw new NotFoundError();
  const id = Number(value);
  if (id > 2147483647) throw new NotFoundError();
  return id;
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new ValidationError(Object.fromEntries(result.error.issues.map((i) => [String(i.path[0] ?? '_'), 'invalidField'])));
  }
  return result.data;
}

/**
 * Only same-site relative paths are followed after a form post or a login: no scheme, no
 * protocol-relative `//host`, no backslash or control character (browsers drop tabs and newlines,
 * so "/\t/evil.example" would become "//evil.example"), and it must resolve on this origin.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return fallback;
  const base = 'http://return-path.invalid';
  try {
    return new URL(value, base).origin === base ? value : fallback;
  } catch {
    return fallback;
  }
}
