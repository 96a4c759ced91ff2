// Builds every service once at boot with its dependencies; routes and the CLI use the same ones.
import { join } from 'node:path';
import type { i18n as I18n } from 'i18next';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { RedisClient } from '../sessions.js';
import type { Db } from '../db.js';
import { AccountDeletionService } from './accounts/account-deletion-service.js';
import { AccountErasure } from './accounts/account-erasure.js';
import { DataExportService } from './data-export/data-export-service.js';
import { AuthService } from './accounts/auth-service.js';
import { AccountSettingsService } from './accounts/account-settings-service.js';
import { ActivationService } from './accounts/activation-service.js';
import { LoginThrottle } from './accounts/login-throttle.js';
import { SignupStepsService } from './accounts/signup-steps-service.js';
import { SignupService } from './accounts/signup-service.js';
import { PasswordResetService } from './accounts/password-reset-service.js';
import { TokensService } from './tokens/tokens-service.js';
import { MembersService } from './accounts/members-service.js';
import { CatalogService } from './catalog/catalog-service.js';
import { CompanyService } from './company/company-service.js';
import { CreditsService } from './credits/credits-service.js';
import { SpendLimitService } from './credits/spend-limit-service.js';
import { GeoService } from './geo/geo-service.js';
import { KeysService } from './keys/keys-service.js';
import { MailService } from './mail/mail-service.js';
import { fileTransport, smtpTransport } from './mail/transport.js';
import { MediaService } from './media/media-service.js';
import { BundlesService } from './payments/bundles-service.js';
import { PaymentsService } from './payments/payments-service.js';
import { DirectDebitService } from './payments/direct-debit-service.js';
import { createSmsSender } from './sms/create-sms-sender.js';
import { createPaymentProvider } from './payments/providers.js';
import { PhotoReviewService } from './photos/photo-review-service.js';
import { PhotosService } from './photos/photos-service.js';
import { PushService } from './push/push-service.js';
import { PushDeliveryService } from './push/push-delivery-service.js';
import { NotificationSettingsService } from './notifications/notification-settings-service.js';
import { SuppressionsService } from './notifications/suppressions-service.js';
import { UnsubscribeLinks } from './notifications/unsubscribe-links.js';
import { NotificationsService } from './notifications/notifications-service.js';
import { PresenceService } from './presence/presence-service.js';
import { ReceiptMails } from './payments/receipts.js';
import { NotifyCronService } from './notifications/notify-cron-service.js';
import { ProfileImportService } from './profiles/profile-import-service.js';
import { ProfilesService } from './profiles/profiles-service.js';
import { OwnProfileService } from './profiles/own-profile-service.js';
import { SearchService } from './search/search-service.js';
import { SitesService } from './sites/sites-service.js';
import { BlocksService } from './blocks/blocks-service.js';
import { ChatService } from './chat/chat-service.js';
import { OperatorChatService } from './chat/operator-chat-service.js';
import { IcebreakerService } from './chat/icebreaker-service.js';
import { DismissalsService } from './alerts/dismissals-service.js';
import { BadgesService } from './events/badges-service.js';
import { createEventBus, type EventBus } from './events/event-bus.js';
import { AutoLikeService } from './likes/auto-like-service.js';
import { LikesService } from './likes/likes-service.js';
import { SwipeGameService } from './likes/swipe-game-service.js';
import { DiscountCodesAdminService } from './promotions/discount-codes-admin-service.js';
import { RetentionOfferService } from './promotions/retention-offer-service.js';
import { DiscountCodesService } from './promotions/discount-codes-service.js';
import { ComplaintsService } from './complaints/complaints-service.js';
import { LanderVisitCounter } from './traffic/lander-visit-counter.js';
import { TrafficStatsService } from './traffic/traffic-stats-service.js';
import { LandersService } from './landers/landers-service.js';
import { TermsService } from './terms/terms-service.js';

