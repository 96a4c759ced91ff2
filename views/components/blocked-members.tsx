// "Blocked members" on /settings (issue 18.5): everyone the member blocked, with photo and name and
// an Unblock button each (plain forms). What unblocking does and does not undo is said above it.
import type { BlockedMember } from '../../types/blocks.js';
import { formatDateTime } from '../format.js';
import { usePage } from '../render-context.js';

export interface BlockedMembersProps {
  members: BlockedMember[];
  /** The name of the member just unblocked, for the notice. */
  unblocked?: string;
}

export function BlockedMembers({ members, unblocked }: BlockedMembersProps) {
  const { t, lng, csrfToken } = usePage();
  return (
    <section className="auth__card settings__section blocked-members" id="blocked-members" data-testid="blocked-members">
      <h2>{t('blocking:settings.title')}</h2>
      {unblocked && <p className="notice notice--ok" role="status" data-testid="unblocked-notice">{t('blocking:settings.unblocked', { name: unblocked })}</p>}
      <p className="settings__hint">{t('blocking:settings.explain')}</p>
      {members.length === 0 ? (
        <p data-testid="blocked-none">{t('blocking:settings.none')}</p>
      ) : (
        <ul className="blocked-list">
          {members.map((m) => (
            <li key={m.id} className="blocked-list__item" data-profile-id={m.id}>
              <span className="blocked-list__photo" aria-hidden="true">
                {m.photoUrl ? <img src={m.photoUrl} alt="" width={44} height={44} loading="lazy" decoding="async" /> : m.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="blocked-list__who">
                <span className="blocked-list__name">{m.name}</span>
                <span className="blocked-list__when">{t('blocking:settings.since', { date: formatDateTime(lng, Date.parse(m.blockedAt)) })}</span>
              </span>
              <form method="post" action={`/settings/blocked/${m.id}/unblock`}>
                <input type="hidden" name="_csrf" value={csrfToken} />
                <button type="submit" className="btn btn--light btn--sm" aria-label={t('blocking:settings.unblockName', { name: m.name })} data-testid="unblock-button">
                  {t('blocking:settings.unblock')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
