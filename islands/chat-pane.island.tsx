// The chat pane (SPEC.md §2, §4): the conversation list beside the open conversation (its newest page,
// loading on as it is scrolled), history with
// paging, optimistic sending (a retry reuses the client id, so it is charged once), gifts, photos, live
// messages, read receipts and unread counts from GET /api/events, and deleting a conversation
// (removed here first; on failure an alert and the list reloaded). The server renders all of it,
// so without JavaScript the page still reads and sends through plain forms.
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { NEWEST_CHATS_CURSOR, chatsCursor, type ChatFormError, type ChatMessage, type ChatPaneProps, type ChatPhoto, type ChatsAnswer, type Gift, type MessagesPage, type SendAnswer } from '../types/chat.js';
import type { LiveEvent } from '../types/events.js';
import { Avatar, ChatList } from './chat/chat-list.js';
import { ChatHeader } from './chat/chat-header.js';
import { Composer } from './chat/composer.js';
import { newClientId, type Clock } from './chat/format.js';
import { GiftPicker } from './chat/gift-picker.js';
import { Icebreaker } from './chat/icebreaker.js';
import { MessageList, giftName } from './chat/message-list.js';
import { initialEntries, messagesReducer, type Outgoing, type OutgoingPhoto } from './chat/messages.js';
import { PhotoViewer } from './chat/photo-viewer.js';
import { usePartnerPresence } from './chat/use-partner-presence.js';
import { useVisualViewportFit } from './chat/viewport.js';
import { ApiError, api } from './lib/api-client.js';
import { onLiveEvent, onLiveOpen } from './lib/live-events.js';
import { useIsland } from './runtime.js';

const noSubscription = () => () => undefined;
/** False on the server and while hydrating, true after: local times replace the server's UTC ones then. */
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

const preview = (m: ChatMessage) => ({ last_message: m.kind === 'gift' ? null : m.body, last_message_kind: m.kind, last_message_at: m.created_at, last_message_mine: m.mine });

/** The server's limits for a photo (MAX_UPLOAD_BYTES), checked before the upload is attempted. */
const MAX_PHOTO_MB = 10;

/** A chosen file as a photo to send, with a local URL for the preview and its size once decoded. */
function attachmentOf(file: File): Promise<OutgoingPhoto> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ file, url, width: img.naturalWidth, height: img.naturalHeight });
    // A picture the browser cannot show (HEIC in most browsers) may still be one the server reads.
    img.onerror = () => resolve({ file, url, width: 0, height: 0 });
    img.src = url;
  });
}

