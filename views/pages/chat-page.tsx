// The chat pages (/chats, /chats/{id}, /members/{id}/chat): the chat pane island, which renders
// the conversation list, the history and the send form on the server and enhances them in the browser.
import ChatPane from '../../islands/chat-pane.island.js';
import type { ChatPaneProps } from '../../types/chat.js';
import { Island } from '../components/island.js';

export function ChatPage({ pane }: { pane: ChatPaneProps }) {
  return <Island name="chat-pane" component={ChatPane} section="chat" hydrate="load" props={pane} />;
}
