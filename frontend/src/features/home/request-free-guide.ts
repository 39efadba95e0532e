/**
 * POST /api/free-guide: the free 47-point checklist emailed to the visitor (the api stores the
 * request and the worker sends the PDF).
 */
import { freeGuideResponseSchema, type FormSignals, type FreeGuideResponse, type RequestFreeGuide } from '@ironclad/contracts';
import { apiRequest } from '../../lib/api';

/** Sends the free-guide request with the form's bot-defence signals; resolves once the api accepted it (202). */
export function requestFreeGuide(body: RequestFreeGuide & FormSignals): Promise<FreeGuideResponse> {
  return apiRequest('POST', '/api/free-guide', { body, schema: freeGuideResponseSchema });
}
