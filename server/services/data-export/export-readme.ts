// README.txt of a data export, in the member's language: what each file holds and what is left
// out and why. Plain text with Windows line ends, so that every system's text viewer shows it.
import type { TFunction } from 'i18next';

/** The files of the archive in the order the README explains them (the key of each text). */
export const EXPORT_FILES = [
  ['account.json', 'account'],
  ['profile.json', 'profile'],
  ['photos/', 'photos'],
  ['likes.json', 'likes'],
  ['blocks.json', 'blocks'],
  ['conversations.json', 'conversations'],
  ['photos/chat/', 'chatPhotos'],
  ['gifts.json', 'gifts'],
  ['payments.json', 'payments'],
  ['credit-ledger.json', 'creditLedger'],
  ['notifications.json', 'notifications'],
  ['consents.json', 'consents'],
  ['logins.json', 'logins'],
  ['complaints.json', 'complaints'],
] as const;

const NOT_INCLUDED = ['password', 'others', 'blockedBy', 'secrets'] as const;

const underline = (s: string, c: string) => `${s}\n${c.repeat([...s].length)}`;

export function exportReadme(t: TFunction, o: { siteName: string; domain: string; supportEmail: string; createdAt: Date }): string {
  const k = (key: string, vars: Record<string, unknown> = {}) => t(`pages:dataExport.readme.${key}`, { siteName: o.siteName, domain: o.domain, supportEmail: o.supportEmail, ...vars });
  const lines = [
    underline(k('title'), '='),
    '',
    k('intro', { date: o.createdAt.toISOString().slice(0, 16).replace('T', ' ') }),
    '',
    underline(k('filesTitle'), '-'),
    '',
    ...EXPORT_FILES.flatMap(([file, key]) => [file, `    ${k(`files.${key}`)}`, '']),
    underline(k('notIncludedTitle'), '-'),
    '',
    ...NOT_INCLUDED.map((key) => `- ${k(`notIncluded.${key}`)}`),
    '',
    k('questions'),
    '',
  ];
  return lines.join('\r\n');
}
