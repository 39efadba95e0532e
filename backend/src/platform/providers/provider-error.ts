/**
 * Failures of third-party providers (SendGrid, Twilio, Stripe, Stability AI), classified once so
 * that every caller — a job processor, a request handler — treats them alike.
 */

/**
 * A provider failure. `retryable` is true for 429, 5xx and network errors (retried with backoff),
 * false for 4xx answers that will not change (bad address, bad request): a job that meets one
 * stops at once (BullMQ `UnrecoverableError`, see JobProcessor). `outcomeUnknown` is true when
 * the request may have reached the provider but no answer came back (timeout, connection reset):
 * the provider may have accepted it, so it must be asked before the request is repeated.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly statusCode?: number,
    readonly outcomeUnknown = false,
  ) {
    super(message);
  }
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
