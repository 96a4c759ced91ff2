// The operator's address lists (amora suppressions import) and the signed unsubscribe tokens.
import { expect } from 'chai';
import { parseAddressList } from '../../server/services/notifications/suppression-list.js';
import { UnsubscribeLinks } from '../../server/services/notifications/unsubscribe-links.js';

describe('suppression lists', () => {
  it('reads a CSV with an email column (quotes, separators, BOM, CRLF) and counts bad and repeated lines', () => {
    const csv = '\uFEFF"Reported at","E-mail"\r\n2026-11-01,"Ann@Example.com"\r\n2026-11-02,"x,y"\r\n2026-11-03,ann@example.com\r\n2026-11-04,bob@example.org\r\n';
    expect(parseAddressList(csv)).to.deep.equal({ emails: ['ann@example.com', 'bob@example.org'], bad: 1, duplicates: 1 });
    expect(parseAddressList('email;name\n" Cleo@Example.com ";"Cleo; the cat"\n').emails).to.deep.equal(['cleo@example.com']);
  });

  it('reads one address a line, skipping blank and comment lines', () => {
    expect(parseAddressList('# bounces\n\n  Dan@Example.com \nnot an address\n"eve@example.com"\n@example.com\n')).to.deep.equal({
      emails: ['dan@example.com', 'eve@example.com'], bad: 2, duplicates: 0,
    });
    expect(parseAddressList('')).to.deep.equal({ emails: [], bad: 0, duplicates: 0 });
  });
});

describe('unsubscribe tokens', () => {
  const links = new UnsubscribeLinks({ unsubscribeKey: async () => 'a test key of enough length for hmac' });
  const other = new UnsubscribeLinks({ unsubscribeKey: async () => 'another key' });

  it('carries the member, type and address, and only a token signed with the key verifies', async () => {
    const token = await links.token({ userId: 42, type: 'weekly_updates', email: ' Ann@Example.com' });
    expect(await links.verify(token)).to.deep.equal({ userId: 42, type: 'weekly_updates', email: 'ann@example.com' });
    expect(await other.verify(token)).to.equal(undefined);
    expect(await links.url('amora.example', 42, 'ann@example.com', 'news')).to.match(/^https:\/\/amora\.example\/unsubscribe\/1\.42\.6\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  });

  it('refuses any change to the token', async () => {
    const token = await links.token({ userId: 42, type: 'promotions', email: 'ann@example.com' });
    const [v, , type, email, mac] = token.split('.');
    for (const bad of [`${v}.43.${type}.${email}.${mac}`, `${v}.42.5.${email}.${mac}`, `2.42.${type}.${email}.${mac}`, `${v}.42.${type}.${Buffer.from('bob@example.com').toString('base64url')}.${mac}`, `${v}.42.99.${email}.${mac}`, token.slice(0, -1), `${token}x`, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, '', '....']) {
      expect(await links.verify(bad), bad).to.equal(undefined);
    }
  });
});
