/**
 * A typed client of Stability AI's REST API (decisions.md §13; `@stability-ai/sdk` is not
 * published): `POST {baseUrl}/v2beta/stable-image/generate/{model}` as multipart/form-data with
 * `Accept: image/*`, and `GET {baseUrl}/v1/user/balance`. Multipart through Node's own `fetch`
 * and `FormData` (undici). Every answer is classified once:
 *
 * - 200 with `finish-reason: SUCCESS` → the image bytes and the `seed` header;
 * - 200 with `finish-reason: CONTENT_FILTERED`, or 403 (content moderation) → `blocked` with the
 *   reason: never retried (the same prompt would be filtered again);
 * - 429 → {@link StabilityRateLimitedError} (retryable): Stability times the account out for
 *   60 s, so the caller stops every worker for that long;
 * - 5xx, timeouts and network errors → a retryable {@link ProviderError};
 * - 400, 401, 402, 404, 413, 422 … → a permanent {@link ProviderError} with Stability's message.
 */
import { z } from 'zod';
import type { StabilityAspectRatio, StabilityModel } from '@ironclad/contracts';
import { ProviderError, isOutcomeUnknown, isTransientStatus } from '../../platform/providers/provider-error.js';

/** One text-to-image request. `seed` 0 lets Stability choose (the one used comes back in the `seed` header). */
export interface StabilityImageRequest {
  model: StabilityModel;
  prompt: string;
  negativePrompt?: string | null;
  aspectRatio: StabilityAspectRatio;
  seed: number;
  /** Stable Image Core's style preset (public-site.md §7 "style photographic"). */
  stylePreset?: 'photographic';
}

/** Outcome of a generation that reached Stability and was answered 200 or 403. */
export type StabilityImageResult =
  | { kind: 'image'; image: Buffer; seed: number | null; finishReason: string }
  | { kind: 'blocked'; reason: string; seed: number | null; finishReason: string };

/** A 429: Stability timed the account out; no call should be made for `retryAfterMs`. */
export class StabilityRateLimitedError extends ProviderError {
  declare readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number) {
    super(message, true, 429, false, retryAfterMs);
  }
}

/** Stability's error body: `{id, name, errors: [...]}` (older answers: `{message}`). */
const errorBodySchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    errors: z.array(z.string()).optional(),
    message: z.string().optional(),
  })
  .loose();

/** The `finish-reason` header. */
const finishReasonSchema = z.enum(['SUCCESS', 'CONTENT_FILTERED', 'ERROR']);
/** The `seed` header: digits. */
const seedSchema = z.coerce.number().int().min(0).max(4_294_967_295);
/** Answer of GET /v1/user/balance. */
const balanceSchema = z.object({ credits: z.number() });

/** Stability's own time-out after a 429 ("timed out for 60 seconds"). */
export const STABILITY_LOCKOUT_DEFAULT_MS = 60_000;

export interface StabilityClientOptions {
  apiKey: string;
  baseUrl: string;
  /** Longest one call may take (ms). */
  timeoutMs: number;
  /** Lock-out after a 429 when the answer has no longer Retry-After (ms). */
  lockoutMs?: number;
  fetch?: typeof fetch;
}

