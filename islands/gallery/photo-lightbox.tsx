// A profile's photos over the whole screen: a modal <dialog>, so the browser keeps the focus inside
// and Esc closes it; ← and → (or the buttons) move through the photos, and closing gives the focus
// back to the photo that opened it. A locked photo stays the server's blurred one, with its note.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { PhotoView } from '../../types/profiles.js';
import { useIsland } from '../runtime.js';

interface Props {
  photos: PhotoView[];
  name: string;
  /** The photo shown, or null while closed. */
  index: number | null;
  onMove: (step: 1 | -1) => void;
  onClose: () => void;
  /** What a locked photo says instead (log in, or get premium). */
  lockNote: ReactNode;
}

function Arrow({ back }: { back?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <path d={back ? 'M15.5 4.5L8 12l7.5 7.5' : 'M8.5 4.5L16 12l-7.5 7.5'} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function PhotoLightbox({ photos, name, index, onMove, onClose, lockNote }: Props) {
  const { t } = useIsland();
  const dialog = useRef<HTMLDialogElement>(null);
  const photo = index === null ? undefined : photos[index];

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (photo && !el.open) {
      el.showModal();
      el.querySelector<HTMLElement>('.lightbox__btn--close')?.focus();
    }
    if (!photo && el.open) el.close();
  }, [photo]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (photos.length < 2 || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    // The gallery around it would move the photo a second time.
    e.stopPropagation();
    onMove(e.key === 'ArrowRight' ? 1 : -1);
  };

  return (
    <dialog ref={dialog} className="lightbox" onClose={onClose} onKeyDown={onKeyDown} aria-label={t('thumbnails', { name })} data-testid="gallery-lightbox">
      {photo && index !== null && (
        <>
          <button type="button" className="lightbox__btn lightbox__btn--close" onClick={onClose} aria-label={t('close')} data-testid="lightbox-close">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <figure className="lightbox__figure">
            <img src={photo.url} alt={t('photoOf', { name, n: index + 1, total: photos.length })} width={720} height={960} className={photo.locked ? 'lightbox__img gallery__img--locked' : 'lightbox__img'} />
            {photo.locked && <figcaption className="lightbox__lock">{lockNote}</figcaption>}
          </figure>
          {photos.length > 1 && (
            <>
              <button type="button" className="lightbox__btn lightbox__btn--prev" onClick={() => onMove(-1)} aria-label={t('previous')} data-testid="lightbox-previous">
                <Arrow back />
              </button>
              <button type="button" className="lightbox__btn lightbox__btn--next" onClick={() => onMove(1)} aria-label={t('next')} data-testid="lightbox-next">
                <Arrow />
              </button>
              <p className="lightbox__count" aria-live="polite">{index + 1} / {photos.length}</p>
            </>
          )}
        </>
      )}
    </dialog>
  );
}
