// Visitors' pages that are the same for every visitor of a site, language and country (the legal
// pages, landers), or for a few seconds for every visitor with the same choices (the search, the
// landing page, a profile; each answer from such a page first checks that the profiles it shows
// are still shown as they are), are rendered once and kept: a request then only fills in its own
// CSRF token and address, which the kept page holds marks for.
// DESIGN.md §8 budgets a static page at 1.2× a bare React page, less than rendering the layout costs.
//
// What a kept page depends on:
// - the objects the page context was built from (res.locals.pageSources: the site, the company,
//   the message costs), each kept by its own cache and replaced when it is reloaded or changed, so
//   a kept page is kept per those objects and an operator's change shows as soon as the site does;
// - the page context's per-visitor facts (language, country, entry warning), in the key;
// - what the route says (its key, and the objects it passes as `sources`, e.g. a lander's selection).
// Entries also expire after 30 seconds, the time every cached setting may take to show (or the
// shorter time the route gives for pages of data that changes).
import type { Response } from 'express';
import type { ReactElement } from 'react';
import type { PageContext } from '../../views/render-context.js';
import { deflatedPiece, splicedGzip, storedPiece, type DeflatedPiece } from '../lib/spliced-gzip.js';
import { MIN_COMPRESSED_BYTES, acceptsGzip, addVary } from '../middleware/compression.js';
import type { AssetResolver } from './assets.js';
import { escapeHtml, renderDocument, type RenderOptions } from './render-page.js';

/** Stand for the token and the address in a kept page; no text of ours contains them. */
const CSRF_MARK = 'amora-kept-csrf-5d0c2e';
const URL_MARK = 'amora-kept-url-5d0c2e';
const TTL_MS = 30_000;
/**
 * How long a visitor's page of services' data (the search, the landing page, a profile) is kept.
 * Each answer from it checks that its profiles are still visible and shown as they are
 * (KeptRender.stillHolds); what may be up to this old is which profiles a search finds first (a
 * profile newly active or new) and their presence, as a lander's selection is kept a minute and
 * presence counts a member online for 70 s after they were last seen.
 */
export const VISITOR_PAGE_TTL_MS = 10_000;
/** Kept pages per set of sources at most (pages × languages × countries); past it the oldest go first. */
const MAX_PAGES = 500;

export interface KeptRender {
  element: ReactElement;
  opts: RenderOptions;
  /**
   * For a page of services' data: whether what it shows still holds (asked before each answer
   * from the kept page; false renders it again).
   */
  stillHolds?: () => Promise<boolean>;
}

export interface Kept {
  /** The page's bytes between the marks. */
  parts: Buffer[];
  /** The mark after each part but the last. */
  marks: string[];
  /** The parts compressed, made on the first answer that is sent as gzip (keptGzip). */
  deflated?: DeflatedPiece[];
  status: number;
  expires: number;
  stillHolds?: () => Promise<boolean>;
  /** The last check that failed (the database down or stalled), and when. */
  failed?: { at: number; err: unknown };
}

/** How long a failed check fails the next ones at once. */
const FAILED_CHECK_MS = 1_000;

interface Node {
  next: WeakMap<object, Node>;
  pages?: Map<string, Kept>;
}

/** The page facts a visitor's kept page is kept by, beside the route's key and the sources. */
export type KeptFacts = Pick<PageContext, 'lng' | 'settings' | 'showEntryWarning' | 'testPayments'>;

/** The key of a visitor's kept page: the route's key and every visitor fact the page shows. */
export function keptKey(key: string, facts: KeptFacts): string {
  return [key, facts.lng, facts.settings.geoip_country, facts.settings.geoip_selected_country, facts.showEntryWarning, facts.testPayments].join('\u0000');
}

/** The values of one request's own marks: its CSRF token and its address, escaped for HTML. */
export function requestMarks(csrfToken: string, currentUrl: string): Record<string, string> {
  return { [CSRF_MARK]: escapeHtml(csrfToken), [URL_MARK]: escapeHtml(currentUrl) };
}

export class PageCache {
  private readonly root: Node = { next: new WeakMap() };

  private readonly ttlMs: number;
  private readonly maxPages: number;

