// Bench reference (DESIGN.md §8): Express 5 and React 19 renderToString of 24 profile cards, no
// database. The practical ceiling of an SSR page on this stack: each Amora page's CPU per request
// is compared with this one's, measured in the same run on the same machine.
import express from 'express';
import { serveBenchApp } from './serve-bench-app.js';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { Page, cardsFor } from './reference-page.js';

const app = express();
app.disable('x-powered-by');
app.get('/', (req, res) => {
  const page = Number(req.query.page ?? 0) || 0;
  res.type('html').send(`<!doctype html>${renderToString(h(Page, { cards: cardsFor(page) }))}`);
});
serveBenchApp(app);
