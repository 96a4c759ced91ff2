// The ways to find someone, side by side for members: search, the swipe game, the match finder.
import { usePage } from '../render-context.js';

const TABS = [
  { href: '/members', key: 'search' },
  { href: '/swipe-game', key: 'swipeGame' },
  { href: '/match-finder', key: 'matchFinder' },
] as const;

export function DiscoverTabs({ current }: { current: (typeof TABS)[number]['href'] }) {
  const { t, user } = usePage();
  if (!user) return null;
  return (
    <nav className="tabs" aria-label={t('pages:discover.label')}>
      {TABS.map((tab) => (
        <a key={tab.href} href={tab.href} className={tab.href === current ? 'tabs__tab tabs__tab--current' : 'tabs__tab'} aria-current={tab.href === current ? 'page' : undefined}>
          {t(`pages:discover.${tab.key}`)}
        </a>
      ))}
    </nav>
  );
}
