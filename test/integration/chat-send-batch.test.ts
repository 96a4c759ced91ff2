// storeSendInConversation() called many times in one turn of the event loop, as a burst of sends
// reaches it: on SQLite they are committed together (group commit), each in a savepoint of its own,
// so a refused debit or a repeated client id takes back only that send; on MySQL they share round
// trips (one multi-statement), each its own transaction, and a failing one stops the trip, the sends
// after it going in the next. Either way every send is answered as if it had been alone, and the
// ledger adds up.
import { expect } from 'chai';
import type { Db } from '../../server/db.js';
import { storeSendInConversation, type ConversationSend } from '../../server/repos/chat-send-repo.js';
import * as chatRepo from '../../server/repos/chat-repo.js';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

const PRICE = 10;
let seq = 0;

describeEachBackend('chat sends stored in one burst', (env) => {
  const db = (): Db => env().rt.db;

  async function sender(credits: number) {
    const m = await createMember(db());
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    if (credits > 0) await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: credits, reason: 'grant' }));
    const partner = (await createProfile(db(), env().rt.services.media, { photos: 0 })).id;
    const { conversation } = await chatRepo.openConversation(db(), profileId, partner, Date.now());
    return { userId: m.id, profileId, partner, conversationId: Number(conversation.id) };
  }

  const send = (s: Awaited<ReturnType<typeof sender>>, clientId: string): ConversationSend => ({
    userId: s.userId, senderProfileId: s.profileId, receiverProfileId: s.partner, conversationId: s.conversationId, kind: 'text',
    body: `burst ${clientId}`, giftId: null, cost: PRICE, clientId, now: Date.now(), receiverCounts: false,
  });
  const settle = (sends: ConversationSend[]) => Promise.allSettled(sends.map((s) => storeSendInConversation(db(), s)));
  const balance = async (userId: number) => Number((await db()('users').where({ id: userId }).first('credits')).credits);

  it('stores each send of a burst once: a refused debit and a repeated client id change nothing of the others', async () => {
    const rich = await sender(100);
    const poor = await sender(PRICE + 5);
    const repeated = `batch-${seq++}`;
    const results = await settle([
      send(rich, `batch-${seq++}`), send(poor, `batch-${seq++}`), send(rich, repeated), send(poor, `batch-${seq++}`), send(rich, repeated), send(rich, `batch-${seq++}`),
    ]);
    const [first, poorFirst, repeatedA, poorSecond, repeatedB, last] = results;
    const why = (r: PromiseSettledResult<unknown> | undefined) => (r?.status === 'rejected' ? String(r.reason) : r?.status);
    for (const ok of [first, poorFirst, last]) expect(why(ok)).to.equal('fulfilled');
    expect(poorFirst?.status === 'fulfilled' && poorFirst.value?.balance).to.equal(5);
    // Short of credits: refused, nothing written (undefined), the other sends unharmed.
    expect(poorSecond).to.deep.equal({ status: 'fulfilled', value: undefined });
    // The same client id twice: one is stored; the other finds its ledger key taken and fails alone
    // (on SQLite the later in the batch; on MySQL, where they run at once, whichever came second).
    const repeated2 = [repeatedA, repeatedB];
    expect(repeated2.filter((r) => r?.status === 'fulfilled')).to.have.length(1);
    const repeatedFirst = repeated2.find((r) => r?.status === 'fulfilled');
    expect(await balance(rich.userId)).to.equal(100 - 3 * PRICE);
    expect(await balance(poor.userId)).to.equal(5);
    expect(await db()('messages').where({ sender_profile_id: rich.profileId })).to.have.length(3);
    expect(await db()('messages').where({ sender_profile_id: poor.profileId })).to.have.length(1);
    const ledger = Number((await db()('credit_ledger').where({ user_id: rich.userId }).sum({ s: 'delta' }).first())?.s);
    expect(ledger).to.equal(100 - 3 * PRICE);
    const unread = await db()('conversation_participants').where({ conversation_id: rich.conversationId, profile_id: rich.partner }).first('unread_count');
    expect(Number(unread.unread_count)).to.equal(3);
    // The message ids are the stored rows', each its own.
    const ids = [first, repeatedFirst, last].map((r) => (r?.status === 'fulfilled' ? r.value?.messageId : 0));
    expect(new Set(ids).size).to.equal(3);
    const stored = (await db()('messages').where({ sender_profile_id: rich.profileId }).orderBy('id').pluck('id')).map(Number);
    expect([...ids].sort((a, b) => a! - b!)).to.deep.equal(stored);
  });

  it('fails only the send whose conversation a block deleted meanwhile', async () => {
    const a = await sender(100);
    const b = await sender(100);
    await db()('conversation_participants').where({ conversation_id: b.conversationId }).del();
    await db()('conversations').where({ id: b.conversationId }).del();
    const [kept, gone] = await settle([send(a, `batch-${seq++}`), send(b, `batch-${seq++}`)]);
    expect(kept?.status).to.equal('fulfilled');
    expect(gone?.status).to.equal('rejected');
    expect(await balance(a.userId)).to.equal(100 - PRICE);
    expect(await balance(b.userId)).to.equal(100);
    expect(await db()('credit_ledger').where({ user_id: b.userId, reason: 'message' })).to.have.length(0);
  });

  it('answers a burst larger than a trip, failures spread through it, each send once', async () => {
    const members = await Promise.all([sender(1000), sender(1000), sender(3 * PRICE)]);
    const sends: ConversationSend[] = [];
    const repeatedIds: string[] = [];
    for (let i = 0; i < 120; i++) {
      const m = members[i % 3]!;
      // Every tenth send repeats the client id of the send before it of the same member.
      const clientId = i % 10 === 9 ? sends[i - 3]!.clientId : `batch-${seq++}`;
      if (i % 10 === 9) repeatedIds.push(clientId);
      sends.push(send(m, clientId));
    }
    const results = await settle(sends);
    for (const [i, m] of members.entries()) {
      const own = results.filter((_, j) => j % 3 === i);
      const stored = own.filter((r) => r.status === 'fulfilled' && r.value !== undefined) as PromiseFulfilledResult<{ messageId: number; balance: number }>[];
      const messages = (await db()('messages').where({ sender_profile_id: m.profileId }).orderBy('id').pluck('id')).map(Number);
      // Each answered message id is a stored row, and each stored row was answered once.
      expect(stored.map((r) => r.value.messageId).sort((a, b) => a - b)).to.deep.equal(messages);
      const start = i === 2 ? 3 * PRICE : 1000;
      expect(await balance(m.userId)).to.equal(start - PRICE * messages.length);
      const ledger = Number((await db()('credit_ledger').where({ user_id: m.userId }).sum({ s: 'delta' }).first())?.s);
      expect(ledger).to.equal(start - PRICE * messages.length);
      // Only a repeated client id fails; the poor member is refused (undefined) once out of credits.
      for (const r of own) if (r.status === 'rejected') expect(repeatedIds.some((id) => String(r.reason).includes(id)) || /duplicate|unique/i.test(String(r.reason))).to.equal(true);
    }
    expect(results.filter((r) => r.status === 'rejected').length).to.be.at.most(repeatedIds.length);
    expect(await balance(members[2]!.userId)).to.equal(0);
  });
});
