// The swipe game: one profile at a time, Like or Pass, 4 likes a day (the server counts them).
// Keyboard: ← passes, → likes; both buttons are ordinary focusable buttons too. Touch (and mouse):
// drag the card, it follows and tilts; released past a threshold it likes (right) or passes
// (left), else it springs back. Pointer events, so one code path for fingers, pens and mice.
import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { MatchProfile, SwipeAnswer, SwipeGameProps, SwipeStatus } from '../types/likes.js';
import type { ProfileCard } from '../types/profiles.js';
import { presenceText } from '../types/presence.js';
import { PresenceBadge } from '../views/components/presence-badge.js';
import { api, ApiError, currentCsrfToken } from './lib/api-client.js';
import { MatchModal } from './likes/match-modal.js';
import { useIsland } from './runtime.js';

/** How far (px) a card must be dragged to count as a like or pass; less springs back. */
const SWIPE_THRESHOLD = 90;
/** Movement (px) below which a press is still a click (the photo opens the profile). */
const CLICK_SLOP = 8;
/** A phone held sideways, as the styles tell it (tab-bar.css, discover.css). */
const SIDEWAYS = '(max-width: 991.98px) and (max-height: 480px)';

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Puts the card at `dx` px from its place, tilted with the drag unless motion is reduced. */
function placeCard(card: HTMLElement, dx: number, animate: boolean): void {
  const still = reducedMotion();
  card.style.transition = animate && !still ? 'transform 0.25s ease' : 'none';
  card.style.transform = dx ? `translateX(${dx}px)${still ? '' : ` rotate(${dx / 18}deg)`}` : '';
  card.style.setProperty('--swipe-like', String(Math.max(0, Math.min(1, dx / SWIPE_THRESHOLD))));
  card.style.setProperty('--swipe-pass', String(Math.max(0, Math.min(1, -dx / SWIPE_THRESHOLD))));
}

