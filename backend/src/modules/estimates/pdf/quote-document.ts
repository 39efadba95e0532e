/**
 * The saved quote's PDF (issue 21 point 4) as HTML, rendered with Handlebars (`{{ }}` escapes every
 * value): every option of the version side by side, the chosen option's itemised equipment, camera
 * placement, the coverage plan (the engine's per-floor SVG), timeline, payment plan and the link
 * to the quote online. Amounts in whole US dollars
 * (the options' own unit), formatted with formatUsd.
 */
import Handlebars from 'handlebars';
import {
  DEPOSIT_PERCENT,
  QUOTE_OPTION_KEYS,
  QUOTE_OPTION_LABELS,
  formatUsd,
  type CompanyFacts,
  type FloorDiagram,
  type QuoteOptionKey,
  type QuoteOptions,
} from '@ironclad/contracts';
import { customerNameOf, paymentPlan, type EstimateDocumentInput } from './estimate-document.js';

/** What the quote document shows. */
export interface QuoteDocumentInput {
  company: CompanyFacts;
  customer: EstimateDocumentInput['customer'];
  /** Quote number shown, e.g. Q-42-2 (lead 42, version 2). */
  number: string;
  version: number;
  options: QuoteOptions;
  chosenOption: QuoteOptionKey;
  issuedAt: Date;
  expiresAt: Date;
  /** Absolute URL of /quotes/{token}. */
  link: string;
  /** The chosen option's per-floor coverage diagrams (the engine's server SVG, embedded as is). */
  diagrams: readonly FloorDiagram[];
}

