// /signup on a wide screen: the signup steps as a dialog over the site (SPEC.md §2), so a plain
// link to /signup works on pages that ship no script at all. parts/signup.css lays it out
// as a page on phones and as a dialog from 768 px (Tab then stays inside). Backdrop, × and Esc close it only until the
// account is being created; from then on the member finishes or leaves the page, and a reload
// resumes the step (the server keeps it).
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { trapTab } from '../lib/focus-trap.js';
import { useIsland } from '../runtime.js';

export interface SignupDialogTexts {
  title: string;
  intro: string;
  haveAccount: string;
  login: string;
}

const DIALOG_MEDIA = '(min-width: 768px) and (not (display-mode: standalone))';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DIALOG_MEDIA);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isDialog = () => window.matchMedia(DIALOG_MEDIA).matches;

/** Back to the page the visitor came from on this site, or else to closeTo. */
function leave(closeTo: string): void {
  const nav = typeof navigation === 'undefined' ? null : navigation;
  const index = nav?.currentEntry?.index ?? -1;
  // The Navigation API lists only this site's entries, so "back" never leaves the site.
  const previous = index > 0 ? nav?.entries()[index - 1]?.url : undefined;
  if (previous && !new URL(previous).pathname.startsWith('/signup')) window.history.back();
  else window.location.assign(closeTo);
}

interface SignupDialogProps {
  closeTo: string;
  texts: SignupDialogTexts | null;
  /** The wizard, given a callback that reports when the account is being created. */
  children: (onBusy: (busy: boolean) => void) => ReactNode;
  /** A step after the account (the server resumed one): nothing may close the dialog. */
  startBusy: boolean;
}

export function SignupDialog({ closeTo, texts, children, startBusy }: SignupDialogProps) {
  const { t } = useIsland();
  const [busy, setBusy] = useState(startBusy);
  const dialog = useSyncExternalStore(subscribe, isDialog, () => false);
  const cardRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    if (!busy) leave(closeTo);
  }, [busy, closeTo]);

  const onCloseClick = (e: MouseEvent) => {
    e.preventDefault();
    close();
  };

  useEffect(() => {
    if (!dialog) return;
    // Focus starts in the dialog, on the first field of the step.
    if (!cardRef.current?.contains(document.activeElement)) cardRef.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      else if (cardRef.current) trapTab(e, cardRef.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dialog, close]);

  return (
    <div className={busy ? 'signup-dialog is-busy' : 'signup-dialog'} data-testid="signup-modal">
      {!busy && <a className="signup-dialog__backdrop" href={closeTo} onClick={onCloseClick} tabIndex={-1} aria-hidden="true" data-testid="signup-modal-backdrop" />}
      {busy && <div className="signup-dialog__backdrop" />}
      <div
        className="signup-dialog__card auth__card"
        ref={cardRef}
        role={dialog ? 'dialog' : undefined}
        aria-modal={dialog ? true : undefined}
        aria-label={dialog ? t('dialogLabel') : undefined}
      >
        {!busy && (
          <a className="modal__close signup-dialog__close" href={closeTo} onClick={onCloseClick} aria-label={t('close')}>
            ×
          </a>
        )}
        {texts && !busy && (
          <>
            <h1 className="page-title">{texts.title}</h1>
            <p>{texts.intro}</p>
          </>
        )}
        {children(setBusy)}
        {texts && !busy && (
          <p className="auth__alt">
            {texts.haveAccount} <a href="/login">{texts.login}</a>
          </p>
        )}
      </div>
    </div>
  );
}
