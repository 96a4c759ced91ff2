// Blocks as pages show them (issue 18.5): the confirmation before a block, "Blocked members" on /settings.

export interface BlockTarget {
  id: number;
  name: string;
  /** The main photo's thumbnail, when the viewer may see it. */
  photoUrl: string | null;
  /** Already blocked by the viewer: nothing to confirm. */
  blockedByMe: boolean;
}

export interface BlockedMember {
  id: number;
  name: string;
  photoUrl: string | null;
  /** When the viewer blocked them (ISO). */
  blockedAt: string;
}
