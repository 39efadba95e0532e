/** What the wizard sends (public-site.md §7: contact, building info, answers). */
export const wizardLead = {
  firstName: 'Ana',
  lastName: 'Reyes',
  email: 'ana.reyes@example.com',
  phone: '(718) 555-0142',
  company: '',
  buildingInfo: {
    type: 'residential',
    squareFootage: '4500',
    floors: '2',
    entryPoints: 'Front door, back door',
    specificAreas: 'Driveway',
  },
  budget: '10k-25k',
  timeline: 'asap',
  specificAreas: 'Driveway',
  additionalFeatures: ['Mobile App Access', 'Professional Monitoring'],
  status: 'new',
  source: 'ai_shopping',
};
