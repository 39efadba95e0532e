/** Public surface of the site feature (settings and switches, company facts, promotions, content). */
export { SiteModule, SiteApiModule } from './site.module.js';
export { SiteSettingsService } from './site-settings.service.js';
export { PromotionsService, promotionStatus } from './promotions.service.js';
export { PublicConfigService } from './public-config.service.js';
export { CaseStudiesService } from './case-studies.service.js';
export { SiteSettingRecord } from './site-setting.entity.js';
export { PromotionRecord } from './promotion.entity.js';
export { SiteContentRecord } from './site-content.entity.js';
export { CaseStudyRecord } from './case-study.entity.js';
export { TestimonialRecord } from './testimonial.entity.js';
export { COMPANY_FACTS_KEY } from './site-settings.service.js';
