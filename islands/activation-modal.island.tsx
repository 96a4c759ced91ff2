// The activation reminder as a modal (SPEC.md §2): on a smartphone, the first page after the
// signup's complete step (its links carry ?api_signup_complete) asks for the e-mail confirmation in
// a dialog instead of the banner. The server renders it and CSS shows it only below the 768 px
// breakpoint (the banner from there up), the width at which the signup modal also tells phones from
// desktops: no User-Agent guessing, and no script needed. Without JavaScript its "Later" and ×
// links load the page again without the query (the banner then); with it they close it in place,
// and so does Esc, and the focus moves into it while it is open.
import { useCallback, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { currentCsrfToken } from './lib/api-client.js';
import { useModal } from './lib/use-modal.js';
import { useIsland } from './runtime.js';

export interface ActivationModalProps {
  email: string;
  /** This page without ?api_signup_complete: where closing leads, with or without a script. */
  closeHref: string;
}

/** Below the 768 px breakpoint (parts/activation-modal.css shows the modal there). */
const PHONE = '(max-width: 767.98px)';

function subscribePhone(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** False on the server and while hydrating: the server cannot know the width, CSS decides meanwhile. */
const usePhone = () => useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE).matches, () => false);

export default function ActivationModal({ email, closeHref }: ActivationModalProps) {
  const { t, csrfToken } = useIsland();
  const [open, setOpen] = useState(true);
  const phone = usePhone();
  const close = useCallback(() => {
    setOpen(false);
    // A reload shows the page as it is now: the banner, not the modal again.
    history.replaceState(history.state, '', closeHref);
  }, [closeHref]);
  // Hidden by CSS on wider screens: there it must neither take the focus nor stop the page scrolling.
  const card = useModal(close, 'button', open && phone);
  const onCloseLink = (e: MouseEvent) => {
    e.preventDefault();
    close();
  };
  if (!open) return null;
  return (
    <div className="activation-modal" data-testid="activation-modal">
      <div className="modal__backdrop" onClick={close} />
      <div className="modal__card activation-modal__card" role="dialog" aria-modal="true" aria-labelledby="activation-modal-title" aria-describedby="activation-modal-text" ref={card}>
        <a className="modal__close" href={closeHref} onClick={onCloseLink} aria-label={t('close')} data-testid="activation-modal-close">×</a>
        <div className="result__icon" aria-hidden="true">✉</div>
        <h2 id="activation-modal-title" className="activation-modal__title">{t('title')}</h2>
        <p id="activation-modal-text">{t('text', { email })}</p>
        <form method="post" action="/activation/resend">
          <input type="hidden" name="_csrf" value={currentCsrfToken(csrfToken)} />
          <button type="submit" className="btn btn--primary btn--block" data-testid="activation-modal-resend">{t('resend')}</button>
        </form>
        <a className="btn btn--link" href={closeHref} onClick={onCloseLink} data-testid="activation-modal-later">{t('later')}</a>
      </div>
    </div>
  );
}
