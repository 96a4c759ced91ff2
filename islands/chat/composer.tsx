// The message composer: a plain multipart form that posts to /chats/send without JavaScript (text,
// a photo, or both); with it, Enter sends (Shift+Enter a new line) through the pane's optimistic
// send, and a chosen photo shows as a preview with its price until it is sent or removed. The
// prices show before sending, a counter near the length limit, the balance with a way to buy more,
// and what is left of the daily spending limit when the member set one.
import { useEffect, useRef, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { ChatFormError, ChatPriceInfo } from '../../types/chat.js';
import { useIsland } from '../runtime.js';
import type { OutgoingPhoto } from './messages.js';

interface Props {
  target: { conversation: number } | { profile: number };
  partnerName: string;
  formClientId: string;
  draft: string;
  onDraft: (text: string) => void;
  onSend: (body: string) => void;
  /** The photo waiting to be sent with the next send, if any. */
  attachment: OutgoingPhoto | null;
  onAttach: (file: File) => void;
  onDetach: () => void;
  price: ChatPriceInfo;
  credits: number;
  /** What is left of the member's daily spending limit today; null without a limit. */
  leftToday: number | null;
  error: ChatFormError | null;
  /** The gift button and its catalogue: only once the island runs. */
  gifts: ReactNode;
}

/** Characters as the server counts them (code points, not UTF-16 units). */
const lengthOf = (s: string) => [...s].length;

function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M9.4 4a1 1 0 00-.83.45L7.47 6H5a3 3 0 00-3 3v8a3 3 0 003 3h14a3 3 0 003-3V9a3 3 0 00-3-3h-2.47l-1.1-1.55A1 1 0 0014.6 4H9.4zM12 9a4 4 0 110 8 4 4 0 010-8zm0 2a2 2 0 100 4 2 2 0 000-4z"
        fill="currentColor"
      />
    </svg>
  );
}

