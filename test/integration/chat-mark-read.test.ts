// chatRepo.markRead(): reads exactly the partner's unread messages and names the newest of the
// partner's, whatever the order of the conversation's messages and their read states.
import { expect } from 'chai';
import * as chatRepo from '../../server/repos/chat-repo.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createProfile } from '../helpers/profiles.js';

describeEachBackend('chat mark read', (env) => {
  const db = () => env().rt.db;
  let seq = 0;

  async function conversation() {
    const a = (await createProfile(db(), env().rt.services.media, { photos: 0 })).id;
    const b = (await createProfile(db(), env().rt.services.media, { photos: 0 })).id;
    const { conversation } = await chatRepo.openConversation(db(), a, b, Date.now());
    const say = (sender: number) =>
      chatRepo.insertMessage(db(), { conversationId: Number(conversation.id), senderProfileId: sender, kind: 'text', body: 'hi', giftId: null, photoId: null, credits: 0, clientId: `mr${Date.now()}x${seq++}` }, Date.now());
    return { id: Number(conversation.id), a, b, say };
  }
  const unreadIds = async (conversationId: number) => (await db()('messages').where({ conversation_id: conversationId }).whereNull('read_at').orderBy('id').pluck('id')).map(Number);

  it('marks only the partner unread messages read and returns the newest partner message', async () => {
    const c = await conversation();
    const fromB1 = await c.say(c.b);
    const fromB2 = await c.say(c.b);
    const fromA = await c.say(c.a);
    expect(await chatRepo.markRead(db(), c.id, c.a, 1000)).to.equal(fromB2);
    // A's own message waits for B; B's are read, with the time given.
    expect(await unreadIds(c.id)).to.deep.equal([fromA]);
    expect((await db()('messages').where({ id: fromB1 }).first('read_at')).read_at).to.satisfy((v: unknown) => Number(v) === 1000);
    // Nothing new: the same answer, nothing changes (the first reading stays).
    expect(await chatRepo.markRead(db(), c.id, c.a, 2000)).to.equal(fromB2);
    expect((await db()('messages').where({ id: fromB2 }).first('read_at')).read_at).to.satisfy((v: unknown) => Number(v) === 1000);
    // B reads A's message; their newest partner message is A's.
    expect(await chatRepo.markRead(db(), c.id, c.b, 3000)).to.equal(fromA);
    expect(await unreadIds(c.id)).to.deep.equal([]);
  });

  it('returns 0 when the partner has written nothing', async () => {
    const c = await conversation();
    await c.say(c.a);
    expect(await chatRepo.markRead(db(), c.id, c.a, 1000)).to.equal(0);
    expect(await unreadIds(c.id)).to.have.length(1);
  });
});
