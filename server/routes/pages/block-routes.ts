// Blocking from the chat (issue 18.5): the confirmation page the chat header and the chat list link
// to (GET /members/{id}/block; its form posts to POST /members/{id}/block in members-routes.ts),
// and "Blocked members" on /settings with its Unblock buttons. Plain links and forms throughout.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { renderPage } from '../../render/render-page.js';
import { BlockConfirmPage } from '../../../views/pages/block-confirm-page.js';
import type { BlockedMembersProps } from '../../../views/components/blocked-members.js';
import type { Services } from '../../services/index.js';
import { cardContextOf } from '../card-context.js';
import type { RouteDeps } from '../route-deps.js';
import { membersOnly, viewerOf } from '../session-helpers.js';
import { parseId, safeReturnPath } from '../validate.js';

/**
 * What "Blocked members" on /settings shows: the list, and who was just unblocked. That comes from
 * the session, put there by the Unblock that lifted the block, and is said once: an id in the
 * address would let any link name any profile.
 */
export async function blockedMembersOf(req: Request, services: Pick<Services, 'blocks'>): Promise<BlockedMembersProps> {
  const viewer = viewerOf(req);
  const { cdnPrefix } = cardContextOf(req);
  const unblockedId = req.session.unblockedProfileId ?? 0;
  if (unblockedId) delete req.session.unblockedProfileId;
  const [members, unblocked] = await Promise.all([
    services.blocks.listBlocked(viewer, cdnPrefix),
    unblockedId ? services.blocks.target(viewer, unblockedId, cdnPrefix).catch(() => undefined) : undefined,
  ]);
  // Not named when blocked again since (another tab).
  return { members, unblocked: unblocked && !unblocked.blockedByMe ? unblocked.name : undefined };
}

export function blockRoutes({ services }: Pick<RouteDeps, 'services'>): Router {
  const router = Router();

  router.get('/members/:id/block', membersOnly, async (req: Request, res: Response) => {
    const id = parseId(req.params.id);
    const target = await services.blocks.target(viewerOf(req), id, cardContextOf(req).cdnPrefix);
    if (target.blockedByMe) return res.redirect(303, `/members/${id}`);
    const page = res.locals.page!;
    renderPage(res, createElement(BlockConfirmPage, { target, back: safeReturnPath(req.query.next, `/members/${id}`) }), {
      layout: 'default',
      routeName: 'members-id-block',
      title: page.t('blocking:confirm.title', { name: target.name }),
      noindex: true,
    });
  });

  router.post('/settings/blocked/:id/unblock', membersOnly, async (req: Request, res: Response) => {
    const id = parseId(req.params.id);
    const { lifted } = await services.blocks.unblock(viewerOf(req), id);
    // A profile this member had not blocked changes nothing and is named nowhere.
    if (lifted) req.session.unblockedProfileId = id;
    res.redirect(303, '/settings#blocked-members');
  });

  return router;
}
