// Errors with a stable code, an HTTP status and a translation key; one middleware renders them.

export class AppError extends Error {
  /** `messageKey` is an i18n key in the errors namespace; `params` fill its {{variables}}. */
  constructor(
    readonly code: string,
    readonly status: number,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly details?: Record<string, string>,
    /** {{variables}} of each field's message, e.g. the 'Did you mean' suggestion. */
    readonly detailParams: Record<string, Record<string, string | number>> = {},
  ) {
    super(code);
    this.name = new.target.name;
  }
}

export class NotFoundError extends AppError {
  constructor(code = 'not_found', messageKey = 'notFound') {
    super(code, 404, messageKey);
  }
}

export class ValidationError extends AppError {
  /** `fields` maps a field name to an errors-namespace key; `fieldParams` fills their variables. */
  constructor(fields: Record<string, string> = {}, messageKey = 'invalidInput', fieldParams: Record<string, Record<string, string | number>> = {}) {
    // The overall message is usually the first field's: it gets that field's variables.
    super('validation_failed', 400, messageKey, Object.values(fieldParams)[0] ?? {}, fields, fieldParams);
  }
}

export class AuthRequiredError extends AppError {
  constructor() {
    super('authentication_required', 403, 'authenticationRequired');
  }
}

export class ForbiddenError extends AppError {
  constructor(code = 'forbidden', messageKey = 'forbidden', params: Record<string, string | number> = {}) {
    super(code, 403, messageKey, params);
  }
}

export class UnknownSiteError extends AppError {
  constructor() {
    super('unknown_site', 421, 'unknownSite');
  }
}

export class RateLimitedError extends AppError {
  constructor(messageKey = 'rateLimited', params: Record<string, string | number> = {}) {
    super('rate_limited', 429, messageKey, params);
  }
}

export class InsufficientCreditsError extends AppError {
  constructor() {
    super('insufficient_credits', 402, 'insufficientCredits');
  }
}

/**
 * A paid action over the member's daily spending limit (issue 18.3): 403, as buying credits would
 * not help. The message names the limit (and what is left today, when some is).
 */
export class SpendLimitReachedError extends AppError {
  constructor(limit: number, left: number) {
    super('spend_limit_reached', 403, left > 0 ? 'spendLimitLeft' : 'spendLimitReached', { limit, left });
  }
}

export class ConflictError extends AppError {
  constructor(code: string, messageKey: string, params: Record<string, string | number> = {}) {
    super(code, 409, messageKey, params);
  }
}

/** A body over its limit (413): the whole request, or one field (`details`) such as a photo on a form. */
export class PayloadTooLargeError extends AppError {
  constructor(messageKey = 'payloadTooLarge', params: Record<string, string | number> = {}, details?: Record<string, string>) {
    super('payload_too_large', 413, messageKey, params, details, details ? Object.fromEntries(Object.keys(details).map((k) => [k, params])) : {});
  }
}

/** Errors raised by body parsers and other middleware carry `status`/`type`; map them to codes. */
export function fromHttpError(err: unknown): AppError | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { status?: number; statusCode?: number; type?: string; code?: string };
  const status = e.status ?? e.statusCode;
  // The JSON and form parsers' byte limit, and the form parser's field count (body-parser answers 413 for both).
  if (e.type === 'entity.too.large' || e.type === 'parameters.too.many' || status === 413) return new PayloadTooLargeError();
  if (e.type === 'entity.parse.failed') return new AppError('malformed_json', 400, 'malformedJson');
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
    return new AppError('unsupported_encoding', 415, 'invalidInput');
  }
  if (e.code === 'EBADCSRFTOKEN') return new AppError('invalid_csrf_token', 403, 'invalidCsrfToken');
  if (status === 404) return new NotFoundError();
  if (status && status >= 400 && status < 500) return new AppError('bad_request', status, 'invalidInput');
  return undefined;
}
