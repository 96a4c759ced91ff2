// Like / unlike on a profile. Without JavaScript it is a plain form post; with it the button
// toggles in place, and a like that makes a match opens the match modal.
import { useCallback, useState, type FormEvent } from 'react';
import type { LikeAnswer, LikeButtonProps } from '../types/likes.js';
import { api, ApiError, currentCsrfToken } from './lib/api-client.js';
import { MatchModal } from './likes/match-modal.js';
import { useIsland } from './runtime.js';

export default function LikeButton({ profile, liked: likedAtFirst, own }: LikeButtonProps) {
  const { t, csrfToken } = useIsland();
  const [liked, setLiked] = useState(likedAtFirst);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [match, setMatch] = useState(false);
  const closeMatch = useCallback(() => setMatch(false), []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const answer = await api<LikeAnswer>('/api/like.php', { method: liked ? 'DELETE' : 'POST', body: { profile: profile.id }, csrfToken, progress: true });
      setLiked(answer.liked);
      setMatch(answer.match);
    } catch (err) {
      setError((err instanceof ApiError && err.message) || t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form method="post" action={`/members/${profile.id}/${liked ? 'unlike' : 'like'}`} onSubmit={onSubmit} className="like-form">
        <input type="hidden" name="_csrf" value={currentCsrfToken(csrfToken)} />
        {/* A secondary action beside Chat: outlined, filled heart once liked. Busy, it stays
            focusable (aria-disabled): a disabled button would drop the keyboard's focus. */}
        <button type="submit" className={liked ? 'btn btn--block like-btn like-btn--on' : 'btn btn--block like-btn'} aria-pressed={liked} aria-disabled={busy || undefined} data-testid="like-button">
          <span aria-hidden="true">{liked ? '♥' : '♡'}</span> <span className="like-btn__label">{liked ? t('unlike') : t('like')}</span>
        </button>
        {error && <p className="form-error" role="alert">{error}</p>}
      </form>
      {match && <MatchModal profile={profile} kind="match" ownName={own.name} ownPhotoUrl={own.photoUrl} onClose={closeMatch} />}
    </>
  );
}
