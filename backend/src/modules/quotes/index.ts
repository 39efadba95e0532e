/** Public surface of the quotes feature (AI designer engine and its configuration, calculator pricing). */
export { QuotesModule } from './quotes.module.js';
export { QuotesService, WIZARD_LEAD_DEFAULTS, designInputOfLead, type LeadQuote } from './quotes.service.js';
export { CalculatorPricing, calculatorSpecsOrThrow, type PricedLead } from './calculator-pricing.service.js';
export { AiConfigRecord } from './ai-config/ai-config.entity.js';
export * from './ai-config/ai-config.defaults.js';
