// The open conversation's header: back to the list (phones), the partner with a link to the
// profile, and a menu whose delete is a plain form post without JavaScript.
import type { FormEvent } from 'react';
import type { ChatPartner } from '../../types/chat.js';
import { useIsland } from '../runtime.js';
import { Avatar } from './chat-list.js';

interface Props {
  partner: ChatPartner;
  conversationId: number | null;
  fictionalLabel: string;
  onDelete: () => void;
}

export function ChatHeader({ partner, conversationId, fictionalLabel, onDelete }: Props) {
  const { t, csrfToken } = useIsland();
  const submitDelete = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    e.currentTarget.closest('details')?.removeAttribute('open');
    onDelete();
  };
  return (
    <header className="chat-head">
      <a className="chat-head__back" href="/chats" aria-label={t('back')}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M15.5 4.5L8 12l7.5 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
      <a className="chat-head__who" href={`/members/${partner.id}`} aria-label={t('viewProfile', { name: partner.name })}>
        <Avatar partner={partner} size={40} />
        <span className="chat-head__text">
          <span className="chat-head__name" data-testid="chat-partner">
            {partner.name}, {partner.age}
            {partner.isFictional && <span className="chat-tag">{fictionalLabel}</span>}
          </span>
          {partner.online && <span className="chat-head__status">{t('online')}</span>}
        </span>
      </a>
      {conversationId !== null && (
        <details className="menu chat-head__menu">
          <summary className="chat-head__menu-button" aria-label={t('menu')}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <circle cx="12" cy="5" r="2" fill="currentColor" />
              <circle cx="12" cy="12" r="2" fill="currentColor" />
              <circle cx="12" cy="19" r="2" fill="currentColor" />
            </svg>
          </summary>
          <div className="menu__list">
            <a className="menu__item" href={`/members/${partner.id}`}>{t('viewProfile', { name: partner.name })}</a>
            <form method="post" action={`/chats/${conversationId}/delete`} onSubmit={submitDelete}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit" className="menu__item chat-head__delete" data-testid="chat-delete">{t('delete')}</button>
            </form>
          </div>
        </details>
      )}
    </header>
  );
}
