// The islands' one way to call the JSON API (SPEC.md §7): JSON or multipart bodies with the CSRF
// header, 5 retries with exponential delay where a retry cannot do a thing twice, errors as
// ApiError with the server's localized message, and a silent logout on 403 authentication_required.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  csrfToken?: string;
  /** Retries after the first try; SPEC.md §7 asks for 5. */
  retries?: number;
}

const RETRY_STATUS = new Set([502, 503, 504]);
const BASE_DELAY_MS = 300;

let csrfOverride: string | undefined;
/** A new session (signup) comes with a new CSRF token; later calls on this page use it. */
export function adoptCsrfToken(token: string): void {
  csrfOverride = token;
  document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.setAttribute('content', token);
}

/** The token for a form posted natively: the adopted one once the session changed on this page. */
export function currentCsrfToken(fallback: string): string {
  return csrfOverride ?? fallback;
}

/** What happens when the server says the session is gone: reload the page as a visitor, no alert. */
export function logOutSilently(): void {
  window.dispatchEvent(new CustomEvent('amora:logged-out'));
  window.location.reload();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function api<T>(url: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Type': 'client' };
  const token = csrfOverride ?? opts.csrfToken;
  if (token) headers['X-CSRF-Token'] = token;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const retries = opts.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body, credentials: 'same-origin' });
    } catch (err) {
      // A lost connection may have lost the request or only its answer: only reads are retried.
      if (method !== 'GET' || attempt >= retries) throw new ApiError(0, 'network', '');
      await sleep(BASE_DELAY_MS * 2 ** attempt);
      void err;
      continue;
    }
    if (RETRY_STATUS.has(res.status) && attempt < retries) {
      await sleep(BASE_DELAY_MS * 2 ** attempt);
      continue;
    }
    if (res.status === 204) return undefined as T;
    const data = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string; fields?: Record<string, string> } };
    if (res.ok) return data as T;
    const code = data.error?.code ?? 'error';
    if (res.status === 403 && code === 'authentication_required') logOutSilently();
    throw new ApiError(res.status, code, data.error?.message ?? '', data.error?.fields ?? {});
  }
}
