/**
 * The SMS adapter (decisions.md §13, §14): Twilio through the `twilio` SDK when
 * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER are set — its REST domain pointed
 * at TWILIO_BASE_URL so tests run against a local fake Twilio — otherwise the local outbox, which
 * delivers nothing and says so.
 */
import twilio from 'twilio';
import { NOT_CONFIGURED_REASON } from '@ironclad/contracts';
import { isOutcomeUnknown, isTransientStatus, ProviderError } from '../../platform/providers/provider-error.js';
import type { SendOutcome } from './email-provider.js';

export interface OutgoingSms {
  /** E.164 number. */
  to: string;
  body: string;
}

/** Injection token of the configured SmsProvider. */
export const SMS_PROVIDER = Symbol('SMS_PROVIDER');

export interface SmsProvider {
  readonly name: string;
  /** The sending number, or null for the outbox. */
  readonly from: string | null;
  /** @throws ProviderError (retryable for 429/5xx/network; not for a permanent 4xx such as 21211). */
  send(sms: OutgoingSms): Promise<SendOutcome>;
  /**
   * Crash recovery: the id of a message already accepted by the provider for `to` with this exact
   * `body`, created at or after `since`, or null. Lets a re-claimed record learn that the crashed
   * attempt did reach the provider, instead of sending again.
   */
  findSent(sms: OutgoingSms, since: Date): Promise<string | null>;
}

export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  readonly from = null;
  async send(): Promise<SendOutcome> {
    return { delivered: false, provider: 'outbox', reason: NOT_CONFIGURED_REASON };
  }
  async findSent(): Promise<string | null> {
    return null;
  }
}

/** Clock skew allowed between our `since` and the provider's `date_created` (ms). */
const CLOCK_SKEW_MS = 60_000;

export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  private readonly client: twilio.Twilio;

  /**
   * @param baseUrl the REST API origin (https://api.twilio.com, or a local fake in tests); the SDK's
   *   automatic retries stay off, retries are the queue's.
   */
  constructor(
    accountSid: string,
    authToken: string,
    readonly from: string,
    baseUrl: string,
    timeoutMs: number,
  ) {
    this.client = twilio(accountSid, authToken, { timeout: timeoutMs, autoRetry: false });
    this.client.api.baseUrl = baseUrl.replace(/\/$/, '');
  }

  async send(sms: OutgoingSms): Promise<SendOutcome> {
    try {
      const message = await this.client.messages.create({ to: sms.to, from: this.from, body: sms.body });
      return { delivered: true, provider: this.name, providerMessageId: message.sid };
    } catch (err) {
      throw twilioError(err);
    }
  }

  async findSent(sms: OutgoingSms, since: Date): Promise<string | null> {
    try {
      const recent = await this.client.messages.list({ to: sms.to, from: this.from, limit: 50 });
      const match = recent.find((m) => m.body === sms.body && m.dateCreated && m.dateCreated.getTime() >= since.getTime() - CLOCK_SKEW_MS);
      return match?.sid ?? null;
    } catch (err) {
      throw twilioError(err);
    }
  }
}

/**
 * Twilio error codes that no retry changes, whatever HTTP status carries them: 21211 invalid 'To'
 * number, 21214 'To' cannot be reached, 21408 region not enabled, 21610 recipient unsubscribed
 * (STOP), 21612 unreachable carrier route, 21614 not a mobile number, 30003/30005/30006 unreachable,
 * unknown or landline destination.
 */
export const PERMANENT_TWILIO_CODES: ReadonlySet<number> = new Set([21211, 21214, 21408, 21610, 21612, 21614, 30003, 30005, 30006]);

/** Twilio's "Too Many Requests" code: transient like HTTP 429. */
const TWILIO_TOO_MANY_REQUESTS = 20429;

/**
 * Classifies a twilio SDK error: RestException carries the HTTP status and Twilio's error code
 * (e.g. 21211 invalid 'To' number, 21610 recipient unsubscribed). 429, 5xx and network errors are
 * retryable; other 4xx are permanent, with Twilio's message as the reason. A timeout or dropped
 * connection is also `outcomeUnknown` (Twilio may have accepted the message).
 */
export function twilioError(err: unknown): ProviderError {
  const e = err as { status?: number; code?: number | string; message?: string; headers?: Record<string, string> };
  const status = typeof e.status === 'number' ? e.status : undefined;
  const code = typeof e.code === 'number' ? ` (code ${e.code})` : '';
  const message = `Twilio${status ? ` ${status}` : ''}: ${e.message || 'request failed'}${code}`;
  const twilioCode = typeof e.code === 'number' ? e.code : undefined;
  const retryable =
    twilioCode !== undefined && PERMANENT_TWILIO_CODES.has(twilioCode)
      ? false
      : twilioCode === TWILIO_TOO_MANY_REQUESTS || isTransientStatus(status);
  return new ProviderError(message, retryable, status, status === undefined && isOutcomeUnknown(err));
}
