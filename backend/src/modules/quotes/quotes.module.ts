import { Module } from '@nestjs/common';
import { PromotionsModule } from '../promotions/promotions.module.js';
import { QuotesService } from './quotes.service.js';

/** The AI designer's design engine and its configuration loading (decisions.md §10). */
@Module({
  imports: [PromotionsModule],
  providers: [QuotesService],
  exports: [QuotesService],
})
export class QuotesModule {}
