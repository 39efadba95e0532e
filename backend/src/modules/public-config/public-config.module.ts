import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteContentRecord } from '../site-content/site-content.entity.js';
import { SiteSettingsModule } from '../site-settings/site-settings.module.js';
import { PromotionsModule } from '../promotions/promotions.module.js';
import { PublicConfigController } from './public-config.controller.js';
import { PublicConfigService } from './public-config.service.js';

@Module({
  imports: [SiteSettingsModule, PromotionsModule, TypeOrmModule.forFeature([SiteContentRecord])],
  controllers: [PublicConfigController],
  providers: [PublicConfigService],
  exports: [PublicConfigService],
})
export class PublicConfigModule {}