  constructor(
    private readonly now: () => number = Date.now,
    opts: { ttlMs?: number; maxPages?: number } = {},
  ) {
    this.ttlMs = opts.ttlMs ?? TTL_MS;
    this.maxPages = opts.maxPages ?? MAX_PAGES;
  }

  /**
   * Answers with the page `render` makes, rendered once per key, sources and visitor facts while it
   * lasts. `marks` are the route's own marks in what it renders, with the (escaped) text for this
   * request. A member's page is rendered for them every time: it is theirs.
   */
  async send(res: Response, key: string, render: () => Promise<KeptRender> | KeptRender, opts: { sources?: object[]; marks?: Record<string, string> } = {}): Promise<void> {
    const page = res.locals.page;
    const assets = res.locals.assets;
    if (!page || !assets) throw new Error('PageCache.send() needs the page-context middleware');
    const values: Record<string, string> = { ...opts.marks, ...requestMarks(page.csrfToken, page.currentUrl) };
    if (page.user) {
      const { element, opts: renderOpts } = await render();
      const html = renderDocument(page, assets, element, renderOpts);
      res.status(renderOpts.status ?? 200).type('html').send(fill(html, opts.marks ?? {}));
      return;
    }
    const kept = await this.obtain([...(res.locals.pageSources ?? []), ...(opts.sources ?? [])], keptKey(key, page), page, assets, render, Object.keys(values));
    res.status(kept.status).type('html');
    // HEAD is left to compressSentBodies(), which sends such an answer as it is.
    const gzip = res.req.method === 'GET' ? keptGzip(kept, values, res.req.headers['accept-encoding']) : undefined;
    if (!gzip) return void res.send(keptBytes(kept, values));
    res.setHeader('Content-Encoding', 'gzip');
    addVary(res);
    res.send(gzip);
  }

  /**
   * The kept page of these sources and key while it lasts, else undefined (nothing is rendered):
   * for answers made ahead of Express (render/kept-answers.ts), which leave a page not kept yet
   * to the route.
   */
  async peek(sources: object[], fullKey: string): Promise<Kept | undefined> {
    const kept = this.pagesFor(sources).get(fullKey);
    if (!kept || kept.expires <= this.now() || !(await this.holds(kept))) return undefined;
    return kept;
  }

  /**
   * The kept page of these sources and key, rendered and kept first when there is none that lasts
   * and holds: send()'s, and the kept answers' for a page they render ahead of Express. `marks`
   * names the marks the page is rendered with (its route's, and requestMarks()).
   */
  async obtain(sources: object[], fullKey: string, page: PageContext, assets: AssetResolver, render: () => Promise<KeptRender> | KeptRender, marks: string[]): Promise<Kept> {
    const pages = this.pagesFor(sources);
    const found = pages.get(fullKey);
    if (found && found.expires > this.now() && (await this.holds(found))) return found;
    const kept = await this.keep(page, assets, render, marks);
    // Newest last: the expired and, past the limit, the oldest go first.
    pages.delete(fullKey);
    dropExpired(pages, this.now());
    if (pages.size >= this.maxPages) pages.delete(pages.keys().next().value!);
    pages.set(fullKey, kept);
    return kept;
  }

  /**
   * Whether a kept page still shows what holds. A check that failed fails the next ones at once
   * for a second: the router's answer that follows a kept answer's failed check (render/kept-answers.ts)
   * reports the failure without waiting for the same database deadline a second time.
   */
  private async holds(kept: Kept): Promise<boolean> {
    if (!kept.stillHolds) return true;
    if (kept.failed && this.now() - kept.failed.at < FAILED_CHECK_MS) throw kept.failed.err;
    try {
      return await kept.stillHolds();
    } catch (err) {
      kept.failed = { at: this.now(), err };
      throw err;
    }
  }

