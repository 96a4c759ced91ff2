// /members/{id}/landing, /landing2/{slug?}, /landing3/{slug?}: one real profile put forward in
// three layouts (a profile card, a full-bleed portrait, a message to write), each leading to
// /members/{id}/signup, the signup preset to look for this profile. The slug picks the headline.
import type { MemberLanding } from '../../../types/landers.js';
import type { MemberLandingProps } from '../../../types/lander-pages.js';
import { usePage } from '../../render-context.js';
import { FictionalNote, FictionalTag, LanderCta, LanderPhoto, TrustList, placeOf, isOnline } from './lander-parts.js';

const SHOWN_INTERESTS = 5;

function useMemberTexts({ profile, theme }: MemberLandingProps) {
  const { t } = usePage();
  return {
    headline: t(`landers:member.headline.${theme}`, { name: profile.name }),
    facts: `${profile.name}, ${profile.age} · ${placeOf(t, profile)}`,
    cta: t('landers:member.cta', { name: profile.name }),
  };
}

function OnlineBadge({ online }: { online: boolean }) {
  const { t } = usePage();
  if (!online) return null;
  return (
    <span className="mlanding-online">
      <span className="dot dot--online" aria-hidden="true" />
      {t('presence.online')}
    </span>
  );
}

function Interests({ slugs }: { slugs: string[] }) {
  const { t } = usePage();
  if (slugs.length === 0) return null;
  return (
    <ul className="mlanding-interests" aria-label={t('landers:member.interests')}>
      {slugs.slice(0, SHOWN_INTERESTS).map((s) => <li key={s}>{t(`interests:${s}`)}</li>)}
    </ul>
  );
}

function Quote({ props }: { props: MemberLandingProps }) {
  const { t } = usePage();
  if (!props.teaser) return null;
  return (
    <figure className="mlanding-quote">
      <blockquote>{props.teaser}</blockquote>
      <figcaption>{t('landers:member.fromProfile', { name: props.profile.name })}</figcaption>
    </figure>
  );
}

/** The locked photos a visitor sees as blurred thumbnails: how many more there are. */
function MorePhotos({ props }: { props: MemberLandingProps }) {
  const { t } = usePage();
  const locked = props.profile.photos.filter((p) => p.locked).slice(0, 3);
  if (locked.length === 0) return null;
  return (
    <a className="mlanding-more" href={props.signupHref}>
      <span className="mlanding-more__thumbs" aria-hidden="true">
        {locked.map((p) => <img key={p.id} src={p.thumbUrl} alt="" width={48} height={64} loading="lazy" decoding="async" />)}
      </span>
      {t('landers:member.morePhotos', { photos: props.profile.photos.filter((p) => p.locked).length })}
    </a>
  );
}

/** /members/{id}/landing: the profile as a card, its words and interests beside the photo. */
function CardLanding(props: MemberLandingProps) {
  const { profile, signupHref } = props;
  const text = useMemberTexts(props);
  return (
    <section className="container mlanding-card">
      <div className="mlanding-card__photo">
        <LanderPhoto profile={profile} priority large sizes="(min-width: 768px) 420px, 92vw" />
        <FictionalTag profile={profile} />
      </div>
      <div className="mlanding-card__body">
        <OnlineBadge online={isOnline(profile)} />
        <h1>{text.headline}</h1>
        <p className="mlanding-facts">{text.facts}</p>
        <LanderCta href={signupHref}>{text.cta}</LanderCta>
        <TrustList keys={['free', 'minute', 'noSubscription']} />
        <Quote props={props} />
        <Interests slugs={profile.interests} />
        <MorePhotos props={props} />
      </div>
    </section>
  );
}

/** /members/{id}/landing2: the portrait fills the first screen, the words over its foot. */
function BleedLanding(props: MemberLandingProps) {
  const { profile, signupHref } = props;
  const text = useMemberTexts(props);
  return (
    <>
      <section className="mlanding-bleed">
        {profile.photo && <img className="mlanding-bleed__backdrop" src={profile.photo.thumbUrl} alt="" width={240} height={320} aria-hidden="true" />}
        <div className="mlanding-bleed__frame">
          <LanderPhoto profile={profile} priority large sizes="(min-width: 768px) 480px, 100vw" className="mlanding-bleed__photo" />
          <FictionalTag profile={profile} />
          <div className="mlanding-bleed__text">
            <OnlineBadge online={isOnline(profile)} />
            <h1>{text.headline}</h1>
            <p className="mlanding-facts">{text.facts}</p>
            <LanderCta href={signupHref}>{text.cta}</LanderCta>
          </div>
        </div>
      </section>
      <section className="container mlanding-after">
        <Quote props={props} />
        <Interests slugs={profile.interests} />
        <TrustList keys={['free', 'minute', 'noSubscription']} />
      </section>
    </>
  );
}

/** /members/{id}/landing3: a message to write, the way a chat starts; sending it needs an account. */
function MessageLanding(props: MemberLandingProps) {
  const { t } = usePage();
  const { profile, signupHref } = props;
  const text = useMemberTexts(props);
  return (
    <section className="container mlanding-chat">
      <div className="mlanding-chat__photo">
        <LanderPhoto profile={profile} priority large sizes="(min-width: 768px) 360px, 92vw" />
        <FictionalTag profile={profile} />
      </div>
      <div className="mlanding-chat__panel">
        <p className="mlanding-chat__who">
          <LanderPhoto profile={profile} className="mlanding-chat__avatar" />
          <span>
            <strong>{profile.name}, {profile.age}</strong>
            <span className="mlanding-chat__place">{placeOf(t, profile)}</span>
          </span>
          <OnlineBadge online={isOnline(profile)} />
        </p>
        <h1>{text.headline}</h1>
        <Quote props={props} />
        <a className="mlanding-composer" href={signupHref} data-testid="lander-cta">
          <span className="mlanding-composer__field">{t('landers:member.composer', { name: profile.name })}</span>
          <span className="mlanding-composer__send">{t('landers:member.send')}</span>
        </a>
        <p className="mlanding-chat__note">{t('landers:member.composerNote')}</p>
        <Interests slugs={profile.interests} />
      </div>
    </section>
  );
}

const LAYOUTS: Record<MemberLanding, (p: MemberLandingProps) => React.JSX.Element> = {
  landing: CardLanding,
  landing2: BleedLanding,
  landing3: MessageLanding,
};

export function MemberLandingPage({ layout, ...props }: MemberLandingProps & { layout: MemberLanding }) {
  const Layout = LAYOUTS[layout];
  return (
    <div className={`lander lander--member lander--${layout}`}>
      <Layout {...props} />
      <div className="container mlanding-note">
        <FictionalNote profiles={[props.profile]} />
      </div>
    </div>
  );
}
