// The like (match) modal of SPEC.md §2: a mutual like, or a profile that has just liked the
// member. Its primary button opens the chat with that profile; "View profile" follows only when the
// member is not on that profile already. Esc, the backdrop and "Keep browsing" close it.
import type { MatchProfile } from '../../types/likes.js';
import { useIsland } from '../runtime.js';
import { useModal } from '../lib/use-modal.js';

export type MatchKind = 'match' | 'likedYou';

function Avatar({ url, name }: { url: string | null; name: string }) {
  return url ? <img className="match__photo" src={url} alt={name} width={112} height={112} /> : <span className="match__photo match__photo--empty" aria-hidden="true">{name.slice(0, 1)}</span>;
}

export function MatchModal({ profile, kind, ownPhotoUrl, ownName, onClose }: { profile: MatchProfile; kind: MatchKind; ownPhotoUrl?: string | null; ownName?: string; onClose: () => void }) {
  const { t } = useIsland();
  const card = useModal(onClose);

  // The modal opens in the browser only (after a like or a delay), so reading the location is safe.
  const onProfile = typeof window !== 'undefined' && window.location.pathname === `/members/${profile.id}`;
  const title = kind === 'match' ? t('matchTitle') : t('likedYouTitle', { name: profile.name });
  return (
    <div className="modal" data-testid="match-modal">
      <div className="modal__backdrop" onClick={onClose} />
      <div className="modal__card match" role="dialog" aria-modal="true" aria-labelledby="match-title" ref={card}>
        <button type="button" className="modal__close" onClick={onClose} aria-label={t('close')}>
          ×
        </button>
        <div className="match__photos">
          {kind === 'match' && ownName !== undefined && <Avatar url={ownPhotoUrl ?? null} name={ownName} />}
          <Avatar url={profile.photoUrl} name={profile.name} />
          <span className="match__heart" aria-hidden="true">♥</span>
        </div>
        {profile.fictionalLabel && <p className="match__label" data-testid="match-fictional">{profile.fictionalLabel}</p>}
        <h2 id="match-title" className="match__title">{title}</h2>
        <p className="match__text">{kind === 'match' ? t('matchText', { name: profile.name }) : t('likedYouText', { name: profile.name })}</p>
        <div className="match__actions">
          <a className="btn btn--primary btn--block" href={`/members/${profile.id}/chat`} data-testid="match-chat">{t('sendMessage', { name: profile.name })}</a>
          {!onProfile && <a className="btn btn--light btn--block" href={`/members/${profile.id}`}>{t('viewProfile')}</a>}
          <button type="button" className="btn btn--link" onClick={onClose}>{t('keepBrowsing')}</button>
        </div>
      </div>
    </div>
  );
}
