/**
 * The Stability client against the local fake of Stability's REST API: the multipart request it
 * sends, the headers it reads, and how each kind of answer is classified (image, blocked, 429
 * lock-out, retryable 5xx and timeouts, permanent 400/401 with Stability's message).
 */
import sharp from 'sharp';
import { ProviderError } from '../../platform/providers/provider-error.js';
import { startFakeStability, type FakeStability } from '../../../test/support/fake-stability.js';
import { StabilityClient, StabilityRateLimitedError } from './stability-client.js';

let fake: FakeStability;
let client: StabilityClient;
const request = {
  model: 'core' as const,
  prompt: 'a house at dusk',
  negativePrompt: 'text, watermark',
  aspectRatio: '16:9' as const,
  seed: 1234,
};

beforeAll(async () => {
  fake = await startFakeStability();
  client = new StabilityClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, timeoutMs: 2000, lockoutMs: 60_000 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.next = [];
  fake.decide = null;
});

it('posts multipart/form-data with Accept image/* and reads the image, the seed and the finish reason', async () => {
  const result = await client.generate({ ...request, stylePreset: 'photographic' });
  expect(result).toMatchObject({ kind: 'image', seed: 1234, finishReason: 'SUCCESS' });
  if (result.kind !== 'image') throw new Error('no image');
  const meta = await sharp(result.image).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1344, 768]);
  const [sent] = fake.requests;
  expect(sent).toMatchObject({ method: 'POST', path: '/v2beta/stable-image/generate/core' });
  expect(sent!.contentType).toMatch(/^multipart\/form-data; boundary=/);
  expect(sent!.headers.accept).toBe('image/*');
  expect(sent!.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  expect(sent!.fields).toEqual({
    prompt: 'a house at dusk',
    negative_prompt: 'text, watermark',
    aspect_ratio: '16:9',
    output_format: 'webp',
    seed: '1234',
    style_preset: 'photographic',
  });
});

it('calls the configured model and sends no style preset to models other than core', async () => {
  await client.generate({ ...request, model: 'ultra', aspectRatio: '1:1', stylePreset: 'photographic' });
  expect(fake.requests[0]!.path).toBe('/v2beta/stable-image/generate/ultra');
  expect(fake.requests[0]!.fields).not.toHaveProperty('style_preset');
});

it('a CONTENT_FILTERED answer and a 403 are "blocked" with the reason', async () => {
  fake.next = [{ filtered: true }, { moderated: true }];
  await expect(client.generate(request)).resolves.toMatchObject({ kind: 'blocked', finishReason: 'CONTENT_FILTERED', seed: 1234 });
  await expect(client.generate(request)).resolves.toMatchObject({
    kind: 'blocked',
    reason: 'Your request was flagged by our content moderation system.',
  });
});

it('a 429 is a retryable rate-limit error carrying the 60 s lock-out', async () => {
  fake.next = [{ status: 429 }];
  const err = await client.generate(request).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(StabilityRateLimitedError);
  expect(err).toMatchObject({ retryable: true, statusCode: 429, retryAfterMs: 60_000 });
  expect((err as Error).message).toContain('timed out for 60 seconds');
});

it('5xx is retryable; 400 and 401 are permanent with the provider message', async () => {
  fake.next = [{ status: 500 }, { status: 400, message: 'aspect_ratio: invalid' }];
  await expect(client.generate(request)).rejects.toMatchObject({ retryable: true, statusCode: 500 });
  await expect(client.generate(request)).rejects.toMatchObject({
    retryable: false,
    statusCode: 400,
    message: 'Stability 400: aspect_ratio: invalid',
  });
  const wrongKey = new StabilityClient({ apiKey: 'sk-wrong', baseUrl: fake.baseUrl, timeoutMs: 2000 });
  const err = await wrongKey.generate(request).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ProviderError);
  expect(err).toMatchObject({ retryable: false, statusCode: 401, message: 'Stability 401: Incorrect API key provided' });
});

it('a slow answer past the timeout is retryable and its outcome unknown', async () => {
  const quick = new StabilityClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, timeoutMs: 200 });
  fake.next = [{ delayMs: 600 }];
  await expect(quick.generate(request)).rejects.toMatchObject({ retryable: true, outcomeUnknown: true });
});

it('reads the credit balance', async () => {
  fake.credits = 42.5;
  await expect(client.balance()).resolves.toBe(42.5);
  expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/v1/user/balance' });
});
