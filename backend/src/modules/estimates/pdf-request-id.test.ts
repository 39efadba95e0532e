import { z } from 'zod';
import type { CalculatorSpecs } from '@ironclad/contracts';
import { pdfRequestId, pdfRequestKey, type PdfInputs } from './pdf-request-id.js';

const specs: CalculatorSpecs = {
  buildingType: 'commercial',
  sqft: 60_000,
  cameras: 17,
  entryPoints: 3,
  hasAccessControl: true,
  hasVideoIntercom: false,
  hasMonitoring: true,
  buildingComplexity: 'new',
};
const inputs: PdfInputs = {
  leadId: 7,
  specs,
  customer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: null, company: null },
  discountPercent: 10,
  promotionCode: 'SPRING',
};
const key = pdfRequestKey({ SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db' });

describe('pdfRequestId', () => {
  it('is a UUID the job payload schema accepts, the same for the same inputs', () => {
    const id = pdfRequestId(key, inputs);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(pdfRequestId(key, { ...inputs, specs: { ...specs } })).toBe(id);
  });

  it('changes with the configuration, the contact, the promotion, the lead and the key', () => {
    const id = pdfRequestId(key, inputs);
    expect(pdfRequestId(key, { ...inputs, specs: { ...specs, cameras: 18 } })).not.toBe(id);
    expect(pdfRequestId(key, { ...inputs, customer: { ...inputs.customer, lastName: 'H.' } })).not.toBe(id);
    expect(pdfRequestId(key, { ...inputs, discountPercent: 0, promotionCode: null })).not.toBe(id);
    expect(pdfRequestId(key, { ...inputs, leadId: 8 })).not.toBe(id);
    expect(pdfRequestId(pdfRequestKey({ SESSION_SECRET: 'y'.repeat(32), DATABASE_URL: 'postgres://db' }), inputs)).not.toBe(id);
  });
});
