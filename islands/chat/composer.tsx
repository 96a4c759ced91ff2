// The message composer: a plain form that posts to /chats/send without JavaScript; with it, Enter
// sends (Shift+Enter a new line) through the pane's optimistic send. The price of a message shows
// before sending, a counter near the length limit, the balance with a way to buy more.
import { type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { ChatFormError, ChatPriceInfo } from '../../types/chat.js';
import { useIsland } from '../runtime.js';

interface Props {
  target: { conversation: number } | { profile: number };
  partnerName: string;
  formClientId: string;
  draft: string;
  onDraft: (text: string) => void;
  onSend: (body: string) => void;
  price: ChatPriceInfo;
  credits: number;
  error: ChatFormError | null;
  /** The gift button and its catalogue: only once the island runs. */
  gifts: ReactNode;
}

/** Characters as the server counts them (code points, not UTF-16 units). */
const lengthOf = (s: string) => [...s].length;

export function Composer({ target, partnerName, formClientId, draft, onDraft, onSend, price, credits, error, gifts }: Props) {
  const { t, csrfToken } = useIsland();
  const length = lengthOf(draft.trim());
  const tooLong = length > price.messageLength;
  const showCounter = length >= price.messageLength * 0.8;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim() || tooLong) return;
    onSend(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };

  return (
    <div className="chat-compose">
      <div className="chat-compose__inner">
        {error && (
          <div className="chat-compose__error" role="alert" data-testid="chat-error">
            <span>{error.message}</span>
            {error.creditsLink && (
              <a className="btn btn--primary btn--sm" href="/credits" data-testid="chat-buy-credits">{t('buyCredits')}</a>
            )}
          </div>
        )}
        <form className="chat-compose__form" method="post" action="/chats/send" onSubmit={submit} data-testid="chat-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          {'conversation' in target ? (
            <input type="hidden" name="conversation" value={target.conversation} />
          ) : (
            <input type="hidden" name="profile" value={target.profile} />
          )}
          <input type="hidden" name="client_id" value={formClientId} />
          {gifts}
          <label className="sr-only" htmlFor="chat-body">{t('messageLabel', { name: partnerName })}</label>
          <textarea
            id="chat-body"
            className="chat-compose__input"
            name="body"
            rows={1}
            placeholder={t('placeholder')}
            value={draft}
            onChange={(e) => onDraft(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby="chat-price"
            aria-invalid={tooLong || undefined}
            required
            data-testid="chat-input"
          />
          <button type="submit" className="chat-compose__send" aria-label={t('send')} disabled={tooLong} data-testid="chat-send">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M3.4 20.4l17.45-7.48a1 1 0 000-1.84L3.4 3.6a.99.99 0 00-1.39.91L2 9.12c0 .5.37.93.87.99L17 12 2.87 13.88c-.5.07-.87.5-.87 1l.01 4.61c0 .71.73 1.2 1.39.91z" fill="currentColor" />
            </svg>
          </button>
        </form>
        <div className="chat-compose__meta">
          <span id="chat-price" className="chat-compose__price" data-testid="chat-price">
            {t('price', { credits: price.messageCredits })}
            {price.approx && <> · {t('approx', { price: price.approx })}</>}
          </span>
          <a className="chat-compose__balance" href="/credits" data-testid="chat-credits" data-credits={credits}>
            {t('balance', { credits })}
          </a>
          {showCounter && (
            <span className={`chat-compose__counter${tooLong ? ' chat-compose__counter--over' : ''}`} aria-live="polite" aria-label={t('counter', { n: length, max: price.messageLength })}>
              {length}/{price.messageLength}
            </span>
          )}
        </div>
        {tooLong && <p className="chat-compose__hint">{t('tooLong', { max: price.messageLength })}</p>}
      </div>
    </div>
  );
}
