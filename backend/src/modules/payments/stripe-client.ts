/**
 * The Stripe SDK client (decisions.md §13): `STRIPE_SECRET_KEY`, pointed at `STRIPE_API_BASE_URL`
 * (https://api.stripe.com by default; tests use a local fake speaking Stripe's API).
 */
import Stripe from 'stripe';
import type { Env } from '../../platform/config/env.js';

/** Injection token of the Stripe client (`null` when STRIPE_SECRET_KEY is not set). */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/** Builds the client, or null without a secret key (online payment not configured, decisions.md §14). */
export function createStripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE_URL'>): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const base = new URL(env.STRIPE_API_BASE_URL);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(env.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'ironclad-security' },
  });
}
