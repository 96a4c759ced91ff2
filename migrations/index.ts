// The migration list, imported statically so the same code runs from source (tsx) and from dist/.
import type { Knex } from 'knex';
import * as sites from './20261121000100_sites.js';
import * as members from './20261121000200_members.js';
import * as relations from './20261121000300_relations.js';
import * as chat from './20261121000400_chat.js';
import * as money from './20261121000500_money.js';
import * as messaging from './20261121000600_messaging.js';
import * as operations from './20261121000700_operations.js';
import * as signupSteps from './20261122000100_signup_steps.js';
import * as payments from './20261122000200_payments.js';
import * as chatPhotos from './20261122000300_chat_photos.js';
import * as eventRelay from './20261122000400_event_relay.js';
import * as searchFilters from './20261123000100_search_filters.js';
import * as fileRemovals from './20261123000200_file_removals.js';
import * as discountRules from './20261123000900_discount_rules.js';
import * as promotionCodes from './20261123000910_promotion_codes.js';
import * as usernameKeys from './20261123130100_username_keys.js';
import * as usernameKeysBackfill from './20261123130200_username_keys_backfill.js';
import * as notificationChannels from './20261123140000_notification_channels.js';
import * as notificationDisabledReason from './20261123140100_notification_disabled_reason.js';
import * as notificationPresence from './20261123140200_notification_presence.js';
import * as pushRetryEndpoints from './20261123140300_push_retry_endpoints.js';
import * as profilesJoinedIndex from './20261123140400_profiles_joined_index.js';
import * as complaintForm from './20261123152000_complaint_form.js';
import * as landerTraffic from './20261126002100_lander_traffic.js';
import * as profilePlaces from './20261126004100_profile_places.js';
import * as profilePlacesBackfill from './20261126004200_profile_places_backfill.js';
import * as messagesUnreadIndex from './20261127000100_messages_unread_index.js';
import * as termsAcceptances from './20261127090100_terms_acceptances.js';
import * as termsAcceptancesBackfill from './20261127090200_terms_acceptances_backfill.js';
import * as mailOutboxAboutProfiles from './20261127090300_mail_outbox_about_profiles.js';
import * as memberLogins from './20261127180100_member_logins.js';
import * as dataExports from './20261127180200_data_exports.js';
import * as spendLimits from './20261128090100_spend_limits.js';
import * as companyCountryCode from './20261129090100_company_country_code.js';
import * as badgeCountIndexes from './20261206090100_badge_count_indexes.js';
import * as newLikesPartialIndexes from './20261207090100_new_likes_partial_indexes.js';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

const migrations: [string, Migration][] = [
  ['20261121000100_sites', sites],
  ['20261121000200_members', members],
  ['20261121000300_relations', relations],
  ['20261121000400_chat', chat],
  ['20261121000500_money', money],
  ['20261121000600_messaging', messaging],
  ['20261121000700_operations', operations],
  ['20261122000100_signup_steps', signupSteps],
  ['20261122000200_payments', payments],
  ['20261122000300_chat_photos', chatPhotos],
  ['20261122000400_event_relay', eventRelay],
  ['20261123000100_search_filters', searchFilters],
  ['20261123000200_file_removals', fileRemovals],
  ['20261123000900_discount_rules', discountRules],
  ['20261123000910_promotion_codes', promotionCodes],
  ['20261123130100_username_keys', usernameKeys],
  ['20261123130200_username_keys_backfill', usernameKeysBackfill],
  ['20261123140000_notification_channels', notificationChannels],
  ['20261123140100_notification_disabled_reason', notificationDisabledReason],
  ['20261123140200_notification_presence', notificationPresence],
  ['20261123140300_push_retry_endpoints', pushRetryEndpoints],
  ['20261123140400_profiles_joined_index', profilesJoinedIndex],
  ['20261123152000_complaint_form', complaintForm],
  ['20261126002100_lander_traffic', landerTraffic],
  ['20261126004100_profile_places', profilePlaces],
  ['20261126004200_profile_places_backfill', profilePlacesBackfill],
  ['20261127000100_messages_unread_index', messagesUnreadIndex],
  ['20261127090100_terms_acceptances', termsAcceptances],
  ['20261127090200_terms_acceptances_backfill', termsAcceptancesBackfill],
  ['20261127090300_mail_outbox_about_profiles', mailOutboxAboutProfiles],
  ['20261127180100_member_logins', memberLogins],
  ['20261127180200_data_exports', dataExports],
  ['20261128090100_spend_limits', spendLimits],
  ['20261129090100_company_country_code', companyCountryCode],
  ['20261206090100_badge_count_indexes', badgeCountIndexes],
  ['20261207090100_new_likes_partial_indexes', newLikesPartialIndexes],
];

/** How many migrations there are; tests compare what migrate and rollback report with it. */
export const MIGRATION_COUNT = migrations.length;

export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
