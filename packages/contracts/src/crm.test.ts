import { actionItemsFor } from './crm.js';
import { computeManualEstimate, ESTIMATOR_DEFAULTS } from './estimator.js';

const now = new Date('2026-06-10T12:00:00Z');
const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();

it('follows the §4 action-item rules', () => {
  expect(actionItemsFor({ status: 'new', createdAt: at(2) }, now).map((a) => `${a.urgency} ${a.channel} ${a.title}`)).toEqual(['high email Send welcome email', 'medium sms Send follow-up SMS']);
  expect(actionItemsFor({ status: 'new', createdAt: at(30) }, now)).toEqual([{ channel: 'call', urgency: 'high', title: 'Schedule consultation call' }]);
  expect(actionItemsFor({ status: 'contacted', createdAt: at(30) }, now).map((a) => a.title)).toEqual(['Send proposal follow-up', 'Schedule site visit']);
  expect(actionItemsFor({ status: 'qualified', createdAt: at(30) }, now)).toEqual([{ channel: 'email', urgency: 'high', title: 'Send detailed proposal' }]);
  for (const status of ['proposal', 'negotiation', 'won', 'lost'] as const) expect(actionItemsFor({ status, createdAt: at(1) }, now)).toEqual([]);
});

it('estimator defaults give the §9 figures', () => {
  expect(computeManualEstimate(ESTIMATOR_DEFAULTS)).toEqual({ equipment: 9100, labor: 4400, additional: 0, total: 13500, timeline: '2 business days' });
});
