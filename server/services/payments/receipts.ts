// The receipt of a paid payment (issue 15.6): what was bought, for how much, how and when, the
// payment reference, the seller's details (SPEC.md §3 company info) and the refund policy, as
// consumer law expects of a sale at a distance. It is queued inside the fulfilment's own
// transaction (payments-service.ts), which runs once per payment however often the provider
// calls: the receipt is sent exactly once, and never for a payment that did not commit.
import type { i18n as I18n, TFunction } from 'i18next';
import type { Tx } from '../../db.js';
import { receiptOf, type ReceiptRow } from '../../repos/receipts-repo.js';
import { findSiteById, getCompany, type CompanyRow } from '../../repos/sites-repo.js';
import { esc, layoutEmail, quotedName, type EmailContent, type MailBlock } from '../mail/email-templates.js';
import type { MailService } from '../mail/mail-service.js';
import { countryName } from '../../lib/country-names.js';
import { mailLanguage, siteMailContext, type SiteMailContext } from '../notifications/site-mail-context.js';

export interface ReceiptQueue {
  /** Queues the receipt of payment `paymentId` in the fulfilment's transaction. */
  queue(tx: Tx, paymentId: number): Promise<void>;
}

export class ReceiptMails implements ReceiptQueue {
  constructor(
    private readonly mail: Pick<MailService, 'enqueue'>,
    private readonly i18n: I18n,
  ) {}

  async queue(tx: Tx, paymentId: number): Promise<void> {
    const receipt = await receiptOf(tx, paymentId);
    const siteRow = receipt && (await findSiteById(tx, receipt.siteId));
    if (!receipt || !siteRow) return;
    const site = siteMailContext(siteRow);
    const lng = mailLanguage(receipt.language, site);
    const content = receiptMail(this.i18n.getFixedT(lng), lng, { receipt, site, company: await getCompany(tx) });
    // Transactional (no notification type): it goes out whatever the member's switches say.
    await this.mail.enqueue({ siteId: site.id, userId: receipt.userId, to: receipt.email, template: 'receipt', language: lng, ...content, notificationType: null }, tx);
  }
}

const money = (lng: string, cents: number, currency: string) => new Intl.NumberFormat(lng, { style: 'currency', currency }).format(cents / 100);

/** The seller as the receipt names them: only the fields the operator filled in. */
function sellerLines(t: TFunction, lng: string, company: CompanyRow | undefined, site: SiteMailContext): string[] {
  if (!company?.name) return [t('emails:receipt.sellerSite', { siteName: site.name, supportEmail: site.supportEmail })];
  return [
    company.tradenames.length ? t('emails:receipt.sellerTrading', { company: company.name, tradenames: company.tradenames.join(', ') }) : company.name,
    [company.address, company.city, countryName(lng, company.country)].filter(Boolean).join(', '),
    company.kvk ? t('emails:receipt.registration', { kvk: company.kvk }) : '',
    company.vat_numbers.length ? t('emails:receipt.vat', { vat: company.vat_numbers.join(', ') }) : '',
    [site.supportEmail, company.support_phone].filter(Boolean).join(' · '),
  ].filter(Boolean);
}

export function receiptMail(t: TFunction, lng: string, o: { receipt: ReceiptRow; site: SiteMailContext; company: CompanyRow | undefined }): EmailContent {
  const { receipt: r, site } = o;
  const vars = { siteName: site.name, name: quotedName(r.name ?? ''), supportEmail: site.supportEmail, credits: r.credits };
  const date = `${new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(r.paidAt)} UTC`;
  const rows: [string, string][] = [
    [t('emails:receipt.bundle'), t('emails:receipt.bundleValue', vars)],
    ...(r.discountCents > 0
      ? ([
          [t('emails:receipt.price'), money(lng, r.amountCents + r.discountCents, r.currency)],
          [r.discountCode ? t('emails:receipt.discountCode', { code: quotedName(r.discountCode) }) : t('emails:receipt.discount'), `−${money(lng, r.discountCents, r.currency)}`],
        ] as [string, string][])
      : []),
    [t('emails:receipt.total'), money(lng, r.amountCents, r.currency)],
    [t('emails:receipt.method'), t(`payments:methods.${r.method}`, { defaultValue: r.method })],
    [t('emails:receipt.date'), date],
    [t('emails:receipt.reference'), r.publicId],
  ];
  const table: MailBlock = {
    html: `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:8px 0;font-size:15px">${rows
      .map(([k, v]) => `<tr><td style="padding:6px 0;color:#5c5468;border-bottom:1px solid #ece6ef">${esc(k)}</td><td style="padding:6px 0 6px 12px;text-align:right;font-weight:bold;border-bottom:1px solid #ece6ef;word-break:break-all">${esc(v)}</td></tr>`)
      .join('')}</table>`,
    text: rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
  };
  const seller = sellerLines(t, lng, o.company, site);
  return layoutEmail(t, { siteName: site.name, siteUrl: site.url, supportEmail: site.supportEmail }, {
    subject: t('emails:receipt.subject', vars),
    blocks: [{ text: r.name ? t('emails:greeting', vars) : t('emails:receipt.greetingNoName') }, { text: t('emails:receipt.intro', vars) }, table],
    button: { label: t('emails:receipt.button'), url: `${site.url}/transactions/${r.publicId}` },
    after: [{ text: t('emails:receipt.refundPolicy', { days: site.refundDays, url: `${site.url}/pages/return-policy` }) }, { text: t('emails:signature', vars) }],
    smallPrint: [{ text: `${t('emails:receipt.seller')}\n${seller.join('\n')}` }],
  });
}
