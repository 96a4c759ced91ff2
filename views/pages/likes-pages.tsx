// The likes pages: the overview (received with automatic likes, matches, sent), one list per type,
// and the page of one member's likes with you (/likes/m/{id}).
import LikesInbox from '../../islands/likes-inbox.island.js';
import LikeButton from '../../islands/like-button.island.js';
import type { LikedProfileCard, LikeListType } from '../../types/likes.js';
import type { ProfileCard as Card } from '../../types/profiles.js';
import { Island } from '../components/island.js';
import { Pagination } from '../components/pagination.js';
import { ProfileGrid, type CardsHtml } from '../components/profile-card.js';
import { usePage } from '../render-context.js';

interface ListPart {
  profiles: LikedProfileCard[];
  total: number;
}

const OVERVIEW_LIMIT = 6;

function LikesTabs({ current }: { current: 'overview' | LikeListType }) {
  const { t, user } = usePage();
  const tabs = [
    { key: 'overview', href: '/likes', label: t('pages:likes.overview') },
    { key: 'received', href: '/likes/received', label: t('pages:likes.received'), badge: user?.num_new_likes ?? 0 },
    { key: 'matches', href: '/likes/matches', label: t('pages:likes.matches') },
    { key: 'sent', href: '/likes/sent', label: t('pages:likes.sent') },
  ];
  return (
    <nav className="tabs" aria-label={t('pages:likes.title')}>
      {tabs.map((tab) => (
        <a key={tab.key} href={tab.href} className={tab.key === current ? 'tabs__tab tabs__tab--current' : 'tabs__tab'} aria-current={tab.key === current ? 'page' : undefined}>
          {tab.label}
          {tab.badge ? <span className="badge">{tab.badge}</span> : null}
        </a>
      ))}
    </nav>
  );
}

function Section({ type, part }: { type: 'matches' | 'sent'; part: ListPart }) {
  const { t } = usePage();
  return (
    <section className="section likes-section" data-testid={`likes-${type}`}>
      <div className="section__head">
        <h2>
          {t(`pages:likes.${type}`)} <span className="muted">({part.total})</span>
        </h2>
        {part.total > part.profiles.length && <a href={`/likes/${type}`}>{t('pages:likes.seeAll')}</a>}
      </div>
      {part.profiles.length ? <ProfileGrid profiles={part.profiles} priorityCount={0} /> : <p className="empty-state">{t(`pages:likes.empty.${type}`)}</p>}
    </section>
  );
}

export function LikesOverviewPage({ overview }: { overview: { received: ListPart; matches: ListPart; sent: ListPart } }) {
  const { t, settings } = usePage();
  return (
    <div className="container section">
      <LikesTabs current="overview" />
      <h1 className="page-title">{t('pages:likes.title')}</h1>
      <section className="section likes-section">
        <div className="section__head">
          <h2>{t('pages:likes.received')}</h2>
          <a href="/likes/received">{t('pages:likes.seeAll')}</a>
        </div>
        <Island
          name="likes-inbox"
          component={LikesInbox}
          section="likes"
          hydrate="idle"
          props={{ received: overview.received.profiles, total: overview.received.total, fictionalLabel: settings.fictional_singular, limit: OVERVIEW_LIMIT }}
        />
      </section>
      <Section type="matches" part={overview.matches} />
      <Section type="sent" part={overview.sent} />
    </div>
  );
}

/** A list's own grid marks the received likes not looked at yet. */
export const newBadgeOn = (type: LikeListType) => type === 'received';

export function LikesListPage({ type, list, cardsHtml }: { type: LikeListType; list: ListPart & { page: number; hasMore: boolean }; cardsHtml?: CardsHtml }) {
  const { t } = usePage();
  return (
    <div className="container section">
      <LikesTabs current={type} />
      <h1 className="page-title">
        {t(`pages:likes.${type}`)} <span className="muted">({list.total})</span>
      </h1>
      {list.profiles.length ? <ProfileGrid profiles={list.profiles} newBadge={newBadgeOn(type)} html={cardsHtml} /> : <p className="empty-state">{t(`pages:likes.empty.${type}`)}</p>}
      <Pagination page={list.page} hasMore={list.hasMore} query={{}} basePath={`/likes/${type}`} />
    </div>
  );
}

export function LikeRelationPage({ profile, relation }: { profile: Card; relation: { liked: boolean; likedBy: boolean; match: boolean } }) {
  const { t, user } = usePage();
  const key = relation.match ? 'match' : relation.likedBy ? 'likedBy' : relation.liked ? 'liked' : 'none';
  return (
    <div className="container section like-relation" data-testid={`relation-${key}`}>
      <LikesTabs current={relation.match ? 'matches' : relation.likedBy ? 'received' : 'sent'} />
      <div className="like-relation__card">
        <div className="match__photos">
          {user?.profile.main_image && <img className="match__photo" src={user.profile.main_image.match} alt={user.profile.name} width={112} height={112} />}
          {profile.photo ? <img className="match__photo" src={profile.photo.thumbUrl} alt={profile.name} width={112} height={112} /> : <span className="match__photo match__photo--empty" aria-hidden="true">{profile.name.slice(0, 1)}</span>}
          {relation.match && <span className="match__heart" aria-hidden="true">♥</span>}
        </div>
        <h1 className="match__title">{t(`pages:likes.relation.${key}`, { name: profile.name })}</h1>
        <div className="match__actions">
          {relation.match && <a className="btn btn--primary btn--block" href={`/members/${profile.id}/chat`}>{t('profile.chat')}</a>}
          {!relation.liked && user && (
            <Island
              name="like-button"
              component={LikeButton}
              section="likes"
              props={{ profile: { id: profile.id, name: profile.name, photoUrl: profile.photo?.thumbUrl ?? null }, liked: false, own: { name: user.profile.name, photoUrl: user.profile.main_image?.match ?? null } }}
            />
          )}
          <a className="btn btn--light btn--block" href={`/members/${profile.id}`}>{t('pages:likes.viewProfile', { name: profile.name })}</a>
        </div>
      </div>
    </div>
  );
}
