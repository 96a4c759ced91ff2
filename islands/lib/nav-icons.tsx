// Line icons of the member navigation (24 × 24, stroked in currentColor), drawn here so the tab bar
// needs no icon font and no outside request. Decorative: the link's label names the page.
const PATHS = {
  search: 'M10.5 3.5a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20.5 20.5l-5-5',
  messages: 'M4 5.5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 3.5v-3.5H4a1 1 0 0 1-1-1v-10a1 1 0 0 1 1-1z',
  likes: 'M12 20s-7.5-4.6-8.9-9.2C2.2 7.6 4.2 4.5 7.4 4.5c1.9 0 3.4 1 4.6 2.6 1.2-1.6 2.7-2.6 4.6-2.6 3.2 0 5.2 3.1 4.3 6.3C19.5 15.4 12 20 12 20z',
  credits: 'M12 3.5c4.7 0 8.5 1.6 8.5 3.5S16.7 10.5 12 10.5 3.5 8.9 3.5 7s3.8-3.5 8.5-3.5zM3.5 7v5c0 1.9 3.8 3.5 8.5 3.5s8.5-1.6 8.5-3.5V7M3.5 12v5c0 1.9 3.8 3.5 8.5 3.5s8.5-1.6 8.5-3.5v-5',
  premium: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
} as const;

export type NavIconName = keyof typeof PATHS;

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
