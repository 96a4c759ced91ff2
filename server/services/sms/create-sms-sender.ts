// The SMS sender of this installation: the HTTP gateway when SMS_GATEWAY_URL is set, else the
// outbox-and-log default.
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db.js';
import { GatewaySmsSender } from './gateway-sms-sender.js';
import { OutboxSmsSender } from './outbox-sms-sender.js';
import type { SmsSender } from './sms-sender.js';

export function createSmsSender(config: Pick<Config, 'smsGateway'>, db: Db, logger: Logger): SmsSender {
  return config.smsGateway ? new GatewaySmsSender(config.smsGateway, logger) : new OutboxSmsSender(db, logger);
}