export interface Services {
  accountSettings: AccountSettingsService;
  accountDeletion: AccountDeletionService;
  /** "Download my data": queued exports built by a worker into DATA_DIR/exports, mailed as a link (issue 18). */
  dataExport: DataExportService;
  signup: SignupService;
  signupSteps: SignupStepsService;
  activation: ActivationService;
  tokens: TokensService;
  passwordReset: PasswordResetService;
  mail: MailService;
  bundles: BundlesService;
  payments: PaymentsService;
  directDebit: DirectDebitService;
  credits: CreditsService;
  /** The member's daily spending limit on /settings (issue 18.3); the debit itself enforces it. */
  spendLimit: SpendLimitService;
  auth: AuthService;
  sites: SitesService;
  company: CompanyService;
  catalog: CatalogService;
  geo: GeoService;
  keys: KeysService;
  media: MediaService;
  members: MembersService;
  photos: PhotosService;
  photoReview: PhotoReviewService;
  profileImport: ProfileImportService;
  profiles: ProfilesService;
  ownProfile: OwnProfileService;
  push: PushService;
  /** The push outbox worker (web-push to members' browsers). */
  pushDelivery: PushDeliveryService;
  notificationSettings: NotificationSettingsService;
  suppressions: SuppressionsService;
  /** One-click unsubscribe links: `unsubscribeLinks.url(site.domain, userId, email, type)` for a mail's body. */
  unsubscribeLinks: UnsubscribeLinks;
  /** Mail and push about messages, likes and matches, queued after their commit (issue 15). */
  notifications: NotificationsService;
  /** Who has a page of the site open and visible in any process, and members' last activity (issue 16). */
  presence: PresenceService;
  /** The cron mails (`amora notify …`): reminders, weekly updates, operators' mailings. */
  notifyCron: NotifyCronService;
  search: SearchService;
  likes: LikesService;
  blocks: BlocksService;
  chat: ChatService;
  operatorChat: OperatorChatService;
  /** What the icebreaker modal may mention of a partner (city, an interest). */
  icebreaker: IcebreakerService;
  dismissals: DismissalsService;
  swipeGame: SwipeGameService;
  autoLike: AutoLikeService;
  /** Live events to members' open pages (GET /api/events), across processes with Redis. */
  events: EventBus;
  badges: BadgesService;
  /** Members' discount codes: checking one, and reserving, confirming and releasing its uses. */
  discountCodes: DiscountCodesService;
  /** Operators' side of discount codes (`amora codes`). */
  discountCodesAdmin: DiscountCodesAdminService;
  retentionOffer: RetentionOfferService;
  /** Complaints from /complaints, acknowledged by mail; operators' `amora complaints`. */
  complaints: ComplaintsService;
  /** Lander visits added up in memory and flushed every few seconds (middleware/traffic.ts counts). */
  landerVisits: LanderVisitCounter;
  /** `amora stats landers`: visits, signups, activations and first payments per lander and network. */
  trafficStats: TrafficStatsService;
  /** The landing pages' profiles and counts (`/landers/…`, `/members/{id}/landing…`), kept briefly. */
  landers: LandersService;
  /** The terms' version in force and the versions members accepted (issue 18.4). */
  terms: TermsService;
}

