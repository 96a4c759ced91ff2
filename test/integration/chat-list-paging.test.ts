// The chat list in pages (issue 17): the chat pages render the newest CHAT_LIST_PAGE conversations;
// the island loads the next ones from GET /api/chats.php?before= as the list is scrolled, and
// without JavaScript a link pages on (/chats?before=); an older open conversation stays listed.
// GET /api/chats.php alone still answers the whole list. Opening a conversation already read
// writes nothing.
import { expect } from 'chai';
import * as chatRepo from '../../server/repos/chat-repo.js';
import { CHAT_LIST_PAGE } from '../../server/services/chat/chat-service.js';
import { chatsCursor, type ChatPaneProps, type ChatsAnswer } from '../../types/chat.js';
import { describeEachBackend } from '../helpers/backends.js';
import { loggedInAgent } from '../helpers/http.js';
import { createMember } from '../helpers/members.js';
import { createProfile } from '../helpers/profiles.js';

const CONVERSATIONS = CHAT_LIST_PAGE + 5;

function paneProps(html: string): ChatPaneProps {
  const mark = /data-island="chat-pane" data-props="(island-\d+)"/.exec(html);
  if (!mark) throw new Error('no chat pane on the page');
  const script = new RegExp(`<script type="application/json" id="${mark[1]}">(.*?)</script>`, 's').exec(html);
  return JSON.parse(script![1]!) as ChatPaneProps;
}

describeEachBackend('chat list paging', (env) => {
  const db = () => env().rt.db;
  let seq = 0;

  /** A member with CONVERSATIONS conversations, each with one message from the partner; two share their last message's time. */
  async function memberWithConversations() {
    const m = await createMember(db(), { name: 'Many' });
    const a = await loggedInAgent(env().app, m.email, m.password);
    const me = Number((await db()('profiles').where({ user_id: m.id }).first('id')).id);
    const start = Date.now() - 3_600_000;
    const ids: number[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      // Long inactive: they stay at the end of the shared database's searches that other tests read.
      const partner = (await createProfile(db(), env().rt.services.media, { photos: 0, name: `Partner${i}`, lastActiveAt: start - 30 * 86_400_000 })).id;
      // Conversations 3 and 4 share a time: the higher id comes first.
      const at = start + (i === 4 ? 3 : i) * 1000;
      const { conversation } = await chatRepo.openConversation(db(), partner, me, at);
      const id = Number(conversation.id);
      await chatRepo.insertMessage(db(), { conversationId: id, senderProfileId: partner, kind: 'text', body: `hello ${i}`, giftId: null, photoId: null, credits: 0, clientId: `lp${Date.now()}x${seq++}` }, at);
      await chatRepo.recordDelivery(db(), id, partner, me, at);
      ids.push(id);
    }
    // Newest first; on equal times the higher id first.
    const newestFirst = ids.map((id, i) => ({ id, at: i === 4 ? 3 : i })).sort((x, y) => y.at - x.at || y.id - x.id).map((c) => c.id);
    return { a, me, newestFirst };
  }

  it('renders the newest page on /chats with a link on, and the next page on /chats?before=', async () => {
    const { a, newestFirst } = await memberWithConversations();
    const res = await a.get('/chats').expect(200);
    const first = paneProps(res.text);
    expect(first.chats.map((c) => c.conversation.id)).to.deep.equal(newestFirst.slice(0, CHAT_LIST_PAGE));
    expect(first).to.deep.include({ chatsHasMore: true, chatsPaged: false });
    const cursor = chatsCursor(first.chats[CHAT_LIST_PAGE - 1]!);
    expect(res.text).to.include(`href="/chats?before=${cursor}"`);
    expect(res.text.match(/class="chat-item[ "]/g)).to.have.length(CHAT_LIST_PAGE);

    const later = await a.get(`/chats?before=${cursor}`).expect(200);
    const next = paneProps(later.text);
    expect(next.chats.map((c) => c.conversation.id)).to.deep.equal(newestFirst.slice(CHAT_LIST_PAGE));
    expect(next).to.deep.include({ chatsHasMore: false, chatsPaged: true });
    expect(later.text).to.include('class="chat-list__newest" href="/chats"');
    expect(later.text).not.to.include('data-testid="chat-list-more"');

    // A conversation page shows the same newest page of the list, or down to the open conversation when it is older.
    const recent = paneProps((await a.get(`/chats/${newestFirst[2]}`).expect(200)).text);
    expect(recent.chats.map((c) => c.conversation.id)).to.deep.equal(newestFirst.slice(0, CHAT_LIST_PAGE));
    expect(recent.chatsHasMore).to.equal(true);
    const older = paneProps((await a.get(`/chats/${newestFirst[CHAT_LIST_PAGE + 2]}`).expect(200)).text);
    expect(older.chats.map((c) => c.conversation.id)).to.deep.equal(newestFirst.slice(0, CHAT_LIST_PAGE + 3));
    expect(older.chatsHasMore).to.equal(true);
    const oldest = paneProps((await a.get(`/chats/${newestFirst[CONVERSATIONS - 1]}`).expect(200)).text);
    expect(oldest.chats.map((c) => c.conversation.id)).to.deep.equal(newestFirst);
    expect(oldest.chatsHasMore).to.equal(false);

    await a.get('/chats?before=abc').expect(404);
    await a.get('/chats?before=12-').expect(404);
  });

  it('answers the whole list on GET /api/chats.php, and the page after a cursor with ?before=', async () => {
    const { a, newestFirst } = await memberWithConversations();
    const all = (await a.get('/api/chats.php').expect(200)).body as ChatsAnswer;
    expect(all.chats.map((c) => c.conversation.id)).to.deep.equal(newestFirst);
    expect(all).to.deep.include({ has_more: false, num_unread_messages: CONVERSATIONS });

    const cursor = chatsCursor(all.chats[CHAT_LIST_PAGE - 1]!);
    const next = (await a.get(`/api/chats.php?before=${cursor}`).expect(200)).body as ChatsAnswer;
    expect(next.chats.map((c) => c.conversation.id)).to.deep.equal(newestFirst.slice(CHAT_LIST_PAGE));
    expect(next.has_more).to.equal(false);
    // Across the two conversations with one time: the cursor splits them by id, nothing twice or lost.
    const tied = newestFirst.indexOf(all.chats.find((c) => c.conversation.last_message === 'hello 4')!.conversation.id);
    const split = (await a.get(`/api/chats.php?before=${chatsCursor(all.chats[tied]!)}`).expect(200)).body as ChatsAnswer;
    expect(split.chats.map((c) => c.conversation.id)).to.deep.equal(newestFirst.slice(tied + 1, tied + 1 + CHAT_LIST_PAGE));
    expect(split.has_more).to.equal(newestFirst.length > tied + 1 + CHAT_LIST_PAGE);

    await a.get('/api/chats.php?before=abc').expect(400);
  });

  it('writes nothing when the conversation opened was read already', async () => {
    const { a, me, newestFirst } = await memberWithConversations();
    const id = newestFirst[0]!;
    await a.get(`/chats/${id}`).expect(200);
    const read = await db()('conversation_participants').where({ conversation_id: id, profile_id: me }).first('unread_count', 'last_read_at');
    expect(Number(read.unread_count)).to.equal(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await a.get(`/chats/${id}`).expect(200);
    const again = await db()('conversation_participants').where({ conversation_id: id, profile_id: me }).first('last_read_at');
    expect(Number(again.last_read_at)).to.equal(Number(read.last_read_at));
    expect((await a.get('/api/chats.php').expect(200)).body.num_unread_messages).to.equal(CONVERSATIONS - 1);
  });
});
