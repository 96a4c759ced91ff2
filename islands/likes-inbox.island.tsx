// Received likes on /likes. On opening, it asks for an automatic like (GET /api/auto-like.php);
// when one comes, the like modal shows who it is and the list reloads 0.5 s later (SPEC.md §4).
import { useCallback, useEffect, useState } from 'react';
import type { AutoLikeAnswer, LikedProfileCard, LikesApiAnswer, LikesInboxProps } from '../types/likes.js';
import { api } from './lib/api-client.js';
import { LikeCard } from './likes/like-card.js';
import { MatchModal } from './likes/match-modal.js';
import { useIsland } from './runtime.js';

const RELOAD_DELAY_MS = 500;

function fromApi(answer: LikesApiAnswer): LikedProfileCard[] {
  const cards = new Map(answer.profiles.map((p) => [p.id, p]));
  return answer.liked_by.flatMap((entry) => {
    const card = cards.get(entry.id);
    return card ? [{ ...card, likeNew: entry.like_new, likedAt: '' }] : [];
  });
}

export default function LikesInbox({ received, total, fictionalLabel, limit }: LikesInboxProps) {
  const { t } = useIsland();
  const [list, setList] = useState(received);
  const [count, setCount] = useState(total);
  const [liker, setLiker] = useState<AutoLikeAnswer | null>(null);
  const close = useCallback(() => setLiker(null), []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    api<AutoLikeAnswer | undefined>('/api/auto-like.php', { retries: 0 })
      .then((answer) => {
        if (!live || !answer) return;
        setLiker(answer);
        timer = setTimeout(() => {
          void api<LikesApiAnswer>('/api/likes.php').then((state) => {
            if (!live) return;
            setCount((c) => c + 1);
            setList(fromApi(state).slice(0, limit));
          });
        }, RELOAD_DELAY_MS);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [limit]);

  return (
    <div data-testid="likes-inbox" data-count={count}>
      {list.length > 0 ? (
        <div className="grid">
          {list.map((p) => (
            <LikeCard key={p.id} profile={p} fictionalLabel={fictionalLabel} />
          ))}
        </div>
      ) : (
        <p className="empty-state">{t('noneReceived')}</p>
      )}
      {liker && (
        <MatchModal profile={{ id: liker.id, name: liker.name, photoUrl: liker.main_image?.match ?? null, fictionalLabel: liker.is_fictional ? fictionalLabel : null }} kind="likedYou" onClose={close} />
      )}
    </div>
  );
}
