// The route table enters only the routers with routes under a path's first segment, in their
// order, and answers every path exactly as the same routers mounted one after another would.
import { expect } from 'chai';
import express, { Router, type RequestHandler } from 'express';
import request from 'supertest';
import { routeTable } from '../../server/routes/route-table.js';

/** The routers of the test, with a log of which router a request entered. */
function routers(entered: string[]): Router[] {
  const log = (name: string): RequestHandler => (_req, _res, next) => {
    entered.push(name);
    next();
  };
  const pages = Router();
  pages.use(['/chats', '/likes'], log('pages guard'));
  pages.get('/chats', (_req, res) => void res.send('chats'));
  pages.get('/chats/:id', (req, res) => void res.send(`chat ${req.params.id}`));
  pages.get('/likes', (_req, res) => void res.send('likes'));
  const home = Router();
  home.get('/', (_req, res) => void res.send('home'));
  // A router whose route could be under any segment is entered by every path.
  const slugs = Router();
  slugs.get('/:slug{.html}', log('slugs'), (req, res, next) => (req.params.slug === 'about' ? void res.send('about') : next()));
  const nested = Router();
  nested.use(Router().get('/complaints', (_req, res) => void res.send('complaints')));
  const failing = Router();
  failing.get('/fail', () => {
    throw new Error('boom');
  });
  // A later router under the same segment as an earlier one: reached when the earlier passes.
  const later = Router();
  later.get('/chats/:id/more', (_req, res) => void res.send('more'));
  const all = { pages, home, slugs, nested, failing, later };
  // Each router as the table sees it (its stack), noting when it is entered.
  return Object.entries(all).map(([name, router]) =>
    Object.assign((req: express.Request, res: express.Response, next: express.NextFunction) => {
      entered.push(name);
      router(req, res, next);
    }, { stack: router.stack }) as unknown as Router,
  );
}

function appWith(entered: string[]) {
  const app = express();
  app.use((req, _res, next) => {
    entered.push(`request ${req.path}`);
    next();
  });
  app.use(routeTable(routers(entered)));
  app.use((_req, res) => void res.status(404).send('not found'));
  app.use(((err, _req, res, _next) => void res.status(500).send((err as Error).message)) as express.ErrorRequestHandler);
  return app;
}

describe('route table', () => {
  it('answers each path as the routers in order would, whatever the case of the path', async () => {
    const entered: string[] = [];
    const app = appWith(entered);
    const cases: [string, number, string][] = [
      ['/chats', 200, 'chats'],
      ['/Chats/7', 200, 'chat 7'],
      ['/chats/7/more', 200, 'more'],
      ['/likes/', 200, 'likes'],
      ['/', 200, 'home'],
      ['/about.html', 200, 'about'],
      ['/complaints', 200, 'complaints'],
      ['/other.html', 404, 'not found'],
      ['/nowhere/at/all', 404, 'not found'],
      ['/fail', 500, 'boom'],
    ];
    for (const [path, status, text] of cases) {
      const res = await request(app).get(path);
      expect([path, res.status, res.text]).to.deep.equal([path, status, text]);
    }
  });

  it('does not enter routers that have nothing under the first segment', async () => {
    const entered: string[] = [];
    const app = appWith(entered);
    await request(app).get('/chats/3').expect(200);
    expect(entered).to.deep.equal(['request /chats/3', 'pages', 'pages guard']);
    entered.length = 0;
    // Falling through: the routers under 'chats' and the one for any path, in their order.
    await request(app).get('/chats/3/more').expect(200);
    expect(entered).to.deep.equal(['request /chats/3/more', 'pages', 'pages guard', 'slugs', 'later']);
    entered.length = 0;
    // Under no known segment: only the router whose pattern could match any path.
    await request(app).get('/nowhere/at/all').expect(404);
    expect(entered).to.deep.equal(['request /nowhere/at/all', 'slugs']);
    entered.length = 0;
    await request(app).get('/other.html').expect(404);
    expect(entered).to.deep.equal(['request /other.html', 'slugs', 'slugs']);
  });
});
