// The words of an event notification: the mail (HTML and text, with a card of who it is from)
// and the push payload. Neither carries the message text: mailboxes are shared and lock screens
// are public, and "Anna wrote to you" is what brings the member back to read it on the site.
import type { TFunction } from 'i18next';
import { ageOn } from '../../lib/dates.js';
import type { ProfileRow } from '../../repos/profiles-repo.js';
import type { NotificationType, PushPayload } from '../../../types/notifications.js';
import { esc, headerText, layoutEmail, quotedName, type EmailContent } from '../mail/email-templates.js';
import { absolutePhotoUrl, type SiteMailContext } from './site-mail-context.js';

/** The four event notifications; their texts are emails:notify.<kind>.*. */
export type EventNotificationKind = 'newConversation' | 'newMessage' | 'like' | 'match';

export interface EventNotificationInput {
  kind: EventNotificationKind;
  type: NotificationType;
  site: SiteMailContext;
  /** The recipient's own profile name, for the greeting. */
  recipientName: string;
  from: Pick<ProfileRow, 'id' | 'name' | 'birth_date' | 'city' | 'is_fictional' | 'main_file_key'>;
  /** The page the button opens, a path on the site ("/chats/12"). */
  path: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

/** The card of who it is from: photo, name, age and city, the fictional label where it applies. */
function senderCard(t: TFunction, i: EventNotificationInput, from: string): { html: string; text: string } {
  const age = t('emails:notify.age', { age: ageOn(i.from.birth_date) });
  const details = [age, i.from.city ? quotedName(i.from.city) : ''].filter(Boolean).join(', ');
  const label = i.from.is_fictional ? quotedName(i.site.fictionalLabel(t)) : '';
  const photo = i.from.main_file_key
    ? `<td width="72" style="padding-right:14px"><img src="${esc(absolutePhotoUrl(i.site, i.from.main_file_key))}" width="72" height="72" alt="${esc(t('emails:notify.photoAlt', { from }))}" style="display:block;width:72px;height:72px;border-radius:50%;object-fit:cover"></td>`
    : '';
  const badge = label ? ` <span style="font-size:12px;background:#f3e8ff;color:#6b21a8;border-radius:999px;padding:2px 8px">${esc(label)}</span>` : '';
  const html = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 4px;background:#fdf2f8;border-radius:12px;padding:12px;width:100%"><tr>${photo}<td style="vertical-align:middle"><strong style="font-size:17px">${esc(from)}</strong>${badge}<br><span style="color:#5c5468;font-size:14px">${esc(details)}</span></td></tr></table>`;
  const text = [from + (label ? ` (${label})` : ''), details].join(' · ');
  return { html, text };
}

/**
 * The name where no card shows beside it (the subject, the push title): a fictional profile's
 * carries the site's label, "Anna (Chat host)" (SPEC.md §1, issue 18.4).
 */
function labelledName(t: TFunction, i: EventNotificationInput): string {
  const name = quotedName(i.from.name);
  return i.from.is_fictional ? `${name} (${quotedName(i.site.fictionalLabel(t))})` : name;
}

export function eventMail(t: TFunction, i: EventNotificationInput): EmailContent {
  const from = quotedName(i.from.name);
  const vars = { from, siteName: i.site.name, name: quotedName(i.recipientName), supportEmail: i.site.supportEmail };
  const k = (key: string) => t(`emails:notify.${i.kind}.${key}`, vars);
  const throttled = i.kind === 'newConversation' || i.kind === 'newMessage';
  return layoutEmail(t, { siteName: i.site.name, siteUrl: i.site.url, supportEmail: i.site.supportEmail }, {
    subject: t(`emails:notify.${i.kind}.subject`, { ...vars, from: labelledName(t, i) }),
    blocks: [{ text: t('emails:greeting', vars) }, { text: k('intro') }, senderCard(t, i, from)],
    button: { label: k('button'), url: `${i.site.url}${i.path}` },
    after: [...(throttled ? [{ text: t('emails:notify.onePerConversation', vars) }] : []), { text: t('emails:signature', vars) }],
  });
}

/** The push: a title with the name (and label), a body without any message text, the page, the badge. */
export function eventPush(t: TFunction, i: EventNotificationInput, badge: number): PushPayload {
  const vars = { from: labelledName(t, i), siteName: i.site.name };
  return {
    type: i.type,
    title: headerText(t(`emails:notify.${i.kind}.pushTitle`, vars), 80),
    body: headerText(t(`emails:notify.${i.kind}.pushBody`, vars), 120),
    url: i.path,
    tag: i.tag,
    badge,
  };
}
