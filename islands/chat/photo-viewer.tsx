// A chat photo at full size over the conversation (a modal <dialog>: Esc, the close button or a
// click beside the picture closes it). Without JavaScript the bubble's link opens the file itself.
import { useEffect, useRef } from 'react';
import type { ChatPhoto } from '../../types/chat.js';
import { useIsland } from '../runtime.js';

export function PhotoViewer({ photo, alt, onClose }: { photo: ChatPhoto | null; alt: string; onClose: () => void }) {
  const { t } = useIsland();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (photo && !el.open) el.showModal();
    if (!photo && el.open) el.close();
  }, [photo]);

  return (
    <dialog
      ref={dialog}
      className="chat-photo-viewer"
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      aria-label={t('openPhoto')}
      data-testid="chat-photo-viewer"
    >
      {photo && (
        <>
          <img src={photo.full} alt={alt} width={photo.width || undefined} height={photo.height || undefined} />
          <button type="button" className="chat-photo-viewer__close" onClick={onClose} aria-label={t('closePhoto')} autoFocus>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </>
      )}
    </dialog>
  );
}
