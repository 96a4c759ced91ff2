// The open conversation's header, the only header of the screen on phones: back to the list, the
// partner (round photo, name, age, presence, fictional label) linking to the profile, and a
// menu with the profile, report, block and delete. Report leads to the complaint form with the
// profile chosen, block to its confirmation page; delete is a plain form post without JavaScript.
import type { FormEvent } from 'react';
import type { ChatPartner } from '../../types/chat.js';
import { presenceText } from '../../types/presence.js';
import { PresenceBadge } from '../../views/components/presence-badge.js';
import { useIsland } from '../runtime.js';
import { Avatar } from './chat-list.js';
import { blockHref, reportHref } from './safety-links.js';

interface Props {
  /** The partner, with their presence as kept current by the pane (usePartnerPresence). */
  partner: ChatPartner;
  conversationId: number | null;
  fictionalLabel: string;
  onDelete: () => void;
}

export function ChatHeader({ partner, conversationId, fictionalLabel, onDelete }: Props) {
  const { t, csrfToken } = useIsland();
  const closeMenu = (form: HTMLFormElement) => form.closest('details')?.removeAttribute('open');
  const submitDelete = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    closeMenu(e.currentTarget);
    onDelete();
  };
  return (
    <header className="chat-head" data-testid="chat-head">
      <a className="chat-head__back" href="/chats" aria-label={t('back')}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M15.5 4.5L8 12l7.5 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
      {/* Named by what it shows (name, age, presence: WCAG 2.5.3); the title says where it leads. */}
      <a className="chat-head__who" href={`/members/${partner.id}`} title={t('viewProfile', { name: partner.name })}>
        <Avatar partner={partner} size={40} />
        <span className="chat-head__text">
          <span className="chat-head__name" data-testid="chat-partner">
            <span className="chat-head__name-text">{partner.name}</span>
            <span className="chat-head__age">, {partner.age}</span>
          </span>
          {(partner.presence || partner.isFictional) && (
            <span className="chat-head__sub">
              {partner.presence && <PresenceBadge presence={partner.presence} label={presenceText(t, partner.presence)} className="chat-head__presence" />}
              {partner.isFictional && <span className="chat-tag">{fictionalLabel}</span>}
            </span>
          )}
        </span>
      </a>
      <details className="menu chat-head__menu">
        <summary className="chat-head__menu-button" aria-label={t('menu')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <circle cx="12" cy="5" r="2" fill="currentColor" />
            <circle cx="12" cy="12" r="2" fill="currentColor" />
            <circle cx="12" cy="19" r="2" fill="currentColor" />
          </svg>
        </summary>
        <div className="menu__list chat-head__menu-list">
          <a className="menu__item" href={`/members/${partner.id}`}>{t('viewProfile', { name: partner.name })}</a>
          {!partner.deleted && (
            <>
              <a className="menu__item" href={reportHref(partner.id)} data-testid="chat-report">{t('report', { name: partner.name })}</a>
              <a className="menu__item chat-head__block" href={blockHref(partner.id, conversationId ? `/chats/${conversationId}` : `/members/${partner.id}/chat`)} data-testid="chat-block">
                {t('blockMenu', { name: partner.name })}
              </a>
            </>
          )}
          {conversationId !== null && (
            <form method="post" action={`/chats/${conversationId}/delete`} onSubmit={submitDelete}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit" className="menu__item chat-head__delete" data-testid="chat-delete">{t('delete')}</button>
            </form>
          )}
        </div>
      </details>
    </header>
  );
}
