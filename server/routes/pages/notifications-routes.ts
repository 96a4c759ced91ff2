// /notifications (route name notifications): a switch per type and channel, each a submit button
// of one plain form, so a tap saves that one switch at once, with or without JavaScript, and the
// page comes back saying what changed. Members only.
import { Router, type NextFunction, type Request, type Response } from 'express';
import { createElement } from 'react';
import { ValidationError } from '../../errors.js';
import { renderPage } from '../../render/render-page.js';
import { NotificationsPage, type NotificationsNotice } from '../../../views/pages/notifications-page.js';
import { isNotificationType, NOTIFICATION_CHANNELS, type NotificationChannel } from '../../../types/notifications.js';
import { isSuppressionReason } from '../../services/notifications/suppressions-service.js';
import { MEMBER_LIFTABLE_REASONS } from '../../services/notifications/notification-settings-service.js';
import type { RouteDeps } from '../route-deps.js';

/** "like.email.off": one switch and its new position, as the page's buttons send it. */
const SWITCH = /^([a-z_]{1,40})\.([a-z]{1,8})\.(on|off)$/;

function membersOnly(req: Request, res: Response, next: NextFunction) {
  if (!req.user) return res.redirect(303, `/login?next=${encodeURIComponent('/notifications')}`);
  next();
}

function parseSwitch(value: unknown) {
  const m = typeof value === 'string' ? SWITCH.exec(value) : null;
  const [, type, channel, position] = m ?? [];
  if (!isNotificationType(type) || !(NOTIFICATION_CHANNELS as readonly string[]).includes(channel ?? '')) {
    throw new ValidationError({ set: 'invalidField' });
  }
  return { type, channel: channel as NotificationChannel, enabled: position === 'on' };
}

/** What the page says after a post (from ?saved=…); anything else says nothing. */
function noticeOf(saved: unknown): NotificationsNotice | undefined {
  if (saved === 'lifted' || saved === 'confirm') return { kind: saved };
  if (typeof saved !== 'string') return undefined;
  try {
    const s = parseSwitch(saved);
    return { kind: 'switch', ...s };
  } catch {
    return undefined;
  }
}

export function notificationsRoutes({ services }: RouteDeps): Router {
  const router = Router();
  router.use('/notifications', membersOnly);

  router.get('/notifications', async (req, res) => {
    const user = req.user!;
    const state = await services.notificationSettings.stateOf(user.id, user.email);
    const t = res.locals.page!.t;
    renderPage(res, createElement(NotificationsPage, { state, notice: noticeOf(req.query.saved) }), {
      layout: 'default', routeName: 'notifications', title: t('pages:notifications.title'), noindex: true,
    });
  });

  router.post('/notifications', async (req, res) => {
    const { type, channel, enabled } = parseSwitch((req.body as { set?: unknown } | undefined)?.set);
    await services.notificationSettings.set(req.user!.id, type, channel, enabled);
    res.redirect(303, `/notifications?saved=${type}.${channel}.${enabled ? 'on' : 'off'}#type-${type}`);
  });

  // "Receive e-mails again": lifts the member's own unsubscribe or spam report for the current address.
  router.post('/notifications/reenable', async (req, res) => {
    const reason = (req.body as { reason?: unknown } | undefined)?.reason;
    if (!isSuppressionReason(reason) || !MEMBER_LIFTABLE_REASONS.includes(reason)) throw new ValidationError({ reason: 'invalidField' });
    await services.notificationSettings.liftSuppression(req.user!.email, reason);
    res.redirect(303, '/notifications?saved=lifted');
  });

  // A bounced address the member says works: a link to it proves it (and lifts the bounce when opened).
  router.post('/notifications/confirm-address', async (req, res) => {
    const page = res.locals.page!;
    // Only for a bounced address: mail to it hurts the site's reputation unless the member asks.
    const bounced = (await services.suppressions.reasonsOf(req.user!.email)).some((s) => s.reason === 'bounce');
    if (!bounced) throw new ValidationError({ email: 'invalidField' });
    await services.accountSettings.requestAddressConfirmation(req.user!.id, {
      siteName: req.site.name, supportEmail: page.settings.support_email, baseUrl: `${req.protocol}://${req.get('host')}`,
    });
    res.redirect(303, '/notifications?saved=confirm');
  });

  return router;
}
