// /landers/maplanding/{slug?}: who is near you, on a map. The place (the slug's region or country,
// else the visitor's country, else the site's countries) drawn on the server with a pin at each
// shown profile's city and a few of them as photos; then the real counts, the call to action, the
// nearest profiles as a strip, how "near me" works once signed up, and a last call.
import type { LanderPageProps } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { AudienceChip, FictionalNote, LanderCta, LanderStats, LanderTile, TrustList, placeName } from './lander-parts.js';
import { LanderMapFigure } from './maplanding-map.js';

const STRIP = 8;
const STEPS = ['join', 'near', 'hello'] as const;

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M12 21s-6.5-6.1-6.5-11.2A6.5 6.5 0 0 1 18.5 9.8C18.5 14.9 12 21 12 21z" fill="currentColor" />
      <circle cx="12" cy="9.8" r="2.4" fill="#fff" />
    </svg>
  );
}

export function MapLander({ selection, signupHref, map }: LanderPageProps) {
  const { t } = usePage();
  const place = placeName(t, selection);
  const who = selection.gender === 'male' ? 'male' : 'female';
  const strip = selection.profiles.slice(0, STRIP);
  const onMap = new Set((map?.pins ?? []).flatMap((pin) => pin.profileIds));
  const markers = selection.profiles.filter((p) => map?.pins.some((pin) => pin.featured === p.id));
  return (
    <div className="lander lander--map">
      <section className="container mapl-hero">
        <div className="mapl-hero__text">
          <AudienceChip selection={selection} />
          <h1>
            <span className="mapl-hero__headline">{t(place ? `landers:maplanding.headline.${who}` : `landers:maplanding.headlineAll.${who}`)}</span>
            {place && (
              <span className="mapl-hero__place">
                <PinIcon />
                {place}
              </span>
            )}
          </h1>
        </div>
        {map && (
          <div className="mapl-hero__map">
            <LanderMapFigure map={map} profiles={selection.profiles} href={signupHref} place={place} />
          </div>
        )}
        <div className="mapl-hero__cta">
          <LanderCta href={signupHref}>{t('landers:maplanding.cta')}</LanderCta>
          <TrustList keys={['free', 'minute', 'discreet']} />
        </div>
        <p className="mapl-hero__lead">{t('landers:maplanding.lead')}</p>
        <div className="mapl-hero__proof">
          <LanderStats selection={selection} />
          <p className="mapl-hero__privacy">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M12 3l7 3v5.5c0 4.4-3 8.2-7 9.5-4-1.3-7-5.1-7-9.5V6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              <path d="M8.8 12.2l2.2 2.2 4.2-4.4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t('landers:maplanding.privacy')}
          </p>
        </div>
      </section>
      {strip.length > 0 && (
        <section className="mapl-strip" aria-labelledby="mapl-strip-title">
          <header className="container mapl-strip__head">
            <h2 id="mapl-strip-title">{t('landers:maplanding.stripTitle')}</h2>
            <p>{t('landers:maplanding.stripLead')}</p>
          </header>
          <ul className="mapl-strip__row">
            {strip.map((p) => (
              <li key={p.id} className={onMap.has(p.id) ? 'mapl-strip__item is-on-map' : 'mapl-strip__item'}>
                <LanderTile profile={p} href={signupHref} />
              </li>
            ))}
          </ul>
          <div className="container">
            <FictionalNote profiles={[...strip, ...markers]} />
          </div>
        </section>
      )}
      <section className="container mapl-steps" aria-labelledby="mapl-steps-title">
        <h2 id="mapl-steps-title">{t('landers:maplanding.stepsTitle')}</h2>
        <ol>
          {STEPS.map((step) => (
            <li key={step}>
              <strong>{t(`landers:maplanding.steps.${step}.title`)}</strong>
              <span>{t(`landers:maplanding.steps.${step}.text`)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="container mapl-final">
        <h2>{t('landers:maplanding.finalTitle')}</h2>
        <LanderCta href={signupHref}>{t('landers:maplanding.cta')}</LanderCta>
        <p className="mapl-final__note">{t('landers:common.ctaNote')}</p>
      </section>
    </div>
  );
}
