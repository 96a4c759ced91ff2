// The like (match) modal on page load: after a form-posted like that made a match, or from a link
// such as a notification. The `t` query sets the delay in seconds (SPEC.md §2).
import { useCallback, useEffect, useState } from 'react';
import type { MatchModalProps } from '../types/likes.js';
import { MatchModal } from './likes/match-modal.js';

export default function MatchModalIsland({ profile, kind, delaySeconds, own }: MatchModalProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(true), Math.max(0, delaySeconds) * 1000);
    return () => clearTimeout(timer);
  }, [delaySeconds]);
  if (!open) return null;
  return <MatchModal profile={profile} kind={kind} ownName={own.name} ownPhotoUrl={own.photoUrl} onClose={close} />;
}
