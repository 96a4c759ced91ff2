// The push prompt of SPEC.md §2 and the push state of §3, shared by the server's view and the island.

/** Where the push prompt never shows: the signup steps, the notification settings, the activation result, direct debit and premium. */
export const PUSH_PROMPT_HIDDEN_ON: readonly string[] = [
  'signup', 'complete-signup', 'signup-matches', 'member-signup', 'notifications', 'activate-done', 'directdebit', 'premium',
];

export interface PushPromptProps {
  /** The site's VAPID public key (settings' push public key), base64url. */
  publicKey: string;
  /** The page to come back to after the no-script dismissal form. */
  returnTo: string;
}

/**
 * SPEC.md §3 push state as this browser knows it: unknown (not checked yet), not subscribed,
 * subscribed, or denied (the member said no; the prompt does not ask again on this browser).
 */
export type PushState = 'unknown' | 'unsupported' | 'not_subscribed' | 'subscribed' | 'denied';
