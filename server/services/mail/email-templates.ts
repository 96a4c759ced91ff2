// E-mails in the member's language: one branded layout, the text from the emails namespace. The
// layout carries the site's name and domain and, in every mail, a visible link to the member's
// notification settings (issue 15). Everything put into HTML is escaped here or by the caller's
// own esc(); subjects pass through headerText(), so no text can add a header line.
import type { TFunction } from 'i18next';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Control characters (CR, LF, tab, NUL, …) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Text for a mail header or a push title: one line, no control characters, at most `max` characters. */
export function headerText(s: string, max = 150): string {
  const line = s.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** A member-chosen name as other texts quote it: one line, short (names go into subjects). */
export function quotedName(name: string): string {
  return headerText(name, 40);
}

/** A piece of the body: plain text (escaped here), or HTML the caller escaped with its plain-text twin. */
export type MailBlock = { text: string } | { html: string; text: string };

export interface MailFrame {
  siteName: string;
  /** The site's origin (https://domain), for the header and the settings link. */
  siteUrl: string | null;
  supportEmail: string;
}

export interface MailBody {
  subject: string;
  blocks: MailBlock[];
  button?: { label: string; url: string };
  after?: MailBlock[];
  /** Small print above the standard footer (a receipt's seller). */
  smallPrint?: MailBlock[];
}

const htmlOf = (b: MailBlock) => ('html' in b ? b.html : `<p>${esc(b.text).replace(/\n/g, '<br>')}</p>`);

/** The shared layout of every mail: header with the site, the body, the settings link, the footer. */
export function layoutEmail(t: TFunction, frame: MailFrame, body: MailBody): EmailContent {
  const vars = { siteName: frame.siteName, supportEmail: frame.supportEmail };
  const footer = t('emails:footer', vars);
  const domain = frame.siteUrl ? new URL(frame.siteUrl).host : '';
  const settingsUrl = frame.siteUrl ? `${frame.siteUrl}/notifications` : null;
  const settingsLabel = t('emails:layout.notificationSettings');
  const after = body.after ?? [];
  const small = body.smallPrint ?? [];
  const text = [
    ...body.blocks.map((b) => b.text),
    ...(body.button ? [`${body.button.label}: ${body.button.url}`] : []),
    ...after.map((b) => b.text),
    '--',
    ...small.map((b) => b.text),
    ...(settingsUrl ? [t('emails:layout.notificationSettingsText', { url: settingsUrl })] : []),
    footer,
    ...(domain ? [`${frame.siteName} · ${domain}`] : []),
  ].join('\n\n');
  const button = body.button
    ? `<p style="text-align:center;padding:12px 0"><a href="${esc(body.button.url)}" style="background:#e11d63;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px;display:inline-block">${esc(body.button.label)}</a></p>
<p style="font-size:13px;color:#5c5468;word-break:break-all">${esc(body.button.url)}</p>`
    : '';
  const site = domain
    ? `<a href="${esc(frame.siteUrl!)}" style="color:#e11d63;text-decoration:none">&#10084; ${esc(frame.siteName)}</a><br><span style="font-size:13px;font-weight:normal;color:#8a8195">${esc(domain)}</span>`
    : `&#10084; ${esc(frame.siteName)}`;
  const settings = settingsUrl ? `<p><a href="${esc(settingsUrl)}" style="color:#5c5468">${esc(settingsLabel)}</a></p>` : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(body.subject)}</title></head><body style="margin:0;background:#faf7fb;font-family:Arial,Helvetica,sans-serif;color:#1d1726">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:28px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:bold;color:#e11d63;padding-bottom:16px">${site}</td></tr>
<tr><td style="font-size:16px;line-height:1.5">${body.blocks.map(htmlOf).join('\n')}
${button}${after.map(htmlOf).join('\n')}</td></tr>
<tr><td style="font-size:12px;color:#8a8195;padding-top:16px;border-top:1px solid #ece6ef">${small.map(htmlOf).join('\n')}${settings}<p>${esc(footer)}</p></td></tr>
</table></td></tr></table></body></html>`;
  return { subject: headerText(body.subject), html, text };
}

/** The site's origin in a link the caller built, for the layout's settings link; null when it has none. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** A message with a greeting, paragraphs, one button and the site's footer. */
export function actionEmail(
  t: TFunction,
  o: { template: string; name: string; siteName: string; supportEmail: string; url: string; vars?: Record<string, string | number> },
): EmailContent {
  const vars = { ...o.vars, siteName: o.siteName, name: o.name, supportEmail: o.supportEmail };
  const k = (key: string) => t(`emails:${o.template}.${key}`, vars);
  return layoutEmail(t, { siteName: o.siteName, siteUrl: originOf(o.url), supportEmail: o.supportEmail }, {
    subject: k('subject'),
    blocks: [{ text: t('emails:greeting', vars) }, { text: k('intro') }],
    button: { label: k('button'), url: o.url },
    after: [{ text: k('after') }, { text: t('emails:signature', vars) }],
  });
}
