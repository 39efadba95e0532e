/** Public surface of the quotes feature (AI designer engine and its configuration, calculator pricing). */
export { QuotesModule, QuotesApiModule } from './quotes.module.js';
export {
  QuotesService,
  WIZARD_LEAD_DEFAULTS,
  designInputOfLead,
  diagramsOf,
  quoteOptions,
  type StoredLeadAnswers,
  type LeadQuote,
  type QuoteVersions,
} from './quotes.service.js';
export { QuoteVersionRecord } from './saved/quote-version.entity.js';
export {
  QuoteVersionsService,
  QUOTE_VALID_MS,
  newQuoteToken,
  quotePdfJobId,
  reviseOption,
  toPublicQuote,
  toStaffQuoteVersion,
} from './saved/quote-versions.service.js';
export { approvalHash, canonicalQuoteJson, type ApprovedContent } from './saved/approval-hash.js';
export { AiConfigService, SPEC_SAMPLE_QUOTES } from './ai-config/ai-config.service.js';
export { CalculatorPricing, calculatorSpecsOrThrow, type PricedLead } from './calculator-pricing.service.js';
export { AiConfigRecord } from './ai-config/ai-config.entity.js';
export * from './ai-config/ai-config.defaults.js';
