import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory/index.js';
import { SiteModule } from '../site/index.js';
import { AiConfigRecord } from './ai-config/ai-config.entity.js';
import { CalculatorPricing } from './calculator-pricing.service.js';
import { QuotesService } from './quotes.service.js';

/**
 * Quotes (decisions.md §3, §10): the AI designer's design engine with its configuration, and the
 * cost calculator's pricing. Services only (api and worker).
 */
@Module({
  imports: [TypeOrmModule.forFeature([AiConfigRecord]), SiteModule, InventoryModule],
  providers: [QuotesService, CalculatorPricing],
  exports: [QuotesService, CalculatorPricing],
})
export class QuotesModule {}
