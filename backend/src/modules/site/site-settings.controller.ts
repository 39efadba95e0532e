import { Controller, Get } from '@nestjs/common';
import type { SiteSetting } from '@ironclad/contracts';
import { SiteSettingsService } from './site-settings.service.js';
import { Public } from '../../platform/http/auth/public.decorator.js';

@Controller('api/site-settings')
export class SiteSettingsController {
  constructor(private readonly settings: SiteSettingsService) {}

  /**
   * GET /api/site-settings (public-site.md §7, staff-side.md §7): the list of settings
   * `[{id, settingKey, settingValue, description, isActive, createdAt, updatedAt}]`.
   */
  @Public()
  @Get()
  list(): Promise<SiteSetting[]> {
    return this.settings.list();
  }
}
