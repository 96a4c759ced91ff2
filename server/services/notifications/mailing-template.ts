// An operator's mailing (`amora notify send --type news|promotions --template FILE`): a JSON file
// with the text per language and one button. Checked strictly before anything is sent: an
// unknown field, a missing English text, a text too long or a link off the site stops the send
// with every problem listed. The format is documented in README.md ("Cron mails").
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../../types/settings.js';

/** Larger files are refused unread: a mailing is a few paragraphs in seven languages. */
export const MAX_TEMPLATE_BYTES = 64 * 1024;
const PLACEHOLDERS = new Set(['name', 'siteName']);

export interface MailingText {
  subject: string;
  body: string;
  button: string;
}

export interface MailingTemplate {
  /** A path on the member's site ("/credits") or an https:// address. */
  buttonUrl: string;
  texts: Partial<Record<Locale, MailingText>> & { en: MailingText };
}

/** The file cannot be sent; `problems` lists each one ("de.subject: …"). */
export class MailingTemplateError extends Error {
  constructor(readonly problems: string[]) {
    super(`the template cannot be sent:\n  ${problems.join('\n  ')}`);
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const placeholdersOk = (s: string) => [...s.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].every((m) => PLACEHOLDERS.has(m[1]!));

function line(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `at most ${max} characters`)
    .refine((s) => !/[\r\n]/.test(s) && !CONTROL.test(s), 'must be one line without control characters')
    .refine(placeholdersOk, 'only {{name}} and {{siteName}} may be filled in');
}

const text = z.strictObject({
  subject: line(150),
  body: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(5000, 'at most 5000 characters')
    .refine((s) => !CONTROL.test(s.replace(/\r?\n|\t/g, '')), 'must not hold control characters')
    .refine(placeholdersOk, 'only {{name}} and {{siteName}} may be filled in'),
  button: line(40),
});

const buttonUrl = z
  .string()
  .trim()
  .max(500, 'at most 500 characters')
  .refine(
    (s) => (/^\/(?![/\\])/.test(s) || /^https:\/\/[^\s/?#]+/i.test(s)) && !/[\s\\]/.test(s) && !CONTROL.test(s),
    'must be a path on the site ("/credits") or an https:// address',
  );

const schema = z.strictObject({
  button_url: buttonUrl,
  ...Object.fromEntries(LOCALES.map((lng) => [lng, lng === 'en' ? text : text.optional()])),
});

/** Checks a template file's bytes; throws MailingTemplateError listing every problem. */
export function parseMailingTemplate(raw: Buffer): MailingTemplate {
  if (raw.length > MAX_TEMPLATE_BYTES) throw new MailingTemplateError([`the file is ${raw.length} bytes; at most ${MAX_TEMPLATE_BYTES} are allowed`]);
  let data: unknown;
  try {
    data = JSON.parse(raw.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new MailingTemplateError([`not valid JSON: ${(err as Error).message}`]);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new MailingTemplateError(
      parsed.error.issues.map((i) => {
        const at = i.path.join('.') || '(file)';
        if (i.code === 'unrecognized_keys') return `${at}: unknown field(s) ${i.keys.map((k) => `"${k}"`).join(', ')} (allowed: button_url, ${LOCALES.join(', ')}; in a language: subject, body, button)`;
        if (i.code === 'invalid_type' && valueAt(data, i.path) === undefined) return `${at}: missing${at === 'en' ? ' (English is required: members whose language has no text get it)' : ''}`;
        if (i.code === 'invalid_type') return `${at}: must be ${i.expected === 'object' ? 'an object' : `a ${i.expected === 'string' ? 'text' : i.expected}`}`;
        return `${at}: ${i.message}`;
      }),
    );
  }
  const { button_url, ...langs } = parsed.data as { button_url: string } & Record<string, MailingText | undefined>;
  const texts = Object.fromEntries(Object.entries(langs).filter(([, v]) => v !== undefined)) as MailingTemplate['texts'];
  return { buttonUrl: button_url, texts };
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), data);
}

/**
 * The mailing's key in notification_sends: the operator's campaign id, else a hash of the file,
 * so that sending the same file again (or resuming a run) reaches nobody twice.
 */
export function mailingKey(raw: Buffer, campaign?: string): string {
  if (campaign !== undefined) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,47}$/.test(campaign)) {
      throw new MailingTemplateError([`--campaign must be 1-48 letters, digits, ".", "_" or "-", starting with a letter or digit; got "${campaign.slice(0, 60)}"`]);
    }
    return `campaign:${campaign}`;
  }
  return `sha256:${createHash('sha256').update(raw).digest('hex').slice(0, 40)}`;
}

/** The text for a member's language, else English. */
export function mailingTextFor(t: MailingTemplate, lng: string): MailingText {
  return t.texts[lng as Locale] ?? t.texts.en;
}

/** The button's absolute address: a path is on the member's own site. */
export function mailingUrl(t: MailingTemplate, baseUrl: string): string {
  return t.buttonUrl.startsWith('/') ? `${baseUrl}${t.buttonUrl}` : t.buttonUrl;
}
