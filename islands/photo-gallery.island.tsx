// The photo gallery of a profile. Locked photos arrive already blurred by the server (the full
// picture is never sent); the lock overlay says why: premium only for free members, log in for
// visitors. Thumbnails and the arrow keys switch the large picture.
import { useState, type KeyboardEvent } from 'react';
import type { GalleryProps } from '../types/profiles.js';
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
  const current = photos[index];
  const lockedCount = photos.filter((p) => p.locked).length;
  const next = `/members/${profileId}`;

  const onKeyDown = (e: KeyboardEvent) => {
    if (photos.length < 2) return;
    if (e.key === 'ArrowRight') setIndex((i) => (i + 1) % photos.length);
    else if (e.key === 'ArrowLeft') setIndex((i) => (i - 1 + photos.length) % photos.length);
    else return;
    e.preventDefault();
  };

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
    <div className="gallery" onKeyDown={onKeyDown} data-testid="gallery">
      <div className="gallery__stage">
        {current ? (
          <img src={current.url} alt={t('photoOf', { name, n: index + 1, total: photos.length })} width={720} height={960} className={current.locked ? 'gallery__img gallery__img--locked' : 'gallery__img'} />
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
    </div>
  );
}
