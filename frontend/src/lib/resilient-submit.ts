/**
 * A visitor's submission rides out a database blip (issue 26 point 7): each submission carries one
 * `Idempotency-Key` (the same on every retry of the same body, so the api acts once), and a 503 or
 * a network error is retried with backoff (1 s doubling, at most 15 s per wait, jittered) for up
 * to two minutes while the form says so ({@link SUBMIT_TROUBLE_MESSAGE}); after that the caller
 * offers the phone number and a Retry button, keeping what the visitor typed.
 */
import { ApiError } from './api';

/** What the form says while it retries (the wording). */
export const SUBMIT_TROUBLE_MESSAGE = "We're having trouble saving your request. We'll keep trying; please keep this page open.";

/** How long a submission is retried before the form offers the phone number and Retry (ms). */
export const SUBMIT_RETRY_WINDOW_MS = 120_000;

/** The form's state of a submission in trouble: retrying, gave up, or none. */
export type SubmitTrouble = 'retrying' | 'gave-up' | null;

/**
 * Whether a failed submission may succeed if sent again as is: 502/503/504, or no answer at all.
 * (After {@link submitWithRetry} threw, true means its retry window is over.)
 */
export function isRetryableSubmitError(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 503 || err.status === 502 || err.status === 504;
  // fetch rejects with a TypeError when the network or the server is unreachable
  return err instanceof TypeError;
}

const keys = new Map<string, { json: string; key: string }>();

/** The key of the submission of `body` on form `scope`: the same while the body is unchanged. */
export function submissionKey(scope: string, body: unknown): string {
  const json = JSON.stringify(body);
  const known = keys.get(scope);
  if (known && known.json === json) return known.key;
  const key = crypto.randomUUID();
  keys.set(scope, { json, key });
  return key;
}

/**
 * Sends `body` with `send(key)` and retries it on 503 / network errors within `windowMs`,
 * reporting `retrying` (first retry) and `gave-up` (window over) through `onTrouble`, then null on
 * success. `body` (without the form's bot-defence signals, which change per send) names the
 * submission for its key. @throws the last error once the window is over, or any other error.
 */
export async function submitWithRetry<T>(
  scope: string,
  body: unknown,
  send: (idempotencyKey: string) => Promise<T>,
  opts: { onTrouble?: (trouble: SubmitTrouble) => void; windowMs?: number } = {},
): Promise<T> {
  const key = submissionKey(scope, body);
  const windowMs = opts.windowMs ?? SUBMIT_RETRY_WINDOW_MS;
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      // The key stays with its body: sending the very same submission again (a Retry after a lost
      // answer) replays the first result instead of acting twice.
      const answer = await send(key);
      opts.onTrouble?.(null);
      return answer;
    } catch (err) {
      if (!isRetryableSubmitError(err)) {
        opts.onTrouble?.(null);
        throw err;
      }
      const ceiling = Math.min(15_000, 1000 * 2 ** (attempt - 1));
      const wait = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
      if (Date.now() - started + wait > windowMs) {
        opts.onTrouble?.('gave-up');
        throw err;
      }
      opts.onTrouble?.('retrying');
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
