// Account facts shared by the server and the views.

/** Why a member deletes the account (SPEC.md §3); 'other' asks for remarks. */
export const DELETE_REASONS = ['price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time', 'other'] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];
