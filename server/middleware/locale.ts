// Locale (SPEC.md §9): the cookie (365 days) first, then the site's domain_language, else en.
import type { Request, RequestHandler, Response } from 'express';
import type { TFunction, i18n as I18n } from 'i18next';
import { LanguageDetector } from 'i18next-http-middleware';
import { cachedT } from '../render/i18n.js';
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

/**
 * Sets req.language, req.t and req.i18n from the detector above. i18next-http-middleware's own
 * handle() clones the i18next instance for every request; we never change a request's language
 * after detection, so the shared instance with a fixed t does the same work for less.
 */
export function localeMiddleware(i18n: I18n): RequestHandler {
  const detect = localeDetection(i18n);
  return (req, res, next) => {
    const lng = detect({ cookies: req.cookies, site: (req as Request & { site?: { language?: string } }).site });
    const r = req as Request & { language: string; lng: string; i18n: I18n; t: TFunction };
    r.language = r.lng = lng;
    r.i18n = i18n;
    r.t = cachedT(i18n, lng);
    res.setHeader('Content-Language', lng);
    next();
  };
}

/**
 * The language of a request from its cookies and site, as the detector above finds it: the
 * middleware and the kept pages answered ahead of Express (render/kept-answers.ts) both ask here.
 */
export function localeDetection(i18n: I18n): (req: { cookies?: Record<string, unknown>; site?: { language?: string } }) => Locale {
  const detector = i18n.services.languageDetector as LanguageDetector | undefined;
  if (!detector) throw new Error('localeMiddleware needs createLanguageDetector() registered');
  return (req) => {
    // Without the cookie the detector can only answer the site's language (else en): most
    // requests (every visitor who has not chosen one) skip its work.
    const found = req.cookies?.[LOCALE_COOKIE] === undefined ? req.site?.language : (detector.detect(req as Request, {} as Response, ['cookie', 'siteLanguage']) as unknown);
    const candidate = (Array.isArray(found) ? found[0] : found) as string | undefined;
    return isLocale(candidate?.slice(0, 2)) ? (candidate!.slice(0, 2) as Locale) : 'en';
  };
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