const TEMPLATE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Quote {{number}} — {{company.name}}</title>
<style>
  * { box-sizing: border-box; }
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #1a202c; font-size: 10.5pt; margin: 0; }
  header { display: flex; justify-content: space-between; border-bottom: 3px solid #1e3a8a; padding-bottom: 10px; }
  .brand { font-size: 20pt; font-weight: bold; color: #1e3a8a; }
  .muted { color: #4a5568; }
  h1 { font-size: 15pt; margin: 18px 0 4px; }
  h2 { font-size: 11.5pt; color: #1e3a8a; margin: 16px 0 6px; border-bottom: 1px solid #cbd5e0; padding-bottom: 3px; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 5px 6px; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
  th { background: #edf2f7; font-size: 9.5pt; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  .chosen { background: #ebf4ff; font-weight: bold; }
  .tel { white-space: nowrap; }
  a { color: #1e3a8a; word-break: break-all; }
  .diagram { page-break-inside: avoid; margin-bottom: 8px; }
  .diagram svg { max-width: 100%; height: auto; }
  footer { margin-top: 22px; border-top: 1px solid #cbd5e0; padding-top: 8px; font-size: 9pt; }
</style>
</head>
<body>
<header>
  <div>
    <div class="brand">{{company.name}}</div>
    <div class="muted">Licensed and insured · {{company.serviceArea}}</div>
  </div>
  <div style="text-align:right">
    <div><strong>Phone:</strong> <span class="tel">{{company.phone}}</span></div>
    <div><strong>Email:</strong> {{company.email}}</div>
  </div>
</header>

<h1>Security System Quote</h1>
<div class="muted">Quote {{number}} (version {{version}}) · For {{customerName}} · Issued {{issued}} · Valid until {{validUntil}}</div>
<p>View, approve and pay the deposit online: <a href="{{link}}">{{link}}</a></p>

<h2>Your options</h2>
<table>
  <thead><tr><th>Option</th><th class="num">Cameras</th><th class="num">Business days</th><th class="num">Total</th><th class="num">{{depositPercent}}% deposit</th></tr></thead>
  <tbody>
  {{#each options}}
    <tr{{#if chosen}} class="chosen"{{/if}}><td>{{label}}{{#if chosen}} (selected){{/if}}</td><td class="num">{{cameras}}</td><td class="num">{{days}}</td><td class="num">{{total}}</td><td class="num">{{deposit}}</td></tr>
  {{/each}}
  </tbody>
</table>

<h2>{{chosenLabel}}: equipment and services</h2>
<p>{{summary}}</p>
<table>
  <thead><tr><th>Category</th><th>Item</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
  <tbody>
  {{#each lines}}<tr><td>{{category}}</td><td>{{item}}</td><td class="num">{{quantity}}</td><td class="num">{{unitPrice}}</td><td class="num">{{total}}</td></tr>{{/each}}
  <tr><td colspan="4">Labour</td><td class="num">{{labor}}</td></tr>
  {{#if discount}}<tr><td colspan="4">Promotion {{discountCode}}</td><td class="num">-{{discount}}</td></tr>{{/if}}
  <tr class="chosen"><td colspan="4">Total project cost</td><td class="num">{{total}}</td></tr>
  </tbody>
</table>

<h2>Camera placement</h2>
<table>
  <thead><tr><th>Location</th><th>Floor</th><th class="num">Qty</th><th>Priority</th><th>Coverage</th></tr></thead>
  <tbody>
  {{#each cameras}}<tr><td>{{location}}</td><td>{{floorLabel}}</td><td class="num">{{quantity}}</td><td>{{priority}}</td><td>{{coverage}}</td></tr>{{/each}}
  </tbody>
</table>

{{#if diagrams.length}}
<h2>Coverage plan</h2>
{{#each diagrams}}<div class="diagram">{{{svg}}}{{#if uncovered.length}}<p class="muted">Not covered on this floor: {{#each uncovered}}{{this}}{{#unless @last}}, {{/unless}}{{/each}}.</p>{{/if}}</div>{{/each}}
{{/if}}

<h2>Timeline and payment plan</h2>
<p>{{timeline}}</p>
<table>
  <thead><tr><th>Milestone</th><th class="num">Share</th><th class="num">Amount</th></tr></thead>
  <tbody>{{#each plan}}<tr><td>{{milestone}}</td><td class="num">{{percent}}%</td><td class="num">{{amount}}</td></tr>{{/each}}</tbody>
</table>

<footer>
  <p>Prices in US dollars, confirmed at a free on-site survey before any work starts. This quote is valid until {{validUntil}}.</p>
  <p><strong>Questions?</strong> Call <span class="tel">{{company.phone}}</span> · {{company.email}}</p>
</footer>
</body>
</html>`;

const render = Handlebars.compile(TEMPLATE, { strict: true });

const day = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Renders the quote document's HTML (a complete page for Chromium to print). */
export function renderQuoteHtml(input: QuoteDocumentInput): string {
  const chosen = input.options[input.chosenOption] ?? input.options.recommended;
  const p = chosen.pricing;
  return render({
    company: input.company,
    number: input.number,
    version: input.version,
    customerName: customerNameOf(input.customer),
    issued: day(input.issuedAt),
    validUntil: day(input.expiresAt),
    link: input.link,
    depositPercent: DEPOSIT_PERCENT,
    options: QUOTE_OPTION_KEYS.flatMap((key) => {
      const o = input.options[key];
      if (!o) return [];
      return [
        {
          label: QUOTE_OPTION_LABELS[key],
          chosen: key === input.chosenOption,
          cameras: o.projectDetails.totalCameras,
          days: o.projectDetails.totalProjectDays,
          total: formatUsd(o.pricing.totalProjectCost),
          deposit: formatUsd(Math.round((o.pricing.totalProjectCost * DEPOSIT_PERCENT) / 100)),
        },
      ];
    }),
    chosenLabel: QUOTE_OPTION_LABELS[input.chosenOption],
    summary: chosen.summary,
    lines: chosen.equipmentList.flatMap((c) =>
      c.items.map((i) => ({
        category: c.category,
        item: i.item,
        quantity: i.quantity,
        unitPrice: formatUsd(i.unitPrice),
        total: formatUsd(i.total),
      })),
    ),
    labor: formatUsd(p.laborCost),
    discount: p.july4Discount ? formatUsd(p.july4Discount.savings) : '',
    discountCode: p.july4Discount?.code ?? '',
    total: formatUsd(p.totalProjectCost),
    cameras: chosen.cameraLocations.map((l) => ({ ...l, floorLabel: l.floor === 0 ? 'Outside' : `Floor ${l.floor}` })),
    // the engine's SVG is generated by the server from the design, its texts escaped (escapeXml)
    diagrams: input.diagrams,
    timeline: chosen.timeline,
    plan: paymentPlan(p.totalProjectCost).map((x) => ({ ...x, amount: formatUsd(x.amount) })),
  });
}

/** The email that carries the quote link and its PDF (plain text). */
export function renderQuoteEmail(input: QuoteDocumentInput): { template: string; subject: string; text: string } {
  const chosen = input.options[input.chosenOption] ?? input.options.recommended;
  const revised = input.version > 1;
  return {
    template: 'quote_link',
    subject: `${revised ? 'Your updated' : 'Your'} security quote ${input.number} — ${input.company.name}`,
    text: [
      `Hello ${input.customer.firstName ?? customerNameOf(input.customer)},`,
      '',
      revised
        ? 'We have updated your security quote. The earlier link now shows that it was replaced; this is your new link:'
        : 'Thank you for designing your security system with us. Your quote is saved here:',
      input.link,
      '',
      `${QUOTE_OPTION_LABELS[input.chosenOption]} option: ${formatUsd(chosen.pricing.totalProjectCost)} (${chosen.projectDetails.totalCameras} cameras, ${chosen.projectDetails.totalProjectDays} business days).`,
      `Compare the options, approve the one you want and pay the ${DEPOSIT_PERCENT}% deposit online to secure your installation date.`,
      `The link is valid until ${day(input.expiresAt)}. The quote is attached as a PDF.`,
      '',
      `Questions? Call ${input.company.phone} or reply to ${input.company.email}.`,
      '',
      input.company.name,
    ].join('\n'),
  };
}
