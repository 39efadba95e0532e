/**
 * The email adapter (decisions.md §13, §14): SendGrid through `@sendgrid/mail`
 * when SENDGRID_API_KEY is set (base URL configurable so tests can use a local fake SendGrid),
 * otherwise the local outbox, which delivers nothing and says so.
 */
import sgClient from '@sendgrid/client';
import sgMail from '@sendgrid/mail';
import { NOT_CONFIGURED_REASON } from '@ironclad/contracts';
import { isOutcomeUnknown, isTransientStatus, parseRetryAfter, ProviderError } from '../../platform/providers/provider-error.js';

export interface EmailAttachment {
  filename: string;
  /** Base64-encoded content. */
  content: string;
  type: string;
}

export interface OutgoingEmail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
  /** Our idempotency key, sent as a SendGrid custom arg so the provider side can be traced. */
  idempotencyKey: string;
}

/** Outcome of one provider call. `delivered: false` = outbox (no provider configured). */
export type SendOutcome =
  { delivered: true; provider: string; providerMessageId: string | null } | { delivered: false; provider: 'outbox'; reason: string };

/** Injection token of the configured EmailProvider. */
export const EMAIL_PROVIDER = Symbol('EMAIL_PROVIDER');

export interface EmailProvider {
  readonly name: string;
  send(email: OutgoingEmail): Promise<SendOutcome>;
  /**
   * Crash recovery: the provider's id of a message already accepted with this idempotency key
   * (our custom arg), `null` when none, `undefined` when the provider cannot tell.
   */
  findSent(idempotencyKey: string): Promise<string | null | undefined>;
}

/** "not delivered: provider not configured" (decisions.md §14). */
export const OUTBOX_REASON = NOT_CONFIGURED_REASON;

export class OutboxEmailProvider implements EmailProvider {
  readonly name = 'outbox';
  async send(): Promise<SendOutcome> {
    return { delivered: false, provider: 'outbox', reason: OUTBOX_REASON };
  }
  async findSent(): Promise<null> {
    return null;
  }
}

export class SendGridEmailProvider implements EmailProvider {
  readonly name = 'sendgrid';
  private readonly mail = sgMail;

  /**
   * Configures the package's client (one SendGrid account per process). `setApiKey` resets the
   * base URL, so the configured one is applied after it.
   */
  constructor(apiKey: string, baseUrl: string, timeoutMs = 15_000) {
    sgClient.setApiKey(apiKey);
    sgClient.setDefaultRequest('baseUrl', baseUrl.replace(/\/$/, ''));
    sgClient.setDefaultRequest('timeout' as never, timeoutMs as never);
    this.mail.setClient(sgClient);
  }

  /** @throws ProviderError (retryable for 429/5xx/network). */
  async send(email: OutgoingEmail): Promise<SendOutcome> {
    try {
      const [response] = await this.mail.send({
        to: email.to,
        from: email.from,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
        ...(email.attachments ? { attachments: email.attachments.map((a) => ({ ...a, disposition: 'attachment' })) } : {}),
        customArgs: { idempotency_key: email.idempotencyKey },
      });
      const id = response.headers['x-message-id'];
      return { delivered: true, provider: this.name, providerMessageId: typeof id === 'string' ? id : null };
    } catch (err) {
      throw toProviderError(err);
    }
  }

  /**
   * Asks SendGrid's Email Activity API (`GET /v3/messages?query=unique_args['idempotency_key']="…"`)
   * for a message sent with our key. Accounts without the Email Activity add-on answer 4xx:
   * `undefined` (cannot tell). @throws ProviderError for 429/5xx/network (retry later).
   */
  async findSent(idempotencyKey: string): Promise<string | null | undefined> {
    try {
      const [, body] = await sgClient.request({
        method: 'GET',
        url: '/v3/messages',
        qs: { limit: 1, query: `unique_args['idempotency_key']="${idempotencyKey.replace(/["\\]/g, '')}"` },
      });
      const messages = (body as { messages?: { msg_id?: string }[] } | undefined)?.messages ?? [];
      return messages[0]?.msg_id ?? null;
    } catch (err) {
      const perr = toProviderError(err);
      if (perr.retryable) throw perr;
      return undefined;
    }
  }
}

/**
 * Classifies a @sendgrid/client error (provider-error.ts): 429 (with its `Retry-After`), 408, 5xx and
 * network errors transient; other 4xx (bad address, unverified sender) permanent with SendGrid's reason.
 */
export function toProviderError(err: unknown): ProviderError {
  const e = err as {
    code?: number | string;
    message?: string;
    response?: { headers?: Record<string, unknown>; body?: { errors?: { message?: string }[] } };
  };
  const status = typeof e.code === 'number' ? e.code : undefined;
  const detail = e.response?.body?.errors
    ?.map((x) => x.message)
    .filter(Boolean)
    .join('; ');
  const message = `SendGrid${status ? ` ${status}` : ''}: ${detail || e.message || 'request failed'}`;
  const retryAfterMs = status === 429 ? parseRetryAfter(e.response?.headers?.['retry-after']) : undefined;
  return new ProviderError(message, isTransientStatus(status), status, status === undefined && isOutcomeUnknown(err), retryAfterMs);
}
