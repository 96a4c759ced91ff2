// What /settings shows about the member's newest data export (issue 18.1); null: none to show.
export type DataExportState = { state: 'preparing'; requestedAt: number } | { state: 'ready'; expiresAt: number } | { state: 'failed' } | null;

/** How long the mailed download link works. */
export const EXPORT_LINK_DAYS = 7;
