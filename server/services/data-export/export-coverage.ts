// Which table's member data goes into which file of the data export (issue 18.1), and which tables
// are left out and why. test/integration/data-export-coverage.test.ts reads the live schema: a
// table with a column naming a member (PERSONAL_COLUMN) that is in neither list fails it, so a new
// table cannot silently stay out of members' exports.

/** A column that names a member or a profile, or holds an address that identifies one. */
export const PERSONAL_COLUMN = /(^|_)(user|profile)(_(low|high))?_id$|^(email|to_address|phone|ip|signup_ip)$/;

/** Table → the file(s) of the ZIP its rows of the member go into. */
export const EXPORTED_TABLES: Record<string, string> = {
  users: 'account.json',
  daily_quotas: 'account.json (daily_counters)',
  audit_log: "account.json (operator_actions: entries about the account, without the operator's name)",
  profiles: 'profile.json',
  profile_interests: 'profile.json (interests)',
  photos: 'profile.json and photos/',
  likes: 'likes.json (given and received)',
  blocks: 'blocks.json (the blocks the member made)',
  conversations: 'conversations.json',
  conversation_participants: "conversations.json (the member's own state of each conversation)",
  messages: 'conversations.json (sent and received) and gifts.json',
  chat_photos: 'photos/chat/ (with their messages in conversations.json)',
  payments: 'payments.json',
  discount_codes: 'payments.json (personal_discount_codes)',
  discount_redemptions: 'payments.json (discount_code_uses)',
  credit_ledger: 'credit-ledger.json',
  notification_settings: 'notifications.json (settings)',
  suppressions: "notifications.json (suppressed_addresses: the member's own address)",
  dismissals: 'notifications.json (dismissed_notices)',
  notification_sends: 'notifications.json (scheduled_mails)',
  mail_outbox: 'notifications.json (mails to the member: what and when)',
  push_outbox: 'notifications.json (push_notifications: what and when)',
  sms_outbox: 'notifications.json (text_messages)',
  direct_debit_mandates: 'consents.json',
  push_subscriptions: 'consents.json (the push service, not the secret endpoint)',
  terms_acceptances: 'consents.json (terms_of_service: each version accepted, when and how)',
  member_logins: 'logins.json',
  complaints: 'complaints.json (the complaints the member sent)',
};

/** Table → why none of its rows are exported. */
export const EXCLUDED_TABLES: Record<string, string> = {
  tokens: 'hashes of the links mailed to the member (secrets; the mails themselves are listed)',
  otp_codes: 'hashes of the one-time SMS codes (secrets, valid 10 minutes; the text messages are listed)',
  data_exports: "the export's own bookkeeping: this archive is its result",
  event_relay: 'live events between app processes, deleted within minutes; they repeat messages already in conversations.json',
  presence: 'whether a page of the site is open right now, kept for seconds',
  sessions: 'the server side of the login cookie; logins.json lists the logins',
  login_attempts: 'no longer written (the login limits keep hashed counters); erasure deletes old rows',
  rate_limits: 'counters of the rate limits, keyed by hashes, expiring by themselves',
  file_removals: 'file names queued for deletion after an erasure',
  test_provider_payments: "the built-in test provider's side of test payments (payments.json has the member's)",
};
