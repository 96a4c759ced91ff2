// GET /manifest.webmanifest: the installed app's manifest (issue 16 point 6). Served per request, not
// as a static file, because the site is white-label: the name on the home screen is the site's own.
import { Router } from 'express';
import { BACKGROUND_COLOR, THEME_COLOR } from '../render/theme.js';

/** Home-screen labels longer than this get cut by launchers; the short name keeps the start of it. */
const SHORT_NAME_MAX = 12;

export interface WebManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

const ICONS: WebManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  // Full-bleed variants: the launcher cuts its own shape, the heart stays inside the safe zone.
  { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export function webManifest(siteName: string) {
  return {
    id: '/',
    name: siteName,
    short_name: siteName.length > SHORT_NAME_MAX ? siteName.slice(0, SHORT_NAME_MAX).trim() : siteName,
    start_url: '/members',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: ICONS,
  };
}

/** Mounted after the site middleware: it needs req.site. */
export function webManifestRoutes(): Router {
  const router = Router();
  router.get('/manifest.webmanifest', (req, res) => {
    res.set('Cache-Control', 'public, max-age=86400');
    res.type('application/manifest+json').send(JSON.stringify(webManifest(req.site.name)));
  });
  return router;
}