export function Composer({ target, partnerName, formClientId, draft, onDraft, onSend, attachment, onAttach, onDetach, price, credits, leftToday, error, gifts }: Props) {
  const { t, csrfToken } = useIsland();
  const fileInput = useRef<HTMLInputElement>(null);
  const length = lengthOf(draft.trim());
  const tooLong = length > price.messageLength;
  const showCounter = length >= price.messageLength * 0.8;

  // The input only hands the file over; cleared, the same picture can be chosen again.
  useEffect(() => {
    if (!attachment && fileInput.current) fileInput.current.value = '';
  }, [attachment]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if ((!draft.trim() && !attachment) || tooLong) return;
    onSend(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) onAttach(file);
  };

  return (
    <div className="chat-compose">
      <div className="chat-compose__inner">
        {/* A live region that is always there: a refusal that comes back later is read out as it fills in. */}
        <div role="alert" data-testid="chat-alert">
          {error && (
            <div className="chat-compose__error" data-testid="chat-error">
              <span>{error.message}</span>
              {error.creditsLink && (
                <a className="btn btn--primary btn--sm" href="/credits" data-testid="chat-buy-credits">{t('buyCredits')}</a>
              )}
            </div>
          )}
        </div>
        {leftToday !== null && leftToday < price.messageCredits && !error && (
          // What is left of the daily spending limit (issue 18.3) pays for no message: buying credits would not help today.
          <div className="chat-compose__error chat-compose__notice" role="status" data-testid="chat-limit-used-up">
            <span>{leftToday <= 0 ? t('spendLimit.usedUp') : t('spendLimit.short', { credits: price.messageCredits, left: leftToday })}</span>
            <a className="btn btn--light btn--sm" href="/settings#spend-limit">{t('spendLimit.settings')}</a>
          </div>
        )}
        {credits < price.messageCredits && !error?.creditsLink && !(leftToday !== null && leftToday < price.messageCredits) && (
          // Said before the member types: a message needs more credits than there are, and where to get them.
          <div className="chat-compose__error chat-compose__notice" role="status" data-testid="chat-no-credits">
            <span>{credits <= 0 ? t('outOfCredits', { credits: price.messageCredits }) : t('lowCredits', { credits: price.messageCredits, balance: credits })}</span>
            <a className="btn btn--primary btn--sm" href="/credits" data-testid="chat-no-credits-buy">{t('buyCredits')}</a>
          </div>
        )}
        {attachment && (
          <div className="chat-compose__attachment" data-testid="chat-attachment">
            <img src={attachment.url} alt={t('photoPreviewAlt')} />
            <span className="chat-compose__attachment-text">
              <strong>{t('photoReady')}</strong>
              <span data-testid="chat-photo-price">{t('photoPrice', { credits: price.photoCredits })}</span>
            </span>
            <button type="button" className="chat-compose__detach" onClick={onDetach} aria-label={t('removePhoto')} data-testid="chat-detach">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        )}
        {/* Multipart, so that a photo goes with the form; the CSRF token rides in the URL, as multipart bodies are read after the check. */}
        <form
          className="chat-compose__form"
          method="post"
          action={`/chats/send?_csrf=${encodeURIComponent(csrfToken)}`}
          encType="multipart/form-data"
          onSubmit={submit}
          data-testid="chat-form"
        >
          <input type="hidden" name="_csrf" value={csrfToken} />
          {'conversation' in target ? (
            <input type="hidden" name="conversation" value={target.conversation} />
          ) : (
            <input type="hidden" name="profile" value={target.profile} />
          )}
          <input type="hidden" name="client_id" value={formClientId} />
          {gifts}
          <label className="chat-compose__attach" title={t('attach', { credits: price.photoCredits })}>
            <input
              ref={fileInput}
              type="file"
              name="photo"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,image/gif"
              className="chat-compose__file"
              onChange={onFile}
              aria-label={t('attach', { credits: price.photoCredits })}
              data-testid="chat-photo-input"
            />
            <CameraIcon />
          </label>
          <label className="sr-only" htmlFor="chat-body">{t('messageLabel', { name: partnerName })}</label>
          <textarea
            id="chat-body"
            className="chat-compose__input"
            name="body"
            rows={1}
            placeholder={attachment ? t('captionPlaceholder') : t('placeholder')}
            value={draft}
            onChange={(e) => onDraft(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby="chat-price"
            aria-invalid={tooLong || undefined}
            data-testid="chat-input"
          />
          <button type="submit" className="chat-compose__send" aria-label={attachment ? t('sendPhoto') : t('send')} disabled={tooLong} data-testid="chat-send">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M3.4 20.4l17.45-7.48a1 1 0 000-1.84L3.4 3.6a.99.99 0 00-1.39.91L2 9.12c0 .5.37.93.87.99L17 12 2.87 13.88c-.5.07-.87.5-.87 1l.01 4.61c0 .71.73 1.2 1.39.91z" fill="currentColor" />
            </svg>
          </button>
        </form>
        <div className="chat-compose__meta">
          <span id="chat-price" className="chat-compose__price" data-testid="chat-price">
            {attachment ? (
              <strong>{t('photoPrice', { credits: price.photoCredits })}</strong>
            ) : (
              <>
                {price.money ? t('priceMoney', { credits: price.messageCredits, money: price.money }) : t('price', { credits: price.messageCredits })}
                {' · '}
                {t('photoPrice', { credits: price.photoCredits })}
              </>
            )}
          </span>
          <a className="chat-compose__balance" href="/credits" data-testid="chat-credits" data-credits={credits}>
            {t('balance', { credits })}
          </a>
          {leftToday !== null && (
            <a className="chat-compose__left" href="/settings#spend-limit" data-testid="chat-left-today" data-left={leftToday}>
              {t('spendLimit.left', { count: leftToday })}
            </a>
          )}
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
