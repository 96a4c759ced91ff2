// Which lander answers are a person's visit: not a crawler, a link preview or a monitor, and not a
// browser fetching the page ahead in case it is opened (prefetch, prerender). An operator compares
// these numbers with what the networks bill, so a robot's hit must not count as a visit.
import type { IncomingHttpHeaders } from 'node:http';

/** User agents of crawlers, link previewers, monitors and HTTP libraries. */
const ROBOT = new RegExp(
  [
    'bot\\b', 'bot/', 'crawl', 'spider', 'slurp', 'archiver', 'facebookexternalhit', 'facebookcatalog', 'embedly', 'preview', 'pinterest',
    'whatsapp', 'telegram', 'discord', 'skype', 'headless', 'lighthouse', 'pagespeed', 'pingdom', 'uptime', 'monitor', 'statuscake',
    'curl/', 'wget/', 'python-', 'python/', 'go-http-client', 'java/', 'okhttp', 'axios/', 'node-fetch', 'undici', 'libwww', 'httpclient',
    'scrapy', 'phantomjs', 'puppeteer', 'playwright', 'selenium', 'postman', 'insomnia',
  ].join('|'),
  'i',
);

/** A request the browser made ahead of time (Chrome `Sec-Purpose`, older `Purpose`, Firefox `X-Moz`, Safari `X-Purpose`). */
function isSpeculative(headers: IncomingHttpHeaders): boolean {
  for (const name of ['sec-purpose', 'purpose', 'x-purpose', 'x-moz']) {
    const value = headers[name];
    if (typeof value === 'string' && /prefetch|prerender|preview/i.test(value)) return true;
  }
  return false;
}

export function isPersonVisit(headers: IncomingHttpHeaders): boolean {
  const agent = headers['user-agent'];
  if (typeof agent !== 'string' || agent.length < 10 || ROBOT.test(agent)) return false;
  return !isSpeculative(headers);
}
