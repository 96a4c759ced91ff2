// A member's profile (/members/{id}): photos, facts, about text, and the actions: Chat (with its
// price), Like, Gift and More (block, report). On phones the actions are a row fixed to the foot of
// the screen and the photo is shorter, so name and actions show on the first screen. A visitor's
// actions lead to the login, each explaining why.
import PhotoGallery from '../../islands/photo-gallery.island.js';
import LikeButton from '../../islands/like-button.island.js';
import MatchModalIsland from '../../islands/match-modal.island.js';
import type { MatchModalProps } from '../../types/likes.js';
import type { ProfileDetail } from '../../types/profiles.js';
import { Island } from '../components/island.js';
import { usePage } from '../render-context.js';
import { PresenceBadge } from '../components/presence-badge.js';
import { presenceWords } from '../components/presence-words.js';

function HiddenFormField() {
  const { csrfToken } = usePage();
  return <input type="hidden" name="_csrf" value={csrfToken} />;
}

function GiftIcon() {
  return (
    <svg className="profile__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M4 11h16v9.5H4zM3 7.5h18V11H3zM12 7.5v13M12 7.5C10.5 4 7 3.5 7 5.5S10 7.5 12 7.5zM12 7.5c1.5-3.5 5-4 5-2s-3 2-5 2z" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" />
    </svg>
  );
}

