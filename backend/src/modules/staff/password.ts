/**
 * Argon2id password hashing (`@node-rs/argon2`: the `argon2` package's native binary crashes on this platform) (decisions.md §1) with the OWASP-recommended parameters
 * (m = 19 MiB, t = 2, p = 1). Hashes are PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$…`).
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which isolated-module builds cannot import as a value). */
const ARGON2ID = 2 as Algorithm;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Shortest password accepted for a staff account (characters). */
export const MIN_PASSWORD_LENGTH = 12;

/** Hashes `password` with Argon2id; answers the PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches `hash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** A valid hash of a random secret: verified against when the email is unknown, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummyHash;
}
