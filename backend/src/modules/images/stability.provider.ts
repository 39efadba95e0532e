import type { Env } from '../../platform/config/env.js';
import { StabilityClient } from './stability-client.js';

/** Injection token of the process's {@link StabilityClient}, null without STABILITY_API_KEY (decisions.md §14). */
export const STABILITY_CLIENT = Symbol('STABILITY_CLIENT');

/** The client of the configured account, or null when image generation is not configured. */
export function stabilityClientFor(env: Env): StabilityClient | null {
  if (!env.STABILITY_API_KEY) return null;
  return new StabilityClient({
    apiKey: env.STABILITY_API_KEY,
    baseUrl: env.STABILITY_BASE_URL,
    timeoutMs: env.STABILITY_TIMEOUT_MS,
    lockoutMs: env.STABILITY_LOCKOUT_MS,
  });
}
