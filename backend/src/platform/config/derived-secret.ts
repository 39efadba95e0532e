import { createHash } from 'node:crypto';
import type { Env } from './env.js';

/**
 * A 32-byte key for one `purpose` (unsubscribe tokens, PDF request ids, challenge signatures),
 * the same in every process of one deployment: from `explicit` (a dedicated secret such as
 * UNSUBSCRIBE_SECRET) when set, else from SESSION_SECRET (required in production), else, in
 * development only, from DATABASE_URL. Distinct purposes never share a key.
 */
export function derivedSecret(env: Pick<Env, 'SESSION_SECRET' | 'DATABASE_URL'>, purpose: string, explicit?: string): Buffer {
  const base = explicit ?? (env.SESSION_SECRET ? `session:${env.SESSION_SECRET}` : `dev:${env.DATABASE_URL}`);
  return createHash('sha256').update(`ironclad-${purpose}:${base}`).digest();
}
