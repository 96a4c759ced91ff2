// Bench reference (DESIGN.md §8): Express 5 and React 19 renderToString of 24 profile cards, no
// database. The practical ceiling of an SSR page on this stack: each Amora page's CPU per request
// is compared with this one's, measured in the same run on the same machine.
import express from 'express';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { Page, cardsFor } from './reference-page.js';

const app = express();
app.disable('x-powered-by');
app.get('/', (req, res) => {
  const page = Number(req.query.page ?? 0) || 0;
  res.type('html').send(`<!doctype html>${renderToString(h(Page, { cards: cardsFor(page) }))}`);
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  // run.ts reads this line to learn the port.
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
