import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { CaseStudy } from '@ironclad/contracts';
import { CaseStudyRecord } from './case-study.entity.js';

/** The public case studies (GET /api/case-studies, and the server-rendered /case-studies page). */
@Injectable()
export class CaseStudiesService {
  constructor(@InjectRepository(CaseStudyRecord) private readonly repo: Repository<CaseStudyRecord>) {}

  /**
   * The published case studies (public-site.md §2 "Only published case studies are shown"):
   * featured first, then newest completion, then id. `projectValue` in whole dollars.
   */
  async published(): Promise<CaseStudy[]> {
    const rows = await this.repo.find({
      where: { published: true },
      order: { featured: 'DESC', completionDate: { direction: 'DESC', nulls: 'LAST' }, id: 'ASC' },
    });
    return rows.map(toCaseStudy);
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
