// How text messages leave Amora (DESIGN.md §2): one interface, chosen by configuration in
// create-sms-sender.ts. Today only the direct-debit confirmation code is sent by SMS.

export interface SmsSender {
  /** Sends `body` to `to` (E.164, e.g. +31612345678); rejects with SmsDeliveryError when it could not. */
  send(to: string, body: string, userId?: number): Promise<void>;
}

/** The message did not reach the gateway (network, timeout, refused): the member may try again. */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    cause?: unknown,
    /** The gateway is down or did not answer in time (503), rather than refusing this message (502). */
    readonly unavailable = false,
  ) {
    super(message, { cause });
    this.name = 'SmsDeliveryError';
  }
}

/** "+31612345678" → "+••••••••678": only the last 3 digits show, enough to recognise one's own number. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${phone.startsWith('+') ? '+' : ''}${'•'.repeat(Math.max(digits.length - 3, 0))}${digits.slice(-3)}`;
}
