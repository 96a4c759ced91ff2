// Where report and block lead from the chat (issue 18.5): the complaint form with the profile
// chosen, and the block confirmation, which comes back to `back` when cancelled.

export const reportHref = (profileId: number) => `/complaints?profile=${profileId}#complaint-form`;

export const blockHref = (profileId: number, back: string) => `/members/${profileId}/block?next=${encodeURIComponent(back)}`;
