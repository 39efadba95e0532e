/**
 * POST /api/leads from the wizard (public-site.md §7): source `ai_shopping`, status `new`. The
 * answer carries the server's quote (decisions.md §3): `lead.aiRecommendation` and
 * `lead.totalEstimate` (whole dollars), computed by the design engine. The spec's payload also
 * names `aiRecommendation` and `totalEstimate`; they are sent empty and the server ignores them.
 */
import type { AiRecommendation, FormSignals } from '@ironclad/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { submitWithRetry, type SubmitTrouble } from '../../lib/resilient-submit';
import { WIZARD_TOASTS, type WizardState } from './wizard-options';

export interface WizardQuote {
  leadId: number;
  /**
   * The quote's deposit token (POST /api/leads `depositToken`): the only way to address its
   * deposit (POST /api/create-deposit-payment `quoteToken`); null when there is nothing to pay.
   */
  depositToken: string | null;
  /** Whole dollars. */
  totalEstimate: number;
  recommendation: AiRecommendation;
}

/** The request body of the wizard's lead. */
export function wizardLeadBody(s: WizardState) {
  return {
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    phone: s.phone,
    company: s.company,
    buildingInfo: {
      type: s.buildingType,
      squareFootage: s.squareFootage,
      floors: s.floors,
      entryPoints: s.entryPoints,
      specificAreas: s.specificAreas,
      budget: s.budget,
      timeline: s.timeline,
    },
    budget: s.budget,
    timeline: s.timeline,
    specificAreas: s.specificAreas,
    additionalFeatures: s.additionalFeatures,
    status: 'new',
    source: 'ai_shopping',
    aiRecommendation: null,
    totalEstimate: 0,
  };
}

/**
 * Creates the wizard lead (with the form's bot-defence `signals`) under one Idempotency-Key,
 * retried on 503 / network errors for up to two minutes (lib/resilient-submit.ts, reported through
 * `onTrouble`); failure shows 'Submission Error' through the global error handler.
 */
export function useCreateWizardLead() {
  return useMutation({
    mutationFn: async ({
      state,
      signals,
      onTrouble,
    }: {
      state: WizardState;
      signals: FormSignals;
      onTrouble?: (trouble: SubmitTrouble) => void;
    }): Promise<WizardQuote> => {
      const body = wizardLeadBody(state);
      const res = await submitWithRetry(
        'wizard-lead',
        body,
        (idempotencyKey) =>
          apiRequest('POST', '/api/leads', {
            body: { ...body, ...signals },
            idempotencyKey,
            schema: import('./wizard-lead-schema').then((m) => m.wizardLeadResponseSchema),
          }),
        { onTrouble },
      );
      return {
        leadId: res.lead.id,
        depositToken: res.depositToken,
        totalEstimate: res.lead.totalEstimate,
        recommendation: res.lead.aiRecommendation,
      };
    },
    meta: { errorToast: WIZARD_TOASTS.failure },
  });
}
