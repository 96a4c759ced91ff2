// The gift button beside the composer and the catalogue it opens (GET /api/gifts.php): pictures
// with their price; choosing one sends it. Esc or the button closes it again.
import { useEffect, useRef, useState } from 'react';
import type { Gift } from '../../types/chat.js';
import { api } from '../lib/api-client.js';
import { useIsland } from '../runtime.js';
import { giftName } from './message-list.js';

export function GiftPicker({ partnerName, onSend }: { partnerName: string; onSend: (gift: Gift) => void }) {
  const { t } = useIsland();
  // The profile's Gift action leads here with ?gift=1: the catalogue opens at once. The picker is
  // rendered only after hydration, so reading the address here cannot differ from the server.
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('gift') === '1');
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  const [failed, setFailed] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open || gifts) return;
    let live = true;
    api<{ gifts: Gift[] }>('/api/gifts.php')
      .then((answer) => live && setGifts(answer.gifts))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [open, gifts]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onClick = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open, gifts]);

  const choose = (gift: Gift) => {
    setOpen(false);
    toggle.current?.focus();
    onSend(gift);
  };

  return (
    <>
      <button
        type="button"
        ref={toggle}
        className={`chat-compose__gift${open ? ' chat-compose__gift--open' : ''}`}
        aria-label={t('giftButton')}
        aria-expanded={open}
        aria-controls="chat-gifts"
        onClick={() => setOpen((o) => !o)}
        data-testid="chat-gift-button"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M20 7h-2.18A3 3 0 0012 3.76 3 3 0 006.18 7H4a1 1 0 00-1 1v3a1 1 0 001 1h1v8a1 1 0 001 1h12a1 1 0 001-1v-8h1a1 1 0 001-1V8a1 1 0 00-1-1zm-5-2a1 1 0 010 2h-2V6a1 1 0 011-1h1zM8 6a1 1 0 012 0v1H9a1 1 0 01-1-1zM5 9h6v1H5V9zm2 3h4v7H7v-7zm6 7v-7h4v7h-4zm6-9h-6V9h6v1z"
            fill="currentColor"
          />
        </svg>
      </button>
      {open && (
        <div className="chat-gifts" id="chat-gifts" ref={panel} role="dialog" aria-label={t('giftTitle', { name: partnerName })} data-testid="chat-gifts">
          <p className="chat-gifts__title">{t('giftTitle', { name: partnerName })}</p>
          {failed ? (
            <p className="chat-gifts__note" role="alert">{t('giftsError')}</p>
          ) : !gifts ? (
            <p className="chat-gifts__note">{t('loading')}</p>
          ) : (
            <ul className="chat-gifts__grid">
              {gifts.map((gift) => {
                const name = giftName(t, gift.slug);
                return (
                  <li key={gift.id}>
                    <button type="button" className="chat-gift" onClick={() => choose(gift)} aria-label={t('giftSend', { gift: name, credits: gift.credits })} data-testid="chat-gift">
                      <img src={gift.image} alt="" width={56} height={56} />
                      <span className="chat-gift__name">{name}</span>
                      <span className="chat-gift__price">{t('credits', { credits: gift.credits })}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
