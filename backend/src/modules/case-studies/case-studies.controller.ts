import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { CaseStudiesResponse, CaseStudy } from '@ironclad/contracts';
import { CaseStudyRecord } from './case-study.entity.js';
import { Public } from '../../common/auth/public.decorator.js';

@Controller('api/case-studies')
export class CaseStudiesController {
  constructor(@InjectRepository(CaseStudyRecord) private readonly repo: Repository<CaseStudyRecord>) {}

  /**
   * GET /api/case-studies (public-site.md §7): `{caseStudies: CaseStudy[]}`, published only,
   * featured first, then newest completion. `projectValue` in whole dollars.
   */
  @Public()
  @Get()
  async list(): Promise<CaseStudiesResponse> {
    const rows = await this.repo.find({
      where: { published: true },
      order: { featured: 'DESC', completionDate: { direction: 'DESC', nulls: 'LAST' }, id: 'ASC' },
    });
    return { caseStudies: rows.map(toCaseStudy) };
  }
}

/** Entity → API shape (cents → whole dollars). */
export function toCaseStudy(r: CaseStudyRecord): CaseStudy {
  return {
    id: r.id,
    title: r.title,
    client: r.client,
    category: r.category,
    description: r.description,
    challenge: r.challenge,
    solution: r.solution,
    results: r.results,
    imageUrl: r.imageUrl,
    images: r.images,
    projectValue: r.projectValueCents === null ? null : Math.round(r.projectValueCents / 100),
    completionDate: r.completionDate,
    tags: r.tags,
    featured: r.featured,
    published: r.published,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
