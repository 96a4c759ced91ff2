// The islands' one way to call the JSON API (SPEC.md §7): JSON or multipart bodies with the CSRF
// header, 5 retries with exponential delay where a retry cannot do a thing twice, errors as
// ApiError with the server's localized message, a silent logout on 403 authentication_required and
// the terms page on 403 terms_acceptance_required.
// Every call has a deadline (retries included): past it the call ends as ApiError 'timeout' with a
// localized "try again" message, so an island never spins for ever on a server that does not answer.
// Calls the member waits for ({ progress: true }) run the page's loading bar.
import { loadingBar } from './loading-bar.js';
import { ACCEPT_TERMS_PATH, TERMS_REQUIRED_CODE } from '../../types/terms.js';

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
  /** The whole call's deadline in ms, retries included. */
  timeoutMs?: number;
  /** The member waits for it: the loading bar shows while it lasts longer than its throttle. */
  progress?: boolean;
}

/** Far below a member's patience, far above a healthy answer (the server's own deadlines are shorter). */
export const API_DEADLINE_MS = 10_000;

/** The "try again" text: the 'common' islands section ships with every page that has islands. */
function timedOutMessage(): string {
  try {
    const blob = JSON.parse(document.getElementById('amora-i18n')?.textContent ?? '{}') as { resources?: { common?: { timedOut?: string } } };
    return blob.resources?.common?.timedOut ?? '';
  } catch {
    return '';
  }
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

/** Waits `ms`, or rejects at once when the call's deadline passes meanwhile. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

export async function api<T>(url: string, opts: ApiOptions = {}): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), opts.timeoutMs ?? API_DEADLINE_MS);
  const loaded = opts.progress ? loadingBar.begin() : undefined;
  try {
    return await attempts<T>(url, opts, deadline.signal);
  } catch (err) {
    // Past the deadline whatever was under way (a request, an answer's body, a pause) ends here.
    if (deadline.signal.aborted) throw new ApiError(0, 'timeout', timedOutMessage());
    throw err;
  } finally {
    clearTimeout(timer);
    loaded?.();
  }
}

async function attempts<T>(url: string, opts: ApiOptions, signal: AbortSignal): Promise<T> {
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
      res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal });
    } catch (err) {
      if (signal.aborted) throw err;
      // A lost connection may have lost the request or only its answer: only reads are retried.
      if (method !== 'GET' || attempt >= retries) throw new ApiError(0, 'network', '');
      await sleep(BASE_DELAY_MS * 2 ** attempt, signal);
      continue;
    }
    if (RETRY_STATUS.has(res.status) && attempt < retries) {
      await sleep(BASE_DELAY_MS * 2 ** attempt, signal);
      continue;
    }
    if (res.status === 204) return undefined as T;
    const data = (await res.json().catch((err: unknown) => {
      if (signal.aborted) throw err;
      return {};
    })) as { error?: { code?: string; message?: string; fields?: Record<string, string> } };
    if (res.ok) return data as T;
    const code = data.error?.code ?? 'error';
    if (res.status === 403 && code === 'authentication_required') logOutSilently();
    // New terms came into force while the page was open: the page that asks for them, then back here.
    if (res.status === 403 && code === TERMS_REQUIRED_CODE) window.location.assign(`${ACCEPT_TERMS_PATH}?next=${encodeURIComponent(location.pathname + location.search)}`);
    throw new ApiError(res.status, code, data.error?.message ?? '', data.error?.fields ?? {});
  }
}
