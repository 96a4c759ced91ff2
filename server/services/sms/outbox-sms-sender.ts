// The embedded default (no SMS gateway configured): each message becomes an sms_outbox row and a
// log line, and goes no further. Nothing is lost and nothing costs money in development and tests.
import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import { insertSms } from '../../repos/sms-outbox-repo.js';
import { maskPhone, type SmsSender } from './sms-sender.js';

export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  async send(to: string, body: string, userId?: number): Promise<void> {
    const id = await insertSms(this.db, { userId: userId ?? null, phone: to, body, status: 'logged' }, Date.now());
    // The body (which holds the confirmation code) is logged on purpose: without a gateway this log
    // line is the only way a developer or an operator trying the site locally can read the code.
    // Installations that send real SMS use the gateway sender, which never logs a body.
    this.logger.info({ sms: id, to: maskPhone(to), userId, body }, 'SMS not sent (no SMS gateway configured): written to sms_outbox');
  }
}
