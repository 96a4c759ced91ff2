// Presence (issue 16): the page-hidden beacon of SPEC.md §7, and the presence of a few profiles for
// pages that keep it current (the chat header).
//
// The beacon is sent by navigator.sendBeacon, which cannot set headers: its CSRF token comes in the
// query (`?_csrf=`, accepted for this path only, see middleware/csrf.ts), with the stream id of the
// page (`&stream=`) so that only that page counts as hidden. The same-site check applies as to any
// write; browsers send Origin and Sec-Fetch-Site with beacons.
import { Router } from 'express';
import { z } from 'zod';
import { fictionalPresenceOf } from '../../services/sites/default-settings.js';
import { PAGE_HIDDEN_PATH, STREAM_ID } from '../../../types/presence.js';
import type { RouteDeps } from '../route-deps.js';
import { viewerOf } from '../session-helpers.js';
import { parseInput } from '../validate.js';

const hiddenQuery = z.object({ _csrf: z.string().optional(), stream: z.string().regex(STREAM_ID).optional() }).strict();
/** SPEC.md §7: an empty JSON body (the token may come in it too, as in any form). */
const hiddenBody = z.union([z.undefined(), z.object({ _csrf: z.string().optional() }).strict()]);

/** At most a chat list's worth of profiles per call. */
export const PRESENCE_MAX_PROFILES = 50;
const profileIds = z
  .string()
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/)
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .pipe(z.array(z.number().int().max(2147483647)).min(1).max(PRESENCE_MAX_PROFILES));

export function presenceApi({ services }: RouteDeps): Router {
  const router = Router();

  router.post(PAGE_HIDDEN_PATH, async (req, res) => {
    const viewer = viewerOf(req);
    const { stream } = parseInput(hiddenQuery, req.query);
    parseInput(hiddenBody, req.body);
    await services.presence.hidden(viewer.userId, stream);
    res.status(204).end();
  });

  router.get('/api/presence.php', async (req, res) => {
    const viewer = viewerOf(req);
    const { profiles } = parseInput(z.object({ profiles: profileIds }), req.query);
    const presence = await services.presence.ofProfiles(viewer.profileId, profiles, fictionalPresenceOf(req.site.stored));
    res.set('Cache-Control', 'no-store').json({ presence });
  });

  return router;
}
