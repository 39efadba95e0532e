import { ACTION_RULES, actionItemsFor, companyDate, isCreatedToday, topUrgency } from './crm.js';
import { computeManualEstimate, ESTIMATOR_DEFAULTS } from './estimator.js';

const now = new Date('2026-06-10T12:00:00Z');
const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();

it('follows the §4 action-item rules', () => {
  expect(actionItemsFor({ status: 'new', createdAt: at(2) }, now).map((a) => `${a.urgency} ${a.channel} ${a.title}`)).toEqual([
    'high email Send welcome email',
    'medium sms Send follow-up SMS',
  ]);
  expect(actionItemsFor({ status: 'new', createdAt: at(30) }, now)).toEqual([
    { channel: 'call', urgency: 'high', title: 'Schedule consultation call' },
  ]);
  expect(actionItemsFor({ status: 'contacted', createdAt: at(30) }, now).map((a) => a.title)).toEqual([
    'Send proposal follow-up',
    'Schedule site visit',
  ]);
  expect(actionItemsFor({ status: 'qualified', createdAt: at(30) }, now)).toEqual([
    { channel: 'email', urgency: 'high', title: 'Send detailed proposal' },
  ]);
  for (const status of ['proposal', 'negotiation', 'won', 'lost'] as const)
    expect(actionItemsFor({ status, createdAt: at(1) }, now)).toEqual([]);
});

it('estimator defaults give the §9 figures', () => {
  expect(computeManualEstimate(ESTIMATOR_DEFAULTS)).toEqual({
    equipment: 9100,
    labor: 4400,
    additional: 0,
    total: 13500,
    timeline: '2 business days',
  });
});

describe('"today" is the company calendar day in New York', () => {
  it('a lead from 11:59 pm New York time is a day old at 8 am, although it is the same UTC day', () => {
    // now = 2026-06-10 08:00 EDT; 03:59Z = 2026-06-09 23:59 EDT; 04:01Z = 2026-06-10 00:01 EDT.
    expect(companyDate(now)).toBe('2026-06-10');
    expect(actionItemsFor({ status: 'new', createdAt: '2026-06-10T03:59:00Z' }, now).map((a) => a.title)).toEqual([
      'Schedule consultation call',
    ]);
    expect(actionItemsFor({ status: 'new', createdAt: '2026-06-10T04:01:00Z' }, now).map((a) => a.title)).toEqual([
      'Send welcome email',
      'Send follow-up SMS',
    ]);
  });

  it('a lead from earlier the same New York evening is still "today" after UTC midnight', () => {
    const lateEvening = new Date('2026-06-11T03:30:00Z'); // 2026-06-10 23:30 EDT
    expect(isCreatedToday('2026-06-10T13:00:00Z', lateEvening)).toBe(true);
    expect(isCreatedToday('2026-06-10T03:00:00Z', lateEvening)).toBe(false); // 2026-06-09 23:00 EDT
  });

  it('follows the winter offset (EST, UTC-5) too', () => {
    const winter = new Date('2026-01-15T05:30:00Z'); // 00:30 EST
    expect(companyDate(winter)).toBe('2026-01-15');
    expect(isCreatedToday('2026-01-15T04:59:00Z', winter)).toBe(false); // 23:59 EST the day before
    expect(isCreatedToday('2026-01-15T05:00:00Z', winter)).toBe(true);
  });

  it('every status matches at most one rule, and only the §4 statuses have rules', () => {
    for (const status of ['new', 'contacted', 'qualified', 'proposal', 'negotiation', 'won', 'lost'] as const) {
      for (const createdAt of ['2026-06-10T11:00:00Z', '2026-05-01T11:00:00Z']) {
        const matching = ACTION_RULES.filter(
          (r) => r.status === status && (r.age === 'any' || (r.age === 'today') === isCreatedToday(createdAt, now)),
        );
        expect(matching.length).toBe(['new', 'contacted', 'qualified'].includes(status) ? 1 : 0);
      }
    }
    expect(topUrgency(actionItemsFor({ status: 'contacted', createdAt: at(1) }, now))).toBe('high');
    expect(topUrgency([])).toBeUndefined();
  });
});
