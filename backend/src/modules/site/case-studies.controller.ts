import { Controller, Get } from '@nestjs/common';
import type { CaseStudiesResponse } from '@ironclad/contracts';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { CaseStudiesService } from './case-studies.service.js';

@Controller('api/case-studies')
export class CaseStudiesController {
  constructor(private readonly caseStudies: CaseStudiesService) {}

  /**
   * GET /api/case-studies (public-site.md §7): `{caseStudies: CaseStudy[]}`, published only,
   * featured first, then newest completion. `projectValue` in whole dollars.
   */
  @Public()
  @Get()
  async list(): Promise<CaseStudiesResponse> {
    return { caseStudies: await this.caseStudies.published() };
  }
}
