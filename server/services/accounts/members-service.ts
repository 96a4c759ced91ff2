// The logged-in member as the pages and GET /api/user.php see them.
import type { Db } from '../../db.js';
import * as usersRepo from '../../repos/users-repo.js';
import { disabledListOf } from '../../../types/notification-state.js';
import type { SessionUser } from '../../../types/user.js';
import type { Locale } from '../../../types/settings.js';
import type { Viewer } from '../viewer.js';
import { photoFileName, photoUrl } from '../media/photo-urls.js';
import { NotificationSettingsService } from '../notifications/notification-settings-service.js';

export class MembersService {
  private readonly notifications: NotificationSettingsService;

  constructor(private readonly db: Db) {
    this.notifications = new NotificationSettingsService(db);
  }

  /**
   * The member of a session, or undefined when the account is gone or deleted, or when its
   * password changed after the session logged in (`authAt`): that ends the member's other sessions.
   */
  async sessionUser(userId: number, siteId: number, cdnPrefix: string, authAt?: number): Promise<SessionUser | undefined> {
    const m = await usersRepo.memberForPage(this.db, userId);
    if (!m || !sessionHolds(m, siteId, authAt)) return undefined;
    // The same state /notifications shows: switches off, their reasons, the address's suppressions.
    const notifications = await this.notifications.stateOf(userId, m.email, this.db, {
      switchesSet: Number(m.notification_settings) > 0,
      // The row counted the suppressions of the address as stored: that answers for the address
      // stateOf() reads (trimmed, lower case) when the stored one is already so, as signups store it.
      suppressed: m.email === m.email.trim().toLowerCase() ? Number(m.suppressions) > 0 : undefined,
    });
    const newLikes = Number(m.likes ?? 0);
    const unreadMessages = Number(m.unread ?? 0);
    const dismissed = m.dismissed ? m.dismissed.split(',') : [];
    return {
      id: m.id,
      status: m.status,
      credits: Number(m.credits),
      notifications_disabled: disabledListOf(notifications),
      email: m.email,
      paid_user: Boolean(m.paid_user),
      signup_date: new Date(Number(m.signup_date)).toISOString(),
      language: m.language,
      invisible: Boolean(m.invisible),
      fictional_icon: true,
      signup_step: (m.signup_step as SessionUser['signup_step']) ?? null,
      num_new_likes: newLikes,
      num_unread_messages: unreadMessages,
      dismissed_alerts: dismissed,
      profile: {
        id: m.profile_id,
        status: m.profile_status,
        name: m.profile_name,
        country: m.profile_country,
        main_image: m.main_file_key
          ? {
              filename: photoFileName(m.main_file_key, 'full'),
              thumb_filename: photoFileName(m.main_file_key, 'thumb'),
              status: m.main_photo_status ?? 'pending',
              match: photoUrl(cdnPrefix, m.main_file_key, 'thumb'),
            }
          : null,
      },
    };
  }

  /**
   * Only who the session's member is (what services call the viewer), for the calls that need no
   * more; undefined exactly when sessionUser() would be.
   */
  async sessionViewer(userId: number, siteId: number, authAt?: number): Promise<Viewer | undefined> {
    const m = await usersRepo.findSessionMember(this.db, userId);
    if (!m || !sessionHolds(m, siteId, authAt)) return undefined;
    return { userId: Number(m.id), profileId: Number(m.profile_id), premium: Boolean(m.paid_user) };
  }

  async setLanguage(userId: number, lng: Locale): Promise<void> {
    await usersRepo.updateLanguage(this.db, userId, lng);
  }
}

/** A pending deletion ends every session (logging in again explains how to reactivate), and so does a password changed since the login. */
function sessionHolds(m: Pick<usersRepo.SessionMemberRow, 'site_id' | 'status' | 'password_changed_at'>, siteId: number, authAt: number | undefined): boolean {
  if (m.site_id !== siteId || m.status === 'deleted' || m.status === 'pending_deletion') return false;
  return authAt === undefined || m.password_changed_at === null || Number(m.password_changed_at) <= authAt;
}
