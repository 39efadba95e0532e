/** The API's error body (architecture.md "Conventions"). */

/** Error codes the API answers with. */
export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  MalformedJson: 'MALFORMED_JSON',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  NotFound: 'NOT_FOUND',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  FeatureDisabled: 'FEATURE_DISABLED',
  RateLimited: 'RATE_LIMITED',
  /** A proof-of-work challenge (ALTCHA) must be solved and sent with the request (`altcha` field). */
  ChallengeRequired: 'CHALLENGE_REQUIRED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  /** Online payment is not configured (no Stripe keys, decisions.md §14). */
  PaymentsNotConfigured: 'PAYMENTS_NOT_CONFIGURED',
  /** The request conflicts with the stored state (e.g. a deposit already paid, a lead without a quote). */
  Conflict: 'CONFLICT',
  /**
   * Online payment is paused for this quote or this network after repeated card failures
   * (card-testing defence): answered with 423, the visitor is asked to call.
   */
  PaymentsLocked: 'PAYMENTS_LOCKED',
  /** Image generation is not configured (no STABILITY_API_KEY, decisions.md §14). */
  ImagesNotConfigured: 'IMAGES_NOT_CONFIGURED',
  /** The Stability credit balance cannot cover the images asked for (or is not known yet). */
  InsufficientCredits: 'INSUFFICIENT_CREDITS',
  /** The payment provider failed (network or 5xx). */
  PaymentProviderError: 'PAYMENT_PROVIDER_ERROR',
  /** The `Idempotency-Key` was already used with a different request body (422). */
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** The resource existed but is no longer available (an export file past its 24 h expiry): 410. */
  Gone: 'GONE',
  Internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Field errors: field path (dot-joined) → messages. `_` holds form-level errors. */
export type FieldErrors = Record<string, string[]>;

/** Every non-2xx JSON answer of the API. */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  /** For VALIDATION_FAILED: the field errors. */
  details?: { fieldErrors: FieldErrors };
  requestId?: string;
  /** Kept for the spec's clients, which read an `error` field on a failed POST /api/leads. */
  error?: string;
}
