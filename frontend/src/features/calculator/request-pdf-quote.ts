/**
 * The calculator's quote request (public-site.md §7 "Calculator sequence", §8 toasts):
 * POST /api/leads (source cost_calculator, status new) then POST /api/generate-estimate-pdf,
 * which answers 202 {jobId, queue}; the page then watches the job over Socket.IO. Each call rides
 * out a database blip (issue 26 point 7, lib/resilient-submit.ts): one Idempotency-Key per
 * submission, 503 and network errors retried with backoff for up to two minutes.
 */
import {
  buildingInfoOfCalculatorSpecs,
  emailField,
  phoneField,
  ESTIMATE_WARRANTY,
  type CalculatorEstimate,
  type FormSignals,
  type GenerateEstimatePdfInput,
  type GenerateEstimatePdfResponse,
} from '@ironclad/contracts';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { submitWithRetry, type SubmitTrouble } from '../../lib/resilient-submit';

/** The answers' schemas, loaded beside the requests. */
const schemas = () => import('./quote-request-schemas');

/** The PDF dialog's fields (§5: four required, company optional). */
export const pdfQuoteFormSchema = z.object({
  firstName: z.string().trim().min(1, { error: 'First name is required.' }).max(100),
  lastName: z.string().trim().min(1, { error: 'Last name is required.' }).max(100),
  email: emailField,
  phone: phoneField,
  company: z.string().trim().max(200),
});
export type PdfQuoteForm = z.infer<typeof pdfQuoteFormSchema>;

export const EMPTY_PDF_QUOTE_FORM: PdfQuoteForm = { firstName: '', lastName: '', email: '', phone: '', company: '' };

/**
 * POST /api/leads with the calculator lead and the form's bot-defence `signals` under one
 * Idempotency-Key, retried on 503 / network errors for up to two minutes (lib/resilient-submit.ts,
 * progress through `onTrouble`); returns the new lead's id.
 */
export async function createCalculatorLead(
  form: PdfQuoteForm,
  estimate: CalculatorEstimate,
  signals: FormSignals,
  onTrouble?: (trouble: SubmitTrouble) => void,
): Promise<number> {
  const body = {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phone: form.phone,
    company: form.company || undefined,
    buildingInfo: buildingInfoOfCalculatorSpecs(estimate.specs),
    source: 'cost_calculator',
    status: 'new',
    // The server recomputes both (decisions.md §3); sent as the spec's client does.
    totalEstimate: estimate.breakdown.total,
  };
  const answer = await submitWithRetry(
    'calculator-lead',
    body,
    (idempotencyKey) =>
      apiRequest('POST', '/api/leads', {
        body: { ...body, ...signals },
        idempotencyKey,
        schema: schemas().then((m) => m.createLeadResponseSchema),
      }),
    { onTrouble },
  );
  return answer.lead.id;
}

/**
 * POST /api/generate-estimate-pdf for the lead just created (with the form's `signals`), under one
 * Idempotency-Key, retried on 503 / network errors for up to two minutes like the lead (progress
 * through `onTrouble`); returns the job to watch. @throws the last error once the window is over
 * (`isRetryableSubmitError`), or at once any other error (a non-OK answer: §8 "Calculator PDF not OK").
 */
export function requestEstimatePdf(
  leadId: number,
  form: PdfQuoteForm,
  estimate: CalculatorEstimate,
  signals: FormSignals,
  onTrouble?: (trouble: SubmitTrouble) => void,
): Promise<GenerateEstimatePdfResponse> {
  const body: GenerateEstimatePdfInput = {
    leadId,
    estimate: {
      pricing: { ...estimate.breakdown },
      projectDetails: {
        totalCameras: estimate.specs.cameras,
        buildingComplexity: estimate.specs.buildingComplexity,
        estimateType: 'calculator',
      },
      timeline: estimate.timeline.label,
      warranty: ESTIMATE_WARRANTY,
      equipmentList: estimate.lineItems,
    },
    customerInfo: {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone,
      company: form.company || undefined,
      buildingType: estimate.specs.buildingType,
      buildingSize: String(estimate.specs.sqft),
      description: `${estimate.specs.cameras} cameras, ${estimate.specs.entryPoints} entry points`,
    },
  };
  return submitWithRetry(
    'calculator-pdf',
    body,
    (idempotencyKey) =>
      apiRequest('POST', '/api/generate-estimate-pdf', {
        body: { ...body, ...signals },
        idempotencyKey,
        schema: schemas().then((m) => m.generateEstimatePdfResponseSchema),
      }),
    { onTrouble },
  );
}
