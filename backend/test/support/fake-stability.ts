/**
 * A local fake of Stability AI's REST API (POST /v2beta/stable-image/generate/{model} multipart,
 * GET /v1/user/balance) for tests: real WebP answers with the `finish-reason` and `seed` headers,
 * and scripted failures. The implementation is plain ESM in scripts/lib/fake-stability.mjs,
 * shared with the e2e server and the benches.
 */
import type http from 'node:http';
// @ts-expect-error plain ESM module without types (typed below)
import { startFakeStability as start } from '../../../scripts/lib/fake-stability.mjs';

/** One call the fake received. */
export interface StabilityRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  /** The multipart form's fields (prompt, negative_prompt, aspect_ratio, output_format, seed, style_preset). */
  fields: Record<string, string>;
  at: number;
}

/** How the fake answers one request: an error status, a filtered or moderated result, a delay. */
export interface StabilityBehaviour {
  status?: number;
  message?: string;
  filtered?: boolean;
  moderated?: boolean;
  delayMs?: number;
}

export interface FakeStability {
  baseUrl: string;
  apiKey: string;
  requests: StabilityRequest[];
  readonly generateRequests: StabilityRequest[];
  /** Images made (200 answers). */
  readonly generations: number;
  /** Behaviours for the next requests, consumed in order. */
  next: StabilityBehaviour[];
  decide: ((req: StabilityRequest) => StabilityBehaviour | null) | null;
  delayMs: number;
  credits: number;
  close(): Promise<void>;
}

export const startFakeStability = (opts: { apiKey?: string; credits?: number; record?: boolean } = {}): Promise<FakeStability> =>
  start(opts);
