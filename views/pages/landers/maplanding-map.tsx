// The map of /landers/maplanding, drawn on the server: the place's land as inline SVG (no tiles, no
// script), a dot at each shown profile's city, a few of them as photo markers with name and age
// (placed by services/landers/map-pins.ts so that none overlap on a phone), and the visitor's rough
// area. Markers are HTML over the SVG, at percentages of its box, so their words keep their size.
import type { CSSProperties } from 'react';
import type { LanderProfile } from '../../../types/lander-pages.js';
import type { LanderMap, MapPin } from '../../../types/map.js';
import { usePage } from '../../render-context.js';
import { FictionalTag, LanderPhoto } from './lander-parts.js';

/** Where on the map, as the CSS variables maplanding-map.css places markers by. */
function at(map: LanderMap, p: { x: number; y: number }): CSSProperties {
  return { '--x': `${((p.x / map.width) * 100).toFixed(2)}%`, '--y': `${((p.y / map.height) * 100).toFixed(2)}%` } as CSSProperties;
}

/** A place with more shown profiles is a slightly larger dot. */
const dotRadius = (pin: MapPin) => 6 + Math.min(pin.profileIds.length - 1, 3) * 1.5;

function Marker({ map, pin, profile, href, priority }: { map: LanderMap; pin: MapPin; profile: LanderProfile; href: string; priority: boolean }) {
  const { t } = usePage();
  const others = pin.profileIds.length - 1;
  return (
    <a className={['mapl-marker', pin.below && 'mapl-marker--below', pin.wide && 'mapl-marker--wide'].filter(Boolean).join(' ')} style={at(map, pin)} href={href} data-profile-id={profile.id}>
      <span className="mapl-marker__photo">
        <LanderPhoto profile={profile} priority={priority} />
        {others > 0 && (
          <span className="mapl-marker__more" title={t('landers:maplanding.moreHere', { count: others })}>
            +{others}
          </span>
        )}
      </span>
      <span className="mapl-marker__name">
        <span className="mapl-marker__first">{profile.name}</span>, {profile.age}
      </span>
      <FictionalTag profile={profile} />
    </a>
  );
}

export function LanderMapFigure({ map, profiles, href, place }: { map: LanderMap; profiles: LanderProfile[]; href: string; place: string | null }) {
  const { t } = usePage();
  const byId = new Map(profiles.map((p) => [p.id, p]));
  // The phone's markers first: the first of them is the photo loaded at once.
  const featured = map.pins.filter((pin) => pin.featured !== null && byId.has(pin.featured)).sort((a, b) => Number(a.wide) - Number(b.wide));
  return (
    <figure className="mapl-map" data-testid="lander-map">
      <div className="mapl-map__canvas" style={{ aspectRatio: `${map.width} / ${map.height}` }}>
        <svg
          viewBox={`0 0 ${map.width} ${map.height}`}
          role="img"
          aria-label={place ? t('landers:maplanding.mapLabel', { place }) : t('landers:maplanding.mapLabelAll')}
          preserveAspectRatio="xMidYMid meet"
        >
          <defs>
            {/* The land's texture: fine dots, as on a printed map */}
            <pattern id="mapl-land" width="9" height="9" patternUnits="userSpaceOnUse">
              <rect width="9" height="9" fill="#fff" />
              <circle cx="4.5" cy="4.5" r="1.1" fill="#f6d3df" />
            </pattern>
          </defs>
          <path className="mapl-map__neighbours" d={map.neighbours} />
          <path className="mapl-map__land" d={map.land} />
          {map.pins.map((pin) => (
            <circle key={`${pin.x},${pin.y}`} className="mapl-map__dot" cx={pin.x} cy={pin.y} r={dotRadius(pin)} data-pin={pin.profileIds.join(' ')} />
          ))}
        </svg>
        {map.labels.map((label) => (
          <span key={label.name} className={`mapl-town mapl-town--${label.side}`} style={at(map, label)}>
            {label.name}
          </span>
        ))}
        {map.visitor && (
          <span className="mapl-you" style={at(map, map.visitor)} data-testid="map-visitor">
            <span className="mapl-you__ring" aria-hidden="true" />
            <span className={map.visitor.label ? `mapl-you__label mapl-you__label--${map.visitor.label}` : 'sr-only'}>{t('landers:maplanding.you')}</span>
          </span>
        )}
        {featured.map((pin, i) => (
          <Marker key={pin.featured} map={map} pin={pin} profile={byId.get(pin.featured!)!} href={href} priority={i === 0} />
        ))}
      </div>
      <figcaption className="mapl-map__legend">
        <span className="mapl-legend mapl-legend--pin">{t('landers:maplanding.legendPin')}</span>
        {map.visitor && <span className="mapl-legend mapl-legend--you">{t('landers:maplanding.legendYou')}</span>}
      </figcaption>
    </figure>
  );
}
