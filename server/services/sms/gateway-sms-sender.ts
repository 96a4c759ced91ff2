// Production SMS (DESIGN.md §2): an HTTP gateway that takes POST {to, body} as JSON, with an
// optional bearer token. A confirmation code is only useful for minutes, so there is no outbox
// and no retry queue here: a failure goes straight back to the member, who can ask again.
import type { Logger } from 'pino';
import { circuitFor, ServiceUnavailableError, type Circuit } from '../../lib/circuit.js';
import { maskPhone, SmsDeliveryError, type SmsSender } from './sms-sender.js';

export interface GatewayOptions {
  url: string;
  token?: string;
  /** The deadline of one request (default SMS_TIMEOUT_MS); the member is waiting for the page. */
  timeoutMs?: number;
}

/** A gateway answers in well under a second; past this the member gets "try again" (and after a few, at once). */
export const SMS_TIMEOUT_MS = 5000;

/** The gateway's answer to one request. */
interface Answer {
  status: number;
  text: string;
}

/** A 5xx: the gateway is unwell (counts towards the circuit), unlike a refusal of this message (4xx). */
class GatewayOutage extends Error {
  constructor(readonly answer: Answer) {
    super(`SMS gateway answered ${answer.status}`);
  }
}

export class GatewaySmsSender implements SmsSender {
  private readonly circuit: Circuit;

  constructor(
    private readonly options: GatewayOptions,
    private readonly logger: Logger,
  ) {
    const timeoutMs = options.timeoutMs ?? SMS_TIMEOUT_MS;
    // fetch's own abort ends the request at the deadline; the circuit's is only a backstop.
    this.circuit = circuitFor(`sms ${new URL(options.url).host}`, { timeoutMs: timeoutMs + 1000 });
  }

  async send(to: string, body: string, userId?: number): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    let answer: Answer;
    let cause: unknown;
    try {
      answer = await this.circuit.run(async () => {
        try {
          const res = await fetch(this.options.url, {
            method: 'POST',
            headers,
            body: JSON.stringify({ to, body }),
            signal: AbortSignal.timeout(this.options.timeoutMs ?? SMS_TIMEOUT_MS),
          });
          // Drain the answer so the connection can be reused; its content is the gateway's business.
          const got = { status: res.status, text: await res.text().catch(() => '') };
          if (got.status >= 500) throw new GatewayOutage(got);
          return got;
        } catch (err) {
          cause = err;
          throw err;
        }
      });
    } catch (err) {
      const why = cause ?? err;
      if (why instanceof GatewayOutage) answer = why.answer;
      else {
        const open = why instanceof ServiceUnavailableError;
        this.logger.error({ err: why, to: maskPhone(to), userId }, open ? 'SMS gateway unavailable (circuit open)' : 'SMS gateway unreachable');
        throw new SmsDeliveryError(open ? 'SMS gateway unavailable' : 'SMS gateway unreachable', why, true);
      }
    }
    if (answer.status < 200 || answer.status >= 300) {
      this.logger.error({ status: answer.status, answer: answer.text.slice(0, 200), to: maskPhone(to), userId }, 'SMS gateway refused the message');
      throw new SmsDeliveryError(`SMS gateway answered ${answer.status}`, undefined, answer.status >= 500);
    }
    this.logger.info({ to: maskPhone(to), userId }, 'SMS handed to the gateway');
  }
}
