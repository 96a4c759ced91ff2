// The bench reference's page (DESIGN.md §8): 24 profile cards in a minimal document, rendered by
// bench/reference-server.ts without a database and by bench/member-floor-server.ts behind a session.
import { createElement as h } from 'react';

export interface Card {
  id: number;
  name: string;
  age: number;
  city: string;
  photo: string;
}

export const CITIES = ['London', 'Amsterdam', 'Berlin', 'Paris', 'Madrid', 'Rome', 'Warsaw', 'Dublin'];
export const cardsFor = (page: number): Card[] =>
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

export function Page({ cards, greeting }: { cards: Card[]; greeting?: string }) {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Members - Amora'), h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }), h('link', { rel: 'stylesheet', href: '/build/app.css' })),
    h('body', null, h('main', null, h('h1', null, 'Members'), greeting ? h('p', null, greeting) : null, h('ul', { className: 'cards' }, cards.map((card) => h(ProfileCard, { key: card.id, card }))))),
  );
}
