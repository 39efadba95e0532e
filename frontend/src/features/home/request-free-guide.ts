/**
 * POST /api/free-guide: the free 47-point checklist emailed to the visitor (the api stores the
 * request and the worker sends the PDF). The request rides out a database blip (issue 26 point 7,
 * lib/resilient-submit.ts): one Idempotency-Key per submission, 503 and network errors retried
 * with backoff for up to two minutes.
 */
import { freeGuideResponseSchema, type FormSignals, type FreeGuideResponse, type RequestFreeGuide } from '@ironclad/contracts';
import { apiRequest } from '../../lib/api';
import { submitWithRetry, type SubmitTrouble } from '../../lib/resilient-submit';

/**
 * Sends the free-guide request with the form's bot-defence signals; resolves once the api accepted
 * it (202), reporting retries through `onTrouble`. @throws the last error once the retry window is
 * over (`isRetryableSubmitError`), or at once any other error (a refusal: 400, 429, the check).
 */
export function requestFreeGuide(
  body: RequestFreeGuide & FormSignals,
  onTrouble?: (trouble: SubmitTrouble) => void,
): Promise<FreeGuideResponse> {
  const { website: _website, formElapsedMs: _elapsed, altcha: _altcha, ...submission } = body;
  return submitWithRetry(
    'free-guide',
    submission,
    (idempotencyKey) => apiRequest('POST', '/api/free-guide', { body, idempotencyKey, schema: freeGuideResponseSchema }),
    { onTrouble },
  );
}
