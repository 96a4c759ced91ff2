// The words of notification mails, pushes and receipts: member text escaped in HTML, one short
// line in headers, no message text, every mail linking to /notifications, a receipt with discount.
import { expect } from 'chai';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '../../server/render/i18n.js';
import { actionEmail, headerText } from '../../server/services/mail/email-templates.js';
import { eventMail, eventPush, type EventNotificationInput } from '../../server/services/notifications/notification-content.js';
import { siteMailContext } from '../../server/services/notifications/site-mail-context.js';
import { receiptMail } from '../../server/services/payments/receipts.js';

const site = siteMailContext({ id: 1, domain: 'amora.example', name: 'Amora', aliases: [], settings: { cdn_prefix: '/media', support_email: 'help@amora.example' }, isActive: true });

describe('notification mails', () => {
  let i18n: I18n;
  before(async () => {
    i18n = await createI18n();
  });

  const input = (name: string, over: Partial<EventNotificationInput> = {}): EventNotificationInput => ({
    kind: 'newMessage', type: 'new_messages', site, recipientName: 'Kim', path: '/chats/7', tag: 'conversation-7',
    from: { id: 3, name, birth_date: '1990-01-01', city: 'Leeds', is_fictional: false, main_file_key: 'abcdefabcdefabcdef12' },
    ...over,
  });

  it('headerText() makes one line of at most the given length, whatever the input', () => {
    expect(headerText('a\r\nBcc: x@y\u2028z\u0000')).to.equal('a Bcc: x@y z');
    expect(headerText('x'.repeat(500))).to.have.length(150);
    expect([...headerText('😀'.repeat(200), 10)]).to.have.length(10);
  });

  it('escapes the sender in HTML, keeps subject and push title to one line, shows the photo on the site\'s domain', () => {
    const hostile = '"><script>alert(1)</script>\nBcc: evil@example.com';
    const mail = eventMail(i18n.getFixedT('en'), input(hostile));
    expect(mail.html).not.to.include('<script>');
    expect(mail.html).to.include('&lt;script&gt;');
    expect(mail.subject).not.to.match(/[\r\n]/);
    expect(mail.html).to.include('src="https://amora.example/media/abcdefabcdefabcdef12_thumb.jpg"');
    expect(mail.html).to.include('href="https://amora.example/chats/7"').and.include('href="https://amora.example/notifications"');
    expect(mail.text).to.include('https://amora.example/notifications').and.include('amora.example');
    const push = eventPush(i18n.getFixedT('en'), input(hostile), 4);
    expect(push.title).not.to.match(/[\r\n]/);
    expect(push).to.include({ url: '/chats/7', tag: 'conversation-7', badge: 4, type: 'new_messages' });
  });

  it('shows the fictional label on a fictional sender, in the member\'s language', () => {
    const t = i18n.getFixedT('de');
    const mail = eventMail(t, input('Lotte', { from: { ...input('Lotte').from, is_fictional: true } }));
    const label = t('common:siteDefaults.fictional_singular', { siteName: 'Amora' });
    expect(mail.html).to.include(`>${label}</span>`);
    // The subject names the label too: a mailbox's list shows no card (issue 18.4).
    expect(mail.subject).to.equal(`Neue Nachricht von Lotte (${label})`);
    expect(eventPush(t, input('Lotte', { from: { ...input('Lotte').from, is_fictional: true } }), 1).title).to.equal(`Neue Nachricht von Lotte (${label})`);
  });

  it('existing action mails keep their button and gain the settings link of their site', () => {
    const mail = actionEmail(i18n.getFixedT('en'), { template: 'activation', name: 'Sam', siteName: 'Amora', supportEmail: 's@x', url: 'http://localhost:3000/activate?token=abc' });
    expect(mail.html).to.include('href="http://localhost:3000/activate?token=abc"').and.include('href="http://localhost:3000/notifications"');
    expect(mail.text).to.include('http://localhost:3000/activate?token=abc');
    expect(mail.subject).to.equal('Confirm your e-mail address for Amora');
  });

  it('a receipt states price, discount, total, method, date, reference, seller and refund policy', () => {
    const t = i18n.getFixedT('en');
    const mail = receiptMail(t, 'en', {
      site,
      receipt: {
        publicId: 'abc123def456abc123def456', credits: 250, amountCents: 2999, discountCents: 1000, discountCode: 'WELCOME<b>', currency: 'EUR', method: 'ideal',
        paidAt: Date.UTC(2026, 10, 23, 14, 5), siteId: 1, userId: 9, email: 'p@example.com', language: 'en', name: 'Pat',
      },
      company: { name: 'Amora Media B.V.', address: 'Herengracht 420', kvk: '87654321', city: 'Amsterdam', country: 'Netherlands', tradenames: ['Amora'], vat_numbers: ['NL001234567B01'], support_phone: '+31 20 123 4567', delete_discount: 0, added: 0 },
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).to.include('250 credits').and.include('€39.99').and.include('−€10.00').and.include('€29.99').and.include('iDEAL');
      expect(part).to.include('November 23, 2026').and.include('abc123def456abc123def456').and.include('NL001234567B01').and.include('87654321');
      expect(part).to.include('Amora Media B.V., trading as Amora').and.include('14 days').and.include('https://amora.example/pages/return-policy');
    }
    expect(mail.html).to.include('WELCOME&lt;b&gt;');
    expect(mail.subject).to.equal('Your receipt: 250 credits at Amora');
  });
});