export function createServices(deps: {
  config: Config;
  db: Db;
  logger: Logger;
  i18n: I18n;
  redis?: RedisClient;
  /** Without Redis: the app reads live events that command-line processes write (default: reader). */
  eventRelay?: 'reader' | 'writer';
}): Services {
  const { config, db, logger } = deps;
  const mailTransport = config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.mailDir);
  const keys = new KeysService(db);
  const unsubscribeLinks = new UnsubscribeLinks(keys);
  const mail = new MailService(db, mailTransport, config.mailFrom, logger, unsubscribeLinks);
  const tokens = new TokensService(db);
  const media = new MediaService(db, config.mediaDir);
  const chatMedia = new MediaService(db, join(config.dataDir, 'chat-media'));
  const exportsDir = join(config.dataDir, 'exports');
  const activation = new ActivationService(db, tokens, mail, deps.i18n, deps.redis);
  const photos = new PhotosService(db, media);
  const catalog = new CatalogService(db);
  const geo = new GeoService(db, catalog);
  const sites = new SitesService(db, config.defaultSite);
  const events = createEventBus(deps.redis, logger, { db, role: deps.eventRelay ?? 'reader' });
  const badges = new BadgesService(db, events, logger);
  const presence = new PresenceService({ db, redis: deps.redis, events, logger });
  const notificationSettings = new NotificationSettingsService(db);
  const notifications = new NotificationsService({ db, mail, settings: notificationSettings, presence, badges, i18n: deps.i18n, logger });
  const likes = new LikesService(db, badges, presence, notifications);
  const bundles = new BundlesService(db);
  const discountCodes = new DiscountCodesService(db, deps.redis, logger, (siteId) => sites.welcomeDays(siteId));
  const company = new CompanyService(db);
  const terms = new TermsService(db, company);
  const search = new SearchService(db, presence, geo, { keptMs: config.searchKeptMs });
  const profiles = new ProfilesService(db, likes, presence);
  const payments = new PaymentsService(db, createPaymentProvider(config, db, logger), bundles, badges, logger, discountCodes, new ReceiptMails(mail, deps.i18n));
  return {
    mail,
    tokens,
    passwordReset: new PasswordResetService(db, tokens, mail, deps.i18n, deps.redis),
    signup: new SignupService(db, activation, mail, geo, terms),
    signupSteps: new SignupStepsService(db, photos, catalog, geo),
    activation,
    accountSettings: new AccountSettingsService(db, tokens, mail, deps.i18n),
    accountDeletion: new AccountDeletionService(db, tokens, mail, new AccountErasure(db, { media, chatMedia, mailDir: config.mailDir, exportsDir }, deps.redis), deps.i18n),
    dataExport: new DataExportService(db, { stores: { media, chatMedia }, exportsDir, tokens, mail, i18n: deps.i18n, logger }),
    bundles,
    payments,
    directDebit: new DirectDebitService({ db, sms: createSmsSender(config, db, logger), payments, bundles, i18n: deps.i18n, logger, redis: deps.redis }),
    credits: new CreditsService(db),
    spendLimit: new SpendLimitService(db),
    auth: new AuthService(db, new LoginThrottle(db, deps.redis)),
    sites,
    company,
    catalog,
    geo,
    keys,
    media,
    photos,
    photoReview: new PhotoReviewService(db, media),
    profileImport: new ProfileImportService(db, media, catalog, sites, geo),
    members: new MembersService(db),
    profiles,
    ownProfile: new OwnProfileService(db, catalog, geo),
    push: new PushService(db),
    suppressions: new SuppressionsService(db),
    unsubscribeLinks,
    notificationSettings,
    notifications,
    presence,
    pushDelivery: new PushDeliveryService({
      db, notificationSettings, sites, logger, vapidKeys: () => (config.vapid ? Promise.resolve(config.vapid) : keys.vapidKeys()),
    }),
    notifyCron: new NotifyCronService(db, mail, sites, activation, deps.i18n, config.port),
    search,
    likes,
    blocks: new BlocksService(db, { events, badges, logger }),
    chat: new ChatService(db, events, badges, chatMedia, presence, notifications),
    operatorChat: new OperatorChatService(db, events, badges, notifications),
    icebreaker: new IcebreakerService(db),
    dismissals: new DismissalsService(db),
    swipeGame: new SwipeGameService(db, likes, presence),
    autoLike: new AutoLikeService(db, badges, notifications),
    events,
    badges,
    discountCodes,
    discountCodesAdmin: new DiscountCodesAdminService(db),
    retentionOffer: new RetentionOfferService(db, company),
    complaints: new ComplaintsService(db, mail, deps.i18n, deps.redis),
    landerVisits: new LanderVisitCounter({ db, logger }),
    trafficStats: new TrafficStatsService(db, sites),
    landers: new LandersService(db, search, catalog, profiles, presence, geo, logger),
    terms,
  };
}
