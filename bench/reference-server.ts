// Bench reference (DESIGN.md §8): Express 5 and React 19 renderToString of 24 profile cards, no
// database. The practical ceiling of an SSR page on this stack: each Amora page's CPU per request
// is compared with this one's, measured in the same run on the same machine.
import express from 'express';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

interface Card {
  id: number;
  name: string;
  age: number;
  city: string;
  photo: string;
}

const CITIES = ['London', 'Amsterdam', 'Berlin', 'Paris', 'Madrid', 'Rome', 'Warsaw', 'Dublin'];
const cardsFor = (page: number): Card[] =>
  Array.from({ length: 24 }, (_, i) => {
    const id = page * 24 + i + 1;
    return { id, name: `Member ${id}`, age: 20 + (id % 40), city: CITIES[id % CITIES.length]!, photo: `/media/${id.toString(16).padStart(32, '0')}_thumb.jpg` };
  });

function ProfileCard({ card }: { card: Card }) {
  return h(
    'li',
    { className: 'card' },
    h(
      'a',
      { href: `/members/${card.id}` },
      h('img', { src: card.photo, alt: '', width: 240, height: 320, loading: 'lazy' }),
      h('span', { className: 'name' }, `${card.name}, ${card.age}`),
      h('span', { className: 'place' }, card.city),
    ),
  );
}

function Page({ cards }: { cards: Card[] }) {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Members - Amora'), h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }), h('link', { rel: 'stylesheet', href: '/build/app.css' })),
    h('body', null, h('main', null, h('h1', null, 'Members'), h('ul', { className: 'cards' }, cards.map((card) => h(ProfileCard, { key: card.id, card }))))),
  );
}

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
