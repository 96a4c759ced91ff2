// The logged-in member as GET /api/user.php returns it (SPEC.md §3), shared with islands.
import type { SignupStep } from './signup.js';

export interface MainImage {
  filename: string;
  thumb_filename: string;
  status: string;
  match: string;
}

export interface SessionUser {
  id: number;
  status: 'not_confirmed' | 'active' | 'pending_deletion' | 'deleted';
  credits: number;
  /**
   * What is disabled (disabledListOf in notification-state.ts): the reasons (fbl, bounce,
   * listunsubscribe), then each type with a switch off; empty when nothing is.
   */
  notifications_disabled: string[];
  email: string;
  paid_user: boolean;
  signup_date: string;
  language: string;
  invisible: boolean;
  fictional_icon: boolean;
  /** The signup step still to do (photo … complete), null once signup is finished. */
  signup_step: SignupStep | null;
  /** Received likes not looked at yet: the Likes badge. */
  num_new_likes: number;
  /** Unread messages over the member's conversations: the Messages badge. */
  num_unread_messages: number;
  /** Alerts the member dismissed (profile_enrich, push, disabled_notifications, time_bonus). */
  dismissed_alerts: string[];
  profile: {
    id: number;
    status: string;
    name: string;
    country: string;
    main_image: MainImage | null;
  };
}
