// Production SMS (DESIGN.md §2): an HTTP gateway that takes POST {to, body} as JSON, with an
// optional bearer token. A confirmation code is only useful for minutes, so there is no outbox
// and no retry queue here: a failure goes straight back to the member, who can ask again.
import type { Logger } from 'pino';
import { maskPhone, SmsDeliveryError, type SmsSender } from './sms-sender.js';

export interface GatewayOptions {
  url: string;
  token?: string;
  timeoutMs?: number;
}

export class GatewaySmsSender implements SmsSender {
  constructor(
    private readonly options: GatewayOptions,
    private readonly logger: Logger,
  ) {}

  async send(to: string, body: string, userId?: number): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    let res: Response;
    try {
      res = await fetch(this.options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      this.logger.error({ err, to: maskPhone(to), userId }, 'SMS gateway unreachable');
      throw new SmsDeliveryError('SMS gateway unreachable', err);
    }
    // Drain the answer so the connection can be reused; its content is the gateway's business.
    const answer = await res.text().catch(() => '');
    if (!res.ok) {
      this.logger.error({ status: res.status, answer: answer.slice(0, 200), to: maskPhone(to), userId }, 'SMS gateway refused the message');
      throw new SmsDeliveryError(`SMS gateway answered ${res.status}`);
    }
    this.logger.info({ to: maskPhone(to), userId }, 'SMS handed to the gateway');
  }
}
