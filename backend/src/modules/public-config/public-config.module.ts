import { Module } from '@nestjs/common';
import { SiteSettingsModule } from '../site-settings/site-settings.module.js';
import { PromotionsModule } from '../promotions/promotions.module.js';
import { PublicConfigController } from './public-config.controller.js';

@Module({ imports: [SiteSettingsModule, PromotionsModule], controllers: [PublicConfigController] })
export class PublicConfigModule {}
