// Who is looking: what a service needs to know of the request's member, without the request.

export interface Viewer {
  userId: number;
  profileId: number;
  premium: boolean;
}

/** A visitor (logged out) is `null`. */
export type MaybeViewer = Viewer | null;
