// The cron mails (`amora notify …`) in the member's language: the look of actionEmail (the shared
// layout of mail/email-templates.ts), plus profile cards for the weekly mail, the site's domain in
// the footer and a visible link to /notifications in every mail. Everything a member or an
// operator wrote (names, cities, a mailing's text) is escaped here, once, on output.
import type { TFunction } from 'i18next';
import type { EmailContent } from '../mail/email-templates.js';

/** Who a mail is for and which site sends it, in the member's language. */
export interface MailFrame {
  t: TFunction;
  language: string;
  siteName: string;
  domain: string;
  /** https://domain, without a trailing slash: every link and picture is absolute. */
  baseUrl: string;
  supportEmail: string;
  memberName: string;
}

/** A new member in the weekly mail. */
export interface DigestCard {
  name: string;
  age: number;
  city: string | null;
  /** The site's fictional label (fictional_singular) for fictional profiles, else null. */
  label: string | null;
  photoUrl: string;
  url: string;
}

interface DigestBody {
  subject: string;
  /** Paragraphs before the button; a single newline inside one is a line break. */
  paragraphs: string[];
  button: { label: string; url: string };
  cards?: DigestCard[];
  after?: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const escLines = (s: string) => esc(s).replace(/\r?\n/g, '<br>');
/** A subject is one header line whatever the texts it is made of hold. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/** Where a member switches mails off (the visible link in every cron mail's footer). */
export function manageUrlOf(baseUrl: string): string {
  return `${baseUrl}/notifications`;
}

function cardLine(c: DigestCard): string {
  return [c.name, c.age, c.city].filter((v) => v !== null).join(', ') + (c.label ? ` (${c.label})` : '');
}

function cardsHtml(cards: DigestCard[]): string {
  // Fixed-width inline blocks: three in a row on a computer, two on a phone, in every mail client.
  const cell = (c: DigestCard) => `<a href="${esc(c.url)}" style="display:inline-block;width:124px;margin:6px;vertical-align:top;text-decoration:none;color:#1d1726;font-size:14px;line-height:1.3;text-align:left">
<img src="${esc(c.photoUrl)}" width="124" height="165" alt="${esc(c.name)}" style="display:block;width:124px;height:165px;object-fit:cover;border:0;border-radius:12px;background:#ece6ef">
<span style="display:block;font-weight:bold;padding-top:6px">${esc(`${c.name}, ${c.age}`)}</span>
${c.city ? `<span style="display:block;color:#5c5468">${esc(c.city)}</span>` : ''}
${c.label ? `<span style="display:inline-block;margin-top:4px;padding:2px 8px;border-radius:999px;background:#fde7ef;color:#9d1446;font-size:12px">${esc(c.label)}</span>` : ''}
</a>`;
  return `<div style="text-align:center;font-size:0;padding:8px 0">${cards.map(cell).join('')}</div>`;
}

/** The whole mail: greeting, paragraphs, cards, a button, signature and the footer. */
export function digestEmail(f: MailFrame, b: DigestBody): EmailContent {
  const vars = { siteName: f.siteName, name: f.memberName, supportEmail: f.supportEmail, domain: f.domain };
  const greeting = f.t('emails:greeting', vars);
  const signature = f.t('emails:signature', vars);
  const footer = f.t('emails:digest.footer', vars);
  const manage = f.t('emails:digest.manage', vars);
  const manageUrl = manageUrlOf(f.baseUrl);
  const text = [
    greeting, '',
    ...b.paragraphs.flatMap((p) => [p, '']),
    ...(b.cards ?? []).map((c) => `- ${cardLine(c)}: ${c.url}`), ...(b.cards?.length ? [''] : []),
    `${b.button.label}: ${b.button.url}`, '',
    ...(b.after ? [b.after, ''] : []),
    signature, '', '--', footer, `${manage}: ${manageUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${esc(f.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="margin:0;background:#faf7fb;font-family:Arial,Helvetica,sans-serif;color:#1d1726">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:28px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:bold;color:#e11d63;padding-bottom:16px">&#10084; ${esc(f.siteName)}</td></tr>
<tr><td style="font-size:16px;line-height:1.5"><p>${esc(greeting)}</p>${b.paragraphs.map((p) => `<p>${escLines(p)}</p>`).join('')}
${b.cards?.length ? cardsHtml(b.cards) : ''}
<p style="text-align:center;padding:12px 0"><a href="${esc(b.button.url)}" style="background:#e11d63;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px;display:inline-block">${esc(b.button.label)}</a></p>
${b.after ? `<p>${escLines(b.after)}</p>` : ''}<p>${escLines(signature)}</p></td></tr>
<tr><td style="font-size:12px;color:#8a8195;padding-top:16px;border-top:1px solid #ece6ef">${esc(footer)}<br><a href="${esc(manageUrl)}" style="color:#8a8195">${esc(manage)}</a> · ${esc(f.domain)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: oneLine(b.subject), html, text };
}

const k = (f: MailFrame, key: string, vars: Record<string, string | number> = {}) =>
  f.t(`emails:digest.${key}`, { siteName: f.siteName, name: f.memberName, domain: f.domain, ...vars });

export function unreadReminderEmail(f: MailFrame, o: { unread: number }): EmailContent {
  return digestEmail(f, {
    subject: k(f, 'unread.subject'), paragraphs: [k(f, 'unread.intro', { count: o.unread })],
    button: { label: k(f, 'unread.button'), url: `${f.baseUrl}/chats` }, after: k(f, 'unread.after'),
  });
}

export function weeklyUpdateEmail(f: MailFrame, cards: DigestCard[]): EmailContent {
  return digestEmail(f, {
    subject: k(f, 'weekly.subject'), paragraphs: [k(f, 'weekly.intro')], cards,
    button: { label: k(f, 'weekly.button'), url: `${f.baseUrl}/members` }, after: k(f, 'weekly.after'),
  });
}

export function activationReminderEmail(f: MailFrame, o: { url: string; days: number }): EmailContent {
  return digestEmail(f, {
    subject: k(f, 'activation.subject'), paragraphs: [k(f, 'activation.intro')],
    button: { label: k(f, 'activation.button'), url: o.url }, after: k(f, 'activation.after', { days: o.days }),
  });
}

export function photoReminderEmail(f: MailFrame): EmailContent {
  return digestEmail(f, {
    subject: k(f, 'photo.subject'), paragraphs: [k(f, 'photo.intro')],
    button: { label: k(f, 'photo.button'), url: `${f.baseUrl}/profile#photos` }, after: k(f, 'photo.after'),
  });
}

/** An operator's mailing (news, promotions) in the member's language; {{name}} and {{siteName}} filled in. */
export function mailingEmail(f: MailFrame, m: { subject: string; body: string; button: string; url: string }): EmailContent {
  const fill = (s: string) => s.replace(/\{\{\s*(name|siteName)\s*\}\}/g, (_, v: string) => (v === 'name' ? f.memberName : f.siteName));
  return digestEmail(f, {
    subject: fill(m.subject),
    paragraphs: fill(m.body).split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean),
    button: { label: fill(m.button), url: m.url },
  });
}