export default function SwipeGame({ profiles: first, status: firstStatus, skip: firstSkip, fictionalLabel, own }: SwipeGameProps) {
  const { t, csrfToken } = useIsland();
  const [queue, setQueue] = useState<ProfileCard[]>(first);
  const [status, setStatus] = useState<SwipeStatus>(firstStatus);
  const [skip, setSkip] = useState<number[]>(firstSkip);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [match, setMatch] = useState<MatchProfile | null>(null);
  const [leaving, setLeaving] = useState<'left' | 'right' | null>(null);
  const current = queue[0];
  const closeMatch = useCallback(() => setMatch(null), []);
  const cardRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: number; x: number; y: number; dx: number; moved: boolean } | null>(null);
  const wasDragged = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  // The card (and its buttons) is new for each profile: the button the keyboard used gets the
  // focus again on the next card, or Pass when Like is used up, so nobody starts over from the top.
  const refocus = useRef<string | null>(null);
  const noteFocus = () => {
    const testId = (document.activeElement as HTMLElement | null)?.dataset.testid;
    refocus.current = testId === 'swipe-pass' || testId === 'swipe-like' ? testId : null;
  };
  useEffect(() => {
    const wanted = refocus.current;
    // Not under the match modal: it keeps the focus until it closes (this runs again then).
    if (!wanted || !root.current || match) return;
    refocus.current = null;
    const target = root.current.querySelector<HTMLButtonElement>(`[data-testid="${wanted}"]`);
    (target && !target.disabled ? target : root.current.querySelector<HTMLElement>('[data-testid="swipe-pass"], .empty-state a'))?.focus();
  }, [current?.id, status.remaining, match]);

  const advance = useCallback(
    async (passed: number[]) => {
      const rest = queue.slice(1);
      setQueue(rest);
      if (rest.length < 3) {
        const more = await api<{ profiles: ProfileCard[]; status: SwipeStatus }>(`/api/swipe.php?skip=${[...passed, ...rest.map((p) => p.id)].slice(-200).join(',')}`).catch(() => null);
        if (more) setQueue((q) => [...q, ...more.profiles.filter((p) => !q.some((x) => x.id === p.id))]);
      }
    },
    [queue],
  );

  const pass = useCallback(async () => {
    if (!current || busy) return;
    noteFocus();
    setLeaving('left');
    const passed = [...skip, current.id].slice(-200);
    setSkip(passed);
    await advance(passed);
    setLeaving(null);
  }, [current, busy, skip, advance]);

  const like = useCallback(async () => {
    if (!current || busy || status.remaining <= 0) return;
    noteFocus();
    setBusy(true);
    setError('');
    try {
      const answer = await api<SwipeAnswer>('/api/swipe.php', { method: 'POST', body: { profile: current.id }, csrfToken, progress: true });
      setStatus(answer.status);
      if (answer.match) setMatch({ ...answer.profile, fictionalLabel: current.isFictional ? fictionalLabel : null });
      setLeaving('right');
      await advance(skip);
      setLeaving(null);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'rate_limited') setStatus((s) => ({ ...s, used: s.max, remaining: 0 }));
      setError(err instanceof ApiError && err.message ? err.message : t('failed'));
    } finally {
      setBusy(false);
    }
  }, [current, busy, status.remaining, csrfToken, advance, skip, t, fictionalLabel]);

  // A phone held sideways: the top bar scrolls away there and the game is laid out to fill the
  // screen below it (discover.css), so the page starts scrolled to the game, buttons in reach;
  // and so does a phone turned sideways once the game is open (after the new layout is made).
  useEffect(() => {
    const page = root.current?.closest<HTMLElement>('.swipe-page');
    if (!page) return;
    const sideways = matchMedia(SIDEWAYS);
    const toGame = () => window.scrollTo(0, window.scrollY + page.getBoundingClientRect().top);
    if (sideways.matches && window.scrollY === 0) toGame();
    const onTurn = (e: MediaQueryListEvent) => {
      if (e.matches) requestAnimationFrame(toGame);
    };
    sideways.addEventListener('change', onTurn);
    return () => sideways.removeEventListener('change', onTurn);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (match || (e.target as HTMLElement | null)?.closest('input, textarea, select')) return;
      if (e.key === 'ArrowLeft') void pass();
      else if (e.key === 'ArrowRight') void like();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pass, like, match]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0) || busy || match) return;
    if ((e.target as HTMLElement).closest('button, form, .swipe__buttons')) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, dx: 0, moved: false };
    wasDragged.current = false;
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const card = cardRef.current;
    if (!d || d.id !== e.pointerId || !card) return;
    d.dx = e.clientX - d.x;
    if (!d.moved && Math.abs(d.dx) > CLICK_SLOP && Math.abs(d.dx) > Math.abs(e.clientY - d.y)) {
      d.moved = true;
      card.setPointerCapture(e.pointerId);
      card.classList.add('swipe__card--dragging');
    }
    if (d.moved) placeCard(card, d.dx, false);
  };

  const onPointerEnd = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const card = cardRef.current;
    if (!d || d.id !== e.pointerId || !card) return;
    drag.current = null;
    card.classList.remove('swipe__card--dragging');
    if (!d.moved) return;
    wasDragged.current = true;
    const toLike = d.dx > SWIPE_THRESHOLD && status.remaining > 0 && e.type === 'pointerup';
    const toPass = d.dx < -SWIPE_THRESHOLD && e.type === 'pointerup';
    if (!toLike && !toPass) {
      placeCard(card, 0, true);
      return;
    }
    placeCard(card, (toLike ? 1 : -1) * window.innerWidth, true);
    void (toLike ? like() : pass()).finally(() => {
      // Still the same card (the like failed): bring it back.
      if (cardRef.current === card) placeCard(card, 0, true);
    });
  };

  // A drag that started on the photo must not open the profile.
  const onClickCapture = (e: ReactMouseEvent) => {
    if (!wasDragged.current) return;
    wasDragged.current = false;
    e.preventDefault();
    e.stopPropagation();
  };

  const onLikeSubmit = (e: FormEvent) => {
    e.preventDefault();
    void like();
  };

  const place = current ? [...new Set([current.city, current.region].filter(Boolean))].join(', ') : '';
  return (
    <div className="swipe" ref={root} data-testid="swipe-game">
      <p className="swipe__quota" data-testid="swipe-remaining" aria-live="polite">
        {t('likesLeft', { remaining: status.remaining, max: status.max })}
      </p>
      {current ? (
        <div
          key={current.id}
          ref={cardRef}
          className={leaving ? `swipe__card swipe__card--${leaving}` : 'swipe__card'}
          data-profile-id={current.id}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onClickCapture={onClickCapture}
        >
          <a href={`/members/${current.id}`} className="swipe__photo" draggable={false}>
            {current.photo ? <img src={current.photo.url} alt={current.name} width={480} height={640} draggable={false} /> : <span className="card__nophoto card__nophoto--large">{current.name.slice(0, 1)}</span>}
            {current.isFictional && <span className="tag tag--fictional">{fictionalLabel}</span>}
            <span className="swipe__stamp swipe__stamp--like" aria-hidden="true">♥</span>
            <span className="swipe__stamp swipe__stamp--pass" aria-hidden="true">✕</span>
            <span className="swipe__info">
              <span className="swipe__name">
                {current.name}, {current.age}
              </span>
              {place && <span className="swipe__place">{place}</span>}
              {current.presence && <PresenceBadge presence={current.presence} label={presenceText(t, current.presence)} className="card__presence swipe__presence" />}
            </span>
          </a>
          <div className="swipe__buttons">
            <a className="swipe__btn swipe__btn--pass" href={`/swipe-game?skip=${[...skip, current.id].slice(-200).join(',')}`} onClick={(e) => { e.preventDefault(); void pass(); }} aria-label={t('passLabel', { name: current.name })} data-testid="swipe-pass">
              ✕
            </a>
            <form method="post" action="/swipe-game/like" onSubmit={onLikeSubmit}>
              <input type="hidden" name="_csrf" value={currentCsrfToken(csrfToken)} />
              <input type="hidden" name="profile" value={current.id} />
              <input type="hidden" name="skip" value={skip.join(',')} />
              <button type="submit" className="swipe__btn swipe__btn--like" disabled={status.remaining <= 0} aria-disabled={busy || undefined} aria-label={t('likeLabel', { name: current.name })} data-testid="swipe-like">
                ♥
              </button>
            </form>
          </div>
          <p className="swipe__keys">{t('keysHint')}</p>
        </div>
      ) : (
        <div className="empty-state" data-testid="swipe-empty">
          <p>{t('noMore')}</p>
          <a className="btn btn--primary" href="/members">{t('toSearch')}</a>
        </div>
      )}
      {status.remaining <= 0 && <p className="notice" role="status" data-testid="swipe-limit">{t('limitReached', { max: status.max })}</p>}
      {error && status.remaining > 0 && <p className="form-error" role="alert">{error}</p>}
      {match && <MatchModal profile={match} kind="match" ownName={own.name} ownPhotoUrl={own.photoUrl} onClose={closeMatch} />}
    </div>
  );
}
