/**
 * The branded, itemised PDF estimate as HTML, rendered with Handlebars
 * (`{{ }}` HTML-escapes every value: names and companies are the visitor's own words).
 */
import Handlebars from 'handlebars';
import {
  ESTIMATE_VALID_DAYS,
  ESTIMATE_WARRANTY,
  PAYMENT_PLAN,
  formatUsd,
  type CalculatorEstimate,
  type CompanyFacts,
} from '@ironclad/contracts';

export interface EstimateDocumentInput {
  company: CompanyFacts;
  customer: { firstName: string | null; lastName: string | null; email: string; phone: string | null; company: string | null };
  estimate: CalculatorEstimate;
  promotionCode: string | null;
  /** Estimate number shown on the document. */
  number: string;
  issuedAt: Date;
}

const TEMPLATE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Estimate {{number}} — {{company.name}}</title>
<style>
  * { box-sizing: border-box; }
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #1a202c; font-size: 10.5pt; margin: 0; }
  header { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 3px solid #1e3a8a; padding-bottom: 10px; }
  .brand { font-size: 20pt; font-weight: bold; color: #1e3a8a; }
  .muted { color: #4a5568; }
  h1 { font-size: 15pt; margin: 18px 0 4px; }
  h2 { font-size: 11.5pt; color: #1e3a8a; margin: 16px 0 6px; border-bottom: 1px solid #cbd5e0; padding-bottom: 3px; }
  .grid { display: flex; gap: 24px; }
  .grid > div { flex: 1; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 5px 6px; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
  th { background: #edf2f7; font-size: 9.5pt; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  .totals td { border: none; padding: 3px 6px; }
  .totals .grand td { font-size: 13pt; font-weight: bold; color: #1e3a8a; border-top: 2px solid #1e3a8a; }
  .discount td { color: #2f855a; }
  dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; }
  dt { color: #4a5568; }
  dd { margin: 0; }
  /* A phone number never breaks over two lines. */
  .tel { white-space: nowrap; }
  footer { margin-top: 22px; border-top: 1px solid #cbd5e0; padding-top: 8px; font-size: 9pt; }
</style>
</head>
<body>
<header>
  <div>
    <div class="brand">{{company.name}}</div>
    <div class="muted">{{address}}</div>
    <div class="muted">Licensed and insured · {{company.serviceArea}}</div>
  </div>
  <div style="text-align:right; flex-shrink:0">
    <div><strong>Phone:</strong> <span class="tel">{{company.phone}}</span></div>
    <div><strong>24/7 emergency:</strong> <span class="tel">{{company.emergencyPhone}}</span></div>
    <div><strong>Email:</strong> {{company.email}}</div>
  </div>
</header>

<h1>Security System Estimate</h1>
<div class="muted">Estimate {{number}} · Issued {{issued}} · Valid until {{validUntil}}</div>

<div class="grid">
  <div>
    <h2>Customer</h2>
    <dl>
      <dt>Name</dt><dd>{{customerName}}</dd>
      {{#if customer.company}}<dt>Company</dt><dd>{{customer.company}}</dd>{{/if}}
      <dt>Email</dt><dd>{{customer.email}}</dd>
      {{#if customer.phone}}<dt>Phone</dt><dd>{{customer.phone}}</dd>{{/if}}
    </dl>
  </div>
  <div>
    <h2>Building</h2>
    <dl>
      <dt>Type</dt><dd>{{buildingType}}</dd>
      <dt>Size</dt><dd>{{sqft}} sq ft</dd>
      <dt>Construction</dt><dd>{{complexity}}</dd>
      <dt>Cameras</dt><dd>{{specs.cameras}}</dd>
      <dt>Entry points</dt><dd>{{specs.entryPoints}}</dd>
    </dl>
  </div>
</div>

<h2>Line items</h2>
<table>
  <thead><tr><th>Item</th><th>Description</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
  <tbody>
  {{#each lines}}
    <tr><td>{{item}}</td><td>{{description}}</td><td class="num">{{quantity}}</td><td class="num">{{unitPrice}}</td><td class="num">{{total}}</td></tr>
  {{/each}}
  </tbody>
</table>
<table class="totals" style="width:50%; margin-left:50%; margin-top:6px">
  <tr><td>Subtotal</td><td class="num">{{subtotal}}</td></tr>
  {{#if hasDiscount}}<tr class="discount"><td>Discount{{#if promotionCode}} ({{promotionCode}}, {{discountPercent}}%){{/if}}</td><td class="num">-{{discount}}</td></tr>{{/if}}
  <tr class="grand"><td>Total</td><td class="num">{{total}}</td></tr>
</table>

<div class="grid">
  <div>
    <h2>Timeline</h2>
    <p>Estimated installation: <strong>{{timeline}}</strong>{{#if weeks}} (about {{businessDays}} business days of work){{/if}}.</p>
    <h2>Warranty</h2>
    <p>{{warranty}}.</p>
  </div>
  <div>
    <h2>Payment plan</h2>
    <table>
      <thead><tr><th>Milestone</th><th class="num">Share</th><th class="num">Amount</th></tr></thead>
      <tbody>
      {{#each plan}}<tr><td>{{milestone}}</td><td class="num">{{percent}}%</td><td class="num">{{amount}}</td></tr>{{/each}}
      </tbody>
    </table>
  </div>
</div>

<footer>
  <p>This estimate is valid until {{validUntil}}. Prices in US dollars; final pricing is confirmed after a free on-site assessment.
  We will call you within 24 hours.</p>
  <p><strong>Questions?</strong> Call <span class="tel">{{company.phone}}</span> ({{hours}}) · 24/7 emergency line <span class="tel">{{company.emergencyPhone}}</span> · {{company.email}} · {{address}}</p>
</footer>
</body>
</html>`;

const render = Handlebars.compile(TEMPLATE, { strict: true });

/** Whole-dollar payment plan amounts (10/40/30/20); the last milestone absorbs the rounding. */
export function paymentPlan(total: number): { milestone: string; percent: number; amount: number }[] {
  let paid = 0;
  return PAYMENT_PLAN.map((p, i) => {
    const amount = i === PAYMENT_PLAN.length - 1 ? total - paid : Math.round((total * p.percent) / 100);
    paid += amount;
    return { milestone: p.label, percent: p.percent, amount };
  });
}

const day = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The estimate's validity end: issued + ESTIMATE_VALID_DAYS. */
export const validUntilOf = (issuedAt: Date) => new Date(issuedAt.getTime() + ESTIMATE_VALID_DAYS * 86_400_000);

/** Full name, or the email when the lead gave none. */
export const customerNameOf = (c: EstimateDocumentInput['customer']) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email;

/** Renders the estimate document's HTML (a complete page for Chromium to print). */
export function renderEstimateHtml(input: EstimateDocumentInput): string {
  const { company, customer, estimate } = input;
  const { breakdown, specs, timeline } = estimate;
  const a = company.address;
  return render({
    number: input.number,
    company,
    customer,
    customerName: customerNameOf(customer),
    address: `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`,
    hours: company.officeHours.map((h) => `${h.days} ${h.hours}`).join('; '),
    issued: day(input.issuedAt),
    validUntil: day(validUntilOf(input.issuedAt)),
    specs,
    buildingType: specs.buildingType === 'residential' ? 'Residential' : 'Commercial',
    sqft: specs.sqft.toLocaleString('en-US'),
    complexity: specs.buildingComplexity === 'new' ? 'New construction' : 'Finished building',
    lines: estimate.lineItems.map((l) => ({ ...l, unitPrice: formatUsd(l.unitPrice), total: formatUsd(l.total) })),
    subtotal: formatUsd(breakdown.subtotal),
    hasDiscount: breakdown.discount > 0,
    promotionCode: input.promotionCode,
    discountPercent: estimate.discountPercent,
    discount: formatUsd(breakdown.discount),
    total: formatUsd(breakdown.total),
    timeline: timeline.label,
    weeks: timeline.unit === 'weeks',
    businessDays: timeline.businessDays,
    warranty: ESTIMATE_WARRANTY,
    plan: paymentPlan(breakdown.total).map((p) => ({ ...p, amount: formatUsd(p.amount) })),
  });
}

/** The email that carries the PDF (plain text). */
export function renderEstimateEmail(input: EstimateDocumentInput): { template: string; subject: string; text: string } {
  const { company, customer, estimate } = input;
  return {
    template: 'estimate_pdf',
    subject: `Your security system estimate ${input.number} — ${company.name}`,
    text: [
      `Hello ${customer.firstName ?? customerNameOf(customer)},`,
      '',
      `Thank you for using our cost calculator. Your itemised estimate is attached (PDF).`,
      '',
      `Total: ${formatUsd(estimate.breakdown.total)}${estimate.breakdown.discount > 0 ? ` (after a ${formatUsd(estimate.breakdown.discount)} discount)` : ''}`,
      `Estimated installation: ${estimate.timeline.label}`,
      `Valid until: ${day(validUntilOf(input.issuedAt))}`,
      '',
      `We'll call you within 24 hours. Questions? Call ${company.phone} or reply to ${company.email}.`,
      '',
      company.name,
    ].join('\n'),
  };
}
