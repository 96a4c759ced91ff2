// Pieces every lander is built from: the call to action, a profile's photo and tile, the audience
// chip, the real counts, the honest labels. Each lander composes them in its own design; texts are
// in the `landers` namespace (common.*), styles in views/styles/parts/landers/lander-common.css.
import type { ReactNode } from 'react';
import { LANDER_COUNT_CAP, type LanderProfile, type LanderSelection } from '../../../types/lander-pages.js';
import type { ProfileCard } from '../../../types/profiles.js';
import { presenceText, type PresenceView } from '../../../types/presence.js';
import { formatCount } from '../../format.js';
import { usePage } from '../../render-context.js';

type T = ReturnType<typeof usePage>['t'];

/** The big button every lander leads with; `tone` picks a colourway that suits its background. */
export function LanderCta({ href, children, tone = 'brand', className = '' }: { href: string; children: ReactNode; tone?: 'brand' | 'light' | 'dark'; className?: string }) {
  return (
    <a className={`lander-cta lander-cta--${tone} ${className}`.trim()} href={href} data-testid="lander-cta">
      <span>{children}</span>
      <svg className="lander-cta__arrow" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M5 12h13M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </a>
  );
}

/** "City, Region", else the country's name. */
export function placeOf(t: T, p: ProfileCard): string {
  return [...new Set([p.city, p.region].filter(Boolean))].join(', ') || t(`countries.${p.country}`);
}

/** Where the page's people are from, as words: a region, a country, or null (all the site's). */
export function placeName(t: T, selection: LanderSelection): string | null {
  if (!selection.place) return null;
  return selection.place.region ?? t(`countries.${selection.place.country}`);
}

/** A portrait: the thumbnail, or with `large` the full picture for screens that need it. */
export function LanderPhoto({ profile, priority = false, large = false, sizes, className }: { profile: ProfileCard; priority?: boolean; large?: boolean; sizes?: string; className?: string }) {
  if (!profile.photo) return <span className={`lander-nophoto ${className ?? ''}`.trim()} aria-hidden="true">{profile.name.slice(0, 1)}</span>;
  return (
    <img
      className={className}
      src={profile.photo.thumbUrl}
      srcSet={large ? `${profile.photo.thumbUrl} 240w, ${profile.photo.url} 720w` : undefined}
      sizes={large ? (sizes ?? '(min-width: 768px) 400px, 90vw') : undefined}
      alt={profile.name}
      width={240}
      height={320}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}

/** The site's label on a fictional profile (SPEC.md §1): settings.fictional_singular. */
export function FictionalTag({ profile }: { profile: ProfileCard }) {
  const { settings } = usePage();
  return profile.isFictional ? <span className="tag tag--fictional" data-testid="fictional-label">{settings.fictional_singular}</span> : null;
}

/** A profile as a portrait card that leads to the signup: photo, label, name, age, place, online. */
export function LanderTile({ profile, href, priority = false, className = '' }: { profile: LanderProfile; href: string; priority?: boolean; className?: string }) {
  const { t } = usePage();
  return (
    <a className={`card lander-tile ${className}`.trim()} href={href} data-profile-id={profile.id}>
      <div className="card__photo">
        <LanderPhoto profile={profile} priority={priority} />
      </div>
      <FictionalTag profile={profile} />
      <div className="card__body">
        <span className="card__name">
          <span className="card__name-text">{profile.name}</span>
          <span className="card__age">, {profile.age}</span>
          {isOnline(profile) && (
            <span className="dot dot--online" title={t('presence.online')}>
              <span className="sr-only">{t('presence.online')}</span>
            </span>
          )}
        </span>
        <span className="card__place">{placeOf(t, profile)}</span>
      </div>
    </a>
  );
}

/** "Women · Noord-Holland · Romance": who the page shows, with a pin. */
export function AudienceChip({ selection, className = '' }: { selection: LanderSelection; className?: string }) {
  const { t } = usePage();
  const parts = [t(selection.gender === 'male' ? 'landers:common.men' : 'landers:common.women'), placeName(t, selection)];
  if (selection.variant.kind === 'interest') parts.push(t(`interests:${selection.variant.interest}`));
  return (
    <span className={`lander-chip ${className}`.trim()} data-testid="lander-audience">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M12 21s-6.5-6.1-6.5-11.2A6.5 6.5 0 0 1 18.5 9.8C18.5 14.9 12 21 12 21z" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="9.8" r="2.3" fill="currentColor" />
      </svg>
      {parts.filter(Boolean).join(' · ')}
    </span>
  );
}

/** The real counts behind the page's claims; a count of 0 is left out rather than shown. */
export function LanderStats({ selection, className = '' }: { selection: LanderSelection; className?: string }) {
  const { t, lng } = usePage();
  const { counts } = selection;
  const who = t(selection.gender === 'male' ? 'landers:common.men' : 'landers:common.women');
  const stats: [string, number, string][] = [
    ['matching', counts.matching, placeName(t, selection) ? `${who} · ${placeName(t, selection)}` : who],
    ['today', counts.activeToday, t('landers:common.statActiveToday')],
    ['online', counts.onlineNow, t('landers:common.statOnline')],
  ];
  const shown = stats.filter(([, n]) => n > 0);
  if (shown.length === 0) return null;
  return (
    <dl className={`lander-stats ${className}`.trim()} data-testid="lander-stats">
      {shown.map(([key, n, label]) => (
        <div key={key} className={`lander-stats__item lander-stats__item--${key}`}>
          <dt>{label}</dt>
          <dd data-count={n}>{formatCount(lng, n, LANDER_COUNT_CAP)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The honest label of the profiles shown: what the site's fictional label means, when one is on the page. */
export function FictionalNote({ profiles, className = '' }: { profiles: ProfileCard[]; className?: string }) {
  const { t, settings } = usePage();
  if (!profiles.some((p) => p.isFictional)) return null;
  return (
    <p className={`lander-note ${className}`.trim()} data-testid="fictional-note">
      {t('landers:common.fictionalNote', { label: settings.fictional_singular, plural: settings.fictional_plural })}
    </p>
  );
}

/** Short promises that are true of the site: free signup, no subscription, discreet. */
export function TrustList({ keys, className = '' }: { keys: ('free' | 'noSubscription' | 'discreet' | 'adults' | 'minute')[]; className?: string }) {
  const { t } = usePage();
  return (
    <ul className={`lander-trust ${className}`.trim()}>
      {keys.map((k) => (
        <li key={k}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t(`landers:common.trust.${k}`)}
        </li>
      ))}
    </ul>
  );
}

/** Whether the profile was online when the selection was made. */
export function isOnline(profile: { presence: PresenceView | null }): boolean {
  return profile.presence?.state === 'online';
}

/** "Online now", "Active 12 minutes ago", … in the site's presence words; empty when the profile shows none. */
export function activeLabel(t: T, profile: { presence: PresenceView | null }): string {
  return profile.presence ? presenceText(t, profile.presence) : '';
}
