/**
 * Failures of third-party providers (SendGrid, Twilio, Stripe, Stability AI), classified once so
 * that every caller — a job processor, a request handler — treats them alike (issue 26 point 1):
 * 429 (honouring `Retry-After`), 408, 5xx, timeouts and network errors are transient; every other
 * 4xx is permanent, never retried, and recorded with the provider's reason.
 */

/**
 * A provider failure. `retryable` is true for 429, 408, 5xx and network errors (retried with
 * backoff), false for 4xx answers that will not change (bad address, bad request): a job that
 * meets one stops at once (BullMQ `UnrecoverableError`, see JobProcessor). `outcomeUnknown` is
 * true when the request may have reached the provider but no answer came back (timeout,
 * connection reset): the provider may have accepted it, so it must be asked before the request is
 * repeated. `retryAfterMs` is the provider's `Retry-After` (ms) when it sent one.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly statusCode?: number,
    readonly outcomeUnknown = false,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The one classification of an HTTP status of a provider: transient (retry later) for 429, 408
 * and 5xx, and for no status at all (timeout, refused or dropped connection); permanent otherwise.
 */
export const isTransientStatus = (status: number | undefined): boolean =>
  status === undefined || status === 429 || status === 408 || status >= 500;

/**
 * A `Retry-After` header value (delta-seconds or an HTTP date) in ms from `now`, or undefined when
 * absent or unreadable. Negative dates give 0.
 */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = String(raw).trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Node / axios error codes of a request that was (or may have been) written to the provider but
 * got no HTTP answer: a timeout or a dropped connection. Refused connections and DNS failures are
 * not here: such a request never left.
 */
const OUTCOME_UNKNOWN_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE', 'ESOCKETTIMEDOUT']);

/** Whether an error without an HTTP status leaves unknown whether the provider got the request. */
export const isOutcomeUnknown = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && OUTCOME_UNKNOWN_CODES.has(code);
};
