// Erasure is complete (issue 13.4): a member with data in every place is deleted and purged, then
// every table of the schema (not a hand list) and every file under DATA_DIR is searched for their
// address, name, IP, IBAN, phone, words and photo files. Only the books keep rows under the
// member's id (ledger, payments, the mandate's reference), and those hold nothing personal.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { ChatMessage } from '../../types/chat.js';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent } from '../helpers/http.js';
import { leaksOf, memberEverywhere } from '../helpers/member-everywhere.js';

const DAY = 24 * 3600_000;

describeEachBackend('erasure of a purged account', (env) => {
  const db = () => env().rt.db;

  it('leaves nothing personal of a purged member in any table, file or Redis key; the books stay, anonymised', async () => {
    const m = await memberEverywhere(env(), { deletion: true });
    // The search sees the member everywhere before the purge (the test can fail).
    const before = await leaksOf(env(), m.subject);
    const stores = env().rt.redis ? ['redis session'] : ['sessions', 'database file'];
    for (const where of ['users', 'profiles', 'messages', 'chat_photos', 'direct_debit_mandates', 'sms_outbox', 'mail_outbox', 'audit_log', 'file ', ...stores]) {
      expect(before.some((l) => l.startsWith(where)), `before the purge: ${where}`).to.equal(true);
    }
    for (const address of [m.v.email, m.v.newEmail]) expect(before.some((l) => l.startsWith('file ') && l.endsWith(`.eml: "${address}"`)), address).to.equal(true);

    const result = await env().rt.services.accountDeletion.purge({ now: Date.now() + 15 * DAY });
    expect(result.accounts).to.be.greaterThan(0);
    expect(result.photos).to.be.at.least(2);
    expect(await leaksOf(env(), m.subject)).to.deep.equal([]);

    // The books: the ledger balances to zero, the payment and the mandate's reference remain.
    const ledger = (await db()('credit_ledger').where({ user_id: m.id }).orderBy('id')) as { delta: number; balance_after: number; reason: string }[];
    expect(ledger.reduce((sum, l) => sum + l.delta, 0)).to.equal(0);
    expect(ledger.at(-1)).to.include({ reason: 'purge', balance_after: 0 });
    expect(await db()('payments').where({ user_id: m.id })).to.have.length(1);
    expect(await db()('discount_codes').where({ code: `WELCOME-${m.tag}` }), 'an unused personal discount code').to.have.length(0);
    expect(await db()('direct_debit_mandates').where({ id: m.mandateId }).first('reference', 'iban', 'account_holder')).to.deep.equal({ reference: `AMR-${m.tag}`, iban: 'NL', account_holder: '' });

    // The partner sees the conversation with "Message deleted" in place of each message.
    const partner = await loggedInAgent(env().app, m.partner.email, m.partner.password);
    const history = (await partner.get(`/api/messages.php?conversation=${m.conversationId}`).expect(200)).body.messages as ChatMessage[];
    // (The partner's own reply, the last message, stays theirs.)
    expect(history.map((x) => [x.kind, x.body, x.gift, x.photo])).to.deep.equal([
      ['deleted', null, null, null], ['deleted', null, null, null], ['deleted', null, null, null], ['text', m.reply, null, null],
    ]);
    const page = await partner.get(`/chats/${m.conversationId}`).expect(200);
    expect(page.text.match(/data-testid="chat-msg-deleted"[^>]*>Message deleted</g)).to.have.length(3);
    // The erased partner is "Deleted member" in the member's language, and nothing can be sent there.
    expect(page.text).to.include('data-testid="chat-partner-deleted"').and.include('Deleted member').and.not.include('id="chat-body"');
    const nl = await partner.get(`/chats/${m.conversationId}`).set('Cookie', 'amora_lang=nl').expect(200);
    expect(nl.text).to.include('Bericht verwijderd').and.include('Verwijderd lid');
    const chats = (await partner.get('/api/chats.php').expect(200)).body.chats as { profile: { deleted: boolean }; conversation: { id: number; last_message_kind: string } }[];
    const chat = chats.find((c) => c.conversation.id === m.conversationId)!;
    expect([chat.profile.deleted, chat.conversation.last_message_kind]).to.deep.equal([true, 'text']);

    // A second purge finds nothing and changes nothing.
    expect(await env().rt.services.accountDeletion.purge({ now: Date.now() + 15 * DAY })).to.deep.equal({ accounts: 0, photos: 0 });
    expect(await leaksOf(env(), m.subject)).to.deep.equal([]);
  });

  it('finishes the file removals a crashed purge left behind', async () => {
    const key = randomBytes(16).toString('hex');
    const dir = join(env().rt.config.dataDir, 'chat-media', key.slice(0, 2));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${key}.jpg`), 'x');
    await db()('file_removals').insert({ store: 'chat-media', name: key, created_at: Date.now() });
    await env().rt.services.accountDeletion.purge();
    expect(readdirSync(dir)).not.to.include(`${key}.jpg`);
    expect(await db()('file_removals').where({ name: key })).to.have.length(0);
  });
});
