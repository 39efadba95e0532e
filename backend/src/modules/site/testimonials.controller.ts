import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Testimonial, TestimonialsResponse } from '@ironclad/contracts';
import { TestimonialRecord } from './testimonial.entity.js';
import { Public } from '../../platform/http/auth/public.decorator.js';

@Controller('api/testimonials')
export class TestimonialsController {
  constructor(@InjectRepository(TestimonialRecord) private readonly repo: Repository<TestimonialRecord>) {}

  /** GET /api/testimonials: `{testimonials: Testimonial[]}`, published only, featured first. */
  @Public()
  @Get()
  async list(): Promise<TestimonialsResponse> {
    const rows = await this.repo.find({ where: { published: true }, order: { featured: 'DESC', id: 'ASC' } });
    return {
      testimonials: rows.map(
        (r) =>
          ({
            id: r.id,
            name: r.name,
            role: r.role,
            company: r.company,
            content: r.content,
            rating: r.rating,
            imageUrl: r.imageUrl,
            location: r.location,
            serviceCategory: r.serviceCategory,
            featured: r.featured,
            published: r.published,
            createdAt: r.createdAt.toISOString(),
          }) satisfies Testimonial,
      ),
    };
  }
}
