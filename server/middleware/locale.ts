// Locale (SPEC.md §9): the cookie (365 days) first, then the site's domain_language, else en.
import type { Request, RequestHandler, Response } from 'express';
import type { i18n as I18n } from 'i18next';
import { LanguageDetector, handle } from 'i18next-http-middleware';
import { LOCALES, type Locale } from '../../types/settings.js';

export const LOCALE_COOKIE = 'amora_lang';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600 * 1000;

export function createLanguageDetector(): LanguageDetector {
  const detector = new LanguageDetector(undefined, {
    order: ['cookie', 'siteLanguage'],
    lookupCookie: LOCALE_COOKIE,
    caches: false,
  });
  detector.addDetector({
    name: 'siteLanguage',
    lookup: (req: Request) => (req as Request & { site?: { language: string } }).site?.language,
  });
  return detector;
}

export function localeMiddleware(i18n: I18n): RequestHandler {
  return handle(i18n, { ignoreRoutes: ['/healthz', '/build/', '/media/'] }) as RequestHandler;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The request's locale, always one of ours. */
export function localeOf(req: Request): Locale {
  const lng = (req as Request & { language?: string }).language?.slice(0, 2);
  return isLocale(lng) ? lng : 'en';
}

export function setLocaleCookie(res: Response, lng: Locale, secure: boolean): void {
  res.cookie(LOCALE_COOKIE, lng, { maxAge: LOCALE_COOKIE_MAX_AGE, httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
