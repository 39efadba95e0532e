import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PromotionRecord } from './promotion.entity.js';
import { PromotionsService } from './promotions.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PromotionRecord])],
  providers: [PromotionsService],
  exports: [PromotionsService],
})
export class PromotionsModule {}
