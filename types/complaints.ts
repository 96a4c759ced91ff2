// Complaints sent from the form on /complaints (issue 16.7), shared by the service, views and CLI.

export const COMPLAINT_SUBJECTS = ['profile', 'payment', 'message', 'other'] as const;
export type ComplaintSubject = (typeof COMPLAINT_SUBJECTS)[number];

export const COMPLAINT_STATUSES = ['open', 'resolved'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** Message length: long enough to say what happened, short enough to read. */
export const COMPLAINT_MIN_LENGTH = 10;
export const COMPLAINT_MAX_LENGTH = 4000;

/** What a complaint is about, as the form shows it to its sender. */
export type ComplaintAbout =
  | { kind: 'profile'; profileId: number; label: string }
  | { kind: 'payment'; paymentRef: string; credits: number; amountCents: number; currency: string; createdAt: number };

export interface ComplaintRow {
  id: number;
  reference: string;
  siteId: number;
  userId: number | null;
  name: string;
  email: string;
  subject: string;
  body: string;
  aboutProfileId: number | null;
  aboutPayment: string | null;
  language: string;
  status: ComplaintStatus;
  createdAt: number;
  resolvedAt: number | null;
  resolutionNote: string | null;
}
