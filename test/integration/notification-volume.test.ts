// How many mails a busy chat queues (issue 15's report): 1,000 messages between 50 pairs, sent
// through the chat service as the API sends them, with nobody online and nobody reading in
// between. The rule (one mail per conversation until the member reads it) makes that one mail per
// member and conversation: 100, where a mail per message would have been 1,000. Counted, not timed.
import { expect } from 'chai';
import { applyCreditDelta } from '../../server/repos/credits-repo.js';
import type { Viewer } from '../../server/services/viewer.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createMember } from '../helpers/members.js';

const PAIRS = 50;
const MESSAGES = 1000;
const PRICES = { messageCredits: 10, giftCredits: 25, photoCredits: 20, messageLength: 1000 };

describeEachBackend('notification volume', (env) => {
  const db = () => env().rt.db;

  async function viewer(name: string): Promise<Viewer> {
    // A ready-made hash: these members never log in, and 100 password hashes would only cost time.
    const m = await createMember(db(), { name, passwordHash: 'unused' });
    await db()('users').where({ id: m.id }).update({ paid_user: true, premium_since: Date.now() });
    await db().transaction((tx) => applyCreditDelta(tx, { userId: m.id, delta: 10 * MESSAGES, reason: 'grant' }));
    const profileId = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    return { userId: m.id, profileId, premium: true };
  }

  it(`${MESSAGES} messages between ${PAIRS} pairs queue one mail per member and conversation, far below one per message`, async function () {
    this.timeout(180_000);
    const pairs: [Viewer, Viewer][] = [];
    for (let i = 0; i < PAIRS; i++) pairs.push([await viewer(`Vol${i}a`), await viewer(`Vol${i}b`)]);
    const members = pairs.flat().map((v) => v.userId);
    const conversations = new Map<number, number>();
    for (let n = 0; n < MESSAGES; n++) {
      const pairIndex = n % PAIRS;
      const [a, b] = pairs[pairIndex]!;
      // The pair writes in turns: A opens, B answers, A again, …
      const [from, to] = Math.floor(n / PAIRS) % 2 === 0 ? [a, b] : [b, a];
      const conversationId = conversations.get(pairIndex);
      const answer = await env().rt.services.chat.send(
        from,
        { ...(conversationId ? { conversationId } : { profileId: to.profileId }), body: `message ${n}`, clientId: `volume-${Date.now().toString(36)}-${n}` },
        PRICES,
      );
      conversations.set(pairIndex, answer.message.conversation_id);
    }
    const sent = Number((await db()('messages').whereIn('conversation_id', [...conversations.values()]).count({ n: '*' }).first())?.n);
    expect(sent).to.equal(MESSAGES);
    const mails = (await db()('mail_outbox').whereIn('user_id', members).select('template', 'user_id')) as { template: string; user_id: number }[];
    console.log(`      ${MESSAGES} messages between ${PAIRS} pairs queued ${mails.length} mails`);
    expect(mails.length).to.equal(2 * PAIRS);
    expect(mails.filter((m) => m.template === 'notify.newConversation')).to.have.length(PAIRS);
    expect(new Set(mails.map((m) => m.user_id)).size).to.equal(2 * PAIRS);
    expect(mails.length).to.be.below(MESSAGES / 5);
  });
});
