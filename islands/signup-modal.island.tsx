// The signup modal (SPEC.md §2) for a member who left the steps midway: on desktop it reopens at
// their step on the other pages (visitors' links go to /signup, itself a dialog on desktop, see
// signup/signup-dialog.tsx); phones and the installed app follow links to the page. Backdrop and
// Esc close it only until the account is being created; from then on the member finishes.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SignupModalProps } from '../types/signup.js';
import { useModal } from './lib/use-modal.js';
import { useIsland } from './runtime.js';
import { SignupWizard } from './signup/wizard.js';

const DESKTOP = '(min-width: 768px)';
const SIGNUP_LINK = 'a[href="/signup"], a[href^="/signup?"], a[data-signup]';

const isDesktop = () => window.matchMedia(DESKTOP).matches && !window.matchMedia('(display-mode: standalone)').matches;

export default function SignupModal({ resume, ...wizard }: SignupModalProps) {
  const { t } = useIsland();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [returnTo, setReturnTo] = useState(wizard.returnTo);
  const opener = useRef<HTMLElement | null>(null);

  const close = useCallback(() => {
    if (busy) return;
    setOpen(false);
    opener.current?.focus();
  }, [busy]);

  useEffect(() => {
    // The viewport is known only in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (resume && isDesktop()) setOpen(true);
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest<HTMLAnchorElement>(SIGNUP_LINK);
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || !isDesktop()) return;
      e.preventDefault();
      opener.current = link;
      setReturnTo(link.dataset.return ?? (window.location.pathname.startsWith('/signup') ? '/members' : window.location.pathname));
      setOpen(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [resume]);

  // Focus on the first field, Tab kept inside, Esc (which `close` refuses while busy), the page behind held still.
  const cardRef = useModal(close, 'input:not([type="hidden"]), select, textarea', open);

  if (!open) return null;
  return (
    <div className="modal" data-testid="signup-modal">
      <div className="modal__backdrop" onClick={close} data-testid="signup-modal-backdrop" />
      <div className="modal__card" role="dialog" aria-modal="true" aria-label={t('dialogLabel')} ref={cardRef}>
        {!busy && (
          <button type="button" className="modal__close" onClick={close} aria-label={t('close')}>
            ×
          </button>
        )}
        <SignupWizard {...wizard} returnTo={returnTo} modal onBusy={setBusy} />
      </div>
    </div>
  );
}
