// Inline SVG icons of the landers (drawn here, nothing downloaded): 24×24, stroked with
// currentColor so each lander colours them; decorative, the text beside them says what they mean.
import type { ReactNode } from 'react';

export type LanderIconName = 'chat' | 'heart' | 'pin' | 'lock' | 'mic' | 'camera' | 'next' | 'play' | 'photo' | 'plus' | 'user';

const PATHS: Record<LanderIconName, ReactNode> = {
  chat: (
    <>
      <path d="M6.5 4h11A2.5 2.5 0 0 1 20 6.5v7a2.5 2.5 0 0 1-2.5 2.5H11l-4.5 3.6V16A2.5 2.5 0 0 1 4 13.5v-7A2.5 2.5 0 0 1 6.5 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="8.6" cy="10" r="1.2" fill="currentColor" />
      <circle cx="12" cy="10" r="1.2" fill="currentColor" />
      <circle cx="15.4" cy="10" r="1.2" fill="currentColor" />
    </>
  ),
  heart: <path d="M12 20.5s-8-4.9-8-10.9A4.6 4.6 0 0 1 12 6.8a4.6 4.6 0 0 1 8 2.8c0 6-8 10.9-8 10.9z" fill="currentColor" />,
  pin: (
    <>
      <path d="M12 19.5s-6-5.6-6-10.3a6 6 0 0 1 12 0c0 4.7-6 10.3-6 10.3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="12" cy="9.2" r="2.2" fill="currentColor" />
      <path d="M7.5 21.5h9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2.6" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8.2 10.5V8a3.8 3.8 0 0 1 7.6 0v2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 14.4v2.4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </>
  ),
  mic: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  camera: (
    <>
      <rect x="3" y="6.5" width="12.5" height="11" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 10.5l5-3v9l-5-3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </>
  ),
  next: <path d="M6 5.5l8 6.5-8 6.5zM17.5 5.5v13" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />,
  play: <path d="M8 5.2v13.6a.8.8 0 0 0 1.2.7l11-6.8a.8.8 0 0 0 0-1.4l-11-6.8A.8.8 0 0 0 8 5.2z" fill="currentColor" />,
  user: (
    <>
      <circle cx="12" cy="8.5" r="3.8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4.5 20c.8-3.8 3.8-6 7.5-6s6.7 2.2 7.5 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />,
  photo: (
    <>
      <rect x="3.5" y="5" width="17" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="9" cy="10" r="1.8" fill="currentColor" />
      <path d="M4.5 17.5l5-4.5 3.5 3 2.5-2 4 3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </>
  ),
};

export function LanderIcon({ name, size = 24, className }: { name: LanderIconName; size?: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {PATHS[name]}
    </svg>
  );
}
