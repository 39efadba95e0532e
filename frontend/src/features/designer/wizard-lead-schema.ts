/**
 * Runtime schema of the wizard's POST /api/leads answer, from the contracts. Loaded beside the
 * request by create-wizard-lead.ts, so it is not part of the first download of /shopping.
 */
export { wizardLeadResponseSchema } from '@ironclad/contracts';
