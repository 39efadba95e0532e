/**
 * Template rendering with Handlebars, in an isolated environment limited to its
 * built-in helpers (if, unless, each, with, lookup), prototype access off (Handlebars' default).
 *
 * A template renders to a plain-text part; the HTML part is that text escaped by Handlebars'
 * `escapeExpression` (textToHtml), so neither a variable's value (a lead's name) nor the template
 * text is ever interpreted as markup. The subject is rendered on one line.
 */
import Handlebars from 'handlebars';
import type { CompanyFacts, TemplateVariable } from '@ironclad/contracts';
import { textToHtml } from '../messaging/index.js';

const hb = Handlebars.create();
type Template = ReturnType<typeof hb.compile>;
const COMPILE_OPTIONS = { noEscape: true, knownHelpersOnly: true, strict: false } as const;
const cache = new Map<string, Template>();
const CACHE_MAX = 500;

/** The values a template sees. */
export type TemplateContext = Record<TemplateVariable, string>;

/** What a lead contributes to the context. */
export interface TemplateLead {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  email: string;
  phone: string | null;
  /** Integer cents, or null (rendered "TBD"). */
  totalEstimateCents: number | null;
}

/** Whole US dollars without decimals: 1250000 cents → "$12,500". */
export const formatUsd = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/** One-line postal address of the company facts. */
export const postalAddress = (c: CompanyFacts) => `${c.address.street}, ${c.address.city}, ${c.address.region} ${c.address.postalCode}`;

export function templateContext(lead: TemplateLead, company: CompanyFacts): TemplateContext {
  return {
    firstName: lead.firstName ?? '',
    lastName: lead.lastName ?? '',
    company: lead.company ?? '',
    email: lead.email,
    phone: lead.phone ?? '',
    estimate: lead.totalEstimateCents === null ? 'TBD' : formatUsd(lead.totalEstimateCents),
    companyName: company.name,
    companyPhone: company.phone,
    companyEmail: company.email,
    companyAddress: postalAddress(company),
  };
}

/** Sample values for previews and tests without a lead. */
export const SAMPLE_LEAD: TemplateLead = {
  firstName: 'Alex',
  lastName: 'Sample',
  company: 'Sample Co',
  email: 'alex@example.com',
  phone: '(212) 555-0100',
  totalEstimateCents: 1_250_000,
};

function compiled(source: string): Template {
  let fn = cache.get(source);
  if (!fn) {
    fn = hb.compile(source, COMPILE_OPTIONS);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(source, fn);
  }
  return fn;
}

/** The syntax error of a template source, or null when it compiles. */
export function templateSyntaxError(source: string): string | null {
  try {
    hb.precompile(source, COMPILE_OPTIONS);
    return null;
  } catch (err) {
    return (err as Error).message.split('\n')[0] ?? 'invalid template';
  }
}

/** Renders a plain-text template (SMS, email body). @throws Error on a template error. */
export function renderText(source: string, ctx: TemplateContext): string {
  return compiled(source)(ctx);
}

/** Renders a subject template on one line. */
export const renderSubject = (source: string, ctx: TemplateContext) =>
  renderText(source, ctx)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();

/** Renders an email template: one-line subject, text and escaped HTML. */
export function renderEmail(
  t: { subject: string; content: string },
  ctx: TemplateContext,
): { subject: string; text: string; html: string } {
  const subject = renderSubject(t.subject, ctx);
  const text = renderText(t.content, ctx);
  return { subject, text, html: textToHtml(text) };
}
