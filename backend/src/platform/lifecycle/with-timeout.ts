/**
 * Races `promise` against a timer: rejects with `Error("<what> timed out after <ms> ms")` when it
 * has not settled within `ms` milliseconds. The timer is cleared as soon as `promise` settles.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
