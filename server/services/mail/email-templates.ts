// E-mails in the member's language: one branded layout, the text from the emails namespace.
import type { TFunction } from 'i18next';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A message with a greeting, paragraphs, one button and the site's footer. */
export function actionEmail(
  t: TFunction,
  o: { template: string; name: string; siteName: string; supportEmail: string; url: string; vars?: Record<string, string | number> },
): EmailContent {
  const vars = { ...o.vars, siteName: o.siteName, name: o.name, supportEmail: o.supportEmail };
  const k = (key: string) => t(`emails:${o.template}.${key}`, vars);
  const paragraphs = [k('intro'), k('after')];
  const greeting = t('emails:greeting', vars);
  const signature = t('emails:signature', vars);
  const footer = t('emails:footer', vars);
  const text = [greeting, '', paragraphs[0], '', o.url, '', paragraphs[1], '', signature, '', '--', footer].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#faf7fb;font-family:Arial,Helvetica,sans-serif;color:#1d1726">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:28px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:bold;color:#e11d63;padding-bottom:16px">&#10084; ${esc(o.siteName)}</td></tr>
<tr><td style="font-size:16px;line-height:1.5"><p>${esc(greeting)}</p><p>${esc(paragraphs[0]!)}</p>
<p style="text-align:center;padding:12px 0"><a href="${esc(o.url)}" style="background:#e11d63;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px;display:inline-block">${esc(k('button'))}</a></p>
<p style="font-size:13px;color:#5c5468">${esc(o.url)}</p><p>${esc(paragraphs[1]!)}</p><p>${esc(signature).replace(/\n/g, '<br>')}</p></td></tr>
<tr><td style="font-size:12px;color:#8a8195;padding-top:16px;border-top:1px solid #ece6ef">${esc(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: k('subject'), html, text };
}