export default function ChatPane(props: ChatPaneProps) {
  const { t, csrfToken } = useIsland();
  const { fictionalLabel, price, hasNewer } = props;
  // An erased account's profile is stored as "Deleted": shown in the member's language instead.
  const named = useMemo(() => (props.partner?.deleted ? { ...props.partner, name: t('deletedMember') } : props.partner), [props.partner, t]);
  const [presence, refreshPresence] = usePartnerPresence(named);
  const partner = useMemo(() => (named ? { ...named, presence } : null), [named, presence]);
  const hydrated = useHydrated();
  const [conversationId, setConversationId] = useState(props.conversationId);
  const [entries, dispatch] = useReducer(messagesReducer, props.messages, initialEntries);
  const [hasMore, setHasMore] = useState(props.hasMore);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [chats, setChats] = useState(props.chats);
  const [chatsHasMore, setChatsHasMore] = useState(props.chatsHasMore);
  const [chatsPaged, setChatsPaged] = useState(props.chatsPaged);
  const loadingChats = useRef(false);
  const [credits, setCredits] = useState(props.credits);
  const [leftToday, setLeftToday] = useState(props.leftToday);
  const [now, setNow] = useState(() => Date.parse(props.now));
  const [draft, setDraft] = useState('');
  const [attachment, setAttachment] = useState<OutgoingPhoto | null>(null);
  const [viewing, setViewing] = useState<{ photo: ChatPhoto; alt: string } | null>(null);
  const [error, setError] = useState<ChatFormError | null>(props.formError);
  const [removed, setRemoved] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const current = useRef({ conversationId, chats, chatsPaged, unseen: false, entries });
  useLayoutEffect(() => {
    current.current = { ...current.current, conversationId, chats, chatsPaged, entries };
  });
  const clock: Clock = { now, timeZone: hydrated ? undefined : 'UTC' };
  const open = partner !== null && !removed;
  useVisualViewportFit();

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  /**
   * A message in a conversation the list does not show (a new one, or one further down than the
   * pages loaded): the newest page again, in front of the rest already loaded. Not the whole list
   * (up to 200 conversations) on every such message.
   */
  const reloadChats = useCallback(async () => {
    const answer = await api<ChatsAnswer>(`/api/chats.php?before=${NEWEST_CHATS_CURSOR}`).catch(() => undefined);
    if (!answer) return;
    // A later page opened by its address (/chats?before=) would leave a gap: the newest page alone.
    if (current.current.chatsPaged || current.current.chats.length === 0) {
      setChats(answer.chats);
      setChatsHasMore(answer.has_more);
      setChatsPaged(false);
      return;
    }
    setChats((list) => {
      const fresh = new Set(answer.chats.map((c) => c.conversation.id));
      return [...answer.chats, ...list.filter((c) => !fresh.has(c.conversation.id))];
    });
  }, []);

  /** The list's next page, added below (the server renders only the newest). */
  const loadMoreChats = useCallback(async () => {
    const last = current.current.chats[current.current.chats.length - 1];
    if (!last || loadingChats.current) return;
    loadingChats.current = true;
    try {
      const answer = await api<ChatsAnswer>(`/api/chats.php?before=${chatsCursor(last)}`);
      // A conversation that moved meanwhile may come again: shown once.
      setChats((list) => {
        const shown = new Set(list.map((c) => c.conversation.id));
        return [...list, ...answer.chats.filter((c) => !shown.has(c.conversation.id))];
      });
      setChatsHasMore(answer.has_more);
    } catch {
      // The link stays: scrolling to it again, or clicking it, tries again.
    } finally {
      loadingChats.current = false;
    }
  }, []);
  const onMoreChats = useCallback(() => void loadMoreChats(), [loadMoreChats]);

  const markRead = useCallback(() => {
    const id = current.current.conversationId;
    current.current.unseen = false;
    if (id) void api('/api/chat-read.php', { method: 'POST', body: { conversation: id }, csrfToken, retries: 1 }).catch(() => undefined);
  }, [csrfToken]);

  /** Moves a conversation to the top of the list with its newest message; unknown ones reload the list. */
  const touchChat = useCallback(
    (m: ChatMessage, unread: boolean) => {
      if (!current.current.chats.some((c) => c.conversation.id === m.conversation_id)) return void reloadChats();
      setChats((list) => {
        const i = list.findIndex((c) => c.conversation.id === m.conversation_id);
        if (i < 0) return list;
        const c = list[i]!;
        const updated = { ...c, conversation: { ...c.conversation, ...preview(m) }, num_unread_messages: c.num_unread_messages + (unread ? 1 : 0) };
        return [updated, ...list.slice(0, i), ...list.slice(i + 1)];
      });
    },
    [reloadChats],
  );

  const onLive = useCallback(
    (event: LiveEvent) => {
      const openId = current.current.conversationId;
      if (event.type === 'message') {
        const m = event.message;
        const here = m.conversation_id === openId;
        touchChat(m, !here && !m.mine);
        if (!here || hasNewer) return;
        dispatch({ type: 'merge', messages: [m] });
        if (m.mine) return;
        // The partner just wrote: their presence is worth asking again.
        refreshPresence();
        const said = m.kind === 'gift' && m.gift ? t('giftLabel', { gift: giftName(t, m.gift.slug) }) : m.kind === 'photo' ? [t('photo'), m.body].filter(Boolean).join(': ') : (m.body ?? '');
        setAnnouncement(`${partner?.name ?? ''}: ${said}`);
        if (document.visibilityState === 'visible') markRead();
        else current.current.unseen = true;
      } else if (event.type === 'read') {
        if (event.conversation_id === openId) dispatch({ type: 'read', upToId: event.up_to_id });
      } else if (event.type === 'conversation_removed') {
        setChats((list) => list.filter((c) => c.conversation.id !== event.conversation_id));
        if (event.conversation_id === openId) {
          setRemoved(true);
          history.replaceState(null, '', '/chats');
        }
      } else if (event.type === 'credits') {
        setCredits(event.credits);
        if (event.left_today !== undefined) setLeftToday(event.left_today);
      }
    },
    [touchChat, markRead, hasNewer, partner, t, refreshPresence],
  );

  // After a lost connection the stream does not replay what it missed: fetch it again.
  const refresh = useCallback(async () => {
    void reloadChats();
    const id = current.current.conversationId;
    if (!id || hasNewer) return;
    const page = await api<MessagesPage>(`/api/messages.php?conversation=${id}`).catch(() => undefined);
    if (!page) return;
    // What the partner wrote while the page was hidden (its stream closed then) is read now.
    const known = new Set(current.current.entries.map((e) => e.message.id));
    dispatch({ type: 'merge', messages: page.messages });
    if (document.visibilityState === 'visible' && page.messages.some((m) => !m.mine && !known.has(m.id))) markRead();
  }, [reloadChats, hasNewer, markRead]);

  useEffect(() => onLiveEvent(onLive), [onLive]);
  useEffect(() => {
    let opened = 0;
    return onLiveOpen(() => {
      if (opened++ > 0) void refresh();
    });
  }, [refresh]);
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && current.current.unseen && markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  const send = useCallback(
    async (outgoing: Outgoing, retryOf?: string) => {
      if (!partner) return;
      const clientId = retryOf ?? newClientId();
      const id = current.current.conversationId;
      setError(null);
      if (retryOf) dispatch({ type: 'retrying', clientId });
      else dispatch({ type: 'pending', clientId, conversationId: id ?? 0, outgoing, at: new Date().toISOString() });
      const to = id ? { conversation: id } : { profile: partner.id };
      const body = outgoing.photo ? photoForm(to, outgoing, clientId) : { ...to, ...(outgoing.gift ? { gift: outgoing.gift.id } : { body: outgoing.body }), client_id: clientId };
      try {
        const answer = await api<SendAnswer>('/api/messages.php', { method: 'POST', csrfToken, body });
        dispatch({ type: 'merge', messages: [answer.message] });
        setCredits(answer.credits);
        if (answer.left_today !== undefined) setLeftToday(answer.left_today);
        // The stored photo's own URLs replaced the local one.
        if (outgoing.photo) URL.revokeObjectURL(outgoing.photo.url);
        if (id) return touchChat(answer.message, false);
        current.current.conversationId = answer.message.conversation_id;
        setConversationId(answer.message.conversation_id);
        history.replaceState(null, '', `/chats/${answer.message.conversation_id}`);
        void reloadChats();
      } catch (err) {
        const e = err instanceof ApiError ? err : new ApiError(0, 'network', '');
        // The request or only its answer may be lost: keep it for a retry with the same client id.
        if (e.status === 0) return dispatch({ type: 'failed', clientId });
        dispatch({ type: 'drop', clientId });
        if (outgoing.body) setDraft((d) => (d.trim() ? d : outgoing.body!));
        // Refused (no credits, not a picture): the photo waits in the composer again.
        if (outgoing.photo) setAttachment((a) => a ?? outgoing.photo!);
        setError({
          message: e.message || (e.status === 402 ? t('noCredits') : t('error')),
          creditsLink: e.code === 'insufficient_credits' || e.code === 'conversation_limit',
        });
      }
    },
    [partner, csrfToken, t, touchChat, reloadChats],
  );

  const sendText = (body: string) => {
    setDraft('');
    if (!attachment) return void send({ body });
    setAttachment(null);
    void send({ body: body.trim() ? body : undefined, photo: attachment });
  };
  const attach = (file: File) => {
    // The server checks again; these are only the quick answers for the common mistakes.
    if (!file.type.startsWith('image/')) return setError({ message: t('photoType'), creditsLink: false });
    if (file.size > MAX_PHOTO_MB * 1024 * 1024) return setError({ message: t('photoTooLarge', { max: MAX_PHOTO_MB }), creditsLink: false });
    setError(null);
    void attachmentOf(file).then((next) => {
      setAttachment((previous) => {
        if (previous) URL.revokeObjectURL(previous.url);
        return next;
      });
    });
  };
  const detach = () => {
    setAttachment((previous) => {
      if (previous) URL.revokeObjectURL(previous.url);
      return null;
    });
  };
  /** An icebreaker line goes into the composer, never straight out: the member sees the price and sends. */
  const putInComposer = (line: string) => {
    composerFocusAt.current = line.length;
    setDraft(line);
  };
  // Focus the composer in an effect of the render that closed the icebreaker: React runs the modal's
  // cleanup (which hands the focus back to where it was) before this, so the composer keeps it. A
  // timer instead raced that cleanup on a slow phone.
  const composerFocusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = composerFocusAt.current;
    if (at === null) return;
    composerFocusAt.current = null;
    const input = document.getElementById('chat-body') as HTMLTextAreaElement | null;
    input?.focus();
    input?.setSelectionRange(at, at);
  });
  const sendGift = (gift: Gift) => void send({ gift: { id: gift.id, slug: gift.slug, image: gift.image } });
  const retry = (clientId: string) => {
    const entry = current.current.entries.find((e) => e.key === clientId);
    if (entry?.outgoing) void send(entry.outgoing, clientId);
  };

  const loadOlder = useCallback(async () => {
    const id = current.current.conversationId;
    const oldest = current.current.entries.find((e) => e.state === 'sent');
    if (!id || !oldest || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await api<MessagesPage>(`/api/messages.php?conversation=${id}&before=${oldest.message.id}`, { progress: true });
      dispatch({ type: 'merge', messages: page.messages });
      setHasMore(page.has_more);
    } catch {
      // The link stays; scrolling up again tries again.
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder]);

  const remove = async () => {
    const id = current.current.conversationId;
    if (!id || !partner || !window.confirm(t('deleteConfirm', { name: partner.name }))) return;
    setChats((list) => list.filter((c) => c.conversation.id !== id));
    setRemoved(true);
    history.replaceState(null, '', '/chats');
    try {
      await api('/api/chat.php', { method: 'DELETE', body: { conversation: id }, csrfToken, progress: true });
    } catch (err) {
      window.alert(err instanceof ApiError && err.message ? err.message : t('deleteFailed'));
      setRemoved(false);
      history.replaceState(null, '', `/chats/${id}`);
      await reloadChats();
    }
  };

  const oldest = entries.find((e) => e.state === 'sent');
  return (
    <div className={`chat ${open ? 'chat--open' : 'chat--index'}`} data-testid="chat-pane">
      <ChatList
        chats={chats}
        currentId={open ? conversationId : null}
        clock={clock}
        fictionalLabel={fictionalLabel}
        paging={{ hasMore: chatsHasMore, paged: chatsPaged, onMore: hydrated ? onMoreChats : undefined }}
      />
      <section className="chat-pane" aria-label={open ? t('conversationWith', { name: partner.name }) : undefined}>
        {open ? (
          <>
            <ChatHeader partner={partner} conversationId={conversationId} fictionalLabel={fictionalLabel} onDelete={() => void remove()} />
            <MessageList
              entries={entries}
              partnerName={partner.name}
              clock={clock}
              hasMore={hasMore}
              loadingOlder={loadingOlder}
              olderHref={conversationId && oldest ? `/chats/${conversationId}?before=${oldest.message.id}` : null}
              onLoadOlder={() => void loadOlder()}
              newestHref={hasNewer && conversationId ? `/chats/${conversationId}` : null}
              onRetry={retry}
              onOpenPhoto={(photo, alt) => setViewing({ photo, alt })}
              empty={
                <div className="chat-start">
                  <Avatar partner={partner} size={88} />
                  <p>{t('startHint', { name: partner.name })}</p>
                </div>
              }
            />
            {partner.deleted ? (
              <p className="chat-gone" data-testid="chat-partner-deleted">{t('deletedMemberNote')}</p>
            ) : (
              <Composer
                target={conversationId ? { conversation: conversationId } : { profile: partner.id }}
                partnerName={partner.name}
                formClientId={props.formClientId}
                draft={draft}
                onDraft={setDraft}
                onSend={sendText}
                attachment={attachment}
                onAttach={attach}
                onDetach={detach}
                price={price}
                credits={credits}
                leftToday={leftToday}
                error={error}
                gifts={hydrated ? <GiftPicker partnerName={partner.name} onSend={sendGift} /> : null}
              />
            )}
            <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="chat-announcer">{announcement}</div>
            <PhotoViewer photo={viewing?.photo ?? null} alt={viewing?.alt ?? ''} onClose={() => setViewing(null)} />
            {props.icebreaker && !partner.deleted && entries.length === 0 && !hasMore && (
              <Icebreaker partner={partner} hints={props.icebreaker} writing={draft !== ''} onPick={putInComposer} />
            )}
          </>
        ) : (
          <div className="chat-empty">
            <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
              <path d="M32 8C17.6 8 6 17.9 6 30.1c0 6.6 3.4 12.5 8.8 16.6L12 58l12.4-6.6c2.4.6 5 .9 7.6.9 14.4 0 26-9.9 26-22.1S46.4 8 32 8z" fill="currentColor" />
            </svg>
            <h2>{removed ? t('deleted') : t('choose')}</h2>
            <p>{t('chooseHint')}</p>
            <a className="btn btn--light" href="/members">{t('findMembers')}</a>
          </div>
        )}
      </section>
    </div>
  );
}

/** A photo send as multipart: the file, the caption, and where it goes (POST /api/messages.php). */
function photoForm(to: { conversation: number } | { profile: number }, outgoing: Outgoing, clientId: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(to)) form.append(key, String(value));
  form.append('client_id', clientId);
  if (outgoing.body) form.append('body', outgoing.body);
  form.append('photo', outgoing.photo!.file);
  return form;
}
