import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CaseStudyRecord } from './case-study.entity.js';
import { CaseStudiesController } from './case-studies.controller.js';
import { CaseStudiesService } from './case-studies.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([CaseStudyRecord])],
  controllers: [CaseStudiesController],
  providers: [CaseStudiesService],
  exports: [CaseStudiesService],
})
export class CaseStudiesModule {}
