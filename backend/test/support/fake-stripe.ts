/**
 * A local fake of Stripe's API for tests (POST/GET /v1/payment_intents, the browser's confirm
 * with a signed webhook back), shared with the Playwright server: the implementation is plain
 * ESM in scripts/lib/fake-stripe.mjs so scripts/e2e-server.mjs can start it too.
 */
import type http from 'node:http';
// @ts-expect-error plain ESM module without types (typed below)
import { startFakeStripe as start } from '../../../scripts/lib/fake-stripe.mjs';

export interface FakeStripeRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The form-encoded body, decoded. */
  body: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  baseUrl: string;
  requests: FakeStripeRequest[];
  intents: Map<
    string,
    {
      id: string;
      amount: number;
      currency: string;
      status: string;
      client_secret: string;
      metadata: Record<string, string>;
      last_payment_error: { message: string } | null;
    }
  >;
  deliveredEvents: { id: string; type: string; status: number }[];
  failNextCreate(status: number): void;
  setWebhook(webhookUrl: string, webhookSecret: string): void;
  close(): Promise<void>;
}

export function startFakeStripe(options: { webhookUrl?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  return start(options) as Promise<FakeStripe>;
}
