/**
 * POST /api/free-guide: the free 47-point checklist emailed to the visitor (the api stores the
 * request and the worker sends the PDF).
 */
import { freeGuideResponseSchema, type FormSignals, type FreeGuideResponse, type RequestFreeGuide } from '@ironclad/contracts';
import { apiRequest } from '../../lib/api';
import { submitWithRetry, type SubmitTrouble } from '../../lib/resilient-submit';

/**
 * Sends the free-guide request with the form's bot-defence signals under one Idempotency-Key,
 * retried on 503 / network errors for up to two minutes; resolves once the api accepted it (202).
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
