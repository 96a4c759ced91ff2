// The chat's JSON API: SPEC.md §7's GET /api/chats.php (with `?before=`, the list's next page) and DELETE /api/chat.php, and the calls it
// leaves to us: history and send (/api/messages.php: JSON for text and gifts, multipart with a
// `photo` file for a photo), read (/api/chat-read.php), gifts.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { DEFAULT_SETTINGS } from '../../services/sites/default-settings.js';
import { chatListCursorOf, type ChatPrices } from '../../services/chat/chat-service.js';
import type { RouteDeps } from '../route-deps.js';
import { viewerOf } from '../session-helpers.js';
import { photoUpload } from '../uploads.js';
import { parseInput } from '../validate.js';
import { cardContextOf } from '../card-context.js';

const id = z.coerce.number().int().positive().max(2147483647);
const sendSchema = z
  .object({
    conversation: id.optional(),
    profile: id.optional(),
    body: z.string().max(20_000).optional(),
    gift: id.optional(),
    client_id: z.string().min(1).max(64),
    /** Set from the upload, never from the client's fields. */
    photo: z.literal(true).optional(),
  })
  .refine((b) => (b.conversation === undefined) !== (b.profile === undefined), { path: ['conversation'] })
  // A text, a gift, or a photo with an optional caption.
  .refine((b) => (b.photo ? b.gift === undefined : (b.body === undefined) !== (b.gift === undefined)), { path: ['body'] });

/** The site's prices and limits (SPEC.md §3 settings): message, photo, gift and length. */
export function pricesOf(req: Request): ChatPrices {
  const s = { ...DEFAULT_SETTINGS, ...req.site.stored };
  return { messageCredits: s.message_credits, photoCredits: s.photo_credits, giftCredits: s.gift_credits, messageLength: s.message_length };
}

/** POST /api/messages.php once the request has passed the chain's checks (also the fast path's, chat-send-fast.ts). */
export async function answerSend(services: RouteDeps['services'], req: Request, res: Response): Promise<void> {
  const viewer = viewerOf(req);
  const photo = req.file?.buffer;
  const b = parseInput(sendSchema, { ...req.body, photo: photo ? true : undefined });
  const answer = await services.chat.send(
    viewer,
    { conversationId: b.conversation, profileId: b.profile, body: b.body, giftId: b.gift, photo, clientId: b.client_id },
    pricesOf(req),
  );
  res.status(201).json(answer);
}

/** Members only before a file is read: a visitor's upload is refused before it is buffered. */
const membersOnly: RequestHandler = (req, _res, next) => {
  viewerOf(req);
  next();
};

export function chatApi({ services }: RouteDeps): Router {
  const router = Router();

  router.get('/api/chats.php', async (req, res) => {
    const viewer = viewerOf(req);
    const { before } = parseInput(z.object({ before: z.string().refine((v) => chatListCursorOf(v) !== undefined).optional() }), req.query);
    const answer = await services.chat.chats(viewer, cardContextOf(req), req.user!.num_new_likes, chatListCursorOf(before));
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.delete('/api/chat.php', async (req, res) => {
    const viewer = viewerOf(req);
    const { conversation } = parseInput(z.object({ conversation: id }), req.body);
    await services.chat.remove(viewer, conversation);
    res.json({ success: true });
  });

  router.get('/api/messages.php', async (req, res) => {
    const viewer = viewerOf(req);
    const q = parseInput(z.object({ conversation: id, before: id.optional() }), req.query);
    res.set('Cache-Control', 'no-store').json(await services.chat.history(viewer, q.conversation, q.before));
  });

  router.post('/api/messages.php', membersOnly, photoUpload, (req, res) => answerSend(services, req, res));

  router.post('/api/chat-read.php', async (req, res) => {
    const viewer = viewerOf(req);
    const { conversation } = parseInput(z.object({ conversation: id }), req.body);
    res.json(await services.chat.markRead(viewer, conversation));
  });

  router.get('/api/gifts.php', async (req, res) => {
    viewerOf(req);
    res.set('Cache-Control', 'private, max-age=300').json({ gifts: await services.chat.gifts(pricesOf(req)) });
  });

  return router;
}
