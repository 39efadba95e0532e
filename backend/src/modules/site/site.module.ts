import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImagesModule } from '../images/index.js';
import { StaffModule } from '../staff/index.js';
import { PromotionsController } from './promotions.controller.js';
import { CaseStudiesController } from './case-studies.controller.js';
import { CaseStudiesService } from './case-studies.service.js';
import { CaseStudyRecord } from './case-study.entity.js';
import { PromotionRecord } from './promotion.entity.js';
import { PromotionsService } from './promotions.service.js';
import { PublicConfigController } from './public-config.controller.js';
import { PublicConfigService } from './public-config.service.js';
import { SiteContentRecord } from './site-content.entity.js';
import { SiteSettingRecord } from './site-setting.entity.js';
import { SiteSettingsController } from './site-settings.controller.js';
import { SiteSettingsService } from './site-settings.service.js';
import { TestimonialRecord } from './testimonial.entity.js';
import { TestimonialsController } from './testimonials.controller.js';

/**
 * What visitors see and staff switch (decisions.md §6, §7, §11): site settings and feature
 * switches, company facts, promotions, site content, case studies, testimonials, and the public
 * config that combines them. Services only (api and worker).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([SiteSettingRecord, PromotionRecord, SiteContentRecord, CaseStudyRecord, TestimonialRecord]),
    ImagesModule,
    StaffModule,
  ],
  providers: [SiteSettingsService, PromotionsService, PublicConfigService, CaseStudiesService],
  exports: [TypeOrmModule, SiteSettingsService, PromotionsService, PublicConfigService, CaseStudiesService],
})
export class SiteModule {}

/** The site's HTTP endpoints (public config, site settings, promotions, case studies, testimonials). */
@Module({
  imports: [SiteModule],
  controllers: [PublicConfigController, SiteSettingsController, PromotionsController, CaseStudiesController, TestimonialsController],
})
export class SiteApiModule {}