function MoreIcon() {
  return (
    <svg className="profile__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M5.5 12h.01M12 12h.01M18.5 12h.01" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The viewer blocked this profile: the note with the way back, instead of the actions. */
function BlockedNotice({ profile }: { profile: ProfileDetail }) {
  const { t } = usePage();
  return (
    <div className="notice notice--blocked" data-testid="blocked-by-me">
      <p>{t('profile.youBlocked', { name: profile.name })}</p>
      <form method="post" action={`/members/${profile.id}/unblock`}>
        <HiddenFormField />
        <button type="submit" className="btn btn--light btn--sm">{t('profile.unblock')}</button>
      </form>
    </div>
  );
}

/** The complaint form with this profile preselected (issue 16.7). */
const reportHref = (id: number) => `/complaints?profile=${id}#complaint-form`;

/** "More": block and report in a <details> menu, so it works without JavaScript. */
function MoreMenu({ profile }: { profile: ProfileDetail }) {
  const { t } = usePage();
  return (
    <details className="menu profile__more">
      <summary className="btn btn--light profile__action" title={t('profile.moreActions')}>
        <MoreIcon />
        <span className="profile__action-label">{t('profile.moreActions')}</span>
      </summary>
      <div className="menu__list profile__menu">
        <form method="post" action={`/members/${profile.id}/block`} className="profile__block">
          <HiddenFormField />
          <p>{t('profile.blockExplain', { name: profile.name })}</p>
          <button type="submit" className="btn btn--danger btn--sm" data-testid="block-button">{t('profile.block', { name: profile.name })}</button>
        </form>
        <a className="menu__item" href={reportHref(profile.id)}>{t('profile.report', { name: profile.name })}</a>
      </div>
    </details>
  );
}

/** Chat as the primary action, with what a message costs. */
function ChatLabel() {
  const { t, settings } = usePage();
  return (
    <>
      <span className="profile__chat-label">{t('profile.chat')}</span>
      <span className="profile__chat-price">
        <span className="profile__chat-sep"> · </span>
        {t('profile.creditsPrice', { n: settings.message_credits })}
      </span>
    </>
  );
}

export interface ProfilePageProps {
  profile: ProfileDetail;
  notice?: string;
  matchModal?: MatchModalProps;
}

export function ProfilePage({ profile, notice, matchModal }: ProfilePageProps) {
  const { t, lng, user, settings } = usePage();
  const place = [...new Set([profile.city, profile.region, t(`countries.${profile.country}`)].filter(Boolean))].join(', ');
  const next = `/members/${profile.id}`;
  return (
    <div className="container section profile">
      <header className="profile__head">
        <h1 className="profile__name">
          {profile.name}, {profile.age}
        </h1>
        <p className="profile__place">{place}</p>
        {profile.presence && (
          <p className="profile__presence" data-testid="profile-presence">
            <PresenceBadge presence={profile.presence} label={presenceWords(t, lng, profile.presence)} />
          </p>
        )}
        {profile.isFictional && <p className="notice notice--fictional">{settings.fictional_warning}</p>}
        {notice && <p className="notice notice--success" role="status">{notice}</p>}
      </header>
      <div className="profile__media">
        {profile.relation?.blockedByMe ? (
          <div className="card__nophoto card__nophoto--large" aria-hidden="true">{profile.name.slice(0, 1)}</div>
        ) : (
          <Island
            name="photo-gallery"
            section="gallery"
            component={PhotoGallery}
            hydrate="visible"
            props={{ profileId: profile.id, name: profile.name, photos: profile.photos, viewer: profile.galleryViewer, fictionalLabel: profile.isFictional ? settings.fictional_singular : null }}
          />
        )}
      </div>
      <div className="profile__info">
        {user && profile.relation?.blockedByMe ? (
          <BlockedNotice profile={profile} />
        ) : user ? (
          <>
            <div className="profile__actions" data-testid="profile-actions">
              <a className="btn btn--primary profile__chat" href={`/members/${profile.id}/chat`} data-testid="profile-chat">
                <ChatLabel />
              </a>
              {profile.relation && (
                <Island
                  name="like-button"
                  component={LikeButton}
                  section="likes"
                  props={{
                    profile: { id: profile.id, name: profile.name, photoUrl: profile.photo?.thumbUrl ?? null, fictionalLabel: profile.isFictional ? settings.fictional_singular : null },
                    liked: profile.relation.liked,
                    own: { name: user.profile.name, photoUrl: user.profile.main_image?.match ?? null },
                  }}
                />
              )}
              <a className="btn btn--light profile__action" href={`/members/${profile.id}/chat?gift=1`} title={t('profile.gift')}>
                <GiftIcon />
                <span className="profile__action-label">{t('profile.gift')}</span>
              </a>
              {profile.relation && <MoreMenu profile={profile} />}
            </div>
            {profile.relation?.match && <p className="profile__hint profile__hint--match">{t('profile.isMatch', { name: profile.name })}</p>}
            {!profile.relation?.match && profile.relation?.likedBy && <p className="profile__hint">{t('profile.likesYou', { name: profile.name })}</p>}
          </>
        ) : (
          <>
            <div className="profile__actions" data-testid="profile-actions">
              <a className="btn btn--primary profile__chat" href={`/login?next=${encodeURIComponent(`${next}/chat`)}`} title={t('profile.loginToChat')} data-testid="profile-chat">
                <ChatLabel />
              </a>
              <a className="btn like-btn profile__action" href={`/login?next=${encodeURIComponent(next)}`} title={t('profile.loginToLike', { name: profile.name })}>
                <span aria-hidden="true">♡</span> <span className="profile__action-label">{t('profile.like')}</span>
              </a>
              <a className="btn btn--light profile__action" href={`/login?next=${encodeURIComponent(`${next}/chat`)}`} title={t('profile.loginToGift', { name: profile.name })}>
                <GiftIcon />
                <span className="profile__action-label">{t('profile.gift')}</span>
              </a>
            </div>
            <p className="profile__hint">{t('profile.loginToLike', { name: profile.name })}</p>
            <a className="btn btn--light btn--block profile__signup" href={`/members/${profile.id}/signup`} data-signup data-return={next}>
              {t('profile.signupToChat', { name: profile.name })}
            </a>
          </>
        )}
        {!profile.relation?.blockedByMe && (
          <p className="profile__report">
            <a href={reportHref(profile.id)} data-testid="profile-report">{t('pages:complaintForm.reportProfile')}</a>
          </p>
        )}
        {matchModal && <Island name="match-modal" component={MatchModalIsland} section="likes" props={matchModal} />}
        {settings.visible_profile_notes && profile.about && !profile.relation?.blockedByMe && (
          <section className="profile__section">
            <h2>{t('profile.about', { name: profile.name })}</h2>
            <p className="profile__about">{profile.about}</p>
          </section>
        )}
        {profile.attributes.length > 0 && !profile.relation?.blockedByMe && (
          <section className="profile__section">
            <h2>{t('profile.details')}</h2>
            <dl className="facts">
              <dt>{t('attributes.gender.label')}</dt>
              <dd>{t(`attributes.gender.${profile.gender}`)}</dd>
              {profile.attributes.map((a) => (
                <div key={a.key} className="facts__row">
                  <dt>{t(`attributes.${a.key}.label`)}</dt>
                  <dd>{t(`attributes.${a.key}.${a.value.replace(/ /g, '_')}`)}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        {profile.interests.length > 0 && !profile.relation?.blockedByMe && (
          <section className="profile__section">
            <h2>{t('profile.interests')}</h2>
            <ul className="chips">
              {profile.interests.map((slug) => (
                <li key={slug} className="chip">{t(`interests:${slug}`)}</li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
