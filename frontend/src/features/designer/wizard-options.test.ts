import { describe, expect, it } from '@jest/globals';
import { EMPTY_WIZARD, WIZARD_FIELD_MESSAGES, isStepValid, stepErrors, type WizardState } from './wizard-options';

const step1 = (squareFootage: string): WizardState => ({ ...EMPTY_WIZARD, buildingType: 'residential', floors: '2', squareFootage });
const step4 = (email: string, phone: string): WizardState => ({ ...EMPTY_WIZARD, firstName: 'Ana', lastName: 'Reyes', email, phone });

describe('wizard field errors (issue 21 point 8; public-site.md §5)', () => {
  it('square footage: required, a whole number from 100 to 1,000,000; Next gated on it', () => {
    expect(stepErrors(1, step1('-5'))).toEqual({ squareFootage: WIZARD_FIELD_MESSAGES.squareFootageRange });
    expect(stepErrors(1, step1('99'))).toEqual({ squareFootage: WIZARD_FIELD_MESSAGES.squareFootageRange });
    expect(stepErrors(1, step1('4500.5'))).toEqual({ squareFootage: WIZARD_FIELD_MESSAGES.squareFootageRange });
    expect(stepErrors(1, step1(''))).toEqual({ squareFootage: 'Square footage is required.' });
    expect(stepErrors(1, step1('4500'))).toEqual({});
    expect(isStepValid(1, step1('-5'))).toBe(false);
    expect(isStepValid(1, step1('1000000'))).toBe(true);
  });

  it("email and phone formats carry §5's messages", () => {
    expect(stepErrors(4, step4('x', '1'))).toEqual({ email: 'Valid email is required.', phone: 'Valid phone number is required.' });
    expect(stepErrors(4, step4('ana@example', '(718) 555-014'))).toEqual({
      email: 'Valid email is required.',
      phone: 'Valid phone number is required.',
    });
    expect(stepErrors(4, step4('ana.reyes@example.com', '(718) 555-0142'))).toEqual({});
    expect(stepErrors(4, { ...step4('a@b.co', '7185550142'), firstName: ' ', lastName: '' })).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
    });
  });
});
