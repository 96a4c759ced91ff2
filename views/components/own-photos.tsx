// The member's own photos on /profile: every photo with its review status and main marker, the
// "make main" and "delete" buttons, and the upload form with the free/premium limit. Plain forms:
// it all works without JavaScript (the upload carries its CSRF token in the action URL).
import type { OwnPhoto, OwnProfile } from '../../types/own-profile.js';
import { FileField } from './form/index.js';
import { usePage } from '../render-context.js';

function PhotoTile({ photo, number }: { photo: OwnPhoto; number: number }) {
  const { t, csrfToken } = usePage();
  return (
    <li className={`own-photo own-photo--${photo.status}${photo.isMain ? ' own-photo--main' : ''}`} data-photo-id={photo.id}>
      <div className="own-photo__frame">
        {/* A rejected photo's files are deleted at review: only its place and status remain. */}
        {photo.status === 'rejected' ? (
          <div className="card__nophoto" aria-hidden="true">✕</div>
        ) : (
          <img src={photo.thumbUrl} alt={t('pages:ownProfile.photoAlt', { number })} width={240} height={320} loading="lazy" decoding="async" />
        )}
        <span className={`own-photo__status own-photo__status--${photo.status}`}>{t(`pages:ownProfile.status.${photo.status}`)}</span>
        {photo.isMain && <span className="own-photo__main">★ {t('pages:ownProfile.main')}</span>}
      </div>
      <div className="own-photo__actions">
        {!photo.isMain && photo.status !== 'rejected' && (
          <form method="post" action={`/profile/photos/${photo.id}/main`}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button type="submit" className="btn btn--light btn--sm" aria-label={t('pages:ownProfile.makeMainLabel', { number })}>
              {t('pages:ownProfile.makeMain')}
            </button>
          </form>
        )}
        <form method="post" action={`/profile/photos/${photo.id}/delete`}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit" className="btn btn--ghost btn--sm own-photo__delete" aria-label={t('pages:ownProfile.deleteLabel', { number })}>
            {t('pages:ownProfile.delete')}
          </button>
        </form>
      </div>
    </li>
  );
}

function UploadForm({ limit, error }: { limit: OwnProfile['photoLimit']; error?: string }) {
  const { t, csrfToken } = usePage();
  const full = limit.used >= limit.max;
  return (
    <form
      method="post"
      action={`/profile/photos?_csrf=${encodeURIComponent(csrfToken)}`}
      encType="multipart/form-data"
      className="form own-photos__upload"
      data-testid="photo-upload"
    >
      {full ? (
        <p className="own-photos__full">{t('pages:ownProfile.limitReached')}</p>
      ) : (
        <>
          <FileField
            name="photo" button={t('pages:ownProfile.chooseFile')} accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
            required hint={t('pages:ownProfile.uploadRules')} error={error}
          />
          <button type="submit" className="btn btn--primary">{t('pages:ownProfile.upload')}</button>
        </>
      )}
      {full && error && <span className="field__error" role="alert">{error}</span>}
    </form>
  );
}

export function OwnPhotos({ profile, error }: { profile: OwnProfile; error?: string }) {
  const { t } = usePage();
  const limit = profile.photoLimit;
  return (
    <section className="own-profile__card own-photos" id="photos" aria-labelledby="photos-title">
      <div className="own-photos__head">
        <h2 id="photos-title">{t('pages:ownProfile.photos')}</h2>
        <span className="own-photos__count">{t('pages:ownProfile.photoCount', { used: limit.used, max: limit.max })}</span>
      </div>
      {!limit.premium && (
        <p className="own-photos__premium">
          {t('pages:ownProfile.premiumHint', { max: limit.premiumMax })} <a href="/premium">{t('pages:ownProfile.premiumLink')}</a>
        </p>
      )}
      {profile.photos.length ? (
        <ul className="own-photos__grid">
          {profile.photos.map((p, i) => <PhotoTile key={p.id} photo={p} number={i + 1} />)}
        </ul>
      ) : (
        <p className="own-photos__empty">{t('pages:ownProfile.noPhotos')}</p>
      )}
      <p className="own-photos__review">{t('pages:ownProfile.reviewNote')}</p>
      <UploadForm limit={limit} error={error} />
    </section>
  );
}