  private async keep(page: PageContext, assets: AssetResolver, render: () => Promise<KeptRender> | KeptRender, marks: string[]): Promise<Kept> {
    const { element, opts, stillHolds } = await render();
    const html = renderDocument({ ...page, csrfToken: CSRF_MARK, currentUrl: URL_MARK }, assets, element, opts);
    // An island's props are JSON, where the marks' HTML-escaped texts would be wrong: a page whose
    // scripts hold a mark cannot be kept (islands whose props hold neither can).
    const pieces = html.split(new RegExp(`(${marks.join('|')})`));
    if (marksInScript(pieces)) throw new Error(`PageCache: ${opts.routeName} has a mark in a script; such a page cannot be kept`);
    return {
      parts: pieces.filter((_, i) => i % 2 === 0).map((s) => Buffer.from(s)),
      marks: pieces.filter((_, i) => i % 2 === 1),
      status: opts.status ?? 200,
      expires: this.now() + this.ttlMs,
      stillHolds,
    };
  }

  /** How many pages are kept for these sources, expired or not (what the cache holds in memory). */
  keptCount(sources: object[]): number {
    return this.pagesFor(sources).size;
  }

  /** The kept pages of one set of sources, in the order given. */
  private pagesFor(sources: object[]): Map<string, Kept> {
    let node = this.root;
    for (const source of sources) {
      let next = node.next.get(source);
      if (!next) node.next.set(source, (next = { next: new WeakMap() }));
      node = next;
    }
    return (node.pages ??= new Map());
  }
}

/**
 * Lets go of the expired pages at the front of `pages`. Every page of a cache is kept for the same
 * time and is put last when kept, so the pages expire in the Map's order: the first one that still
 * lasts ends the sweep. Without it an expired page stayed in memory until the limit pushed it out,
 * e.g. up to 2,000 visitors' profile pages long after the visitors had gone.
 */
function dropExpired(pages: Map<string, Kept>, now: number): void {
  for (const [key, kept] of pages) {
    if (kept.expires > now) return;
    pages.delete(key);
  }
}

/** A kept page's bytes with one request's values in its marks. */
export function keptBytes(kept: Kept, values: Record<string, string>): Buffer {
  const chunks: Buffer[] = [kept.parts[0]!];
  for (let i = 0; i < kept.marks.length; i++) chunks.push(Buffer.from(values[kept.marks[i]!]!), kept.parts[i + 1]!);
  return Buffer.concat(chunks);
}

/**
 * A kept page as gzip, for a client that accepts it: the parts are compressed once per kept page
 * and this request's values are put between them as they are (lib/spliced-gzip.ts). Compressing
 * the whole page for each answer (brotli) cost two to three times what the rest of a
 * kept answer costs. Undefined when the client does not take gzip, or the page is too small to
 * compress (the same rule as every answer's, middleware/compression.ts).
 */
export function keptGzip(kept: Kept, values: Record<string, string>, acceptEncoding: string | undefined): Buffer | undefined {
  if (!acceptsGzip(acceptEncoding)) return undefined;
  const texts = kept.marks.map((mark) => Buffer.from(values[mark]!));
  const size = kept.parts.reduce((n, part) => n + part.length, 0) + texts.reduce((n, text) => n + text.length, 0);
  if (size < MIN_COMPRESSED_BYTES) return undefined;
  const deflated = (kept.deflated ??= kept.parts.map(deflatedPiece));
  const pieces: DeflatedPiece[] = [deflated[0]!];
  for (let i = 0; i < texts.length; i++) pieces.push(storedPiece(texts[i]!), deflated[i + 1]!);
  return splicedGzip(pieces);
}

function fill(html: string, marks: Record<string, string>): string {
  for (const [mark, value] of Object.entries(marks)) html = html.replaceAll(mark, value);
  return html;
}

/**
 * Whether a mark is inside a script element (a page split at its marks: text, mark, text, ...),
 * where it would be filled with HTML escapes where JSON is read. Only the text before each mark is
 * looked at, from its last "<script" on: a page holds few marks, and a regular expression over
 * every script of the page was 3% of a visitor's uncached profile page (CPU profile, issue 17).
 */
function marksInScript(pieces: string[]): boolean {
  // Each text but the last is followed by a mark; no mark is in a script up to there, so a script
  // open at a mark was opened in the text just before it.
  for (let i = 0; i + 1 < pieces.length; i += 2) {
    const text = pieces[i]!;
    const opened = text.lastIndexOf('<script');
    if (opened >= 0 && text.indexOf('</script>', opened) < 0) return true;
  }
  return false;
}
