// renderPage(): server-renders a view inside its layout and wraps it in the HTML document with only
// the styles, scripts and translations of the islands that the page actually rendered.
import type { Response } from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { LAYOUTS, type LayoutName } from '../../views/layouts/index.js';
import { RenderProvider, type PageContext, type RenderState } from '../../views/render-context.js';
import { TestPaymentsNotice } from '../../views/components/test-payments-notice.js';
import { serializeProps } from '../../islands/runtime.js';
import type { AssetResolver } from './assets.js';
import { THEME_COLOR } from './theme.js';

export interface RenderOptions {
  layout: LayoutName;
  routeName: string;
  title?: string;
  description?: string;
  status?: number;
  /** Robots: pages behind a login or with private data are not indexed. */
  noindex?: boolean;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The islands' strings script, by language and sections, per i18n instance (its strings do not change once loaded). */
const islandStringsKept = new WeakMap<PageContext['i18n'], Map<string, string>>();

/** The script with the translations of the islands' sections that the page rendered, made once per language and set of sections. */
function islandStrings(page: PageContext, rendered: string[]): string {
  // 'common': what every island's api() may say, e.g. that the server took too long.
  const sections = [...new Set([...rendered, 'common'])];
  let kept = islandStringsKept.get(page.i18n);
  if (!kept) islandStringsKept.set(page.i18n, (kept = new Map()));
  const key = `${page.lng}\u0000${sections.join('\u0000')}`;
  let script = kept.get(key);
  if (script === undefined) {
    const islandsNs = page.i18n.getResourceBundle(page.lng, 'islands') as Record<string, unknown>;
    const resources = Object.fromEntries(sections.map((n) => [n, islandsNs[n] ?? {}]));
    script = `<script type="application/json" id="amora-i18n">${serializeProps({ lng: page.lng, resources })}</script>`;
    kept.set(key, script);
  }
  return script;
}

export function renderDocument(page: PageContext, assets: AssetResolver, element: ReactElement, opts: RenderOptions): string {
  const state: RenderState = { ...page, routeName: opts.routeName, islands: [], islandSections: [] };
  const Layout = LAYOUTS[opts.layout];
  const body = renderToString(
    <RenderProvider value={state}>
      <TestPaymentsNotice />
      <Layout>{element}</Layout>
    </RenderProvider>,
  );
  const names = [...new Set(state.islands)];
  const files = assets.forIslands(names);
  const i18nBlob = names.length ? islandStrings(page, state.islandSections) : '';
  const title = opts.title ? `${opts.title} | ${page.site.name}` : page.settings.index_title;
  const description = opts.description ?? page.settings.description;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    opts.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta name="csrf-token" content="${escapeHtml(page.csrfToken)}">`,
    `<meta name="theme-color" content="${THEME_COLOR}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
    '<link rel="manifest" href="/manifest.webmanifest">',
    ...files.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...files.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
  ].filter(Boolean);
  const scripts = files.scripts.map((src) => `<script type="module" src="${src}"></script>`).join('');
  return (
    `<!doctype html><html lang="${page.lng}" data-route="${escapeHtml(opts.routeName)}"><head>${head.join('')}</head>` +
    `<body class="layout-${opts.layout}"${page.testPayments ? ' data-test-payments' : ''}>${body}${i18nBlob}${scripts}</body></html>`
  );
}

/**
 * A part of a page rendered on its own, for pages that keep a rendered part (a lander's body) and
 * put it into the page with dangerouslySetInnerHTML. Islands need the page's script list, so a
 * fragment may not contain one.
 */
export function renderFragment(page: PageContext, element: ReactElement): string {
  const state: RenderState = { ...page, routeName: '', islands: [], islandSections: [] };
  const html = renderToString(<RenderProvider value={state}>{element}</RenderProvider>);
  if (state.islands.length) throw new Error(`renderFragment(): islands (${state.islands.join(', ')}) belong in the page itself`);
  return html;
}

export function renderPage(res: Response, element: ReactElement, opts: RenderOptions): void {
  const page = res.locals.page as PageContext | undefined;
  const assets = res.locals.assets as AssetResolver | undefined;
  if (!page || !assets) throw new Error('renderPage() needs the page-context middleware');
  const html = renderDocument(page, assets, element, opts);
  res.status(opts.status ?? 200).type('html').send(html);
}