export class StabilityClient {
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: StabilityClientOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
  }

  /**
   * Generates one image (WebP). Resolves with the image or `blocked`; rejects with
   * {@link StabilityRateLimitedError} (429), or a {@link ProviderError} that is retryable (5xx,
   * network, timeout; `outcomeUnknown` when the request may have been taken) or permanent (other 4xx).
   */
  async generate(req: StabilityImageRequest): Promise<StabilityImageResult> {
    const form = new FormData();
    form.append('prompt', req.prompt);
    if (req.negativePrompt) form.append('negative_prompt', req.negativePrompt);
    form.append('aspect_ratio', req.aspectRatio);
    form.append('output_format', 'webp');
    form.append('seed', String(req.seed));
    if (req.stylePreset && req.model === 'core') form.append('style_preset', req.stylePreset);
    const res = await this.call(`/v2beta/stable-image/generate/${req.model}`, {
      method: 'POST',
      body: form,
      headers: { Accept: 'image/*' },
    });
    const seedHeader = seedSchema.safeParse(res.headers.get('seed') ?? undefined);
    const seed = seedHeader.success ? seedHeader.data : null;
    if (res.status === 403) {
      return {
        kind: 'blocked',
        reason: await errorMessage(res, 'The request was flagged by content moderation'),
        seed,
        finishReason: 'CONTENT_FILTERED',
      };
    }
    if (!res.ok) throw await this.failure(res);
    const finish = finishReasonSchema.safeParse(res.headers.get('finish-reason') ?? 'SUCCESS');
    if (!finish.success) {
      await res.body?.cancel();
      throw new ProviderError(`Stability answered an unknown finish-reason "${res.headers.get('finish-reason')}"`, true, res.status);
    }
    if (finish.data === 'CONTENT_FILTERED') {
      await res.body?.cancel();
      return { kind: 'blocked', reason: 'The image was filtered by Stability (CONTENT_FILTERED)', seed, finishReason: finish.data };
    }
    if (finish.data === 'ERROR') {
      await res.body?.cancel();
      throw new ProviderError('Stability reported a generation error (finish-reason ERROR)', true, res.status);
    }
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('image/')) {
      await res.body?.cancel();
      throw new ProviderError(`Stability answered ${type || 'no content type'} instead of an image`, true, res.status);
    }
    const image = Buffer.from(await res.arrayBuffer());
    if (image.length === 0) throw new ProviderError('Stability answered an empty image', true, res.status);
    return { kind: 'image', image, seed, finishReason: finish.data };
  }

  /** The account's credit balance (`GET /v1/user/balance`). Rejects like {@link generate}. */
  async balance(): Promise<number> {
    const res = await this.call('/v1/user/balance', { method: 'GET', headers: { Accept: 'application/json' } });
    if (!res.ok) throw await this.failure(res);
    const parsed = balanceSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new ProviderError('Stability answered an unreadable balance', true, res.status);
    return parsed.data.credits;
  }

  private async call(path: string, init: RequestInit): Promise<Response> {
    const url = new URL(path, this.opts.baseUrl.endsWith('/') ? this.opts.baseUrl : `${this.opts.baseUrl}/`);
    try {
      return await this.fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${this.opts.apiKey}` },
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
      // A request that timed out or lost its connection may have been taken (and charged).
      const unknown = timedOut || isOutcomeUnknown(e.cause ?? e);
      throw new ProviderError(
        timedOut ? `Stability did not answer within ${this.opts.timeoutMs} ms` : `Stability unreachable: ${e.cause?.code ?? e.message}`,
        true,
        undefined,
        unknown,
      );
    }
  }

  /** The error of a non-OK answer. */
  private async failure(res: Response): Promise<ProviderError> {
    const message = await errorMessage(res, res.statusText || `HTTP ${res.status}`);
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get('retry-after'));
      const lockout = Math.max(this.opts.lockoutMs ?? STABILITY_LOCKOUT_DEFAULT_MS, Number.isFinite(retryAfter) ? retryAfter * 1000 : 0);
      return new StabilityRateLimitedError(`Stability rate limit (429): ${message}`, lockout);
    }
    // the platform's one classification (408/5xx transient; 400, 402 credits, 413, 422 … permanent)
    return new ProviderError(`Stability ${res.status}: ${message}`, isTransientStatus(res.status), res.status);
  }
}

/** Stability's message from an error body (`errors` joined), else `fallback`. */
async function errorMessage(res: Response, fallback: string): Promise<string> {
  const text = await res.text().catch(() => '');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    const parts = [...(parsed.data.errors ?? []), ...(parsed.data.message ? [parsed.data.message] : [])];
    if (parts.length) return parts.join('; ').slice(0, 500);
    if (parsed.data.name) return parsed.data.name;
  }
  return text.trim().slice(0, 200) || fallback;
}
