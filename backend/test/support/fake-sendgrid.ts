/**
 * A local fake of SendGrid's v3 API (POST /v3/mail/send, GET /v3/messages) for tests: records
 * each request, answers 202 with an `X-Message-Id`, or an injected failure (`failWith`: the next
 * statuses, e.g. [429, 500]; `decide(body)`: a status per request). The implementation is plain
 * ESM in scripts/lib/fake-sendgrid.mjs, shared with the benches.
 */
import type http from 'node:http';
// @ts-expect-error plain ESM module without types (typed below)
import { startFakeSendGrid as start } from '../../../scripts/lib/fake-sendgrid.mjs';

/** The JSON body of a SendGrid v3 Mail Send request, as the fake records it. */
export interface SendGridMailBody {
  personalizations: { to: { email: string }[] }[];
  from: { email: string };
  subject: string;
  content: { type: string; value: string }[];
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; type: string; disposition: string }[];
  custom_args?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** Mail Send requests carry a {@link SendGridMailBody}; other calls (Email Activity lookups) none. */
  body: SendGridMailBody;
  /** When the fake answered it (epoch ms). */
  at: number;
}

export interface FakeSendGrid {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Accepted sends per idempotency key (custom arg). */
  accepted: Map<string, number>;
  /** Accepted sends per recipient email. */
  acceptedTo: Map<string, number>;
  /** Mail Send requests received, accepted or failed. */
  readonly total: number;
  /** Statuses to answer before succeeding, consumed in order. */
  failWith: number[];
  /** Delay before answering each request (ms). */
  delayMs: number;
  /** A status to answer for this request body, or null to accept it. */
  decide: ((body: SendGridMailBody) => number | null) | null;
  /** A delay (ms) for this send instead of `delayMs`, or null; accepted when it ends, even after a client timeout. */
  delayFor: ((body: SendGridMailBody) => number | null) | null;
  /** Answers `status` (default 503) to every Mail Send for `ms`; a 429 carries `Retry-After: retryAfter` (s) when given. */
  outage(ms: number, status?: number, retryAfter?: number | null): void;
  /** Ends an outage now. */
  recover(): void;
  /** Stops listening: connections are refused until `restore()`. */
  refuse(): Promise<void>;
  /** Listens on the same port again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export const startFakeSendGrid = (opts: { apiKey?: string; record?: boolean } = {}): Promise<FakeSendGrid> => start(opts);
