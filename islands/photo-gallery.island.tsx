// The photo gallery of a profile. Locked photos arrive already blurred by the server (the full
// picture is never sent); the lock overlay says why: premium only for free members, log in for
// visitors. Thumbnails and the arrow keys switch the large picture; the large picture opens the
// photos full screen (gallery/photo-lightbox.tsx), and closing that gives the focus back here.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { GalleryProps } from '../types/profiles.js';
import { PhotoLightbox } from './gallery/photo-lightbox.js';
import { useIsland } from './runtime.js';

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z" />
    </svg>
  );
}

export default function PhotoGallery({ profileId, name, photos, viewer, fictionalLabel }: GalleryProps) {
  const { t } = useIsland();
  const [index, setIndex] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const wasEnlarged = useRef(false);
  const current = photos[index];
  const lockedCount = photos.filter((p) => p.locked).length;
  const next = `/members/${profileId}`;

  const move = (step: 1 | -1) => setIndex((i) => (i + step + photos.length) % photos.length);
  const onKeyDown = (e: KeyboardEvent) => {
    if (photos.length < 2 || enlarged || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
    move(e.key === 'ArrowRight' ? 1 : -1);
    e.preventDefault();
  };

  // Closed: the focus goes back to the large picture, or to its thumbnail when the photo reached
  // in the full-screen view is a locked one (no button to open it).
  useEffect(() => {
    if (wasEnlarged.current && !enlarged) root.current?.querySelector<HTMLElement>('.gallery__open, .thumb--current')?.focus();
    wasEnlarged.current = enlarged;
  }, [enlarged]);

  const lockMessage =
    viewer === 'visitor' ? (
      <a href={`/login?next=${encodeURIComponent(next)}`} className="btn btn--primary btn--sm" data-testid="gallery-login">
        {t('loginToView', { name })}
      </a>
    ) : (
      <>
        <span>{t('premiumOnly')}</span>
        <a href="/premium" className="btn btn--primary btn--sm">{t('getPremium')}</a>
      </>
    );

  return (
    <div className="gallery" onKeyDown={onKeyDown} ref={root} data-testid="gallery">
      <div className="gallery__stage">
        {current && !current.locked ? (
          // Named by the photo's own text; "has popup: dialog" says that it opens.
          <button type="button" className="gallery__open" onClick={() => setEnlarged(true)} aria-haspopup="dialog" data-testid="gallery-open">
            <img src={current.url} alt={t('photoOf', { name, n: index + 1, total: photos.length })} width={720} height={960} className="gallery__img" />
          </button>
        ) : current ? (
          <img src={current.url} alt={t('photoOf', { name, n: index + 1, total: photos.length })} width={720} height={960} className="gallery__img gallery__img--locked" />
        ) : (
          <div className="card__nophoto card__nophoto--large" aria-hidden="true">{name.slice(0, 1)}</div>
        )}
        {fictionalLabel && <span className="tag tag--fictional">{fictionalLabel}</span>}
        {current?.locked && (
          <div className="gallery__lock" data-testid="gallery-lock">
            <LockIcon />
            {lockMessage}
          </div>
        )}
        {photos.length > 1 && <span className="gallery__count">{index + 1} / {photos.length}</span>}
      </div>
      {photos.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('thumbnails', { name })}>
          {photos.map((p, i) => (
            <li key={p.id}>
              <button type="button" className={i === index ? 'thumb thumb--current' : 'thumb'} onClick={() => setIndex(i)} aria-pressed={i === index} aria-label={t('showPhoto', { n: i + 1 })}>
                <img src={p.thumbUrl} alt="" width={96} height={128} loading="lazy" />
                {p.locked && (
                  <span className="thumb__lock" aria-hidden="true">
                    <LockIcon />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {lockedCount > 0 && viewer !== 'premium' && viewer !== 'own' && (
        <p className="gallery__note" data-testid="gallery-note">
          {viewer === 'visitor' ? t('loginToView', { name }) : t('lockedNote', { name })}
        </p>
      )}
      <PhotoLightbox photos={photos} name={name} index={enlarged ? index : null} onMove={move} onClose={() => setEnlarged(false)} lockNote={lockMessage} />
    </div>
  );
}
