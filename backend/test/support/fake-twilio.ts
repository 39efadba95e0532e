/**
 * A local fake of Twilio's Messages API for tests (POST/GET /2010-04-01/Accounts/{sid}/Messages.json):
 * counts accepted messages per number, injects 429/5xx/4xx (e.g. 400 code 21211). Plain ESM in
 * scripts/lib/fake-twilio.mjs, shared with the benches.
 */
// @ts-expect-error plain ESM module without types (typed below)
import { startFakeTwilio as start, FAKE_TWILIO_SID as SID, FAKE_TWILIO_TOKEN as TOKEN } from '../../../scripts/lib/fake-twilio.mjs';

export const FAKE_TWILIO_SID: string = SID;
export const FAKE_TWILIO_TOKEN: string = TOKEN;

/** An injected failure: an HTTP status (429, 5xx) or Twilio's error {status, code, message}. */
export type TwilioFailure = number | { status: number; code: number; message: string };

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  dateCreated: Date;
}

export interface FakeTwilio {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  /** Accepted messages per `To` number. */
  acceptedTo: Map<string, number>;
  /** Create requests received, accepted or failed. */
  readonly total: number;
  failWith: TwilioFailure[];
  /** Failures to answer to the next message list requests (the crash-recovery lookup), consumed in order. */
  failListWith: TwilioFailure[];
  delayMs: number;
  decide: ((params: Record<string, string>) => TwilioFailure | null) | null;
  /** A delay (ms) for this create instead of `delayMs`, or null; accepted when it ends, even after a client timeout. */
  delayFor: ((params: Record<string, string>) => number | null) | null;
  /** Answers `status` (default 503) to every create for the next `ms` (outage mode). */
  outage(ms: number, status?: number): void;
  /** Ends an outage now. */
  recover(): void;
  close(): Promise<void>;
}

export const startFakeTwilio = (opts: { accountSid?: string; authToken?: string } = {}): Promise<FakeTwilio> => start(opts);
