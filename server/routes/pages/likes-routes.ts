// /likes (overview), /likes/{type} (received, sent, matches) and /likes/m/{id} (you and one member).
import { Router } from 'express';
import { createElement } from 'react';
import { NotFoundError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { keptCardsHtml } from '../../render/kept-cards.js';
import { LikesListPage, LikesOverviewPage, LikeRelationPage, newBadgeOn } from '../../../views/pages/likes-pages.js';
import { LIKE_LIST_TYPES, type LikeListType } from '../../../types/likes.js';
import type { RouteDeps } from '../route-deps.js';
import { parseId } from '../validate.js';
import { membersOnly } from '../session-helpers.js';
import { cardContextOf } from '../card-context.js';

function pageOf(value: unknown): number {
  if (value === undefined) return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new NotFoundError();
  return n;
}

export function likesRoutes({ services }: RouteDeps): Router {
  const router = Router();
  router.use('/likes', membersOnly);

  router.get('/likes', async (req, res) => {
    const page = res.locals.page!;
    const overview = await services.likes.overview(req.viewer!, cardContextOf(req));
    renderPage(res, createElement(LikesOverviewPage, { overview }), { layout: 'default', routeName: 'likes', title: page.t('pages:likes.title'), noindex: true });
  });

  router.get('/likes/m/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const { profile, relation } = await services.likes.relationWith(req.viewer!, id, cardContextOf(req));
    renderPage(res, createElement(LikeRelationPage, { profile, relation }), { layout: 'default', routeName: 'likes-m-id', title: profile.name, noindex: true });
  });

  router.get('/likes/:type', async (req, res) => {
    const type = req.params.type as LikeListType;
    if (!LIKE_LIST_TYPES.includes(type)) throw new NotFoundError();
    const page = res.locals.page!;
    const list = await services.likes.list(req.viewer!, type, pageOf(req.query.page), cardContextOf(req));
    const cardsHtml = keptCardsHtml(page, { profiles: list.profiles, newBadge: newBadgeOn(type) });
    renderPage(res, createElement(LikesListPage, { type, list, cardsHtml }), { layout: 'default', routeName: 'likes-type', title: page.t(`pages:likes.${type}`), noindex: true });
  });

  return router;
}
