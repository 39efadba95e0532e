import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TestimonialRecord } from './testimonial.entity.js';
import { TestimonialsController } from './testimonials.controller.js';

@Module({ imports: [TypeOrmModule.forFeature([TestimonialRecord])], controllers: [TestimonialsController] })
export class TestimonialsModule {}
