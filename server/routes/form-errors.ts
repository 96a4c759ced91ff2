// One way for every page form to come back after a refused post: the error's field messages,
// translated, keyed by field name (views/components/form/ shows each beside its control and
// focuses the first); `_form` holds a message that is not about one field. Routes re-render the
// page with these and the values the member typed (never a password).
import type { AppError } from '../errors.js';

type Translate = (key: string, vars?: Record<string, unknown>) => string;

export function fieldErrorsOf(err: AppError, t: Translate): Record<string, string> {
  if (!err.details || !Object.keys(err.details).length) return { _form: t(`errors:${err.messageKey}`, err.params) };
  return Object.fromEntries(Object.entries(err.details).map(([field, key]) => [field, t(`errors:${key}`, err.detailParams[field] ?? {})]));
}

/** The text fields of a posted form, each cut to `max`, to show again; anything not a string is ''. */
export function typedValues<K extends string>(body: unknown, fields: readonly K[], max = 200): Record<K, string> {
  const source = (body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, typeof source[f] === 'string' ? (source[f] as string).slice(0, max) : ''])) as Record<K, string>;
}
