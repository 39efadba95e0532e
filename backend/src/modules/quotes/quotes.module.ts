import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory/index.js';
import { SiteModule } from '../site/index.js';
import { StaffModule } from '../staff/index.js';
import { AiConfigController } from './ai-config/ai-config.controller.js';
import { AiConfigRecord } from './ai-config/ai-config.entity.js';
import { AiConfigService } from './ai-config/ai-config.service.js';
import { AiConfigStore } from './ai-config/ai-config.store.js';
import { CalculatorPricing } from './calculator-pricing.service.js';
import { QuotesService } from './quotes.service.js';
import { QuoteVersionRecord } from './saved/quote-version.entity.js';
import { QuoteVersionsService } from './saved/quote-versions.service.js';

/**
 * Quotes (decisions.md §3, §10): the AI designer's design engine with its configuration (kept in
 * the ConfigurationCache), the staff management of that configuration, the cost calculator's
 * pricing, and the saved quote versions (links, approvals, revisions). Services only (api and worker).
 */
@Module({
  imports: [TypeOrmModule.forFeature([AiConfigRecord, QuoteVersionRecord]), SiteModule, InventoryModule, StaffModule],
  providers: [AiConfigStore, QuotesService, AiConfigService, CalculatorPricing, QuoteVersionsService],
  exports: [QuotesService, AiConfigService, CalculatorPricing, QuoteVersionsService],
})
export class QuotesModule {}

/** The /api/ai-configs endpoints (staff only). */
@Module({ imports: [QuotesModule], controllers: [AiConfigController] })
export class QuotesApiModule {}
