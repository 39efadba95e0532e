import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { updateSiteSettingSchema, type SiteSetting, type UpdateSiteSetting } from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { SiteSettingsService } from './site-settings.service.js';

@Controller('api/site-settings')
export class SiteSettingsController {
  constructor(private readonly settings: SiteSettingsService) {}

  /**
   * GET /api/site-settings (public-site.md §7, staff-side.md §7): the list of settings
   * `[{id, settingKey, settingValue, description, isActive, version, createdAt, updatedAt}]`.
   */
  @Public()
  @Get()
  list(): Promise<SiteSetting[]> {
    return this.settings.list();
  }

  /**
   * PUT /api/site-settings/{settingKey} (staff-side.md §7; decisions.md §6, §11), staff only:
   * `{settingValue, description, version?}` sets `calculator_enabled`, `contact_forms_enabled`,
   * `shopping_form_enabled` (boolean; false switches the feature off on the public site at once)
   * or `company_facts` (name, phones, email, address, office hours, service area). Answers the
   * saved setting.
   * @throws 400 VALIDATION_FAILED (`settingValue.<field>`); 404 for another key; 409 CONFLICT when
   *   `version` is stale.
   */
  @Put(':settingKey')
  update(
    @Param('settingKey') settingKey: string,
    @Body(new ZodValidationPipe(updateSiteSettingSchema)) body: UpdateSiteSetting,
    @CurrentUser() user: SessionUser,
  ): Promise<SiteSetting> {
    return this.settings.update(settingKey, body, user);
  }
}
