// The chat pages: /chats (the conversations, a page of them: ?before= pages on), /chats/{id} (one conversation, read on opening) and
// /members/{id}/chat (the conversation with a member, or its first message). Members only. The
// chat pane island enhances them; without JavaScript the history pages with a link and plain forms
// send (POST /chats/send, multipart when it carries a photo) and delete (POST /chats/{id}/delete),
// each redirecting back.
import { randomUUID } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { AppError, NotFoundError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { CHAT_LIST_PAGE, chatListCursorOf, FREE_CONVERSATION_LIMIT } from '../../services/chat/chat-service.js';
import type { ChatListCursor } from '../../repos/chat-repo.js';
import type { BundlesService } from '../../services/payments/bundles-service.js';
import type { ChatFormError, ChatPaneProps, ChatPartner, ChatPriceInfo, ChatSummary, MessagesPage } from '../../../types/chat.js';
import type { IcebreakerHints } from '../../../types/icebreaker.js';
import type { SpendLimitStatus } from '../../../types/spend-limit.js';
import type { PageContext } from '../../../views/render-context.js';
import { ChatPage } from '../../../views/pages/chat-page.js';
import { pricesOf } from '../api/chat-api.js';
import { readPhotoUpload } from '../uploads.js';
import { CHAT_MIN_SIDE, MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES } from '../../services/photos/photo-processing.js';
import type { RouteDeps } from '../route-deps.js';
import { viewerOf } from '../session-helpers.js';
import { parseId, parseInput } from '../validate.js';
import { cardContextOf } from '../card-context.js';

/** Errors the send form shows above itself (errors namespace keys); anything else is rethrown. */
const FORM_ERRORS = new Set([
  'messageEmpty', 'messageOrPhotoEmpty', 'messageTooLong', 'freeConversationLimit', 'partnerNotConfirmed', 'blockedProfile', 'invalidInput', 'rateLimited',
  'photoType', 'photoTooLarge', 'photoTooSmall', 'photoTooManyPixels',
]);

const id = z.coerce.number().int().positive().max(2147483647);
const sendForm = z
  .object({
    conversation: id.optional(),
    profile: id.optional(),
    // Empty with a photo (a photo needs no caption); the service says when a message is empty.
    body: z.string().max(20_000).default(''),
    client_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .refine((b) => (b.conversation === undefined) !== (b.profile === undefined), { path: ['conversation'] });

function membersOnly(req: Request, res: Response, next: NextFunction) {
  if (!req.user) return res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
  next();
}

/** "1 message = 10 credits (£1.24–£1.80)": the money at the bundles' rates comes from the bundles service, in the member's currency. */
async function priceInfo(bundles: BundlesService, siteId: number, page: PageContext, country: string): Promise<ChatPriceInfo> {
  const { settings, lng } = page;
  const money = await bundles.messageMoneyLabel(siteId, country, settings.message_credits, lng);
  return { messageCredits: settings.message_credits, photoCredits: settings.photo_credits, money, messageLength: settings.message_length };
}

/** The send form's error from the redirect's `error` query, localized; unknown values are ignored. */
function formErrorOf(page: PageContext, value: unknown, partner: ChatPartner, spendLimit: SpendLimitStatus): ChatFormError | null {
  // Over the daily limit: named with the limit as it stands now (the no-JavaScript send's refusal).
  if (value === 'spendLimitReached' && spendLimit.limit !== null) {
    const left = spendLimit.leftToday ?? 0;
    return { message: page.t(left > 0 ? 'errors:spendLimitLeft' : 'errors:spendLimitReached', { limit: spendLimit.limit, left }), creditsLink: false };
  }
  if (typeof value !== 'string' || !FORM_ERRORS.has(value)) return null;
  const max: Record<string, number> = { freeConversationLimit: FREE_CONVERSATION_LIMIT, photoTooLarge: MAX_UPLOAD_BYTES / 1024 / 1024, photoTooManyPixels: MAX_INPUT_PIXELS / 1_000_000 };
  const vars = { max: max[value] ?? page.settings.message_length, min: CHAT_MIN_SIDE, name: partner.name };
  return { message: page.t(`errors:${value}`, vars), creditsLink: value === 'freeConversationLimit' };
}

function beforeOf(value: unknown): number | undefined {
  return value === undefined ? undefined : parseId(value);
}

const EMPTY_PAGE: MessagesPage = { messages: [], has_more: false };

interface ChatList {
  chats: ChatSummary[];
  hasMore: boolean;
}

interface OpenConversation {
  conversationId: number | null;
  partner: ChatPartner | null;
  history: MessagesPage;
  hasNewer: boolean;
}

export function chatRoutes({ services }: RouteDeps): Router {
  const router = Router();
  router.use(['/chats', '/members/:id/chat'], membersOnly);

  /** The icebreaker's facts, translated, for a conversation with no messages yet (none on older pages or with a deleted partner). */
  async function icebreakerHints(req: Request, page: PageContext, open: OpenConversation): Promise<IcebreakerHints | null> {
    if (!open.partner || open.partner.deleted || open.history.messages.length > 0 || open.hasNewer) return null;
    const facts = await services.icebreaker.factsFor(viewerOf(req), open.partner.id, page.settings.visible_profile_fields);
    return { city: facts.city, interest: facts.interestSlug ? page.t(`interests:${facts.interestSlug}`) : null, sharedInterest: facts.sharedInterest };
  }

  /** The list beside the pane and the member's spend limit, as a page with `openId` open shows them. */
  function sideOf(req: Request, openId: number | null, listBefore?: ChatListCursor): Promise<[ChatList, SpendLimitStatus]> {
    const user = req.user!;
    return Promise.all([
      listBefore
        ? services.chat.chatList(viewerOf(req), cardContextOf(req), { limit: CHAT_LIST_PAGE, before: listBefore })
        : services.chat.chatListShowing(viewerOf(req), cardContextOf(req), openId),
      services.spendLimit.status(user.id, user.profile.country),
    ]);
  }

  /**
   * `listBefore`: /chats?before=, a later page of the list (the no-JavaScript link's). `side`: the
   * list and spend limit when the route asked for them already (else they are asked here).
   */
  async function show(req: Request, res: Response, open: OpenConversation, listBefore?: ChatListCursor, side?: [ChatList, SpendLimitStatus]) {
    const page = res.locals.page!;
    const user = req.user!;
    const [[list, spendLimit], icebreaker] = await Promise.all([side ?? sideOf(req, open.conversationId, listBefore), icebreakerHints(req, page, open)]);
    const props: ChatPaneProps = {
      conversationId: open.conversationId,
      partner: open.partner,
      messages: open.history.messages,
      hasMore: open.history.has_more,
      hasNewer: open.hasNewer,
      chats: list.chats,
      chatsHasMore: list.hasMore,
      chatsPaged: listBefore !== undefined,
      credits: user.credits,
      leftToday: spendLimit.leftToday,
      price: await priceInfo(services.bundles, req.site.id, page, user.profile.country ?? page.settings.geoip_selected_country),
      fictionalLabel: page.settings.fictional_singular,
      // 32 hex digits like the browser's newClientId(); randomUUID draws from a kept pool, randomBytes asks the OS each time.
      formClientId: randomUUID().replace(/-/g, ''),
      formError: open.partner ? formErrorOf(page, req.query.error, open.partner, spendLimit) : null,
      now: new Date().toISOString(),
      icebreaker,
    };
    const name = open.partner?.deleted ? page.t('islands:chat.deletedMember') : open.partner?.name;
    const title = open.partner ? page.t('pages:chat.with', { name }) : page.t('pages:chat.title');
    res.set('Cache-Control', 'no-store');
    renderPage(res, createElement(ChatPage, { pane: props }), {
      layout: 'chat',
      routeName: open.conversationId ? 'chats-id' : open.partner ? 'members-id-chat' : 'chats',
      title,
      noindex: true,
    });
  }

  router.get('/chats', async (req, res) => {
    const before = req.query.before === undefined ? undefined : chatListCursorOf(req.query.before);
    if (req.query.before !== undefined && !before) throw new NotFoundError();
    await show(req, res, { conversationId: null, partner: null, history: EMPTY_PAGE, hasNewer: false }, before);
  });

  router.get('/chats/:id', async (req, res) => {
    const conversationId = parseId(req.params.id);
    const before = beforeOf(req.query.before);
    const page = res.locals.page!;
    // The conversation and the list beside it are asked at once: on MySQL their reads share one
    // trip (db-read-batch.ts), two fewer a page. Until the conversation is found to be the member's
    // the list is only held (a 404 shows none of it).
    const [opened, side] = await Promise.all([services.chat.open(viewerOf(req), conversationId, cardContextOf(req), before), sideOf(req, conversationId)]);
    const { partner, history, numUnreadMessages } = opened;
    // Opening a conversation reads it (SPEC.md §4); the top bar shows the new total at once, and
    // the list, read before that, is read again to show it read too.
    if (page.user && numUnreadMessages !== null) page.user = { ...page.user, num_unread_messages: numUnreadMessages };
    if (numUnreadMessages !== null) side[0] = await services.chat.chatListShowing(viewerOf(req), cardContextOf(req), conversationId);
    await show(req, res, { conversationId, partner, history, hasNewer: before !== undefined }, undefined, side);
  });

  router.get('/members/:id/chat', async (req, res) => {
    const profileId = parseId(req.params.id);
    const opened = await services.chat.openWith(viewerOf(req), profileId, cardContextOf(req));
    if (opened.conversationId) return res.redirect(303, `/chats/${opened.conversationId}`);
    await show(req, res, { conversationId: null, partner: opened.partner, history: EMPTY_PAGE, hasNewer: false });
  });

  // Without JavaScript: the composer posts here and comes back to the conversation.
  router.post('/chats/send', async (req, res) => {
    const viewer = viewerOf(req);
    // A refused file (too large) still leaves the fields before it, so it is shown on the form.
    const refused = await readPhotoUpload(req, res).then(() => undefined, (err: unknown) => err);
    const form = parseInput(sendForm, req.body);
    const back = form.conversation ? `/chats/${form.conversation}` : `/members/${form.profile}/chat`;
    try {
      if (refused) throw refused;
      const answer = await services.chat.send(
        viewer,
        { conversationId: form.conversation, profileId: form.profile, body: form.body, photo: req.file?.buffer, clientId: form.client_id },
        pricesOf(req),
      );
      res.redirect(303, `/chats/${answer.message.conversation_id}`);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'insufficient_credits') return res.redirect(303, '/credits?notice=insufficient_credits');
      if (err.code === 'spend_limit_reached') return res.redirect(303, `${back}?error=spendLimitReached`);
      if (err instanceof NotFoundError || !FORM_ERRORS.has(err.messageKey)) throw err;
      res.redirect(303, `${back}?error=${err.messageKey}`);
    }
  });

  router.post('/chats/:id/delete', async (req, res) => {
    const conversationId = parseId(req.params.id);
    await services.chat.remove(viewerOf(req), conversationId);
    res.redirect(303, '/chats');
  });

  return router;
}
