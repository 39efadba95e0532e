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

/**
 * Quotes (decisions.md §3, §10): the AI designer's design engine with its configuration (kept in
 * the ConfigurationCache), the staff management of that configuration, and the cost calculator's
 * pricing. Services only (api and worker).
 */
@Module({
  imports: [TypeOrmModule.forFeature([AiConfigRecord]), SiteModule, InventoryModule, StaffModule],
  providers: [AiConfigStore, QuotesService, AiConfigService, CalculatorPricing],
  exports: [QuotesService, AiConfigService, CalculatorPricing],
})
export class QuotesModule {}

/** The /api/ai-configs endpoints (staff only). */
@Module({ imports: [QuotesModule], controllers: [AiConfigController] })
export class QuotesApiModule {}
