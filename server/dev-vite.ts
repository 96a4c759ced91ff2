// Development only: Vite in middleware mode (hot reload for islands and styles) and the React
// Fast Refresh preamble as an external script, because the CSP allows no inline script.
import type { RequestHandler } from 'express';
import { ROOT_DIR } from './config.js';

const PREAMBLE = `import RefreshRuntime from '/@react-refresh';
RefreshRuntime.injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
window.__vite_plugin_react_preamble_installed__ = true;
`;

export async function devVite(): Promise<RequestHandler[]> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: ROOT_DIR, server: { middlewareMode: true }, appType: 'custom' });
  const preamble: RequestHandler = (req, res, next) => {
    if (req.path !== '/__dev/react-refresh.js') return next();
    res.type('application/javascript').send(PREAMBLE);
  };
  return [preamble, vite.middlewares as unknown as RequestHandler];
}
